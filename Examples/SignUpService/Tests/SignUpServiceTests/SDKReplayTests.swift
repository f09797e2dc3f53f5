import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// The request sequences Kii's JavaScript SDKs (2.4.19 and 3.0.2) send for each user call, with
/// their headers, content types, bodies and `?disable_cache=` (see ``KiiJSSDK``), and what each
/// SDK needs back: the status it checks and the members it reads.
@Suite struct SDKReplayTests {
    static let password = "correct horse"

    /// An SDK's user as `KiiUser.userWithUsername(…)`, `setEmailAddress`, `setLocalPhone`,
    /// `setDisplayName`, `setLocale` and `set(key, value)` build it.
    static let ann: [(String, JSONValue)] = [
        ("loginName", "Ann_1"), ("displayName", "Ann"), ("emailAddress", "ann@example.com"),
        ("phoneNumber", "09012345678"), ("country", "JP"), ("locale", "ja"), ("HighScore", 12), ("level", 1),
    ]

    /// A registered SDK user, logged in.
    func registeredAnn(_ version: KiiJSSDK.Version, _ service: Harness) async throws -> KiiJSSDK {
        var sdk = KiiJSSDK(version, service: service)
        let (registration, login) = try await sdk.register(Self.ann, password: Self.password)
        try #require(registration.status == 201, "\(registration)")
        try #require(login.status == 200, "\(login)")
        return sdk
    }

    /// One session of each SDK as traced against this service, call for call (31 requests):
    /// sign-up and its login, logins with every identifier, a read, an update, a pseudo user
    /// and its putIdentity, a password change, the finds, and two deletions; every status as
    /// the trace saw it, and each update's members in the order the SDK sent them.
    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func aWholeSessionAsTraced(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            var statuses: [Int] = []
            var ann = KiiJSSDK(version, service: service)
            let (registration, firstLogin) = try await ann.register(
                [
                    ("loginName", "ann_7f3a"), ("displayName", "Ann 7f3a"), ("emailAddress", "ann_7f3a@example.com"),
                    ("phoneNumber", "09011112222"), ("country", "JP"), ("score", 1), ("team", "red"),
                ],
                password: "Ann-pass-1"
            )
            statuses += [registration.status, firstLogin.status]
            for identifier in [
                "ann_7f3a", "ann_7f3a@example.com", "+819011112222", "EMAIL:ann_7f3a@example.com", "ann_7f3a",
            ] {
                statuses.append(try await ann.logIn(identifier, "Ann-pass-1").status)
            }
            statuses.append(try await ann.refresh().status)
            let update = try await ann.update(fields: [("score", 2), ("displayName", "Ann 7f3a B")], remove: ["team"])
            statuses += [update.read.status, update.update.status]
            #expect(
                update.members
                    == (version == .v2
                        ? ["internalUserID", "score", "displayName"]
                        : ["createdAt", "internalUserID", "modifiedAt", "score", "userID", "displayName"])
            )
            let refreshed = try await ann.refresh()
            statuses.append(refreshed.status)
            #expect(refreshed.string("displayName") == "Ann 7f3a B")
            #expect(refreshed["score"] == .integer(2))
            #expect(refreshed["team"] == nil)

            var bob = KiiJSSDK(version, service: service)
            let pseudo = try await bob.registerAsPseudoUser([
                ("displayName", "Guest 7f3a"), ("country", "JP"), ("level", 1),
            ])
            statuses.append(pseudo.status)
            let identity = try await bob.putIdentity(
                [("emailAddress", "bob_7f3a@example.com"), ("phoneNumber", "08033334444"), ("loginName", "bob_7f3a")],
                password: "Bob-pass-1",
                fields: [("displayName", "Bob 7f3a"), ("country", "JP")]
            )
            statuses += [identity.read.status, identity.update.status]
            #expect(
                identity.members
                    == (version == .v2
                        ? [
                            "_accessToken", "internalUserID", "level", "emailAddress", "phoneNumber", "loginName",
                            "password", "displayName", "country",
                        ]
                        : [
                            "createdAt", "internalUserID", "level", "modifiedAt", "userID", "emailAddress",
                            "phoneNumber",
                            "loginName", "password", "displayName", "country",
                        ])
            )
            var upgraded = KiiJSSDK(version, service: service)
            statuses.append(try await upgraded.logIn("bob_7f3a", "Bob-pass-1").status)
            statuses.append(try await upgraded.logIn("+818033334444", "Bob-pass-1").status)
            let bobRead = try await upgraded.refresh()
            statuses.append(bobRead.status)
            #expect(bobRead.string("phoneNumber") == "+818033334444")
            #expect(bobRead["level"] == .integer(1))

            statuses.append(try await ann.logIn("ann_7f3a", "Ann-pass-1").status)
            statuses.append(try await ann.updatePassword(from: "Ann-pass-1", to: "Ann-new-1").status)
            var other = KiiJSSDK(version, service: service)
            statuses.append(try await other.logIn("ann_7f3a", "Ann-pass-1").status)
            statuses.append(try await ann.logIn("ann_7f3a", "Ann-new-1").status)
            for (prefix, value) in [
                ("LOGIN_NAME", "ann_7f3a"), ("EMAIL", "ann_7f3a@example.com"), ("PHONE", "+819011112222"),
                ("PHONE", "JP-09011112222"),
            ] {
                let found = try await ann.findUser(prefix, value)
                statuses.append(found.status)
                #expect(found.string("userID") == ann.userID, "\(prefix):\(value)")
            }
            statuses.append(try await ann.logIn("ann_7f3a", "Ann-new-1").status)
            statuses.append(try await ann.delete().status)
            statuses.append(try await other.logIn("ann_7f3a", "Ann-new-1").status)
            statuses.append(try await upgraded.logIn("bob_7f3a", "Bob-pass-1").status)
            statuses.append(try await upgraded.delete().status)
            statuses.append(try await other.logIn("bob_7f3a", "Bob-pass-1").status)
            #expect(
                statuses == [
                    201, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 200, 200, 200, 200, 200, 200, 204, 400,
                    200, 200, 200, 200, 200, 200, 204, 400, 200, 204, 400,
                ]
            )
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 0)
            #expect(counts[.identityKeys] == 0)
            #expect(counts[.accessTokens] == 0)
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func registerThenLogIn(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            var sdk = KiiJSSDK(version, service: service)
            sdk.accessTokenExpiration = version == .v2 ? 3_600 : nil
            let (registration, login) = try await sdk.register(Self.ann, password: Self.password)
            #expect(registration.status == 201)
            let userID = try #require(registration.string("userID"))
            #expect(registration.headers[.location] == "/api/apps/signupdev/users/\(userID)")
            #expect(registration["errorCode"] == nil)  // version 2 treats any errorCode as a failure
            #expect(registration.string("loginName") == "ann_1")
            #expect(registration.string("phoneNumber") == "+819012345678")
            #expect(registration["emailAddressVerified"] == .bool(true))
            #expect(registration["HighScore"] == .integer(12))
            #expect(registration["_hasPassword"] == .bool(true))
            #expect(login.status == 200)
            #expect(login.string("id") == userID)
            #expect(login["expires_in"] == .integer(version == .v2 ? 3_600 : 86_400))
            #expect(login.string("token_type") == "Bearer")
            #expect(sdk.accessToken?.count == 43)
            #expect(sdk.username == "ann_1")
            let kept = sdk.customInfo.map(\.name)
            #expect(
                kept
                    == (version == .v2
                        ? ["HighScore", "internalUserID", "level"]
                        : ["HighScore", "createdAt", "internalUserID", "level", "modifiedAt", "userID"])
            )
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func logInWithEveryIdentifierThenWithTheStoredToken(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            let registered = try await registeredAnn(version, service)
            for identifier in ["ann_1", "ANN_1", "ann@example.com", "+819012345678", "EMAIL:ann@example.com"] {
                var sdk = KiiJSSDK(version, service: service)
                let login = try await sdk.logIn(identifier, Self.password)
                #expect(login.status == 200, "\(identifier)")
                #expect(sdk.userID == registered.userID, "\(identifier)")
            }
            var wrong = KiiJSSDK(version, service: service)
            let failed = try await wrong.logIn("ann_1", "wrong horse")
            #expect(failed.status == 400)
            #expect(failed.errorCode == "invalid_grant")
            #expect(failed.string("error_description") == failed.string("message"))
            var later = KiiJSSDK(version, service: service)
            let token = try #require(registered.accessToken)
            let me = try await later.authenticate(withToken: token)
            #expect(me.status == 200)
            #expect(later.userID == registered.userID)
            #expect(later.username == "ann_1")
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func refreshReadsTheWholeUser(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend, .emailVerification) { service in
            var sdk = KiiJSSDK(version, service: service)
            let (registration, login) = try await sdk.register(Self.ann, password: Self.password)
            #expect(registration["emailAddressVerified"] == .bool(false))
            #expect(login.status == 200)
            let refreshed = try await sdk.refresh()
            #expect(refreshed.status == 200)
            #expect(
                refreshed.headers[.contentType] == "application/vnd.kii.UserDataRetrievalResponse+json; charset=utf-8"
            )
            #expect(refreshed.json == registration.json)
            #expect(refreshed.string("country") == "JP")
            #expect(refreshed.string("locale") == "ja")
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func updateSendsBackWhatItReadAndRemovesWhatItLeavesOut(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            var sdk = try await registeredAnn(version, service)
            service.advance(seconds: 60)
            let (read, update, _) = try await sdk.update(
                fields: [("displayName", "Ann B."), ("HighScore", 13), ("badges", ["gold"])],
                remove: ["level"]
            )
            #expect(read.status == 200)
            #expect(update.status == 200)
            #expect(update.json == ["modifiedAt": .integer(Int(Harness.start + 60) * 1_000)])
            let after = try await sdk.refresh()
            #expect(after.string("displayName") == "Ann B.")
            #expect(after["HighScore"] == .integer(13))
            #expect(after["badges"] == ["gold"])
            #expect(after["level"] == nil)
            #expect(after.string("loginName") == "ann_1")
            #expect(after.string("emailAddress") == "ann@example.com")
            #expect(after.string("phoneNumber") == "+819012345678")
            #expect(after.string("country") == "JP")
            #expect(after.string("userID") == sdk.userID)
            #expect(after.integer("internalUserID") == read.integer("internalUserID"))
            #expect(after.integer("createdAt") == read.integer("createdAt"))
            #expect(after.integer("modifiedAt") == Int(Harness.start + 60) * 1_000)
            // A second update, after the SDK has read the first one's result.
            let (_, again, _) = try await sdk.update(identity: [("emailAddress", "ann.b@example.com")], fields: [])
            #expect(again.status == 200)
            let last = try await sdk.refresh()
            #expect(last.string("emailAddress") == "ann.b@example.com")
            #expect(last["HighScore"] == .integer(13))
            #expect(
                try await service.keys(of: try #require(sdk.userID)) == [
                    "username=ann_1", "email=ann.b@example.com", "phone=+819012345678",
                ]
            )
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func putIdentityUpgradesThePseudoUser(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            var sdk = KiiJSSDK(version, service: service)
            let pseudo = try await sdk.registerAsPseudoUser([("displayName", "Guest"), ("age", 30)])
            #expect(pseudo.status == 201)
            #expect(pseudo["_accessToken"] != nil)
            #expect(pseudo["_hasPassword"] == .bool(false))
            let (read, update, members) = try await sdk.putIdentity(
                [("loginName", "Guest_7"), ("phoneNumber", "09012345678")],
                password: Self.password,
                fields: [("country", "JP"), ("score", 1)],
                remove: ["age"]
            )
            #expect(read.status == 200)
            // What each SDK echoes: version 2 its pseudo user's `_accessToken` too.
            #expect(members.contains("internalUserID"))
            #expect(members.contains("_accessToken") == (version == .v2))
            #expect(members.contains("userID") == (version == .v3))
            #expect(update.status == 200, "\(update)")
            #expect(update.integer("modifiedAt") != nil)
            let after = try await sdk.refresh()
            #expect(after.string("loginName") == "guest_7")
            #expect(after.string("phoneNumber") == "+819012345678")
            #expect(after["phoneNumberVerified"] == .bool(true))
            #expect(after["_hasPassword"] == .bool(true))
            #expect(after.string("displayName") == "Guest")
            #expect(after["score"] == .integer(1))
            #expect(after["age"] == nil)
            var later = KiiJSSDK(version, service: service)
            #expect(try await later.logIn("guest_7", Self.password).status == 200)
            #expect(later.userID == sdk.userID)
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func updatePasswordKeepsTheSDKsTokenAndChangesTheLogin(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            let sdk = try await registeredAnn(version, service)
            let changed = try await sdk.updatePassword(from: Self.password, to: "battery staple")
            #expect(changed.status == 204)
            #expect(changed.text.isEmpty)
            #expect(try await sdk.send(.get, "\(sdk.appPath)/users/me").status == 200)
            var old = KiiJSSDK(version, service: service)
            #expect(try await old.logIn("ann_1", Self.password).status == 400)
            var new = KiiJSSDK(version, service: service)
            #expect(try await new.logIn("ann_1", "battery staple").status == 200)
            let wrong = try await sdk.updatePassword(from: "not it", to: "another one")
            #expect(wrong.status == 400)
            #expect(wrong.errorCode == "WRONG_PASSWORD")
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func findUserByUsernameEmailAndPhone(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            let ann = try await registeredAnn(version, service)
            var bob = KiiJSSDK(version, service: service)
            let (_, login) = try await bob.register([("loginName", "bob_1")], password: Self.password)
            #expect(login.status == 200)
            for (prefix, value) in [
                ("LOGIN_NAME", "ann_1"), ("LOGIN_NAME", "Ann_1"), ("EMAIL", "ann@example.com"),
                ("PHONE", "+819012345678"),
            ] {
                let found = try await bob.findUser(prefix, value)
                #expect(found.status == 200, "\(prefix):\(value)")
                #expect(
                    found.json == ["userID": .string(ann.userID ?? ""), "loginName": "ann_1", "displayName": "Ann"],
                    "\(prefix):\(value)"
                )
            }
            let own = try await ann.findUser("PHONE", "+819012345678")
            #expect(own.string("emailAddress") == "ann@example.com")
            let nobody = try await bob.findUser("EMAIL", "nobody@example.com")
            #expect(nobody.status == 404)
            #expect(nobody.errorCode == "USER_NOT_FOUND")
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func deleteFreesTheUserAtOnce(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            var sdk = try await registeredAnn(version, service)
            let deleted = try await sdk.delete()
            #expect(deleted.status == 204)
            #expect(deleted.text.isEmpty)
            var old = KiiJSSDK(version, service: service)
            let login = try await old.logIn("ann_1", Self.password)
            #expect(login.status == 400)
            #expect(login.errorCode == "invalid_grant")
            let gone = try await sdk.refresh()
            #expect(gone.status == 403)
            #expect(gone.errorCode == "WRONG_TOKEN")
            var again = KiiJSSDK(version, service: service)
            let (registration, relogin) = try await again.register(Self.ann, password: Self.password)
            #expect(registration.status == 201)
            #expect(relogin.status == 200)
            #expect(again.userID != sdk.userID)
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func changeAndVerifyTheEmailAddress(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend, .emailVerification) { service in
            let sdk = try await registeredAnn(version, service)
            let userID = try #require(sdk.userID)
            let resent = try await sdk.resendVerification("email-address")
            #expect(resent.status == 204)
            let changed = try await sdk.change("emailAddress", to: "ann.new@example.com")
            #expect(changed.status == 204)
            let phone = try await sdk.change("phoneNumber", to: "+14155552671")
            #expect(phone.status == 204)
            let code = try #require(service.code(.email, of: userID))
            #expect(service.messages.last(where: { $0.channel == .email })?.address == "ann.new@example.com")
            let verified = try await sdk.verify("email-address", code: code)
            #expect(verified.status == 204)
            var again = KiiJSSDK(version, service: service)
            #expect(try await again.logIn("ann.new@example.com", Self.password).status == 200)
            #expect(try await again.logIn("+14155552671", Self.password).status == 200)
        }
    }

    @Test(arguments: Backend.enabled, KiiJSSDK.Version.allCases)
    func resetThePasswordByMailAndBySMS(backend: Backend, version: KiiJSSDK.Version) async throws {
        try await withService(backend) { service in
            var sdk = try await registeredAnn(version, service)
            let userID = try #require(sdk.userID)
            let byMail = try await sdk.resetPassword(email: "ann@example.com")
            #expect(byMail.status == 204)
            #expect(service.messages.last?.channel == .email)
            for (identifier, method, channel) in [
                ("ann@example.com", "EMAIL", LoginKind.email), ("+819012345678", "SMS", .phone),
                (userID, "SMS_PIN", .phone),
            ] {
                let requested = try await sdk.resetPassword(identifier, notificationMethod: method)
                #expect(requested.status == 204, "\(identifier) \(method): \(requested)")
                #expect(service.messages.last?.channel == channel, "\(identifier) \(method)")
            }
            let pin = try #require(service.resetCode(of: userID))
            let completed = try await sdk.completeResetPassword(
                "+819012345678",
                pin: pin,
                newPassword: "battery staple"
            )
            #expect(completed.status == 204)
            #expect(try await sdk.refresh().status == 403)  // every token revoked
            var again = KiiJSSDK(version, service: service)
            #expect(try await again.logIn("ann@example.com", "battery staple").status == 200)
        }
    }
}
