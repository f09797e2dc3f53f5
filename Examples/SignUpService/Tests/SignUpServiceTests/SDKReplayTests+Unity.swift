import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// The request sequences Kii's Unity SDK (3.2.10) sends for each user call, through both of its
/// transports (``KiiUnitySDK``): what `HttpWebRequest` and Unity's `WWW` put on the wire, and
/// what the SDK reads back (through `WWW`, the status from `X-HTTP-Status-Code` only).
extension SDKReplayTests {
    /// A Unity user as `KiiUser.BuilderWithName("Ann_1").WithEmail(…).WithPhone(…)` (a local
    /// number) with `Country = "JP"`, `Displayname`, `Locale` and `user["HighScore"]` builds it.
    static let unityAnn: [(String, JSONValue)] = [
        ("loginName", "Ann_1"), ("emailAddress", "ann@example.com"), ("phoneNumber", "09012345678"),
        ("country", "JP"), ("displayName", "Ann"), ("locale", "ja"), ("HighScore", 12), ("level", 1),
    ]

    /// A registered Unity user, logged in and refreshed (what `Register` does).
    func registeredUnityAnn(_ transport: KiiUnitySDK.Transport, _ service: Harness) async throws -> KiiUnitySDK {
        var sdk = KiiUnitySDK(transport, service: service)
        let (registration, login, refresh) = try await sdk.register(Self.unityAnn, password: Self.password)
        try #require(registration.status == 201, "\(registration)")
        try #require(login.status == 200, "\(login)")
        try #require(refresh.status == 200, "\(refresh)")
        return sdk
    }

    @Test(arguments: Backend.enabled, KiiUnitySDK.Transport.allCases)
    func unityRegisterLogsInEveryWayAndRefreshes(backend: Backend, transport: KiiUnitySDK.Transport) async throws {
        try await withService(backend) { service in
            var sdk = KiiUnitySDK(transport, service: service)
            let (registration, login, refresh) = try await sdk.register(Self.unityAnn, password: Self.password)
            #expect(registration.status == 201)
            let userID = try #require(registration.string("userID"))
            #expect(registration.string("loginName") == "ann_1")
            #expect(registration.string("phoneNumber") == "+819012345678")
            #expect(registration["emailAddressVerified"] == .bool(true))
            #expect(registration["phoneNumberVerified"] == .bool(true))
            #expect(login.status == 200)
            #expect(login.string("id") == userID)
            #expect(login.integer("expires_in") == 86_400)
            #expect(refresh.status == 200)
            #expect(refresh.json == registration.json)
            for identifier in [
                "ann_1", "ANN_1", "ann@example.com", "+819012345678", "EMAIL:ann@example.com", "PHONE:JP-09012345678",
                "PHONE:+819012345678",
            ] {
                var other = KiiUnitySDK(transport, service: service)
                let answer = try await other.logIn(identifier, Self.password)
                #expect(answer.status == 200, "\(identifier)")
                #expect(other.userID == userID, "\(identifier)")
            }
            var later = KiiUnitySDK(transport, service: service)
            let me = try await later.logIn(withToken: try #require(sdk.accessToken))
            #expect(me.status == 200)
            #expect(later.userID == userID)
            #expect(me.json == registration.json)
            #expect(sdk.statuses == [201, 200, 200])
        }
    }

    /// `Update(identityData, userFields)` sends back the whole user it read, the server's members
    /// (`emailAddressVerified` and `phoneNumberVerified` false here) included: they are ignored,
    /// the changes made, the removed field gone; the older `Update()` the same with the sign-up's
    /// JSON.
    @Test(arguments: Backend.enabled, KiiUnitySDK.Transport.allCases)
    func unityUpdateEchoesTheWholeUser(backend: Backend, transport: KiiUnitySDK.Transport) async throws {
        try await withService(backend, .emailVerification, .phoneVerification) { service in
            var sdk = KiiUnitySDK(transport, service: service)
            let (registration, login, _) = try await sdk.register(Self.unityAnn, password: Self.password)
            #expect(registration.status == 201)
            #expect(login.status == 200)
            let update = try await sdk.update(fields: [("displayName", "Ann B"), ("HighScore", 13)], remove: ["level"])
            #expect(update.read.status == 200)
            #expect(update.update.status == 200, "\(update.update)")
            #expect(update.update.integer("modifiedAt") == Int(Harness.start) * 1_000)
            #expect(
                update.members == [
                    "HighScore", "_disabled", "_hasPassword", "country", "createdAt", "displayName", "emailAddress",
                    "emailAddressVerified", "internalUserID", "locale", "loginName", "modifiedAt", "phoneNumber",
                    "phoneNumberVerified", "userID",
                ]
            )
            let after = try await sdk.refresh()
            var expected = registration.members
            expected["displayName"] = "Ann B"
            expected["HighScore"] = 13
            expected["level"] = nil
            #expect(after.members == expected)
            #expect(after["emailAddressVerified"] == .bool(false))
            #expect(after["phoneNumberVerified"] == .bool(false))

            // `user["level"] = 2; user.Update()`: the JSON it holds, with `true` flags written in.
            var flags = sdk
            let saved = try await flags.save([
                ("level", 2), ("emailAddressVerified", true), ("phoneNumberVerified", true), ("userID", "someone"),
                ("internalUserID", 1), ("createdAt", 1), ("modifiedAt", 1), ("_hasPassword", false),
                ("_disabled", true),
            ])
            #expect(saved.status == 200, "\(saved)")
            let saved2 = try await sdk.refresh()
            expected["level"] = 2
            #expect(saved2.members == expected)
            let userID = try #require(sdk.userID)
            #expect(try await service.users.user(userID)?.emailVerified == false)
        }
    }

    @Test(arguments: Backend.enabled, KiiUnitySDK.Transport.allCases)
    func unityPutIdentityUpgradesThePseudoUser(backend: Backend, transport: KiiUnitySDK.Transport) async throws {
        try await withService(backend) { service in
            var sdk = KiiUnitySDK(transport, service: service)
            let pseudo = try await sdk.registerAsPseudoUser([("displayName", "Guest"), ("level", 1)])
            #expect(pseudo.status == 201)
            #expect(pseudo["_hasPassword"] == .bool(false))
            let identity = try await sdk.putIdentity(
                [("loginName", "Bob_1"), ("emailAddress", "bob@example.com"), ("phoneNumber", "08033334444")],
                password: "Bob-pass-1",
                fields: [("displayName", "Bob"), ("country", "JP")]
            )
            #expect(identity.read.status == 200)
            #expect(identity.update.status == 200, "\(identity.update)")
            #expect(identity.members.contains("_hasPassword") && identity.members.contains("internalUserID"))
            var other = KiiUnitySDK(transport, service: service)
            for identifier in ["bob_1", "bob@example.com", "+818033334444"] {
                #expect(try await other.logIn(identifier, "Bob-pass-1").status == 200, "\(identifier)")
                #expect(other.userID == sdk.userID)
            }
            let me = try await other.refresh()
            #expect(me.string("displayName") == "Bob")
            #expect(me["level"] == .integer(1))
            #expect(me["_hasPassword"] == .bool(true))
            #expect(me["emailAddressVerified"] == .bool(true))
        }
    }

    /// A password change, the finds, a reset's request without a body, and deletion.
    @Test(arguments: Backend.enabled, KiiUnitySDK.Transport.allCases)
    func unityPasswordChangeFindAndDelete(backend: Backend, transport: KiiUnitySDK.Transport) async throws {
        try await withService(backend) { service in
            var sdk = try await registeredUnityAnn(transport, service)
            let userID = try #require(sdk.userID)
            let changed = try await sdk.changePassword(from: Self.password, to: "new horse 1")
            #expect(changed.status == 204)
            #expect(try await sdk.refresh().status == 200)  // the SDK's own token still works
            var other = KiiUnitySDK(transport, service: service)
            #expect(try await other.logIn("ann_1", Self.password).status == 400)
            #expect(try await other.logIn("ann_1", "new horse 1").status == 200)
            for segment in [
                "LOGIN_NAME:ann_1", "EMAIL:ann%40example.com", "EMAIL:ann@example.com", "PHONE:+819012345678",
                "PHONE:JP-09012345678",
            ] {
                let found = try await other.findUser(segment)
                #expect(found.status == 200, "\(segment)")
                #expect(found.string("userID") == userID, "\(segment)")
                #expect(found.string("loginName") == "ann_1", "\(segment)")
            }
            var anonymous = KiiUnitySDK(transport, service: service)
            #expect(try await anonymous.resetPassword(email: "ann@example.com").status == 204)
            #expect(service.resetCode(of: userID) != nil)
            let deleted = try await sdk.delete()
            #expect(deleted.status == 204)
            #expect(try await other.refresh().status == 403)
            #expect(try await other.logIn("ann_1", "new horse 1").status == 400)
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 0)
            #expect(counts[.accessTokens] == 0)
        }
    }

    /// What the SDK refuses with: through `WWW` the status alone, from `X-HTTP-Status-Code`
    /// (without it every error is a lost connection); through `HttpWebRequest` Kii's body too.
    @Test(arguments: Backend.enabled, KiiUnitySDK.Transport.allCases)
    func unityRefusalsAreReadThroughTheStatusHeader(backend: Backend, transport: KiiUnitySDK.Transport) async throws {
        try await withService(backend) { service in
            var sdk = try await registeredUnityAnn(transport, service)
            var other = KiiUnitySDK(transport, service: service)
            let wrong = try await other.logIn("ann_1", "wrong horse")
            #expect(wrong.status == 400)
            var twin = KiiUnitySDK(transport, service: service)
            let duplicate = try await twin.register(
                [("loginName", "ANN_1"), ("emailAddress", "ann@EXAMPLE.com")],
                password: Self.password
            )
            #expect(duplicate.registration.status == 409)
            var stranger = KiiUnitySDK(transport, service: service)
            let nobody = try await stranger.logIn("nobody_1", Self.password)
            #expect(nobody.status == 400)
            let found = try await sdk.findUser("LOGIN_NAME:nobody_1")
            #expect(found.status == 404)
            let shortPassword = try await sdk.changePassword(from: Self.password, to: "x")
            #expect(shortPassword.status == 400)
            switch transport {
            case .httpWebRequest:
                #expect(wrong.errorCode == "invalid_grant")
                #expect(duplicate.registration.errorCode == "USER_ALREADY_EXISTS")
                #expect(duplicate.registration.problems == ["loginName:already_taken", "emailAddress:already_taken"])
                #expect(found.errorCode == "USER_NOT_FOUND")
            case .www:
                for answer in [wrong, duplicate.registration, nobody, found, shortPassword] {
                    #expect(answer.text.isEmpty)
                }
            }
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }
}
