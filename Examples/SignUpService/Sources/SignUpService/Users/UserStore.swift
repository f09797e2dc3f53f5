public import KiiIdentity
import SQLKit

/// The `users` table and its `identity_keys`, in SQL: every write one transaction on one leased
/// connection, every statement one text for SQLite and PostgreSQL. A write that also touches
/// another table (a new user's verification codes, a pseudo user's first token, a password
/// change's revoked tokens) runs that table's store's statements in the same transaction.
///
/// Uniqueness lives in the database: each ``UniquenessKey`` of a user is a row of
/// `identity_keys`, whose primary key is (kind, value). The keys are inserted with
/// `ON CONFLICT DO NOTHING RETURNING kind` in the transaction that writes the user: the kinds
/// that do not come back are the taken ones, all of them at once, and the transaction is
/// rolled back. There is no check-then-insert, so two sign-ups racing for one key cannot both
/// win, on one instance or many.
///
/// A user with a username also holds a row of kind `lookalike`, the username's lookalike key
/// (``Username/lookalikeKey``: `bob` for `b0b`), under the same primary key and in the same
/// statement: a username whose key another user holds is taken as the username itself would be
/// (``StoreError/taken(_:)`` names ``LoginKind/username``). With
/// ``refusesUsernameLookalikes`` off no such row is written (a changed username still releases
/// its old one).
public struct UserStore: Sendable {
    /// The pool the store runs on.
    public let pool: any DatabasePool

    /// Whether a new username takes its lookalike key too (`USERNAME_LOOKALIKES=refuse`).
    public let refusesUsernameLookalikes: Bool

    /// Called at each ``StoreStep`` of a write; a test makes it throw to prove that nothing of a
    /// failed write remains. `nil` in production.
    let hook: (@Sendable (StoreStep) throws -> Void)?

    /// A store on `pool`; `refusesUsernameLookalikes` as the service's default.
    public init(
        pool: any DatabasePool,
        refusesUsernameLookalikes: Bool = true,
        hook: (@Sendable (StoreStep) throws -> Void)? = nil
    ) {
        self.pool = pool
        self.refusesUsernameLookalikes = refusesUsernameLookalikes
        self.hook = hook
    }

    /// The `kind` of a username's lookalike key in `identity_keys`.
    static let lookalikeKind = "lookalike"

    /// The lookalike key of a stored username key, or `nil` for a value that is no longer a
    /// valid username (written under older rules).
    static func lookalikeKey(ofUsernameKey value: String) -> String? {
        try? Username(value).lookalikeKey
    }

    // MARK: Writes

    /// Stores a new user with its keys and verification codes.
    ///
    /// - Throws: ``StoreError/taken(_:)`` with every kind another user holds (nothing written).
    public func create(_ user: StoredUser, keys: [UniquenessKey], codes: [IssuedCode]) async throws {
        let hook = hook
        let lookalikes = refusesUsernameLookalikes
        try await pool.transaction { database in
            try await Self.insert(user, into: database)
            try hook?(.afterUserRow)
            try await Self.take(keys, lookalike: lookalikes, for: user.userID, in: database)
            try hook?(.afterKeys)
            try await CodeStore.replace(codes, of: user.userID, in: database)
            try hook?(.beforeCommit)
        }
    }

    /// Stores a new pseudo user (no keys) and its first access token.
    public func createPseudoUser(_ user: StoredUser, token: AccessTokenRecord) async throws {
        let hook = hook
        try await pool.transaction { database in
            try await Self.insert(user, into: database)
            try hook?(.afterUserRow)
            try await TokenStore.insert(token, into: database)
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
        let lookalikes = refusesUsernameLookalikes
        return try await pool.transaction { database in
            guard let current = try await Self.select(userID, in: database, forUpdate: true) else {
                throw StoreError.userNotFound
            }
            let (change, extra) = try decide(current)
            var updated = current
            updated.record = change.record
            updated.passwordHash = change.passwordHash ?? current.passwordHash
            updated.emailVerified = change.emailVerified
            updated.phoneVerified = change.phoneVerified
            updated.modifiedAt = now
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
                try await CodeStore.deleteCode(kind, of: userID, in: database)
                if kind == .username {
                    try await database.raw(
                        "DELETE FROM identity_keys WHERE user_id = \(bind: userID) AND kind = \(bind: Self.lookalikeKind)"
                    ).run()
                }
            }
            try await Self.take(change.newKeys, lookalike: lookalikes, for: userID, in: database)
            try hook?(.afterKeys)
            try await CodeStore.replace(change.codes, of: userID, in: database)
            if change.passwordHash != nil, let keeping = change.keepingTokenHash {
                try await TokenStore.revokeTokens(of: userID, except: keeping, in: database)
            }
            try hook?(.beforeCommit)
            return (updated, extra)
        }
    }

    /// Sets a new password hash when `allowed` accepts the user as locked, and revokes the
    /// user's tokens but `keepingTokenHash` (a change keeps the caller's own; a reset keeps none).
    ///
    /// - Parameter allowed: checks the locked user (the current password, a reset code); what it
    ///   throws rolls back and is thrown on.
    /// - Throws: ``StoreError/userNotFound``; what `allowed` throws.
    func setPassword(
        of userID: String,
        to hash: String,
        now: Int64,
        keepingTokenHash: String?,
        allowed: @escaping @Sendable (StoredUser, any SQLDatabase) async throws -> Void
    ) async throws {
        let hook = hook
        try await pool.transaction { database in
            guard let current = try await Self.select(userID, in: database, forUpdate: true) else {
                throw StoreError.userNotFound
            }
            try await allowed(current, database)
            try await database.raw(
                "UPDATE users SET password_hash = \(bind: hash), updated_at = \(bind: now) WHERE user_id = \(bind: userID)"
            ).run()
            try hook?(.afterUserRow)
            try await TokenStore.revokeTokens(of: userID, except: keepingTokenHash, in: database)
            try await CodeStore.deleteResetCode(of: userID, in: database)
            try hook?(.beforeCommit)
        }
    }

    /// Marks `kind` verified when `codeHash` is the user's current, unexpired code for the
    /// identifier the user has now; the code is used up.
    ///
    /// - Returns: whether the code was right.
    public func verify(userID: String, kind: LoginKind, codeHash: String, now: Int64) async throws -> Bool {
        try await pool.transaction { database in
            guard let user = try await Self.select(userID, in: database, forUpdate: true),
                let current = user.record.uniquenessKeys[kind],
                try await CodeStore.matches(
                    kind,
                    of: userID,
                    value: current,
                    codeHash: codeHash,
                    now: now,
                    in: database
                )
            else { return false }
            let column = kind == .email ? "email_verified" : "phone_verified"
            try await database.raw(
                "UPDATE users SET \(ident: column) = \(bind: true), updated_at = \(bind: now) WHERE user_id = \(bind: userID)"
            ).run()
            try await CodeStore.deleteCode(kind, of: userID, in: database)
            return true
        }
    }

    /// Deletes a user; its keys, tokens and codes go with it (`ON DELETE CASCADE`), so its
    /// identifiers are free at once.
    ///
    /// - Returns: whether there was such a user.
    public func delete(userID: String) async throws -> Bool {
        try await pool.transaction { database in
            let deleted = try await database.raw("DELETE FROM users WHERE user_id = \(bind: userID) RETURNING user_id")
                .all()
            return !deleted.isEmpty
        }
    }

    // MARK: Reads

    /// The user with `userID`, or `nil`.
    public func user(_ userID: String) async throws -> StoredUser? {
        try await pool.withConnection { database in try await Self.select(userID, in: database, forUpdate: false) }
    }

    /// The user holding `key`, or `nil`.
    public func user(holding key: UniquenessKey) async throws -> StoredUser? {
        try await user(holdingFirstOf: [key])?.user
    }

    /// The first of `keys` (in their order) that some user holds, with that user.
    public func user(holdingFirstOf keys: [UniquenessKey]) async throws -> (key: UniquenessKey, user: StoredUser)? {
        guard !keys.isEmpty else { return nil }
        return try await pool.withConnection { database in
            for key in keys {
                let row = try await database.raw(
                    """
                    SELECT \(unsafeRaw: Self.columns(prefix: "u."))
                    FROM identity_keys k JOIN users u ON u.user_id = k.user_id
                    WHERE k.kind = \(bind: key.kind.rawValue) AND k.value = \(bind: key.value)
                    """
                ).first()
                if let row { return (key, try Self.storedUser(row)) }
            }
            return nil
        }
    }

    /// The login keys stored for `userID`, in table order (not its lookalike key).
    public func keys(of userID: String) async throws -> [UniquenessKey] {
        let rows = try await pool.withConnection { database in
            try await database.raw(
                """
                SELECT kind, value FROM identity_keys
                WHERE user_id = \(bind: userID) AND kind <> \(bind: Self.lookalikeKind) ORDER BY kind
                """
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

    /// The lookalike key stored for `userID`, or `nil`.
    public func lookalikeKey(of userID: String) async throws -> String? {
        try await pool.withConnection { database in
            try await database.raw(
                "SELECT value FROM identity_keys WHERE user_id = \(bind: userID) AND kind = \(bind: Self.lookalikeKind)"
            ).first(decodingColumn: "value", as: String.self)
        }
    }

    // MARK: Statements

    private static func insert(_ user: StoredUser, into database: any SQLDatabase) async throws {
        try await database.raw(
            """
            INSERT INTO users (user_id, internal_id, record, password_hash, email_verified, phone_verified,
                created_at, updated_at)
            VALUES (\(bind: user.userID), \(bind: user.internalID), \(bind: text(of: user.record)),
                \(bind: user.passwordHash), \(bind: user.emailVerified), \(bind: user.phoneVerified),
                \(bind: user.createdAt), \(bind: user.modifiedAt))
            """
        ).run()
    }

    /// Inserts `keys` for `userID`, and with `lookalike` the username's lookalike key; the kinds
    /// that do not come back are held by someone else (a lookalike key held by someone else is
    /// the username taken). Keys go in table order in every transaction (username, email, phone,
    /// lookalike), so that two PostgreSQL transactions waiting on each other's keys cannot wait
    /// in a circle.
    private static func take(
        _ keys: [UniquenessKey],
        lookalike: Bool,
        for userID: String,
        in database: any SQLDatabase
    ) async throws {
        guard !keys.isEmpty else { return }
        let ordered = keys.sorted { $0.kind < $1.kind }
        var rows = ordered.map { (kind: $0.kind.rawValue, value: $0.value) }
        if lookalike, let username = ordered.first(where: { $0.kind == .username }),
            let key = lookalikeKey(ofUsernameKey: username.value)
        {
            rows.append((kind: lookalikeKind, value: key))
        }
        var insert = database.insert(into: "identity_keys").columns("kind", "value", "user_id")
        for row in rows { insert = insert.values(row.kind, row.value, userID) }
        let inserted = try await insert.ignoringConflicts().returning("kind").all(
            decodingColumn: "kind",
            as: String.self
        )
        var taken = ordered.map(\.kind).filter { !inserted.contains($0.rawValue) }
        if rows.count > ordered.count, !inserted.contains(lookalikeKind), !taken.contains(.username) {
            taken.insert(.username, at: 0)
        }
        if !taken.isEmpty { throw StoreError.taken(taken) }
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
            .columns(columnNames.map { SQLColumn($0) })
            .from("users")
            .where("user_id", .equal, userID)
        if forUpdate { select = select.for(.update) }
        return try await select.first().map(storedUser)
    }

    /// The columns of a ``StoredUser``.
    private static let columnNames = [
        "user_id", "internal_id", "record", "password_hash", "email_verified", "phone_verified", "created_at",
        "updated_at",
    ]

    /// ``columnNames`` as a select list, each after `prefix` (`u.`).
    private static func columns(prefix: String) -> String {
        columnNames.map { prefix + $0 }.joined(separator: ", ")
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
            internalID: try row.decode(column: "internal_id", as: Int64.self),
            record: record,
            passwordHash: try row.decode(column: "password_hash", as: String?.self),
            emailVerified: try row.decode(column: "email_verified", as: Bool?.self),
            phoneVerified: try row.decode(column: "phone_verified", as: Bool?.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            modifiedAt: try row.decode(column: "updated_at", as: Int64.self)
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
