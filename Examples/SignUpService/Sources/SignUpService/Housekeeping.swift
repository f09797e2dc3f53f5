import Logging
import SQLKit
import ServiceLifecycle

/// Every five minutes, deletes expired access tokens (whose refresh tokens have expired too),
/// expired codes and spent failed-attempt windows, so that those tables hold only live rows;
/// and counts the stored password hashes' costs again for the hasher's decoys.
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
                "DELETE FROM verification_codes WHERE expires_at <= \(bind: now) RETURNING user_id",
                "DELETE FROM password_reset_codes WHERE expires_at <= \(bind: now) RETURNING user_id",
                "DELETE FROM login_failures WHERE window_start <= \(bind: now - 3_600) RETURNING throttle_key",
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
