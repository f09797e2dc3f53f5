import SQLKit

/// The `access_tokens` table: the SHA-256 of each token, its user, when it was issued and when
/// it expires (Unix seconds).
public struct TokenStore: Sendable {
    /// The pool the store runs on.
    public let pool: any DatabasePool

    /// A store on `pool`.
    public init(pool: any DatabasePool) { self.pool = pool }

    /// Stores a token's hash, and ends the user's oldest tokens beyond `limit` (the new one
    /// always stays), in one transaction that holds the user's row: concurrent logins cannot
    /// leave more than `limit`.
    public func insert(_ token: AccessTokenRecord, keepingAtMost limit: Int) async throws {
        try await pool.transaction { database in
            _ = try await database.select().column("user_id").from("users")
                .where("user_id", .equal, token.userID).for(.update).first()
            try await Self.insert(token, into: database)
            try await database.raw(
                """
                DELETE FROM access_tokens WHERE user_id = \(bind: token.userID) AND token_hash <> \(bind: token.hash)
                AND token_hash NOT IN (
                    SELECT token_hash FROM access_tokens WHERE user_id = \(bind: token.userID) AND token_hash <> \(bind: token.hash)
                    ORDER BY issued_at DESC, token_hash DESC LIMIT \(bind: max(0, limit - 1))
                )
                """
            ).run()
        }
    }

    /// The user whose unexpired token has `hash`, or `nil`.
    public func userID(forTokenHash hash: String, now: Int64) async throws -> String? {
        try await pool.withConnection { database in
            try await database.raw(
                "SELECT user_id FROM access_tokens WHERE token_hash = \(bind: hash) AND expires_at > \(bind: now)"
            ).first(decodingColumn: "user_id", as: String.self)
        }
    }

    /// Deletes expired tokens; returns how many went.
    static func sweep(now: Int64, in database: any SQLDatabase) async throws -> Int {
        try await database.raw("DELETE FROM access_tokens WHERE expires_at <= \(bind: now) RETURNING user_id").all()
            .count
    }

    // MARK: Statements (also run inside the user store's transactions)

    static func insert(_ token: AccessTokenRecord, into database: any SQLDatabase) async throws {
        try await database.raw(
            """
            INSERT INTO access_tokens (token_hash, user_id, expires_at, issued_at)
            VALUES (\(bind: token.hash), \(bind: token.userID), \(bind: token.expiresAt), \(bind: token.issuedAt))
            """
        ).run()
    }

    /// Deletes every token of `userID` but the one whose hash is `keeping` (all with `nil`).
    static func revokeTokens(of userID: String, except keeping: String?, in database: any SQLDatabase) async throws {
        if let keeping {
            try await database.raw(
                "DELETE FROM access_tokens WHERE user_id = \(bind: userID) AND token_hash <> \(bind: keeping)"
            ).run()
        } else {
            try await database.raw("DELETE FROM access_tokens WHERE user_id = \(bind: userID)").run()
        }
    }
}
