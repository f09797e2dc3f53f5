import KiiIdentity
import SignUpService
import Testing

/// `POST /oauth2/token` and the access tokens it gives.
@Suite struct LoginRouteTests {
    static let person = #"""
        {"loginName":"Login_1","emailAddress":"frank@example.com","phoneNumber":"+819012345678",
         "password":"correct horse","country":"JP"}
        """#

    @Test(arguments: Backend.enabled)
    func everyIdentifierFormLogsTheSameUserIn(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            let forms: [(String, String?)] = [
                ("login_1", nil), ("LOGIN_1", nil), ("frank@example.com", nil), ("frank@EXAMPLE.com", nil),
                ("+819012345678", nil), ("JP-9012345678", nil), ("09012345678", "JP"), ("EMAIL:frank@example.com", nil),
                ("PHONE:+819012345678", nil),
            ]
            for (text, country) in forms {
                let countryMember = country.map { #","country":"\#($0)""# } ?? ""
                let answer = try await service.send(
                    .post,
                    "/oauth2/token",
                    json: #"{"username":"\#(text)","password":"correct horse"\#(countryMember)}"#
                )
                #expect(answer.status == 200, "\(text)")
                #expect(answer.string("userID") == userID, "\(text)")
                #expect(answer["expires_in"] == .integer(86_400), "\(text)")
                let token = try #require(answer.string("access_token"))
                let me = try await service.send(.get, "/users/me", token: token)
                #expect(me.string("userID") == userID, "\(text)")
            }
            #expect(try await service.rowCounts()[.accessTokens] == forms.count)
        }
    }

    @Test(arguments: Backend.enabled)
    func wrongPasswordAndUnknownIdentifierAnswerAlike(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.person)
            let wrong = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"login_1","password":"wrong horse"}"#
            )
            let unknown = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"nobody_here","password":"correct horse"}"#
            )
            #expect(wrong.status == 401)
            #expect(unknown.status == wrong.status)
            #expect(unknown.text == wrong.text)
            #expect(wrong.problems == ["password:invalid_credentials"])
            #expect(wrong.messages == ["password is wrong, or no user has that identifier"])
            let japanese = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"login_1","password":"wrong horse"}"#,
                language: "ja"
            )
            #expect(japanese.problems == ["password:invalid_credentials"])
            #expect(japanese.messages == ["パスワードが正しくないか、その ID のユーザーがいません"])
            #expect(!wrong.text.contains("wrong horse"))
        }
    }

    @Test(arguments: Backend.enabled)
    func malformedLoginBodiesAre400(backend: Backend) async throws {
        try await withService(backend) { service in
            let missing = try await service.send(.post, "/oauth2/token", json: "{}")
            #expect(missing.status == 400)
            #expect(missing.problems == ["identifier:missing", "password:missing"])
            let wrongType = try await service.send(.post, "/oauth2/token", json: #"{"username":1,"password":"x"}"#)
            #expect(wrongType.problems == ["identifier:not_a_string"])
            let invalid = try await service.send(.post, "/oauth2/token", json: #"{"username":"a@","password":"x"}"#)
            #expect(invalid.status == 400)
            #expect(invalid.problems == ["emailAddress:empty_domain"])
        }
    }

    @Test(arguments: Backend.enabled)
    func unverifiedIdentifierLogsInOnlyAfterItsCode(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let answer = try await service.signUp(
                #"{"loginName":"grace_1","emailAddress":"grace@example.com","password":"correct horse"}"#
            )
            let userID = try #require(answer.string("userID"))
            let early = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"grace@example.com","password":"correct horse"}"#
            )
            #expect(early.status == 403)
            #expect(early.problems == ["emailAddress:not_verified"])
            let token = try await service.logIn("grace_1")
            let code = try #require(service.code(.email, of: userID))
            let wrongCode = code == "000000" ? "000001" : "000000"
            let bad = try await service.send(
                .post,
                "/users/me/verify",
                json: #"{"field":"emailAddress","code":"\#(wrongCode)"}"#,
                token: token
            )
            #expect(bad.status == 400)
            #expect(bad.problems == ["code:wrong_code"])
            let good = try await service.send(
                .post,
                "/users/me/verify",
                json: #"{"field":"emailAddress","code":"\#(code)"}"#,
                token: token
            )
            #expect(good.status == 204)
            #expect(good.text.isEmpty)
            let me = try await service.send(.get, "/users/me", token: token)
            #expect(me["emailAddressVerified"] == .bool(true))
            _ = try await service.logIn("grace@example.com")
            let reused = try await service.send(
                .post,
                "/users/me/verify",
                json: #"{"field":"emailAddress","code":"\#(code)"}"#,
                token: token
            )
            #expect(reused.status == 400)
            #expect(try await service.rowCounts()[.verificationCodes] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func repeatedFailuresOfOneIdentifierAre429UntilTheMinuteEnds(backend: Backend) async throws {
        try await withService(backend, .loginFailuresPerMinute(3)) { service in
            try await service.signUp(Self.person)
            for _ in 0..<3 {
                let wrong = try await service.send(
                    .post,
                    "/oauth2/token",
                    json: #"{"username":"login_1","password":"wrong horse"}"#
                )
                #expect(wrong.status == 401)
            }
            service.advance(seconds: 20)
            let blocked = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"LOGIN_1","password":"correct horse"}"#
            )
            #expect(blocked.status == 429)
            #expect(blocked.headers[.retryAfter] == "40")
            #expect(blocked.problems == ["username:too_many_attempts"])
            let otherForm = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"frank@example.com","password":"correct horse"}"#
            )
            #expect(otherForm.status == 200)
            service.advance(seconds: 40)
            _ = try await service.logIn("login_1")
            #expect(try await service.rowCounts()[.loginFailures] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func tokensAreStoredAsHashesAndExpire(backend: Backend) async throws {
        try await withService(backend, .tokenLifetime(600)) { service in
            try await service.signUp(Self.person)
            let token = try await service.logIn("login_1")
            #expect(try await service.store.userID(forTokenHash: token, now: 0) == nil)
            #expect(try await service.store.userID(forTokenHash: AccessToken(text: token).hash, now: 0) != nil)
            #expect(AccessToken(text: token).hash.count == 64)
            service.advance(seconds: 599)
            #expect(try await service.send(.get, "/users/me", token: token).status == 200)
            service.advance(seconds: 1)
            let expired = try await service.send(.get, "/users/me", token: token)
            #expect(expired.status == 401)
            #expect(expired.problems == ["Authorization:invalid_token"])
            #expect(try await service.store.sweep(now: 1_800_000_600) == 1)
        }
    }
}
