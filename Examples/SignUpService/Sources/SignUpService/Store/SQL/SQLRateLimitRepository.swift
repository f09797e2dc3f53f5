import SQLKit

/// ``RateLimitRepository`` in SQL: one upsert for all the keys of an attempt, the same text for
/// SQLite and PostgreSQL. Each key's row is judged as the update sees it (PostgreSQL locks it
/// and reads its latest version; SQLite has one writer), so concurrent attempts are charged one
/// after the other; every key is updated, refused or not, so that the statement returns each
/// key's arrival time and whether it was charged. The keys go in sorted order, so two attempts
/// on PostgreSQL lock shared keys in the same order and never deadlock.
struct SQLRateLimitRepository: RateLimitRepository {
    let database: any SQLDatabase

    func take(_ charges: [RateLimitCharge], now: Int64) async throws -> [RateLimitState] {
        let sorted = charges.sorted { $0.key < $1.key }
        let rows = SQLList(
            sorted.map { charge in
                SQLQueryString(
                    """
                    (\(bind: charge.key), \(bind: now + charge.limit.emissionInterval), \
                    \(bind: charge.limit.emissionInterval), \(bind: charge.limit.tolerance), TRUE)
                    """
                )
            }
        )
        let answer = try await database.raw(
            """
            INSERT INTO rate_limits (limit_key, tat, emission, tolerance, admitted) VALUES \(rows)
            ON CONFLICT (limit_key) DO UPDATE SET
                tat = CASE
                    WHEN rate_limits.tat - excluded.tolerance > \(bind: now) THEN rate_limits.tat
                    WHEN rate_limits.tat > \(bind: now) THEN rate_limits.tat + excluded.emission
                    ELSE excluded.tat END,
                emission = excluded.emission,
                tolerance = excluded.tolerance,
                admitted = rate_limits.tat - excluded.tolerance <= \(bind: now)
            RETURNING limit_key, tat, tolerance, admitted
            """
        ).all()
        let states = try answer.map { row in
            RateLimitState(
                key: try row.decode(column: "limit_key", as: String.self),
                arrival: try row.decode(column: "tat", as: Int64.self),
                tolerance: try row.decode(column: "tolerance", as: Int64.self),
                admitted: try row.decode(column: "admitted", as: Bool.self)
            )
        }
        guard states.count == sorted.count else {
            throw StoreError.unexpectedAnswer(
                "the rate limits' upsert returned \(states.count) of \(sorted.count) rows"
            )
        }
        return states
    }

    func giveBack(_ keys: [String], now: Int64) async throws {
        // One row a statement: a statement holding two rows' locks could meet an attempt
        // holding them in the other order. The delete after the update: an attempt charged in
        // between keeps its row.
        for key in keys {
            try await database.raw("UPDATE rate_limits SET tat = tat - emission WHERE limit_key = \(bind: key)").run()
            try await database.raw("DELETE FROM rate_limits WHERE limit_key = \(bind: key) AND tat <= \(bind: now)")
                .run()
        }
    }

    func clear(_ keys: [String]) async throws {
        for key in keys {
            try await database.raw("DELETE FROM rate_limits WHERE limit_key = \(bind: key)").run()
        }
    }
}
