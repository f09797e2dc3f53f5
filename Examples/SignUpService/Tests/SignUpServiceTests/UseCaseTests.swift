import KiiIdentity
import NIOConcurrencyHelpers
import Testing

@testable import SignUpService

/// The use cases on the tables in memory (``MemoryDataStore``), without HTTP or a database:
/// each owns its transaction and the throttle's take and settle.
@Suite struct UseCaseTests {
    /// A hasher that is not bcrypt: the use cases' logic, fast.
    struct PlainHasher: PasswordHashing {
        func hash(_ password: String) async throws -> String { "plain:" + password }
        func verify(_ password: String, against hash: String?) async throws -> Bool { hash == "plain:" + password }
        func shutdown() async throws {}
    }

    /// Use cases on empty tables, the codes they deliver, and a failure switch for writes.
    struct Fixture {
        let accounts: UserAccounts
        let messages: NIOLockedValueBox<[CodeMessage]>
        let failAt: NIOLockedValueBox<StoreStep?>

        init(verification: Bool = false) {
            let messages = NIOLockedValueBox<[CodeMessage]>([])
            let failAt = NIOLockedValueBox<StoreStep?>(nil)
            var configuration = ServiceConfiguration()
            configuration.policy.emailVerification = verification
            // Kii's rule (`PASSWORD_POLICY=kii`), as the harness: these users have Kii-sized passwords.
            configuration.policy.passwordPolicy = .kii
            let store = MemoryDataStore { step in
                if failAt.withLockedValue({ $0 }) == step { throw InjectedFailure(step: step) }
            }
            accounts = UserAccounts(
                store: store,
                hasher: PlainHasher(),
                configuration: configuration,
                delivery: VerificationDelivery { message in messages.withLockedValue { $0.append(message) } },
                codeKey: CodeKey(secret: "a test's secret of 32 characters"),
                clock: { 1_800_000_000 }
            )
            self.messages = messages
            self.failAt = failAt
        }

        func signUp(_ json: String) async throws -> StoredUser {
            try await accounts.signUp(try Registration(json: json, policy: accounts.policy), from: "203.0.113.7")
        }

        /// A login whose token lasts a day; with `refreshable`, a refresh token for 30 days.
        func logIn(_ identifier: String, _ password: String, refreshable: Bool = false) async throws -> TokenGrant {
            try await accounts.logIn(
                try LoginLookup(identifier, country: nil, policy: accounts.policy),
                password: password,
                expiresAt: 1_800_086_400,
                refreshExpiresAt: refreshable ? 1_802_592_000 : nil,
                from: "203.0.113.7"
            )
        }

        /// A refresh at the accounts' clock, as the token route's.
        func refresh(_ refreshToken: AccessToken) async throws -> TokenGrant {
            try await accounts.refresh(refreshToken, now: accounts.clock())
        }
    }

    @Test func signUpThenLogInThenTheTokenNamesTheCaller() async throws {
        let fixture = Fixture()
        let ann = try await fixture.signUp(
            #"{"loginName":"ann_1","emailAddress":"ann@example.com","password":"pw123456"}"#
        )
        let login = try await fixture.logIn("EMAIL:ann@example.com", "pw123456")
        #expect(login.userID == ann.userID)
        #expect(try await fixture.accounts.caller(of: login.token).userID == ann.userID)
        let keys = try await UserStore(store: fixture.accounts.store).keys(of: ann.userID).map(\.description)
        #expect(keys == ["username=ann_1", "email=ann@example.com"])
    }

    @Test func takenIdentifiersAndLookalikesAreRefusedAllAtOnce() async throws {
        let fixture = Fixture()
        _ = try await fixture.signUp(#"{"loginName":"bob","emailAddress":"bob@example.com","password":"pw123456"}"#)
        await #expect(throws: StoreError.taken([.username, .email])) {
            _ = try await fixture.signUp(#"{"loginName":"b0b","emailAddress":"bob@Example.com","password":"pw123456"}"#)
        }
    }

    @Test(arguments: StoreStep.allCases)
    func aFailedSignUpLeavesNothing(step: StoreStep) async throws {
        let fixture = Fixture()
        fixture.failAt.withLockedValue { $0 = step }
        await #expect(throws: InjectedFailure(step: step)) {
            _ = try await fixture.signUp(#"{"loginName":"cat","password":"pw123456"}"#)
        }
        fixture.failAt.withLockedValue { $0 = nil }
        _ = try await fixture.signUp(#"{"loginName":"cat","password":"pw123456"}"#)
    }

    @Test func anAddressChangeWaitsForItsCodeAndTheCodeVerifiesIt() async throws {
        let fixture = Fixture(verification: true)
        let dan = try await fixture.signUp(#"{"loginName":"dan","password":"pw123456"}"#)
        try await fixture.accounts.changeAddress(of: dan.userID, .emailAddress, to: "dan@example.com")
        let code = try #require(fixture.messages.withLockedValue { $0.last }?.code.digits)
        await #expect(throws: ServiceFailure.self) {
            try await fixture.accounts.verify(
                .email,
                of: dan.userID,
                code: "000000" == code ? "111111" : "000000",
                from: "a"
            )
        }
        try await fixture.accounts.verify(.email, of: dan.userID, code: code, from: "a")
        #expect(try await UserStore(store: fixture.accounts.store).user(dan.userID)?.emailVerified == true)
    }

    @Test func aPasswordChangeKeepsTheCallersTokenOnlyAndDeletionFreesTheIdentifiers() async throws {
        let fixture = Fixture()
        let eve = try await fixture.signUp(#"{"loginName":"eve","password":"pw123456"}"#)
        let first = try await fixture.logIn("eve", "pw123456", refreshable: true)
        let second = try await fixture.logIn("eve", "pw123456", refreshable: true)
        let caller = try await fixture.accounts.caller(of: second.token)
        try await fixture.accounts.changePassword(
            of: caller,
            from: "pw123456",
            to: "new pw 1",
            address: "a"
        )
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.accounts.caller(of: first.token) }
        #expect(try await fixture.accounts.caller(of: second.token).userID == eve.userID)
        // The other session's refresh token ends with it; the caller's works, and ends with the user.
        let firstRefresh = try #require(first.refreshToken)
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.refresh(firstRefresh) }
        let refreshed = try await fixture.refresh(try #require(second.refreshToken))
        try await fixture.accounts.delete(try await fixture.accounts.caller(of: refreshed.token))
        let lastRefresh = try #require(refreshed.refreshToken)
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.refresh(lastRefresh) }
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.accounts.caller(of: second.token) }
        _ = try await fixture.signUp(#"{"loginName":"eve","password":"pw123456"}"#)
    }

    @Test func failedLoginsAreThrottledPerIdentifierAndAddress() async throws {
        let fixture = Fixture()
        _ = try await fixture.signUp(#"{"loginName":"fay","password":"pw123456"}"#)
        for _ in 0..<5 {
            await #expect(throws: ServiceFailure.self) {
                _ = try await fixture.logIn("fay", "wrong")
            }
        }
        do {
            _ = try await fixture.logIn("fay", "pw123456")
            Issue.record("a sixth attempt passed")
        } catch let failure as ServiceFailure {
            #expect(failure.status == .tooManyRequests)
        }
    }

    @Test func aResetCodeSetsThePasswordAndEndsEveryToken() async throws {
        let fixture = Fixture()
        let gus = try await fixture.signUp(
            #"{"loginName":"gus","emailAddress":"gus@example.com","password":"pw123456"}"#
        )
        let login = try await fixture.logIn("gus", "pw123456")
        try await fixture.accounts.requestPasswordReset(of: .id(gus.userID), by: .email, from: "a")
        let code = try #require(fixture.messages.withLockedValue { $0.last }?.code.digits)
        try await fixture.accounts.completePasswordReset(
            of: .id(gus.userID),
            pinCode: code,
            newPassword: "new pw 1",
            from: "a"
        )
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.accounts.caller(of: login.token) }
        _ = try await fixture.logIn("gus", "new pw 1")
    }

    @Test func aRefreshRotatesTheSessionAndEachRefreshTokenWorksOnce() async throws {
        let fixture = Fixture()
        let ida = try await fixture.signUp(#"{"loginName":"ida","password":"pw123456"}"#)
        #expect(try await fixture.logIn("ida", "pw123456").refreshToken == nil)
        let login = try await fixture.logIn("ida", "pw123456", refreshable: true)
        let refreshToken = try #require(login.refreshToken)
        let next = try await fixture.refresh(refreshToken)
        #expect(next.userID == ida.userID)
        #expect(next.record.expiresAt == 1_800_086_400)
        #expect(next.record.refreshExpiresAt == 1_802_592_000)
        #expect(try await fixture.accounts.caller(of: next.token).userID == ida.userID)
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.accounts.caller(of: login.token) }
        let nextHash = try #require(next.refreshToken).hash
        func stored() async throws -> String? {
            try await fixture.accounts.store.session { tables in
                try await tables.tokens.userID(forRefreshHash: nextHash, now: 1_800_000_000)
            }
        }
        #expect(try await stored() == ida.userID)
        // Used once: replayed, it is refused and ends the session it was rotated into.
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.refresh(refreshToken) }
        #expect(try await stored() == nil)
        await #expect(throws: ServiceFailure.self) { _ = try await fixture.accounts.caller(of: next.token) }
    }
}
