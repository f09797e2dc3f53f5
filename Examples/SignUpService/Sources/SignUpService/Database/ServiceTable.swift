import SQLKit

/// The service's tables, by name (for counting, in health checks and tests).
public enum ServiceTable: String, Sendable, CaseIterable {
    /// Users.
    case users
    /// Uniqueness keys.
    case identityKeys = "identity_keys"
    /// Access-token hashes.
    case accessTokens = "access_tokens"
    /// Verification-code hashes.
    case verificationCodes = "verification_codes"
    /// Password-reset-code hashes.
    case passwordResetCodes = "password_reset_codes"
    /// The rate limits (the failed-attempt throttle, the lookup budgets).
    case rateLimits = "rate_limits"
}

extension DatabasePool {
    /// The number of rows of `table`.
    public func count(_ table: ServiceTable) async throws -> Int {
        try await withConnection { database in
            try await database.raw("SELECT COUNT(*) AS n FROM \(ident: table.rawValue)").first(
                decodingColumn: "n",
                as: Int.self
            ) ?? 0
        }
    }
}
