public import KiiIdentity
import SQLKit

/// The service's users in SQL: every write one transaction on one leased connection, every
/// statement one text for SQLite and PostgreSQL.
///
/// Uniqueness lives in the database: each ``UniquenessKey`` of a user is a row of
/// `identity_keys`, whose primary key is (kind, value). The keys are inserted with
/// `ON CONFLICT DO NOTHING RETURNING kind` in the transaction that writes the user: the kinds
/// that do not come back are the taken ones, all of them at once, and the transaction is
/// rolled back. There is no check-then-insert, so two sign-ups racing for one key cannot both
/// win, on one instance or many.
public struct UserStore: Sendable {
    /// The pool the store runs on.
    public let pool: any DatabasePool

    /// Called at each ``StoreStep`` of a write; a test makes it throw to prove that nothing of a
    /// failed write remains. `nil` in production.
    let hook: (@Sendable (StoreStep) throws -> Void)?

    /// A store on `pool`.
    public init(pool: any DatabasePool, hook: (@Sendable (StoreStep) throws -> Void)? = nil) {
        self.pool = pool
        self.hook = hook
    }

    // MARK: Users

    /// Stores a new user with its keys and verification codes.
    ///
    /// - Throws: ``StoreError/taken(_:)`` with every kind another user holds (nothing written).
    public func create(_ user: StoredUser, keys: [UniquenessKey], codes: [IssuedCode], now: Int64) async throws {
        let hook = hook
        try await pool.transaction { database in
            try await Self.insert(user, now: now, into: database)
            try hook?(.afterUserRow)
            try await Self.take(keys, for: user.userID, in: database)
            try hook?(.afterKeys)
            try await Self.replace(codes, of: user.userID, in: database)
            try hook?(.beforeCommit)
        }
    }

    /// Stores a new pseudo user (no keys) and its first access token.
    public func createPseudoUser(_ user: StoredUser, token: AccessTokenRecord, now: Int64) async throws {
        let hook = hook
        try await pool.transaction { database in
            try await Self.insert(user, now: now, into: database)
            try hook?(.afterUserRow)
            try await Self.insert(token, into: database)
            try hook?(.beforeCommit)
        }
    }

    /// Changes a user in one transaction: reads its row (locked against other writers until the
    /// commit), lets `decide` compute the change from it, then releases the old keys, takes the
    /// new ones and writes the row.
    ///
    /// - Parameter decide: the update's rules; what it throws (a `ValidationError`, a
    ///   ``StoreError``) rolls everything back and is thrown on.
    /// - Returns: the user as stored after the change.
    /// - Throws: ``StoreError/userNotFound``; ``StoreError/taken(_:)``; what `decide` throws.
    public func change(
        userID: String,
        now: Int64,
        _ decide: @escaping @Sendable (StoredUser) throws -> UserChange
    ) async throws -> StoredUser {
        try await change(userID: userID, now: now) { user in (try decide(user), ()) }.user
    }

    /// ``change(userID:now:_:)`` whose `decide` also returns something for the caller (computed
    /// from the locked row, such as codes to send after the commit).
    public func change<Extra: Sendable>(
        userID: String,
        now: Int64,
        _ decide: @escaping @Sendable (StoredUser) throws -> (UserChange, Extra)
    ) async throws -> (user: StoredUser, extra: Extra) {
        let hook = hook
        return try await pool.transaction { database in
            guard let current = try await Self.select(userID, in: database, forUpdate: true) else {
                throw StoreError.userNotFound
            }
            let (change, extra) = try decide(current)
            let updated = StoredUser(
                userID: userID,
                record: change.record,
                passwordHash: change.passwordHash ?? current.passwordHash,
                emailVerified: change.emailVerified,
                phoneVerified: change.phoneVerified
            )
            try await database.raw(
                """
                UPDATE users SET record = \(bind: Self.text(of: updated.record)),
                    password_hash = \(bind: updated.passwordHash), email_verified = \(bind: updated.emailVerified),
                    phone_verified = \(bind: updated.phoneVerified), updated_at = \(bind: now)
                WHERE user_id = \(bind: userID)
                """
            ).run()
            try hook?(.afterUserRow)
            for kind in change.releasedKinds {
                try await database.raw(
                    "DELETE FROM identity_keys WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)"
                ).run()
                try await Self.deleteCode(kind, of: userID, in: database)
            }
            try await Self.take(change.newKeys, for: userID, in: database)
            try hook?(.afterKeys)
            try await Self.replace(change.codes, of: userID, in: database)
            try hook?(.beforeCommit)
            return (updated, extra)
        }
    }

    /// Deletes a user; its keys, tokens and codes go with it (`ON DELETE CASCADE`).
    ///
    /// - Returns: whether there was such a user.
    public func delete(userID: String) async throws -> Bool {
        try await pool.transaction { database in
            let deleted = try await database.raw("DELETE FROM users WHERE user_id = \(bind: userID) RETURNING user_id")
                .all()
            return !deleted.isEmpty
        }
    }

    /// The user with `userID`, or `nil`.
    public func user(_ userID: String) async throws -> StoredUser? {
        try await pool.withConnection { database in try await Self.select(userID, in: database, forUpdate: false) }
    }

    /// The first of `keys` (in their order) that some user holds, with that user.
    public func user(holdingFirstOf keys: [UniquenessKey]) async throws -> (key: UniquenessKey, user: StoredUser)? {
        guard !keys.isEmpty else { return nil }
        return try await pool.withConnection { database in
            for key in keys {
                let row = try await database.raw(
                    """
                    SELECT u.user_id, u.record, u.password_hash, u.email_verified, u.phone_verified
                    FROM identity_keys k JOIN users u ON u.user_id = k.user_id
                    WHERE k.kind = \(bind: key.kind.rawValue) AND k.value = \(bind: key.value)
                    """
                ).first()
                if let row { return (key, try Self.storedUser(row)) }
            }
            return nil
        }
    }

    // MARK: Access tokens

    /// Stores an access token's hash.
    public func insert(_ token: AccessTokenRecord) async throws {
        try await pool.withConnection { database in try await Self.insert(token, into: database) }
    }

    /// The user whose unexpired token has `hash`, or `nil`.
    public func userID(forTokenHash hash: String, now: Int64) async throws -> String? {
        try await pool.withConnection { database in
            try await database.raw(
                "SELECT user_id FROM access_tokens WHERE token_hash = \(bind: hash) AND expires_at > \(bind: now)"
            ).first(decodingColumn: "user_id", as: String.self)
        }
    }

    /// Deletes expired tokens and codes and failure windows older than an hour; returns how many
    /// rows went.
    @discardableResult
    public func sweep(now: Int64) async throws -> Int {
        try await pool.transaction { database in
            let tokens = try await database.raw(
                "DELETE FROM access_tokens WHERE expires_at <= \(bind: now) RETURNING user_id"
            ).all()
            let codes = try await database.raw(
                "DELETE FROM verification_codes WHERE expires_at <= \(bind: now) RETURNING user_id"
            ).all()
            let failures = try await database.raw(
                "DELETE FROM login_failures WHERE window_start <= \(bind: now - 3_600) RETURNING throttle_key"
            ).all()
            return tokens.count + codes.count + failures.count
        }
    }

    // MARK: Verification codes

    /// Marks `kind` verified when `codeHash` is the user's current, unexpired code for the
    /// identifier the user has now; the code is used up.
    ///
    /// - Returns: whether the code was right.
    public func verify(userID: String, kind: LoginKind, codeHash: String, now: Int64) async throws -> Bool {
        try await pool.transaction { database in
            guard let user = try await Self.select(userID, in: database, forUpdate: true),
                let current = user.record.uniquenessKeys[kind],
                let row = try await database.raw(
                    """
                    SELECT value, code_hash, expires_at FROM verification_codes
                    WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)
                    """
                ).first()
            else { return false }
            let value = try row.decode(column: "value", as: String.self)
            let storedHash = try row.decode(column: "code_hash", as: String.self)
            let expiresAt = try row.decode(column: "expires_at", as: Int64.self)
            guard value == current, expiresAt > now, VerificationCode.sameHash(storedHash, codeHash) else {
                return false
            }
            let column = kind == .email ? "email_verified" : "phone_verified"
            try await database.raw(
                "UPDATE users SET \(ident: column) = \(bind: true), updated_at = \(bind: now) WHERE user_id = \(bind: userID)"
            ).run()
            try await Self.deleteCode(kind, of: userID, in: database)
            return true
        }
    }

    // MARK: Failure throttle

    /// The failures counted against `keys` in the window that contains `now` (the most of any
    /// key), and when that window ends.
    public func failures(of keys: [String], now: Int64, window: Int64) async throws -> (count: Int, windowEnd: Int64) {
        guard !keys.isEmpty else { return (0, now) }
        return try await pool.withConnection { database in
            var worst = (count: 0, windowEnd: now)
            for key in keys {
                guard
                    let row = try await database.raw(
                        "SELECT window_start, failures FROM login_failures WHERE throttle_key = \(bind: key)"
                    ).first()
                else { continue }
                let start = try row.decode(column: "window_start", as: Int64.self)
                let failures = try row.decode(column: "failures", as: Int.self)
                if start + window > now, failures > worst.count { worst = (failures, start + window) }
            }
            return worst
        }
    }

    /// Counts one failure against each of `keys`: a key whose window has passed starts a new one.
    public func recordFailure(of keys: [String], now: Int64, window: Int64) async throws {
        let windowStartBefore = now - window
        try await pool.withConnection { database in
            for key in keys {
                try await database.raw(
                    """
                    INSERT INTO login_failures (throttle_key, window_start, failures) VALUES (\(bind: key), \(bind: now), 1)
                    ON CONFLICT (throttle_key) DO UPDATE SET
                        failures = CASE WHEN login_failures.window_start <= \(bind: windowStartBefore) THEN 1
                            ELSE login_failures.failures + 1 END,
                        window_start = CASE WHEN login_failures.window_start <= \(bind: windowStartBefore) THEN \(bind: now)
                            ELSE login_failures.window_start END
                    """
                ).run()
            }
        }
    }

    /// Forgets the failures of `keys` (after a successful login).
    public func clearFailures(of keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await pool.withConnection { database in
            for key in keys {
                try await database.raw("DELETE FROM login_failures WHERE throttle_key = \(bind: key)").run()
            }
        }
    }

    // MARK: Counting (health and tests)

    /// The number of rows of `table` (one of the service's tables).
    public func count(_ table: Table) async throws -> Int {
        try await pool.withConnection { database in
            try await database.raw("SELECT COUNT(*) AS n FROM \(ident: table.rawValue)").first(
                decodingColumn: "n",
                as: Int.self
            ) ?? 0
        }
    }

    /// The service's tables.
    public enum Table: String, Sendable, CaseIterable {
        /// Users.
        case users
        /// Uniqueness keys.
        case identityKeys = "identity_keys"
        /// Access-token hashes.
        case accessTokens = "access_tokens"
        /// Verification-code hashes.
        case verificationCodes = "verification_codes"
        /// The failed-login throttle.
        case loginFailures = "login_failures"
    }

    /// The keys stored for `userID`, in table order.
    public func keys(of userID: String) async throws -> [UniquenessKey] {
        let rows = try await pool.withConnection { database in
            try await database.raw(
                "SELECT kind, value FROM identity_keys WHERE user_id = \(bind: userID) ORDER BY kind"
            ).all()
        }
        let pairs = try rows.map { row in
            (
                kind: try row.decode(column: "kind", as: LoginKind.self),
                value: try row.decode(column: "value", as: String.self)
            )
        }
        return try pairs.sorted { $0.kind < $1.kind }.map { pair in
            guard let key = UniquenessKey(kind: pair.kind, storedValue: pair.value) else {
                throw StoreError.corruptKey(pair.kind)
            }
            return key
        }
    }

    // MARK: Statements

    private static func insert(_ user: StoredUser, now: Int64, into database: any SQLDatabase) async throws {
        try await database.raw(
            """
            INSERT INTO users (user_id, record, password_hash, email_verified, phone_verified, created_at, updated_at)
            VALUES (\(bind: user.userID), \(bind: text(of: user.record)), \(bind: user.passwordHash),
                \(bind: user.emailVerified), \(bind: user.phoneVerified), \(bind: now), \(bind: now))
            """
        ).run()
    }

    private static func insert(_ token: AccessTokenRecord, into database: any SQLDatabase) async throws {
        try await database.raw(
            """
            INSERT INTO access_tokens (token_hash, user_id, expires_at)
            VALUES (\(bind: token.hash), \(bind: token.userID), \(bind: token.expiresAt))
            """
        ).run()
    }

    /// Inserts `keys` for `userID`; the kinds that do not come back are held by someone else.
    /// Keys go in table order in every transaction, so that two PostgreSQL transactions waiting
    /// on each other's keys cannot wait in a circle.
    private static func take(_ keys: [UniquenessKey], for userID: String, in database: any SQLDatabase) async throws {
        guard !keys.isEmpty else { return }
        let ordered = keys.sorted { $0.kind < $1.kind }
        var insert = database.insert(into: "identity_keys").columns("kind", "value", "user_id")
        for key in ordered { insert = insert.values(key.kind.rawValue, key.value, userID) }
        let inserted = try await insert.ignoringConflicts().returning("kind").all(
            decodingColumn: "kind",
            as: String.self
        )
        let taken = ordered.map(\.kind).filter { !inserted.contains($0.rawValue) }
        if !taken.isEmpty { throw StoreError.taken(taken) }
    }

    private static func replace(_ codes: [IssuedCode], of userID: String, in database: any SQLDatabase) async throws {
        for code in codes {
            try await deleteCode(code.kind, of: userID, in: database)
            try await database.raw(
                """
                INSERT INTO verification_codes (user_id, kind, value, code_hash, expires_at)
                VALUES (\(bind: userID), \(bind: code.kind.rawValue), \(bind: code.value), \(bind: code.codeHash),
                    \(bind: code.expiresAt))
                """
            ).run()
        }
    }

    /// Deletes the user's code for `kind`, if any.
    private static func deleteCode(_ kind: LoginKind, of userID: String, in database: any SQLDatabase) async throws {
        try await database.raw(
            "DELETE FROM verification_codes WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)"
        ).run()
    }

    /// Reads a user; `forUpdate` (in a transaction) locks the row until the commit: `FOR UPDATE`
    /// on PostgreSQL, nothing on SQLite, where `BEGIN IMMEDIATE` already holds the only write lock
    /// (SQLKit's SQLite dialect leaves the clause out).
    private static func select(
        _ userID: String,
        in database: any SQLDatabase,
        forUpdate: Bool
    ) async throws -> StoredUser? {
        var select = database.select()
            .columns("user_id", "record", "password_hash", "email_verified", "phone_verified")
            .from("users")
            .where("user_id", .equal, userID)
        if forUpdate { select = select.for(.update) }
        return try await select.first().map(storedUser)
    }

    private static func storedUser(_ row: any SQLRow) throws -> StoredUser {
        let text = try row.decode(column: "record", as: String.self)
        let record: UserRecord
        do {
            record = try UserRecord(json: text)
        } catch {
            throw CorruptRecord(reason: error.description)
        }
        return StoredUser(
            userID: try row.decode(column: "user_id", as: String.self),
            record: record,
            passwordHash: try row.decode(column: "password_hash", as: String?.self),
            emailVerified: try row.decode(column: "email_verified", as: Bool?.self),
            phoneVerified: try row.decode(column: "phone_verified", as: Bool?.self)
        )
    }

    /// A record as the `record` column holds it: compact JSON, members sorted.
    static func text(of record: UserRecord) -> String { JSONValue.object(record.json).description }
}

/// A `record` column that is no longer a valid user (edited by hand, or written by a newer rule
/// set): a 500, logged without the record.
struct CorruptRecord: Error, CustomStringConvertible {
    var reason: String
    var description: String { "stored record is not a valid user: \(reason)" }
}
