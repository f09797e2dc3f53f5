import SQLKit

/// ``TokenRepository`` in SQL.
struct SQLTokenRepository: TokenRepository {
    let database: any SQLDatabase

    func insert(_ token: AccessTokenRecord) async throws {
        try await database.raw(
            """
            INSERT INTO access_tokens (token_hash, user_id, expires_at, issued_at, refresh_hash, refresh_expires_at,
                family)
            VALUES (\(bind: token.hash), \(bind: token.userID), \(bind: token.expiresAt), \(bind: token.issuedAt),
                    \(bind: token.refreshHash), \(bind: token.refreshExpiresAt), \(bind: token.family))
            """
        ).run()
    }

    func trim(of userID: String, keeping: String, atMost limit: Int) async throws {
        try await database.raw(
            """
            DELETE FROM access_tokens WHERE user_id = \(bind: userID) AND token_hash <> \(bind: keeping)
            AND token_hash NOT IN (
                SELECT token_hash FROM access_tokens WHERE user_id = \(bind: userID) AND token_hash <> \(bind: keeping)
                ORDER BY issued_at DESC, token_hash DESC LIMIT \(bind: max(0, limit - 1))
            )
            """
        ).run()
    }

    func userID(forTokenHash hash: String, now: Int64) async throws -> String? {
        try await database.raw(
            "SELECT user_id FROM access_tokens WHERE token_hash = \(bind: hash) AND expires_at > \(bind: now)"
        ).first(decodingColumn: "user_id", as: String.self)
    }

    func revoke(of userID: String, except keeping: String?) async throws {
        if let keeping {
            try await database.raw(
                "DELETE FROM access_tokens WHERE user_id = \(bind: userID) AND token_hash <> \(bind: keeping)"
            ).run()
        } else {
            try await database.raw("DELETE FROM access_tokens WHERE user_id = \(bind: userID)").run()
        }
    }

    func userID(forRefreshHash hash: String, now: Int64) async throws -> String? {
        try await database.raw(
            "SELECT user_id FROM access_tokens WHERE refresh_hash = \(bind: hash) AND refresh_expires_at > \(bind: now)"
        ).first(decodingColumn: "user_id", as: String.self)
    }

    func takeRefresh(_ hash: String, now: Int64) async throws -> AccessTokenRecord? {
        let row = try await database.raw(
            """
            DELETE FROM access_tokens WHERE refresh_hash = \(bind: hash) AND refresh_expires_at > \(bind: now)
            RETURNING token_hash, user_id, expires_at, issued_at, refresh_expires_at, family
            """
        ).first()
        guard let row else { return nil }
        let record = AccessTokenRecord(
            hash: try row.decode(column: "token_hash", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            expiresAt: try row.decode(column: "expires_at", as: Int64.self),
            issuedAt: try row.decode(column: "issued_at", as: Int64.self),
            refreshHash: hash,
            refreshExpiresAt: try row.decode(column: "refresh_expires_at", as: Int64?.self),
            family: try row.decode(column: "family", as: String?.self)
        )
        try await database.raw(
            """
            INSERT INTO spent_refresh_tokens (refresh_hash, family, user_id, expires_at)
            VALUES (\(bind: hash), \(bind: record.family ?? record.hash), \(bind: record.userID),
                    \(bind: record.refreshExpiresAt ?? now))
            """
        ).run()
        return record
    }

    func spentFamily(ofRefresh hash: String, now: Int64) async throws -> String? {
        try await database.raw(
            """
            SELECT family FROM spent_refresh_tokens WHERE refresh_hash = \(bind: hash) AND expires_at > \(bind: now)
            """
        ).first(decodingColumn: "family", as: String.self)
    }

    func revokeFamily(_ family: String) async throws {
        try await database.raw(
            "DELETE FROM access_tokens WHERE family = \(bind: family) OR token_hash = \(bind: family)"
        ).run()
    }

    func revoke(token hash: String) async throws {
        try await database.raw("DELETE FROM access_tokens WHERE token_hash = \(bind: hash)").run()
    }

    func cap(of userID: String, expiringBy latest: Int64) async throws {
        try await database.raw(
            """
            UPDATE access_tokens SET expires_at = \(bind: latest)
            WHERE user_id = \(bind: userID) AND expires_at > \(bind: latest)
            """
        ).run()
    }
}
