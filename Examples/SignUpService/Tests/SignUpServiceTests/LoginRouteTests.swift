import HTTPTypes
import KiiIdentity
import Testing

@testable import SignUpService

/// Kii's token endpoint, `POST /api/oauth2/token` and `/api/apps/{appID}/oauth2/token`, and the
/// access tokens it gives.
@Suite struct LoginRouteTests {
    static let person = #"""
        {"loginName":"Login_1","emailAddress":"frank@example.com","phoneNumber":"+819012345678",
         "password":"correct horse","country":"JP"}
        """#

    @Test(arguments: Backend.enabled)
    func everyUsernameFormLogsTheSameUserIn(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            let forms: [(String, String?)] = [
                ("login_1", nil), ("LOGIN_1", nil), ("frank@example.com", nil), ("frank@EXAMPLE.com", nil),
                ("+819012345678", nil), ("JP-9012345678", nil), ("JP-09012345678", nil), ("09012345678", "JP"),
                ("EMAIL:frank@example.com", nil), ("PHONE:+819012345678", nil), ("PHONE:JP-09012345678", nil),
            ]
            for (text, country) in forms {
                let answer = try await service.send(
                    .post,
                    Harness.tokenPath,
                    json: Harness.loginBody(text, country: country)
                )
                #expect(answer.status == 200, "\(text)")
                #expect(answer.headers[.contentType] == "application/json; charset=utf-8", "\(text)")
                #expect(answer.memberNames == ["access_token", "expires_in", "id", "token_type"], "\(text)")
                #expect(answer.string("id") == userID, "\(text)")
                #expect(answer.string("token_type") == "Bearer", "\(text)")
                #expect(answer["expires_in"] == .integer(86_400), "\(text)")
                let token = try #require(answer.string("access_token"))
                #expect(token.count == 43)
                let me = try await service.send(.get, service.userPath("me"), token: token)
                #expect(me.string("userID") == userID, "\(text)")
            }
            #expect(try await service.rowCounts()[.accessTokens] == forms.count)
        }
    }

    @Test(arguments: Backend.enabled)
    func bothTokenPathsAndEveryJSONTypeLogIn(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            for path in [Harness.tokenPath, service.appTokenPath, Harness.tokenPath + "?disable_cache=1800000000000"] {
                for type in [KiiType.token, "application/json", "application/json; charset=UTF-8"] {
                    let answer = try await service.send(
                        .post,
                        path,
                        json: Harness.loginBody("login_1"),
                        contentType: type
                    )
                    #expect(answer.status == 200, "\(path) \(type)")
                    #expect(answer.string("id") == userID, "\(path) \(type)")
                }
            }
            let grant = try await service.send(
                .post,
                Harness.tokenPath,
                json: #"{"username":"login_1","password":"correct horse","grant_type":"password"}"#
            )
            #expect(grant.status == 200)
            let form = try await service.send(
                .post,
                Harness.tokenPath,
                json: "username=login_1&password=correct+horse",
                contentType: "application/x-www-form-urlencoded"
            )
            #expect(form.status == 415)
            #expect(form.errorCode == "UNSUPPORTED_MEDIA_TYPE")
        }
    }

    @Test(arguments: Backend.enabled)
    func expiresAtInMillisecondsShortensTheTokenAndIsCappedByTheLifetime(backend: Backend) async throws {
        try await withService(backend, .tokenLifetime(3_600)) { service in
            try await service.signUp(Self.person)
            let nowMilliseconds = Int(Harness.start) * 1_000
            func logIn(_ expiresAt: String) async throws -> Answer {
                try await service.send(
                    .post,
                    Harness.tokenPath,
                    json: #"{"username":"login_1","password":"correct horse","expiresAt":\#(expiresAt)}"#
                )
            }
            let soon = try await logIn(String(nowMilliseconds + 600_000))
            #expect(soon.status == 200)
            #expect(soon["expires_in"] == .integer(600))
            let late = try await logIn(String(nowMilliseconds + 7 * 86_400_000))
            #expect(late["expires_in"] == .integer(3_600))
            let nullExpiry = try await logIn("null")
            #expect(nullExpiry["expires_in"] == .integer(3_600))
            for (bad, passed) in [
                (String(nowMilliseconds - 1_000), true), (String(nowMilliseconds), true), ("0", true),
                (#""tomorrow""#, false), ("1.5e12", false), ("true", false),
            ] {
                let answer = try await logIn(bad)
                #expect(answer.status == 400, "\(bad)")
                #expect(answer.errorCode == "INVALID_INPUT_DATA", "\(bad)")
                #expect(answer.problems == ["expiresAt:invalid_expiry"], "\(bad)")
                // A time that has passed is told apart from a value that is not a time.
                #expect(
                    answer.messages.first?.contains(passed ? "has passed" : "whole number of milliseconds") == true,
                    "\(bad)"
                )
            }
            let token = try #require(soon.string("access_token"))
            service.advance(seconds: 599)
            #expect(try await service.send(.get, service.userPath("me"), token: token).status == 200)
            service.advance(seconds: 1)
            let expired = try await service.send(.get, service.userPath("me"), token: token)
            #expect(expired.status == 403)
            #expect(expired.errorCode == "WRONG_TOKEN")
        }
    }

    @Test(arguments: Backend.enabled)
    func failedLoginIsInvalidGrantAndWrongPasswordAndUnknownUserAnswerAlike(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.person)
            try await service.pseudoUser(#"{"displayName":"no password"}"#)
            let wrong = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("login_1", "wrong horse")
            )
            let unknown = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("nobody_here"))
            let unknownPhone = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("+819099999999")
            )
            #expect(wrong.status == 400)
            #expect(wrong.errorCode == "invalid_grant")
            #expect(wrong.string("error") == "invalid_grant")
            #expect(wrong.string("error_description") == "password is wrong, or no user has that identifier")
            #expect(wrong.string("message") == "password is wrong, or no user has that identifier")
            #expect(wrong.problems == ["password:invalid_credentials"])
            #expect(unknown.status == wrong.status && unknown.text == wrong.text)
            #expect(unknownPhone.text == wrong.text)
            let japanese = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("login_1", "wrong horse"),
                language: "ja"
            )
            #expect(japanese.errorCode == "invalid_grant")
            #expect(japanese.messages == ["パスワードが正しくないか、その ID のユーザーがいません"])
            #expect(!wrong.text.contains("wrong horse"))
            #expect(try await service.rowCounts()[.accessTokens] == 1)  // the pseudo user's
        }
    }

    @Test(arguments: Backend.enabled)
    func malformedLoginBodiesAre400InvalidInputData(backend: Backend) async throws {
        try await withService(backend) { service in
            let cases: [(body: String, errorCode: String, problems: [String])] = [
                ("{}", "INVALID_INPUT_DATA", ["username:missing", "password:missing"]),
                (#"{"username":1,"password":"x"}"#, "INVALID_INPUT_DATA", ["username:not_a_string"]),
                (#"{"username":"a@","password":"x"}"#, "INVALID_INPUT_DATA", ["emailAddress:empty_domain"]),
                (#"{"username":"a","password":"x","extra":1}"#, "INVALID_INPUT_DATA", ["json:unknown_member"]),
                (
                    #"{"username":"a","password":"x","grant_type":"client_credentials"}"#, "unsupported_grant_type",
                    ["grant_type:unsupported_grant_type"]
                ),
                (#"["username"]"#, "INVALID_INPUT_DATA", ["json:not_an_object"]),
            ]
            for (body, errorCode, problems) in cases {
                let answer = try await service.send(.post, Harness.tokenPath, json: body)
                #expect(answer.status == 400, "\(body)")
                #expect(answer.errorCode == errorCode, "\(body)")
                #expect(answer.problems == problems, "\(body)")
            }
            let grant = try await service.send(
                .post,
                Harness.tokenPath,
                json: #"{"username":"a","password":"x","grant_type":"client_credentials"}"#
            )
            #expect(grant.string("error") == "unsupported_grant_type")
            #expect(grant.string("error_description") == "grant_type must be password or refresh_token")
        }
    }

    @Test(arguments: Backend.enabled)
    func unverifiedAddressLogsInOnlyAfterItsCode(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"grace_1","emailAddress":"grace@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let early = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("grace@example.com"))
            #expect(early.status == 400)
            #expect(early.errorCode == "invalid_grant")
            #expect(early.string("error") == "invalid_grant")
            #expect(early.problems == ["emailAddress:not_verified"])
            let wrongPassword = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("grace@example.com", "wrong horse")
            )
            #expect(wrongPassword.problems == ["password:invalid_credentials"])
            let token = try await service.logIn("grace_1")
            let verified = try await service.verify(.email, of: userID, token: token)
            #expect(verified.status == 204)
            #expect(try await service.logIn("grace@example.com").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func repeatedFailuresOfOneIdentifierAre429UntilItsBudgetTakesOneMore(backend: Backend) async throws {
        try await withService(backend, .loginFailuresPerMinute(3)) { service in
            try await service.signUp(Self.person)
            for _ in 0..<3 {
                let wrong = try await service.send(
                    .post,
                    Harness.tokenPath,
                    json: Harness.loginBody("login_1", "wrong horse")
                )
                #expect(wrong.status == 400)
            }
            service.advance(seconds: 10)
            let blocked = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("LOGIN_1"))
            #expect(blocked.status == 429)
            #expect(blocked.errorCode == "TOO_MANY_REQUESTS")
            #expect(blocked.headers[.retryAfter] == "10")
            #expect(blocked.problems == ["username:too_many_attempts"])
            // Every spelling of one user shares its budget (issue 51): the email address waits too.
            let otherForm = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("frank@example.com")
            )
            #expect(otherForm.status == 429)
            #expect(otherForm.headers[.retryAfter] == "10")
            service.advance(seconds: 10)
            #expect(try await service.logIn("login_1").count == 43)
            #expect(try await service.rowCounts()[.rateLimits] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func everySpellingOfOneAddressSharesItsFailures(backend: Backend) async throws {
        try await withService(backend, .loginFailuresPerMinute(2)) { service in
            try await service.signUp(Self.person)
            for form in ["+819012345678", "PHONE:JP-09012345678"] {
                let wrong = try await service.send(
                    .post,
                    Harness.tokenPath,
                    json: Harness.loginBody(form, "wrong horse")
                )
                #expect(wrong.status == 400)
            }
            let blocked = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("09012345678", country: "JP")
            )
            #expect(blocked.status == 429)
            #expect(blocked.headers[.retryAfter] == "30")
        }
    }

    @Test(arguments: Backend.enabled)
    func tokensAreStoredAsHashesAndExpireAsWrongToken(backend: Backend) async throws {
        try await withService(backend, .tokenLifetime(600)) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            let token = try await service.logIn("login_1")
            let store = SQLDataStore(pool: service.server.pool)
            let hash = AccessToken(text: token).hash
            #expect(try await store.session { try await $0.tokens.userID(forTokenHash: token, now: 0) } == nil)
            #expect(try await store.session { try await $0.tokens.userID(forTokenHash: hash, now: 0) } == userID)
            #expect(AccessToken(text: token).hash.count == 64)
            service.advance(seconds: 599)
            #expect(try await service.send(.get, service.userPath("me"), token: token).status == 200)
            service.advance(seconds: 1)
            let expired = try await service.send(.get, service.userPath("me"), token: token)
            #expect(expired.status == 403)
            #expect(expired.errorCode == "WRONG_TOKEN")
            #expect(expired.problems == ["Authorization:invalid_token"])
        }
    }
}
