import SQLKit

/// ``ResetCodeRepository`` in SQL.
struct SQLResetCodeRepository: ResetCodeRepository {
    let database: any SQLDatabase

    func replace(hash: String, expiresAt: Int64, of userID: String) async throws {
        try await delete(of: userID)
        try await database.raw(
            """
            INSERT INTO password_reset_codes (user_id, code_hash, expires_at)
            VALUES (\(bind: userID), \(bind: hash), \(bind: expiresAt))
            """
        ).run()
    }

    func code(of userID: String) async throws -> (hash: String, expiresAt: Int64)? {
        guard
            let row = try await database.raw(
                "SELECT code_hash, expires_at FROM password_reset_codes WHERE user_id = \(bind: userID)"
            ).first()
        else { return nil }
        return (
            try row.decode(column: "code_hash", as: String.self), try row.decode(column: "expires_at", as: Int64.self)
        )
    }

    func delete(of userID: String) async throws {
        try await database.raw("DELETE FROM password_reset_codes WHERE user_id = \(bind: userID)").run()
    }
}
