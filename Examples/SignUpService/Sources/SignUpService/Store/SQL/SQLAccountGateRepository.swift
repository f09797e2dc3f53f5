import SQLKit

/// ``AccountGateRepository`` in SQL: one upsert an attempt, the same text for SQLite and
/// PostgreSQL (CASE, no `MIN`/`LEAST`), judged on the row as the update sees it (PostgreSQL locks
/// it and reads its latest version; SQLite has one writer), so that concurrent attempts on any
/// instance are admitted one after another. Every expression of the update reads the row as it
/// was before the attempt: ``AccountGateRules/admit(_:stranger:now:)`` in SQL.
struct SQLAccountGateRepository: AccountGateRepository {
    let database: any SQLDatabase

    func admit(
        _ account: String,
        stranger: Bool,
        rules: AccountGateRules,
        now: Int64
    ) async throws
        -> AccountGateState
    {
        // A new row: the first attempt, admitted (the limit is at least 1); a stranger's closes
        // the gate at once when no failure comes before the delay.
        let first = rules.admit(nil, stranger: stranger, now: now)
        let update: SQLQueryString
        if stranger {
            let admitted: SQLQueryString = """
                (account_gates.streak < \(bind: rules.failuresBeforeDelay) \
                OR (account_gates.streak < \(bind: rules.failureLimit) AND account_gates.open_at <= \(bind: now)))
                """
            let closes: SQLQueryString = "\(admitted) AND account_gates.streak >= \(bind: rules.failuresBeforeDelay)"
            update = """
                streak = CASE WHEN \(admitted) THEN account_gates.streak + 1 ELSE account_gates.streak END,
                open_at = CASE WHEN \(closes) THEN \(bind: now) + account_gates.next_delay
                    ELSE account_gates.open_at END,
                next_delay = CASE WHEN NOT (\(closes)) THEN account_gates.next_delay
                    WHEN account_gates.next_delay * 2 > \(bind: rules.longestDelay) THEN \(bind: rules.longestDelay)
                    ELSE account_gates.next_delay * 2 END,
                admitted = \(admitted),
                attempted_at = \(bind: now)
                """
        } else {
            update = "streak = account_gates.streak + 1, admitted = TRUE, attempted_at = \(bind: now)"
        }
        let row = try await database.raw(
            """
            INSERT INTO account_gates (account, streak, open_at, next_delay, admitted, attempted_at)
            VALUES (\(bind: account), 1, \(bind: first.openAt), \(bind: first.nextDelay), TRUE, \(bind: now))
            ON CONFLICT (account) DO UPDATE SET \(update)
            RETURNING streak, open_at, next_delay, admitted
            """
        ).first()
        guard let row else { throw StoreError.unexpectedAnswer("the account gate's upsert returned no row") }
        return AccountGateState(
            streak: try row.decode(column: "streak", as: Int.self),
            openAt: try row.decode(column: "open_at", as: Int64.self),
            nextDelay: try row.decode(column: "next_delay", as: Int64.self),
            admitted: try row.decode(column: "admitted", as: Bool.self)
        )
    }

    func giveBack(_ account: String) async throws {
        try await database.raw(
            """
            UPDATE account_gates SET streak = CASE WHEN streak > 0 THEN streak - 1 ELSE 0 END
            WHERE account = \(bind: account)
            """
        ).run()
    }

    func clear(_ account: String) async throws {
        try await database.raw("DELETE FROM account_gates WHERE account = \(bind: account)").run()
    }
}
