import KiiIdentity
import SQLKit
import SignUpService
import Testing

/// A user's live tokens are bounded (`MAX_TOKENS_PER_USER`): a login past the limit ends the
/// user's oldest token, never the one it gives, also when logins arrive at once.
@Suite struct TokenLimitTests {
    static let person = #"{"loginName":"tokens_1","password":"correct horse"}"#

    @Test(arguments: Backend.enabled)
    func aLoginPastTheLimitEndsTheOldestToken(backend: Backend) async throws {
        try await withService(backend, .maxTokensPerUser(3)) { service in
            try await service.signUp(Self.person)
            var tokens: [String] = []
            for _ in 0..<5 {
                tokens.append(try await service.logIn("tokens_1"))
                service.advance(seconds: 1)
            }
            var statuses: [Int] = []
            for token in tokens {
                statuses.append(try await service.send(.get, service.userPath("me"), token: token).status)
            }
            #expect(statuses == [403, 403, 200, 200, 200])
            #expect(try await service.rowCounts()[.accessTokens] == 3)
        }
    }

    @Test(arguments: Backend.enabled)
    func loginsAtOnceLeaveAtMostTheLimitAndEachAnswerWorksWhenGiven(backend: Backend) async throws {
        // Attempts are counted before they are judged: twelve logins at once from one address
        // need a throttle limit above twelve (LOGIN_FAILURES_PER_MINUTE is 5 by default), and,
        // from an address the account does not remember, an account's streak above twelve
        // before the gate holds them (ACCOUNT_FAILURES_BEFORE_DELAY is 10).
        let accountLimits = Setting.adjusted { $0.accountFailuresBeforeDelay = 20 }
        try await withService(backend, .maxTokensPerUser(2), .loginFailuresPerMinute(20), accountLimits) { service in
            try await service.signUp(Self.person)
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<12 { group.addTask { try await service.logIn("tokens_1") } }
                var tokens: [String] = []
                for try await token in group { tokens.append(token) }
                return tokens
            }
            #expect(Set(tokens).count == 12)
            #expect(try await service.rowCounts()[.accessTokens] == 2)
            var working = 0
            for token in tokens where try await service.send(.get, service.userPath("me"), token: token).status == 200 {
                working += 1
            }
            #expect(working == 2)
            // The next login's token works, and the limit still holds.
            let last = try await service.logIn("tokens_1")
            #expect(try await service.send(.get, service.userPath("me"), token: last).status == 200)
            #expect(try await service.rowCounts()[.accessTokens] == 2)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPseudoUsersTokenAndOtherUsersTokensAreNotCounted(backend: Backend) async throws {
        try await withService(backend, .maxTokensPerUser(1)) { service in
            let other = try await service.signUpAndLogIn(
                #"{"loginName":"other_1","password":"correct horse"}"#,
                as: "other_1"
            )
            let pseudo = try await service.pseudoUser()
            try await service.signUp(Self.person)
            let first = try await service.logIn("tokens_1")
            let second = try await service.logIn("tokens_1")
            #expect(try await service.send(.get, service.userPath("me"), token: first).status == 403)
            #expect(try await service.send(.get, service.userPath("me"), token: second).status == 200)
            #expect(try await service.send(.get, service.userPath("me"), token: other.token).status == 200)
            #expect(try await service.send(.get, service.userPath("me"), token: pseudo.token).status == 200)
        }
    }
}
