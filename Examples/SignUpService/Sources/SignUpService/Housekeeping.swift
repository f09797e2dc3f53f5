import Logging
import SQLKit
import ServiceLifecycle

/// Every five minutes, deletes expired access tokens (whose refresh tokens have expired too),
/// expired codes (an unverified address whose code expired gives up its key with it), spent
/// refresh tokens past their expiry, rate limits back at their full budget (and the failed-attempt
/// windows of version 7, an hour old), remembered addresses past their 90 days and account gates
/// with nothing to keep (``AccountGate``), so that those tables hold
/// only live rows; and counts the stored password hashes' costs again for the hasher's decoys.
struct Housekeeping: Service {
    let pool: any DatabasePool
    let logger: Logger
    let clock: @Sendable () -> Int64
    var hasher: (any PasswordHashing)? = nil
    var interval: Duration = .seconds(300)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                do {
                    let swept = try await Self.sweep(pool, now: clock())
                    if let hasher { try await hasher.storedHashes(StoredHashCosts.counted(in: pool)) }
                    logger.debug("housekeeping", metadata: ["rows": "\(swept)"])
                } catch {
                    logger.warning(
                        "housekeeping failed",
                        metadata: ["error.type": "\(String(reflecting: type(of: error)))"]
                    )
                }
            }
        }
    }
}

extension Housekeeping {
    /// Deletes what has expired by `now` from every table that expires, in one transaction;
    /// returns how many rows went.
    @discardableResult
    static func sweep(_ pool: any DatabasePool, now: Int64) async throws -> Int {
        try await pool.transaction { database in
            let statements: [SQLQueryString] = [
                """
                DELETE FROM access_tokens WHERE expires_at <= \(bind: now)
                AND COALESCE(refresh_expires_at, 0) <= \(bind: now) RETURNING user_id
                """,
                // An address waiting for verification whose code has expired stops holding its
                // key: nobody squats another person's address (the user asks for a new code).
                """
                DELETE FROM identity_keys WHERE kind IN ('email', 'phone') AND EXISTS (
                    SELECT 1 FROM verification_codes c JOIN users u ON u.user_id = c.user_id
                    WHERE c.user_id = identity_keys.user_id AND c.kind = identity_keys.kind
                    AND c.value = identity_keys.value AND c.expires_at <= \(bind: now)
                    AND ((c.kind = 'email' AND u.email_verified = FALSE)
                        OR (c.kind = 'phone' AND u.phone_verified = FALSE))
                ) RETURNING user_id
                """,
                "DELETE FROM verification_codes WHERE expires_at <= \(bind: now) RETURNING user_id",
                "DELETE FROM spent_refresh_tokens WHERE expires_at <= \(bind: now) RETURNING user_id",
                "DELETE FROM password_reset_codes WHERE expires_at <= \(bind: now) RETURNING user_id",
                "DELETE FROM login_failures WHERE window_start <= \(bind: now - 3_600) RETURNING throttle_key",
                // A key whose arrival time has passed has its full budget: as if it had no row.
                "DELETE FROM rate_limits WHERE tat <= \(bind: now * 1_000_000) RETURNING limit_key",
                "DELETE FROM remembered_addresses WHERE expires_at <= \(bind: now) RETURNING user_id",
                // A streak is forgotten only when nothing is left of it, or its account is no user
                // (an identifier nobody holds, a deleted user), and nobody tried it for 90 days.
                """
                DELETE FROM account_gates WHERE attempted_at <= \(bind: (now - RememberedAddress.lifetime) * 1_000_000)
                AND (streak = 0 OR account NOT IN (SELECT user_id FROM users)) RETURNING account
                """,
            ]
            var swept = 0
            for statement in statements { swept += try await database.raw(statement).all().count }
            return swept
        }
    }
}

/// Stops the password hasher's threads after the server's last request.
struct HasherShutdown: Service {
    let hasher: any PasswordHashing

    func run() async throws {
        try? await gracefulShutdown()
        try await hasher.shutdown()
    }
}
