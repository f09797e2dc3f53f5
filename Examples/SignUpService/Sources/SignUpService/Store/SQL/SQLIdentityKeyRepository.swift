import KiiIdentity
import SQLKit

/// ``IdentityKeyRepository`` in SQL. The keys are inserted with `ON CONFLICT DO NOTHING
/// RETURNING kind` in the transaction that writes the user: the kinds that do not come back are
/// the taken ones, all of them at once, and the transaction is rolled back. There is no
/// check-then-insert, so two sign-ups racing for one key cannot both win, on one instance or
/// many. A username's lookalike key (``Username/lookalikeKey``) is a row of kind `lookalike`
/// under the same primary key, in the same statement: a username whose key another user holds
/// is taken as the username itself would be.
struct SQLIdentityKeyRepository: IdentityKeyRepository {
    let database: any SQLDatabase

    /// Keys go in table order in every transaction (username, email, phone, lookalike), so that
    /// two PostgreSQL transactions waiting on each other's keys cannot wait in a circle.
    func take(_ keys: [UniquenessKey], lookalike: Bool, for userID: String) async throws {
        guard !keys.isEmpty else { return }
        let rows = IdentityKeyRows(keys, lookalike: lookalike)
        var insert = database.insert(into: "identity_keys").columns("kind", "value", "user_id")
        for row in rows.rows { insert = insert.values(row.kind, row.value, userID) }
        let inserted = try await insert.ignoringConflicts().returning("kind").all(
            decodingColumn: "kind",
            as: String.self
        )
        try rows.throwTaken(inserted: Set(inserted))
    }

    func release(_ kind: LoginKind, of userID: String) async throws {
        try await database.raw(
            "DELETE FROM identity_keys WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)"
        ).run()
        if kind == .username {
            try await database.raw(
                "DELETE FROM identity_keys WHERE user_id = \(bind: userID) AND kind = \(bind: IdentityKeyRows.lookalikeKind)"
            ).run()
        }
    }

    func keys(of userID: String) async throws -> [UniquenessKey] {
        let rows = try await database.raw(
            """
            SELECT kind, value FROM identity_keys
            WHERE user_id = \(bind: userID) AND kind <> \(bind: IdentityKeyRows.lookalikeKind) ORDER BY kind
            """
        ).all()
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

    func lookalikeKey(of userID: String) async throws -> String? {
        try await database.raw(
            """
            SELECT value FROM identity_keys WHERE user_id = \(bind: userID) AND kind = \(bind: IdentityKeyRows.lookalikeKind)
            """
        ).first(decodingColumn: "value", as: String.self)
    }
}
