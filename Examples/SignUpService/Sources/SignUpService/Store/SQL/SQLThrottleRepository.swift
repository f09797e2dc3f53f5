import SQLKit

/// ``ThrottleRepository`` in SQL: each take one upsert, so that concurrent attempts cannot all
/// pass a check made before any of them was counted.
struct SQLThrottleRepository: ThrottleRepository {
    let database: any SQLDatabase

    func take(_ keys: [String], now: Int64, window: Int64) async throws -> [(count: Int, windowEnd: Int64)] {
        let windowStartBefore = now - window
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

    func giveBack(_ keys: [String]) async throws {
        for key in keys {
            try await database.raw(
                "UPDATE login_failures SET failures = failures - 1 WHERE throttle_key = \(bind: key) AND failures > 0"
            ).run()
            try await database.raw("DELETE FROM login_failures WHERE throttle_key = \(bind: key) AND failures = 0")
                .run()
        }
    }

    func clear(_ keys: [String]) async throws {
        for key in keys {
            try await database.raw("DELETE FROM login_failures WHERE throttle_key = \(bind: key)").run()
        }
    }
}
