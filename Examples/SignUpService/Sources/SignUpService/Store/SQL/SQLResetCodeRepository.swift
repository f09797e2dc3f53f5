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

    func code(of userID: String) async throws -> StoredResetCode? {
        guard
            let row = try await database.raw(
                "SELECT code_hash, expires_at, failures FROM password_reset_codes WHERE user_id = \(bind: userID)"
            ).first()
        else { return nil }
        return StoredResetCode(
            hash: try row.decode(column: "code_hash", as: String.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self),
            failures: try row.decode(column: "failures", as: Int.self)
        )
    }

    func countFailure(of userID: String) async throws {
        try await database.raw(
            "UPDATE password_reset_codes SET failures = failures + 1 WHERE user_id = \(bind: userID)"
        ).run()
    }

    func delete(of userID: String) async throws {
        try await database.raw("DELETE FROM password_reset_codes WHERE user_id = \(bind: userID)").run()
    }
}
