import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// Kii's password reset, anonymous with the app's key: `…/users/{user}/password/request-reset`
/// (a code by mail, or by SMS) and `…/password/complete-reset` (`{pinCode, newPassword}`).
@Suite struct PasswordResetRouteTests {
    static let mia = #"""
        {"loginName":"mia_1","emailAddress":"mia@example.com","phoneNumber":"+819012345678","password":"correct horse"}
        """#

    func requestReset(_ service: Harness, _ user: String, json: String? = nil) async throws -> Answer {
        try await service.send(
            .post,
            service.userPath(user) + "/password/request-reset",
            json: json,
            contentType: KiiType.resetRequest
        )
    }

    func completeReset(
        _ service: Harness,
        _ user: String,
        pin: String,
        password: String = "battery staple"
    )
        async throws -> Answer
    {
        try await service.send(
            .post,
            service.userPath(user) + "/password/complete-reset",
            json: #"{"pinCode":"\#(pin)","newPassword":"\#(password)"}"#,
            contentType: KiiType.completeReset
        )
    }

    @Test(arguments: Backend.enabled)
    func emailResetSetsTheNewPasswordAndRevokesEveryToken(backend: Backend) async throws {
        try await withService(backend) { service in
            let mia = try await service.signUpAndLogIn(Self.mia, as: "mia_1")
            let second = try await service.logIn("mia@example.com")
            let requested = try await requestReset(
                service,
                "EMAIL:mia@example.com",
                json: #"{"notificationMethod":"EMAIL"}"#
            )
            #expect(requested.status == 204)
            #expect(requested.text.isEmpty)
            let message = try #require(service.messages.last)
            #expect(message.purpose == .passwordReset)
            #expect(message.channel == .email)
            #expect(message.address == "mia@example.com")
            #expect(message.userID == mia.id)
            let pin = try #require(service.resetCode(of: mia.id))
            #expect(pin.count == 6 && pin.allSatisfy(\.isNumber))
            #expect(try await service.rowCounts()[.passwordResetCodes] == 1)
            let completed = try await completeReset(service, "EMAIL:mia@example.com", pin: pin)
            #expect(completed.status == 204)
            for token in [mia.token, second] {
                let revoked = try await service.send(.get, service.userPath("me"), token: token)
                #expect(revoked.status == 403)
                #expect(revoked.errorCode == "WRONG_TOKEN")
            }
            let counts = try await service.rowCounts()
            #expect(counts[.accessTokens] == 0)
            #expect(counts[.passwordResetCodes] == 0)
            let old = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("mia_1"))
            #expect(old.errorCode == "invalid_grant")
            #expect(try await service.logIn("mia_1", "battery staple").count == 43)
            let reused = try await completeReset(service, "EMAIL:mia@example.com", pin: pin, password: "third horse")
            #expect(reused.status == 400)
            #expect(reused.errorCode == "INVALID_VERIFICATION_CODE")
        }
    }

    @Test(arguments: Backend.enabled)
    func smsResetSendsTheCodeToThePhone(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.mia).string("userID"))
            let requested = try await requestReset(
                service,
                "PHONE%3A%2B819012345678",
                json: #"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#
            )
            #expect(requested.status == 204)
            let message = try #require(service.messages.last)
            #expect(message.purpose == .passwordReset)
            #expect(message.channel == .phone)
            #expect(message.address == "+819012345678")
            let pin = try #require(service.resetCode(of: userID))
            let completed = try await completeReset(service, "PHONE:+819012345678", pin: pin)
            #expect(completed.status == 204)
            #expect(try await service.logIn("+819012345678", "battery staple").count == 43)
        }
    }

    /// As Kii: a reset code goes to a verified address only; with verification on, the address
    /// must be verified first. Unlike Kii, the answer does not tell: 204 and nothing sent.
    @Test(arguments: Backend.enabled)
    func aResetCodeGoesToAVerifiedAddressOnly(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"vera_1","emailAddress":"vera@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let unverified = try await requestReset(service, "EMAIL:vera@example.com")
            #expect(unverified.status == 204)
            #expect(service.resetCode(of: userID) == nil)
            let token = try await service.logIn("vera_1")
            let verified = try await service.verify(.email, of: userID, token: token)
            #expect(verified.status == 204)
            #expect(try await requestReset(service, "EMAIL:vera@example.com").status == 204)
            #expect(service.resetCode(of: userID) != nil)
        }
    }

    @Test(arguments: Backend.enabled)
    func everyWayOfNamingTheUserAndOfSendingNoBodyAsksForAReset(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.mia).string("userID"))
            func base(_ user: String) -> String { service.userPath(user) + "/password/request-reset" }
            let requests: [(String, String?, HTTPFields)] = [
                (base("EMAIL:mia@example.com"), nil, [:]),
                (base("EMAIL%3Amia%40example.com"), nil, [.contentType: "application/json"]),
                (base("LOGIN_NAME:mia_1"), "{}", [.contentType: KiiType.resetRequest]),
                (base(userID), #"{"notificationMethod":"EMAIL"}"#, [.contentType: "application/json; charset=utf-8"]),
                (base("PHONE:+819012345678") + "?disable_cache=1800000000000", nil, [:]),
            ]
            for (index, (path, body, headers)) in requests.enumerated() {
                let answer = try await service.send(.post, path, json: body, contentType: nil, headers: headers)
                #expect(answer.status == 204, "\(path): \(answer)")
                #expect(service.messages.count == index + 1, "\(path)")
                #expect(service.messages.last?.channel == .email, "\(path)")
            }
            // Each request replaces the code before it.
            #expect(try await service.rowCounts()[.passwordResetCodes] == 1)
            let pin = try #require(service.resetCode(of: userID))
            let earlier = try #require(service.messages.dropLast().last?.code.digits)
            if earlier != pin {
                #expect(try await completeReset(service, "LOGIN_NAME:mia_1", pin: earlier).status == 400)
            }
            #expect(try await completeReset(service, userID, pin: pin).status == 204)
        }
    }

    /// Nothing enumerable (issue 49, 2): a user who does not exist, has no password, or has no
    /// address on the channel asked for is answered as one who has (204), and nothing is sent;
    /// only a malformed request is refused.
    @Test(arguments: Backend.enabled)
    func resetRequestsTellNothingAndOnlyBadRequestsAreRefused(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(#"{"loginName":"nat_1","password":"correct horse"}"#)
            let pseudo = try await service.pseudoUser()
            let silent: [(user: String, body: String?)] = [
                ("LOGIN_NAME:nobody_1", nil),
                ("EMAIL:nobody@example.com", nil),
                ("PHONE:+819012345678", #"{"notificationMethod":"SMS"}"#),
                ("me", nil),
                (pseudo.id, nil),
                ("LOGIN_NAME:nat_1", nil),
                ("LOGIN_NAME:nat_1", #"{"notificationMethod":"SMS"}"#),
            ]
            for (user, body) in silent {
                let answer = try await requestReset(service, user, json: body)
                #expect(answer.status == 204, "\(user) \(body ?? "")")
                #expect(answer.text.isEmpty, "\(user) \(body ?? "")")
            }
            let cases: [(user: String, body: String?, status: Int, errorCode: String, problems: [String])] = [
                (
                    "LOGIN_NAME:nat_1", #"{"notificationMethod":"PIGEON"}"#, 400, "INVALID_INPUT_DATA",
                    ["notificationMethod:unknown_method"]
                ),
                ("LOGIN_NAME:nat_1", #"{"other":1}"#, 400, "INVALID_INPUT_DATA", ["json:unknown_member"]),
                ("THING:nat_1", nil, 400, "INVALID_INPUT_DATA", ["userID:malformed_user_id"]),
            ]
            for (user, body, status, errorCode, problems) in cases {
                let answer = try await requestReset(service, user, json: body)
                #expect(answer.status == status, "\(user) \(body ?? "")")
                #expect(answer.errorCode == errorCode, "\(user) \(body ?? "")")
                #expect(answer.problems == problems, "\(user) \(body ?? "")")
            }
            let text = try await service.send(
                .post,
                service.userPath("LOGIN_NAME:nat_1") + "/password/request-reset",
                json: "EMAIL",
                contentType: "text/plain"
            )
            #expect(text.status == 415)
            #expect(service.messages.isEmpty)
            #expect(try await service.rowCounts()[.passwordResetCodes] == 0)
        }
    }

    /// A stranger and a user are throttled alike: the sixth request for one target from one
    /// address is 429 whether or not the target exists.
    @Test(arguments: Backend.enabled)
    func resetRequestsForStrangersAreThrottledAsForUsers(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.mia)
            for user in ["EMAIL:mia@example.com", "EMAIL:stranger@example.com"] {
                var statuses: [Int] = []
                for _ in 0..<6 { statuses.append(try await requestReset(service, user).status) }
                #expect(statuses == [204, 204, 204, 204, 204, 429], "\(user)")
            }
        }
    }

    @Test(arguments: Backend.enabled)
    func completeResetProblemsAndThrottle(backend: Backend) async throws {
        try await withService(backend, .loginFailuresPerMinute(3)) { service in
            let userID = try #require(try await service.signUp(Self.mia).string("userID"))
            let noCode = try await completeReset(service, "LOGIN_NAME:mia_1", pin: "123456")
            #expect(noCode.status == 400)
            #expect(noCode.errorCode == "INVALID_VERIFICATION_CODE")
            #expect(noCode.problems == ["pinCode:wrong_code"])
            #expect(try await requestReset(service, "LOGIN_NAME:mia_1").status == 204)
            let pin = try #require(service.resetCode(of: userID))
            let short = try await completeReset(service, "LOGIN_NAME:mia_1", pin: pin, password: "x")
            #expect(short.status == 400)
            #expect(short.errorCode == "INVALID_INPUT_DATA")
            #expect(short.problems == ["newPassword:too_short"])
            let pinOnly = try await service.send(
                .post,
                service.userPath("LOGIN_NAME:mia_1") + "/password/complete-reset",
                json: #"{"pinCode":"\#(pin)"}"#
            )
            #expect(pinOnly.status == 400)
            #expect(pinOnly.problems == ["newPassword:missing"])
            // Nobody by that name: a wrong code too, not a 404 that would tell.
            let nobody = try await completeReset(service, "LOGIN_NAME:nobody_1", pin: pin)
            #expect(nobody.status == 400)
            #expect(nobody.errorCode == "INVALID_VERIFICATION_CODE")
            #expect(nobody.problems == ["pinCode:wrong_code"])
            for _ in 0..<2 {
                let wrong = try await completeReset(service, "LOGIN_NAME:mia_1", pin: Harness.wrongCode(than: pin))
                #expect(wrong.status == 400)
                #expect(wrong.errorCode == "INVALID_VERIFICATION_CODE")
            }
            let blocked = try await completeReset(service, "LOGIN_NAME:mia_1", pin: pin)
            #expect(blocked.status == 429)
            #expect(blocked.errorCode == "TOO_MANY_REQUESTS")
            #expect(blocked.headers[.retryAfter] == "20")
            #expect(try await service.logIn("mia_1").count == 43)
            service.advance(seconds: 60)
            #expect(try await completeReset(service, "LOGIN_NAME:mia_1", pin: pin).status == 204)
        }
    }

    @Test(arguments: Backend.enabled)
    func resetCodesExpire(backend: Backend) async throws {
        try await withService(backend, .verificationCodeLifetime(120)) { service in
            let userID = try #require(try await service.signUp(Self.mia).string("userID"))
            #expect(try await requestReset(service, "LOGIN_NAME:mia_1").status == 204)
            let pin = try #require(service.resetCode(of: userID))
            service.advance(seconds: 120)
            let expired = try await completeReset(service, "LOGIN_NAME:mia_1", pin: pin)
            #expect(expired.status == 400)
            #expect(expired.errorCode == "INVALID_VERIFICATION_CODE")
            #expect(try await service.logIn("mia_1").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func resetRoutesNeedTheAppsKey(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.mia).string("userID"))
            for suffix in ["/password/request-reset", "/password/complete-reset"] {
                let body =
                    suffix.hasSuffix("complete-reset") ? #"{"pinCode":"123456","newPassword":"battery staple"}"# : "{}"
                let path = service.userPath("LOGIN_NAME:mia_1") + suffix
                let none = try await service.send(.post, path, json: body, app: .none)
                #expect(none.status == 401, "\(suffix)")
                #expect(none.errorCode == "UNAUTHORIZED", "\(suffix)")
                #expect(none.problems == ["app:missing_app_credentials"], "\(suffix)")
                let idOnly = try await service.send(.post, path, json: body, app: .custom([.kiiAppID: "signupdev"]))
                #expect(idOnly.status == 401, "\(suffix)")
                let wrongKey = try await service.send(
                    .post,
                    path,
                    json: body,
                    app: .custom([.kiiAppID: "signupdev", .kiiAppKey: "not-the-key"])
                )
                #expect(wrongKey.status == 401, "\(suffix)")
                #expect(wrongKey.problems == ["app:wrong_app_key"], "\(suffix)")
                let basic = try await service.send(.post, path, json: body, app: .basic)
                #expect(basic.status != 401 && basic.status != 404, "\(suffix)")
            }
            #expect(service.resetCode(of: userID) != nil)
        }
    }
}
