import KiiIdentity

/// Where the service keeps its data: one repository per table, reached inside a transaction or
/// a session. The use cases own every transaction (``UserAccounts``); ``SQLDataStore`` keeps the
/// tables in SQLite or PostgreSQL, ``MemoryDataStore`` in memory (the use cases' own tests).
protocol DataStore: Sendable {
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws
    /// (and the error thrown on).
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (Tables) async throws -> Result
    ) async throws -> Result

    /// Runs `body` outside a transaction: reads, and the throttle's statements (each atomic).
    func session<Result: Sendable>(
        _ body: @escaping @Sendable (Tables) async throws -> Result
    ) async throws -> Result
}

/// The repositories of one transaction or session, one per table.
struct Tables: Sendable {
    /// `users`.
    let users: any UserRepository
    /// `identity_keys`.
    let keys: any IdentityKeyRepository
    /// `access_tokens`.
    let tokens: any TokenRepository
    /// `verification_codes`.
    let codes: any VerificationCodeRepository
    /// `password_reset_codes`.
    let resetCodes: any ResetCodeRepository
    /// `rate_limits`.
    let limits: any RateLimitRepository
    /// `account_gates`.
    let gates: any AccountGateRepository
    /// `remembered_addresses`.
    let remembered: any RememberedAddressRepository
    /// A test's failure injection at each ``StoreStep`` of a write; `nil` in production.
    let hook: (@Sendable (StoreStep) throws -> Void)?

    /// A write has reached `step` (a test may make it fail there).
    func reached(_ step: StoreStep) throws { try hook?(step) }
}

/// The `users` table: one row a user (its record as JSON text, the password's hash, the
/// verification flags, the times).
protocol UserRepository: Sendable {
    /// Adds a new user's row.
    func insert(_ user: StoredUser) async throws
    /// The user with `userID`; `locking` (in a transaction) holds the row until the commit.
    func user(_ userID: String, locking: Bool) async throws -> StoredUser?
    /// The first of `keys` (in their order) that some user holds, with that user.
    func user(holdingFirstOf keys: [UniquenessKey]) async throws -> (key: UniquenessKey, user: StoredUser)?
    /// Writes `user`'s row as it is now.
    func update(_ user: StoredUser) async throws
    /// Deletes a user: its keys, tokens and codes go with it. Returns whether there was one.
    func delete(_ userID: String) async throws -> Bool
}

/// The `identity_keys` table: the uniqueness keys of users (and a username's lookalike key),
/// unique by (kind, value).
protocol IdentityKeyRepository: Sendable {
    /// Takes `keys` for `userID` (and with `lookalike` the username's lookalike key), all or none.
    ///
    /// - Throws: ``StoreError/taken(_:)`` with every kind another user holds, in table order.
    func take(_ keys: [UniquenessKey], lookalike: Bool, for userID: String) async throws
    /// Releases the user's key of `kind` (a username's lookalike key with it).
    func release(_ kind: LoginKind, of userID: String) async throws
    /// The login keys of `userID`, in table order (not its lookalike key).
    func keys(of userID: String) async throws -> [UniquenessKey]
    /// The lookalike key of `userID`, or `nil`.
    func lookalikeKey(of userID: String) async throws -> String?
}

/// The `access_tokens` table: the hash of each token, its user, when it was issued and expires,
/// and the hash of the refresh token issued with it and when that expires.
protocol TokenRepository: Sendable {
    /// Adds a token.
    func insert(_ token: AccessTokenRecord) async throws
    /// Ends the user's oldest tokens but `keeping` past `limit` (`keeping` always stays).
    func trim(of userID: String, keeping: String, atMost limit: Int) async throws
    /// The user whose unexpired token has `hash`, or `nil`.
    func userID(forTokenHash hash: String, now: Int64) async throws -> String?
    /// Deletes every token of `userID` but the one whose hash is `keeping` (all with `nil`).
    func revoke(of userID: String, except keeping: String?) async throws
    /// The user whose unexpired refresh token has `hash`, or `nil`.
    func userID(forRefreshHash hash: String, now: Int64) async throws -> String?
    /// Deletes the row whose unexpired refresh token has `hash` and returns it, or `nil` when
    /// there is none (a refresh token works once); the refresh token is remembered as spent,
    /// with its family, until it would have expired.
    func takeRefresh(_ hash: String, now: Int64) async throws -> AccessTokenRecord?
    /// The family of the spent, unexpired refresh token with `hash`, or `nil`.
    func spentFamily(ofRefresh hash: String, now: Int64) async throws -> String?
    /// Deletes every row of the session family `family` (RFC 9700, section 4.14.2).
    func revokeFamily(_ family: String) async throws
    /// Deletes the row of the access token with `hash` (and so its refresh token).
    func revoke(token hash: String) async throws
    /// Makes every token of `userID` that works past `latest` stop at `latest` (Unix seconds).
    func cap(of userID: String, expiringBy latest: Int64) async throws
}

/// The `verification_codes` table: a code's hash for each address waiting for verification.
protocol VerificationCodeRepository: Sendable {
    /// Stores `codes`, each replacing the user's earlier code of its kind.
    func replace(_ codes: [IssuedCode], of userID: String) async throws
    /// The user's code for `kind`, or `nil`.
    func code(_ kind: LoginKind, of userID: String) async throws -> IssuedCode?
    /// Deletes the user's code for `kind`, if any.
    func delete(_ kind: LoginKind, of userID: String) async throws
    /// Counts one wrong try against the user's code for `kind` (see
    /// ``VerificationCode/attemptBudget``).
    func countFailure(_ kind: LoginKind, of userID: String) async throws
}

/// The `password_reset_codes` table: a code's hash for each reset asked for.
protocol ResetCodeRepository: Sendable {
    /// Stores a reset code's hash for `userID`, replacing an earlier one.
    func replace(hash: String, expiresAt: Int64, of userID: String) async throws
    /// The user's reset code, or `nil`.
    func code(of userID: String) async throws -> StoredResetCode?
    /// Deletes the user's reset code, if any.
    func delete(of userID: String) async throws
    /// Counts one wrong try against the user's reset code (see
    /// ``VerificationCode/attemptBudget``).
    func countFailure(of userID: String) async throws
}

/// A reset code as the store keeps it: its keyed hash, when it expires, its wrong tries.
struct StoredResetCode: Sendable, Hashable {
    /// The code's hash (``VerificationCode/resetHash(userID:key:)``).
    var hash: String
    /// Unix seconds after which the code is refused.
    var expiresAt: Int64
    /// Wrong tries so far, from any address.
    var failures = 0
}

/// The `rate_limits` table: one theoretical arrival time per key (see ``RateLimit``).
protocol RateLimitRepository: Sendable {
    /// Counts one attempt at `now` (Unix microseconds) against each of `charges` (distinct
    /// keys), in one atomic statement: a key that conforms is charged, one that does not is
    /// left as it is. Returns every key's state after it, in any order.
    func take(_ charges: [RateLimitCharge], now: Int64) async throws -> [RateLimitState]
    /// Gives back one emission interval of each of `keys`; a key whose arrival time is then
    /// `now` or earlier (its full budget) goes.
    func giveBack(_ keys: [String], now: Int64) async throws
    /// Forgets `keys`.
    func clear(_ keys: [String]) async throws
}

/// The `account_gates` table: each account's streak of consecutive failed logins and its gate
/// for strangers (see ``AccountGate``, ``AccountGateRules``).
protocol AccountGateRepository: Sendable {
    /// Judges and counts one attempt on `account` at `now` (Unix microseconds) under `rules`, in
    /// one atomic statement (``AccountGateRules/admit(_:stranger:now:)``); returns the row after
    /// it.
    func admit(
        _ account: String,
        stranger: Bool,
        rules: AccountGateRules,
        now: Int64
    ) async throws
        -> AccountGateState
    /// Takes one attempt off the account's streak (not below 0).
    func giveBack(_ account: String) async throws
    /// Ends the account's streak: its gate open, its delay starting over.
    func clear(_ account: String) async throws
}

/// The `remembered_addresses` table: the addresses each user logged in from lately.
protocol RememberedAddressRepository: Sendable {
    /// Whether `account` remembers `address` at `now` (Unix seconds).
    func remembers(_ address: String, of account: String, now: Int64) async throws -> Bool
    /// Remembers `address` for `userID` until `expiresAt` (Unix seconds), and forgets the user's
    /// others but the `count` latest.
    func remember(_ address: String, of userID: String, until expiresAt: Int64, keeping count: Int) async throws
}
