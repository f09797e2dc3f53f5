import KiiIdentity
import SQLKit

/// ``UserRepository`` in SQL. A row is read back without the library's rules: the record was
/// valid when written (see ``StoredUser/record(fromStoredText:)``).
struct SQLUserRepository: UserRepository {
    let database: any SQLDatabase

    func insert(_ user: StoredUser) async throws {
        try await database.raw(
            """
            INSERT INTO users (user_id, internal_id, record, password_hash, email_verified, phone_verified,
                created_at, updated_at)
            VALUES (\(bind: user.userID), \(bind: user.internalID), \(bind: StoredUser.text(of: user.record)),
                \(bind: user.passwordHash), \(bind: user.emailVerified), \(bind: user.phoneVerified),
                \(bind: user.createdAt), \(bind: user.modifiedAt))
            """
        ).run()
    }

    /// `locking`: `FOR UPDATE` on PostgreSQL; nothing on SQLite, where `BEGIN IMMEDIATE` already
    /// holds the only write lock (SQLKit's SQLite dialect leaves the clause out).
    func user(_ userID: String, locking: Bool) async throws -> StoredUser? {
        var select = database.select()
            .columns(Self.columnNames.map { SQLColumn($0) })
            .from("users")
            .where("user_id", .equal, userID)
        if locking { select = select.for(.update) }
        return try await select.first().map(Self.storedUser)
    }

    func user(holdingFirstOf keys: [UniquenessKey]) async throws -> (key: UniquenessKey, user: StoredUser)? {
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

    func update(_ user: StoredUser) async throws {
        try await database.raw(
            """
            UPDATE users SET record = \(bind: StoredUser.text(of: user.record)),
                password_hash = \(bind: user.passwordHash), email_verified = \(bind: user.emailVerified),
                phone_verified = \(bind: user.phoneVerified), updated_at = \(bind: user.modifiedAt)
            WHERE user_id = \(bind: user.userID)
            """
        ).run()
    }

    /// Its keys, tokens and codes go with it (`ON DELETE CASCADE`).
    func delete(_ userID: String) async throws -> Bool {
        !(try await database.raw("DELETE FROM users WHERE user_id = \(bind: userID) RETURNING user_id").all().isEmpty)
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
        StoredUser(
            userID: try row.decode(column: "user_id", as: String.self),
            internalID: try row.decode(column: "internal_id", as: Int64.self),
            record: try StoredUser.record(fromStoredText: try row.decode(column: "record", as: String.self)),
            passwordHash: try row.decode(column: "password_hash", as: String?.self),
            emailVerified: try row.decode(column: "email_verified", as: Bool?.self),
            phoneVerified: try row.decode(column: "phone_verified", as: Bool?.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            modifiedAt: try row.decode(column: "updated_at", as: Int64.self)
        )
    }
}
