import SQLKit

/// The service's tables in SQL (SQLite or PostgreSQL, one text for both), on a pool: a
/// transaction is one leased connection (``DatabasePool/transaction(bounded:_:)``).
struct SQLDataStore: DataStore {
    /// The pool it runs on.
    let pool: any DatabasePool
    /// A test's failure injection at each step of a write.
    let hook: (@Sendable (StoreStep) throws -> Void)?

    /// A store on `pool`; `hook` is a test's failure injection.
    init(pool: any DatabasePool, hook: (@Sendable (StoreStep) throws -> Void)? = nil) {
        self.pool = pool
        self.hook = hook
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (Tables) async throws -> Result
    ) async throws -> Result {
        let hook = hook
        return try await pool.transaction { database in try await body(Self.tables(database, hook: hook)) }
    }

    func session<Result: Sendable>(
        _ body: @escaping @Sendable (Tables) async throws -> Result
    ) async throws -> Result {
        let hook = hook
        return try await pool.withConnection { database in try await body(Self.tables(database, hook: hook)) }
    }

    /// The repositories on one connection.
    static func tables(_ database: any SQLDatabase, hook: (@Sendable (StoreStep) throws -> Void)?) -> Tables {
        Tables(
            users: SQLUserRepository(database: database),
            keys: SQLIdentityKeyRepository(database: database),
            tokens: SQLTokenRepository(database: database),
            codes: SQLVerificationCodeRepository(database: database),
            resetCodes: SQLResetCodeRepository(database: database),
            limits: SQLRateLimitRepository(database: database),
            gates: SQLAccountGateRepository(database: database),
            remembered: SQLRememberedAddressRepository(database: database),
            hook: hook
        )
    }
}
