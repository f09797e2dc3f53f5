import SQLKit

extension StoredHashCosts {
    /// The parameters of the password hashes in `users`, counted by the database: a bcrypt hash's
    /// first 7 characters (`$2b$12$`), an Argon2id hash less its salt and tag (the last 66
    /// characters of the service's hashes: `$argon2id$v=19$m=19456,t=2,p=1$`); other text is left
    /// out.
    static func counted(in pool: any DatabasePool) async throws -> StoredHashCosts {
        let rows = try await pool.withConnection { database in
            try await database.raw(
                """
                SELECT prefix, COUNT(*) AS hashes FROM (
                    SELECT CASE
                        WHEN password_hash LIKE '$2%' THEN SUBSTR(password_hash, 1, 7)
                        WHEN password_hash LIKE '$argon2id$%' AND LENGTH(password_hash) > 66
                            THEN SUBSTR(password_hash, 1, LENGTH(password_hash) - 66)
                        ELSE ''
                    END AS prefix
                    FROM users WHERE password_hash IS NOT NULL
                ) AS stored GROUP BY prefix
                """
            ).all()
        }
        var counts: [HashParameters: Int] = [:]
        for row in rows {
            guard let parameters = HashParameters(ofHash: try row.decode(column: "prefix", as: String.self))
            else { continue }
            counts[parameters, default: 0] += try row.decode(column: "hashes", as: Int.self)
        }
        return StoredHashCosts(counts)
    }
}
