import HTTPTypes
import KiiIdentity
import Testing

@testable import SignUpService

/// Kii's refresh at the token endpoint (`grant_type` `refresh_token`): a login that asks for an
/// expiry gets a refresh token; each refresh ends the session it names (its access token and
/// its refresh token) and answers the next one, in the login's shape.
@Suite struct RefreshRouteTests {
    static let person = #"{"loginName":"rita_1","emailAddress":"rita@example.com","password":"correct horse"}"#

    /// A login of rita_1 at `now` whose token lasts `seconds` (`expiresAt`, in milliseconds).
    static func loginBody(for seconds: Int64, at now: Int64 = Harness.start) -> String {
        #"{"username":"rita_1","password":"correct horse","expiresAt":\#((now + seconds) * 1_000)}"#
    }

    /// A refresh's body.
    static func refreshBody(_ refreshToken: String) -> String {
        #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#
    }

    /// The answer to a refresh token that does not work, as Kii's SDKs read it.
    static let wrongRefreshToken = """
        {"errorCode":"WRONG_REFRESH_TOKEN","errors":[{"field":"refresh_token","code":"invalid_refresh_token",\
        "reason":"is not a valid refresh token (unknown, used, revoked or expired): log in again",\
        "message":"refresh_token is not a valid refresh token (unknown, used, revoked or expired): log in again"}],\
        "message":"refresh_token is not a valid refresh token (unknown, used, revoked or expired): log in again"}
        """

    /// Logs rita_1 in for `seconds` and requires a 200 with a refresh token.
    func logIn(_ service: Harness, for seconds: Int64 = 600) async throws -> (token: String, refresh: String) {
        let answer = try await service.send(
            .post,
            Harness.tokenPath,
            json: Self.loginBody(for: seconds, at: service.now)
        )
        try #require(answer.status == 200, "\(answer)")
        return (try #require(answer.string("access_token")), try #require(answer.string("refresh_token")))
    }

    func refresh(_ service: Harness, _ refreshToken: String, path: String = Harness.tokenPath) async throws -> Answer {
        try await service.send(.post, path, json: Self.refreshBody(refreshToken), contentType: KiiType.token)
    }

    @Test(arguments: Backend.enabled)
    func aLoginWithAnExpiryGetsARefreshTokenAndOneWithoutGetsNone(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            let login = try await service.send(.post, Harness.tokenPath, json: Self.loginBody(for: 600))
            #expect(login.status == 200)
            #expect(login.memberNames == ["access_token", "expires_in", "id", "refresh_token", "token_type"])
            #expect(login.string("id") == userID)
            #expect(login["expires_in"] == .integer(600))
            #expect(login.string("token_type") == "Bearer")
            #expect(login.string("refresh_token")?.count == 43)
            #expect(login.string("refresh_token") != login.string("access_token"))
            let plain = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("rita_1"))
            #expect(plain.memberNames == ["access_token", "expires_in", "id", "token_type"])
            let nullExpiry = #"{"username":"rita_1","password":"correct horse","expiresAt":null}"#
            let null = try await service.send(.post, Harness.tokenPath, json: nullExpiry)
            #expect(null.memberNames == ["access_token", "expires_in", "id", "token_type"])
        }
    }

    @Test(arguments: Backend.enabled)
    func aRefreshAnswersNewTokensAndEndsTheOldOnes(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            let first = try await logIn(service)
            service.advance(seconds: 100)
            let answer = try await refresh(service, first.refresh)
            #expect(answer.status == 200)
            #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
            #expect(answer.memberNames == ["access_token", "expires_in", "id", "refresh_token", "token_type"])
            #expect(answer.string("id") == userID)
            #expect(answer.string("token_type") == "Bearer")
            // As long as the token it replaces was given: 600 seconds from the refresh.
            #expect(answer["expires_in"] == .integer(600))
            let token = try #require(answer.string("access_token"))
            let next = try #require(answer.string("refresh_token"))
            #expect(token.count == 43 && next.count == 43)
            #expect(token != first.token && next != first.refresh)
            #expect(try await service.send(.get, service.userPath("me"), token: token).string("userID") == userID)
            let old = try await service.send(.get, service.userPath("me"), token: first.token)
            #expect(old.status == 403)
            #expect(old.errorCode == "WRONG_TOKEN")
            // The next one works, on the app's path too.
            let third = try await refresh(service, next, path: service.appTokenPath)
            #expect(third.status == 200)
            let thirdToken = try #require(third.string("access_token"))
            let thirdRefresh = try #require(third.string("refresh_token"))
            #expect(try await service.rowCounts()[.accessTokens] == 1)
            // A refresh token works once: a used one replayed is refused, and ends its whole
            // family, the session it was rotated into too (RFC 9700, section 4.14.2).
            let again = try await refresh(service, first.refresh)
            #expect(again.status == 403)
            #expect(again.headers[.contentType] == "application/json; charset=utf-8")
            #expect(again.text == Self.wrongRefreshToken)
            #expect(try await service.send(.get, service.userPath("me"), token: thirdToken).status == 403)
            #expect(try await refresh(service, thirdRefresh).status == 403)
            #expect(try await service.rowCounts()[.accessTokens] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func aRefreshWorksAfterItsAccessTokenExpiredAndUntilItsOwnLifetime(backend: Backend) async throws {
        try await withService(backend, .tokenLifetime(3_600), .refreshTokenLifetime(7_200)) { service in
            try await service.signUp(Self.person)
            let first = try await logIn(service, for: 600)
            service.advance(seconds: 601)
            #expect(try await service.send(.get, service.userPath("me"), token: first.token).status == 403)
            // Housekeeping keeps a session whose refresh token still works.
            #expect(try await Housekeeping.sweep(service.server.pool, now: service.now) == 0)
            let answer = try await refresh(service, first.refresh)
            #expect(answer.status == 200)
            #expect(answer["expires_in"] == .integer(600))
            let next = try #require(answer.string("refresh_token"))
            service.advance(seconds: 7_199)
            #expect(try await refresh(service, next).status == 200)
            let last = try await logIn(service, for: 600)
            service.advance(seconds: 7_200)
            let expired = try await refresh(service, last.refresh)
            #expect(expired.status == 403)
            #expect(expired.errorCode == "WRONG_REFRESH_TOKEN")
            // Both sessions, and the two spent refresh tokens remembered until their expiry.
            #expect(try await Housekeeping.sweep(service.server.pool, now: service.now) == 4)
            #expect(try await service.rowCounts()[.accessTokens] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPasswordChangeEndsTheOtherSessionsRefreshTokensAndKeepsTheCallers(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.person)
            let caller = try await logIn(service)
            let other = try await logIn(service)
            let change = try await service.send(
                .put,
                service.userPath("me") + "/password",
                json: #"{"oldPassword":"correct horse","newPassword":"battery staple 2"}"#,
                token: caller.token,
                contentType: KiiType.changePassword
            )
            #expect(change.status == 204)
            #expect(try await refresh(service, other.refresh).errorCode == "WRONG_REFRESH_TOKEN")
            #expect(try await refresh(service, caller.refresh).status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func aCompletedResetADeletionAndTheTokenLimitEndRefreshTokens(backend: Backend) async throws {
        try await withService(backend, .maxTokensPerUser(2)) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            // Past the limit, the oldest session ends with its refresh token.
            let oldest = try await logIn(service)
            service.advance(seconds: 1)
            _ = try await logIn(service)
            service.advance(seconds: 1)
            let kept = try await logIn(service)
            #expect(try await refresh(service, oldest.refresh).status == 403)
            let request = try await service.send(
                .post,
                service.userPath("LOGIN_NAME:rita_1") + "/password/request-reset",
                json: "{}",
                contentType: KiiType.resetRequest
            )
            #expect(request.status == 204)
            let code = try #require(service.resetCode(of: userID))
            let complete = try await service.send(
                .post,
                service.userPath("LOGIN_NAME:rita_1") + "/password/complete-reset",
                json: #"{"pinCode":"\#(code)","newPassword":"correct horse"}"#,
                contentType: KiiType.completeReset
            )
            #expect(complete.status == 204)
            #expect(try await refresh(service, kept.refresh).status == 403)
            let last = try await logIn(service)
            #expect(try await service.send(.delete, service.userPath("me"), token: last.token).status == 204)
            #expect(try await refresh(service, last.refresh).text == Self.wrongRefreshToken)
        }
    }

    @Test(arguments: Backend.enabled)
    func twoRefreshesOfOneTokenAtOnceGiveOneSession(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.person)
            let first = try await logIn(service)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 { group.addTask { try await refresh(service, first.refresh).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [200, 403, 403, 403])
            // The three others presented a spent token: a replay, which ends the family.
            #expect(try await service.rowCounts()[.accessTokens] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func malformedRefreshBodiesAre400AndUnknownTokens403(backend: Backend) async throws {
        try await withService(backend) { service in
            let cases: [(body: String, problems: [String])] = [
                (#"{"grant_type":"refresh_token"}"#, ["refresh_token:missing"]),
                (#"{"grant_type":"refresh_token","refresh_token":7}"#, ["refresh_token:not_a_string"]),
                (#"{"grant_type":"refresh_token","refresh_token":"x","username":"a"}"#, ["json:unknown_member"]),
            ]
            for (body, problems) in cases {
                let answer = try await service.send(.post, Harness.tokenPath, json: body)
                #expect(answer.status == 400, "\(body)")
                #expect(answer.errorCode == "INVALID_INPUT_DATA", "\(body)")
                #expect(answer.problems == problems, "\(body)")
            }
            for unknown in ["", "not-a-token", String(repeating: "A", count: 43)] {
                let answer = try await refresh(service, unknown)
                #expect(answer.status == 403, "\(unknown)")
                #expect(answer.text == Self.wrongRefreshToken, "\(unknown)")
            }
            let japanese = try await service.send(
                .post,
                Harness.tokenPath,
                json: Self.refreshBody("nothing"),
                language: "ja"
            )
            #expect(japanese.status == 403)
            #expect(
                japanese.messages == [
                    "refresh_token が有効なリフレッシュトークンではありません（不明、使用済み、無効化済み、または期限切れ）。もう一度ログインしてください"
                ]
            )
        }
    }
}
