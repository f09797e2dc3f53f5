import SQLKit

/// The `login_failures` table: attempts counted per key in one-minute windows, in the database
/// so that every instance sees the same count. The keys are a subject with the client's address
/// (`login:phone:+14155552671@203.0.113.7`, `reset:<user>@…`) and the address alone
/// (`address:203.0.113.7`); see ``Throttle/take(_:of:context:field:)``.
public struct ThrottleStore: Sendable {
    /// The pool the store runs on.
    public let pool: any DatabasePool

    /// A store on `pool`.
    public init(pool: any DatabasePool) { self.pool = pool }

    /// Takes one attempt against each of `keys`, each in one atomic statement, before the
    /// attempt is judged: concurrent attempts cannot all pass a check made before any of them
    /// was counted. A key whose window has passed starts a new one.
    ///
    /// - Returns: each key's count with this attempt, and when its window ends (Unix seconds).
    public func take(_ keys: [String], now: Int64, window: Int64) async throws -> [(count: Int, windowEnd: Int64)] {
        let windowStartBefore = now - window
        return try await pool.withConnection { database in
            var counts: [(count: Int, windowEnd: Int64)] = []
            for key in keys {
                let row = try await database.raw(
                    """
                    INSERT INTO login_failures (throttle_key, window_start, failures) VALUES (\(bind: key), \(bind: now), 1)
                    ON CONFLICT (throttle_key) DO UPDATE SET
                        failures = CASE WHEN login_failures.window_start <= \(bind: windowStartBefore) THEN 1
                            ELSE login_failures.failures + 1 END,
                        window_start = CASE WHEN login_failures.window_start <= \(bind: windowStartBefore) THEN \(bind: now)
                            ELSE login_failures.window_start END
                    RETURNING failures, window_start
                    """
                ).first()
                guard let row else { throw StoreError.unexpectedAnswer("the throttle's upsert returned no row") }
                let count = try row.decode(column: "failures", as: Int.self)
                let start = try row.decode(column: "window_start", as: Int64.self)
                counts.append((count, start + window))
            }
            return counts
        }
    }

    /// Gives back one attempt of each of `keys` (one that was refused, or that turned out not to
    /// be a failure); a key back at zero goes.
    public func giveBack(_ keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await pool.withConnection { database in
            for key in keys {
                try await database.raw(
                    "UPDATE login_failures SET failures = failures - 1 WHERE throttle_key = \(bind: key) AND failures > 0"
                ).run()
                try await database.raw(
                    "DELETE FROM login_failures WHERE throttle_key = \(bind: key) AND failures = 0"
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
