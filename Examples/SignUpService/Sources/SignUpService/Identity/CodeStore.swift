import KiiIdentity
import SQLKit

/// The `verification_codes` table (a code for each address waiting for verification) and
/// `password_reset_codes` (a code for each reset asked for): hashes only, each with its expiry.
public struct CodeStore: Sendable {
    /// The pool the store runs on.
    public let pool: any DatabasePool

    /// A store on `pool`.
    public init(pool: any DatabasePool) { self.pool = pool }

    /// Replaces the user's codes of `codes`' kinds (a resend).
    public func issue(_ codes: [IssuedCode], of userID: String) async throws {
        try await pool.transaction { database in try await Self.replace(codes, of: userID, in: database) }
    }

    /// Stores a password reset's code for `userID`, replacing an earlier one.
    public func issueResetCode(hash: String, expiresAt: Int64, of userID: String) async throws {
        try await pool.transaction { database in
            try await Self.deleteResetCode(of: userID, in: database)
            try await database.raw(
                """
                INSERT INTO password_reset_codes (user_id, code_hash, expires_at)
                VALUES (\(bind: userID), \(bind: hash), \(bind: expiresAt))
                """
            ).run()
        }
    }

    /// Deletes expired codes of both tables; returns how many went.
    static func sweep(now: Int64, in database: any SQLDatabase) async throws -> Int {
        let codes = try await database.raw(
            "DELETE FROM verification_codes WHERE expires_at <= \(bind: now) RETURNING user_id"
        ).all()
        let resets = try await database.raw(
            "DELETE FROM password_reset_codes WHERE expires_at <= \(bind: now) RETURNING user_id"
        ).all()
        return codes.count + resets.count
    }

    // MARK: Statements (run inside the user store's transactions)

    /// Stores `codes`, each replacing the user's earlier code of its kind.
    static func replace(_ codes: [IssuedCode], of userID: String, in database: any SQLDatabase) async throws {
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
    static func deleteCode(_ kind: LoginKind, of userID: String, in database: any SQLDatabase) async throws {
        try await database.raw(
            "DELETE FROM verification_codes WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)"
        ).run()
    }

    /// Whether `codeHash` is the user's unexpired code for `kind`, issued for `value` (the
    /// address the user has now).
    static func matches(
        _ kind: LoginKind,
        of userID: String,
        value: String,
        codeHash: String,
        now: Int64,
        in database: any SQLDatabase
    ) async throws -> Bool {
        guard
            let row = try await database.raw(
                """
                SELECT value, code_hash, expires_at FROM verification_codes
                WHERE user_id = \(bind: userID) AND kind = \(bind: kind.rawValue)
                """
            ).first()
        else { return false }
        let storedValue = try row.decode(column: "value", as: String.self)
        let storedHash = try row.decode(column: "code_hash", as: String.self)
        let expiresAt = try row.decode(column: "expires_at", as: Int64.self)
        return storedValue == value && expiresAt > now && VerificationCode.sameHash(storedHash, codeHash)
    }

    /// Whether `codeHash` is the user's unexpired password reset code.
    static func matchesResetCode(
        of userID: String,
        codeHash: String,
        now: Int64,
        in database: any SQLDatabase
    ) async throws -> Bool {
        guard
            let row = try await database.raw(
                "SELECT code_hash, expires_at FROM password_reset_codes WHERE user_id = \(bind: userID)"
            ).first()
        else { return false }
        let storedHash = try row.decode(column: "code_hash", as: String.self)
        let expiresAt = try row.decode(column: "expires_at", as: Int64.self)
        return expiresAt > now && VerificationCode.sameHash(storedHash, codeHash)
    }

    /// Deletes the user's password reset code, if any.
    static func deleteResetCode(of userID: String, in database: any SQLDatabase) async throws {
        try await database.raw("DELETE FROM password_reset_codes WHERE user_id = \(bind: userID)").run()
    }
}
