import SQLKit

/// The `login_failures` table: failed attempts counted per key (`login:phone:+14155552671`,
/// `verify:<user>:email`, ...) in one-minute windows, in the database so that every instance
/// sees the same count.
public struct ThrottleStore: Sendable {
    /// The pool the store runs on.
    public let pool: any DatabasePool

    /// A store on `pool`.
    public init(pool: any DatabasePool) { self.pool = pool }

    /// The failures counted against `keys` in the window that contains `now` (the most of any
    /// key), and when that window ends.
    public func failures(of keys: [String], now: Int64, window: Int64) async throws -> (count: Int, windowEnd: Int64) {
        guard !keys.isEmpty else { return (0, now) }
        return try await pool.withConnection { database in
            var worst = (count: 0, windowEnd: now)
            for key in keys {
                guard
                    let row = try await database.raw(
                        "SELECT window_start, failures FROM login_failures WHERE throttle_key = \(bind: key)"
                    ).first()
                else { continue }
                let start = try row.decode(column: "window_start", as: Int64.self)
                let failures = try row.decode(column: "failures", as: Int.self)
                if start + window > now, failures > worst.count { worst = (failures, start + window) }
            }
            return worst
        }
    }

    /// Counts one failure against each of `keys`: a key whose window has passed starts a new one.
    public func recordFailure(of keys: [String], now: Int64, window: Int64) async throws {
        let windowStartBefore = now - window
        try await pool.withConnection { database in
            for key in keys {
                try await database.raw(
                    """
                    INSERT INTO login_failures (throttle_key, window_start, failures) VALUES (\(bind: key), \(bind: now), 1)
                    ON CONFLICT (throttle_key) DO UPDATE SET
                        failures = CASE WHEN login_failures.window_start <= \(bind: windowStartBefore) THEN 1
                            ELSE login_failures.failures + 1 END,
                        window_start = CASE WHEN login_failures.window_start <= \(bind: windowStartBefore) THEN \(bind: now)
                            ELSE login_failures.window_start END
                    """
                ).run()
            }
        }
    }

    /// Forgets the failures of `keys` (after a success).
    public func clearFailures(of keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await pool.withConnection { database in
            for key in keys {
                try await database.raw("DELETE FROM login_failures WHERE throttle_key = \(bind: key)").run()
            }
        }
    }

    /// Deletes windows older than an hour; returns how many went.
    static func sweep(now: Int64, in database: any SQLDatabase) async throws -> Int {
        try await database.raw(
            "DELETE FROM login_failures WHERE window_start <= \(bind: now - 3_600) RETURNING throttle_key"
        ).all().count
    }
}
