import KiiIdentity
import NIOConcurrencyHelpers

/// The service's tables in memory, for the use cases' own tests: the same repositories as
/// ``SQLDataStore``, over dictionaries. Transactions take turns (one at a time, in order); a
/// transaction works on a copy of the tables that replaces them when it returns, so a failure
/// leaves nothing behind, as a rollback would.
final class MemoryDataStore: DataStore {
    /// The tables' rows.
    struct Rows: Sendable {
        var users: [String: StoredUser] = [:]
        /// `identity_keys`: the holder of each (kind, value).
        var keys: [MemoryKey: String] = [:]
        var tokens: [String: AccessTokenRecord] = [:]
        /// `spent_refresh_tokens`: each spent refresh token's family, user and expiry, by hash.
        var spentRefresh: [String: (family: String, userID: String, expiresAt: Int64)] = [:]
        /// `verification_codes`, by user and kind.
        var codes: [MemoryKey: IssuedCode] = [:]
        var resetCodes: [String: StoredResetCode] = [:]
        /// `rate_limits`: each key's theoretical arrival time and emission interval.
        var limits: [String: (arrival: Int64, emission: Int64)] = [:]
        /// `account_gates`, by account.
        var gates: [String: AccountGateState] = [:]
        /// `remembered_addresses`: when each (user, address) is forgotten, Unix seconds.
        var remembered: [MemoryKey: Int64] = [:]
    }

    private let rows = NIOLockedValueBox(Rows())
    private let turnstile = Turnstile()
    private let hook: (@Sendable (StoreStep) throws -> Void)?

    /// Empty tables; `hook` is a test's failure injection.
    init(hook: (@Sendable (StoreStep) throws -> Void)? = nil) { self.hook = hook }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (Tables) async throws -> Result
    ) async throws -> Result {
        await turnstile.enter()
        defer { turnstile.leave() }
        let working = MemoryTables(rows: rows.withLockedValue { $0 })
        let result = try await body(working.tables(hook: hook))
        let written = working.rows
        rows.withLockedValue { $0 = written }
        return result
    }

    func session<Result: Sendable>(
        _ body: @escaping @Sendable (Tables) async throws -> Result
    ) async throws -> Result {
        try await transaction(body)
    }
}

/// A pair of strings as a dictionary key: (kind, value) of an identity key, (user, kind) of a code.
struct MemoryKey: Hashable, Sendable {
    var first: String
    var second: String
}

/// The working copy of one transaction (only that transaction reaches it: the store's
/// turnstile lets one in at a time).
final class MemoryTables: @unchecked Sendable {
    var rows: MemoryDataStore.Rows

    init(rows: MemoryDataStore.Rows) { self.rows = rows }

    func tables(hook: (@Sendable (StoreStep) throws -> Void)?) -> Tables {
        Tables(
            users: MemoryUserRepository(tables: self),
            keys: MemoryIdentityKeyRepository(tables: self),
            tokens: MemoryTokenRepository(tables: self),
            codes: MemoryVerificationCodeRepository(tables: self),
            resetCodes: MemoryResetCodeRepository(tables: self),
            limits: MemoryRateLimitRepository(tables: self),
            gates: MemoryAccountGateRepository(tables: self),
            remembered: MemoryRememberedAddressRepository(tables: self),
            hook: hook
        )
    }
}
