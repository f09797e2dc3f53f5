import KiiIdentity
import SQLKit

/// ``VerificationCodeRepository`` in SQL.
struct SQLVerificationCodeRepository: VerificationCodeRepository {
    let database: any SQLDatabase

    func replace(_ codes: [IssuedCode], of userID: String) async throws {
        for code in codes {
            try await delete(code.kind, of: userID)
            try await database.raw(
                """
                INSERT INTO verification_codes (user_id, kind, value, code_hash, expires_at)
                VALUES (\(bind: userID), \(bind: code.kind.rawValue), \(bind: code.value), \(bind: code.codeHash),
                    \(bind: code.expiresAt))
                """
            ).run()
        }
    }

    func code(_ kind: LoginKind, of userID: String) async throws -> IssuedCode? {
        guard
            let row = try await database.raw(
                """
                SELECT value, code_hash, expires_at, failures FROM verification_codes
                WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)
                """
            ).first()
        else { return nil }
        return IssuedCode(
            kind: kind,
            value: try row.decode(column: "value", as: String.self),
            codeHash: try row.decode(column: "code_hash", as: String.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self),
            failures: try row.decode(column: "failures", as: Int.self)
        )
    }

    func delete(_ kind: LoginKind, of userID: String) async throws {
        try await database.raw(
            "DELETE FROM verification_codes WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)"
        ).run()
    }

    func countFailure(_ kind: LoginKind, of userID: String) async throws {
        try await database.raw(
            """
            UPDATE verification_codes SET failures = failures + 1
            WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)
            """
        ).run()
    }
}
