import SQLKit

extension StoredHashCosts {
    /// The costs of the password hashes in `users`, counted by the database (a hash's first 7
    /// characters, `$2b$12$`, hold its cost; other text is left out).
    static func counted(in pool: any DatabasePool) async throws -> StoredHashCosts {
        let rows = try await pool.withConnection { database in
            try await database.raw(
                """
                SELECT SUBSTR(password_hash, 1, 7) AS prefix, COUNT(*) AS hashes FROM users
                WHERE password_hash IS NOT NULL GROUP BY SUBSTR(password_hash, 1, 7)
                """
            ).all()
        }
        var counts: [UInt8: Int] = [:]
        for row in rows {
            guard let cost = cost(of: try row.decode(column: "prefix", as: String.self)) else { continue }
            counts[cost, default: 0] += try row.decode(column: "hashes", as: Int.self)
        }
        return StoredHashCosts(counts)
    }
}
