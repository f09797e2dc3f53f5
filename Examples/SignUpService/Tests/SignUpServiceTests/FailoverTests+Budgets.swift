import Foundation
import HTTPTypes
import KiiIdentity
import NIOConcurrencyHelpers
import SQLKit
import SignUpService
import Testing

/// A planned failover keeps every budget (issue 51, 4): the rate limits and the account gates
/// are rows of logged, replicated tables, committed on the synchronous standby before the
/// service answers, so the promoted standby holds each key's arrival time and each account's
/// streak as the old primary left them.
extension FailoverTests {
    /// One row of `rate_limits` or `account_gates`, as text: `login:user:…@198.51.100.1 tat=…`.
    static func budgetRows(_ location: DatabaseLocation) async throws -> [String] {
        let rows = NIOLockedValueBox([String]())
        try await withService(.sqlite, .database(location)) { harness in
            let found = try await harness.server.pool.withConnection { database in
                let limits = try await database.raw("SELECT limit_key, tat FROM rate_limits").all().map {
                    "\(try $0.decode(column: "limit_key", as: String.self)) tat=\(try $0.decode(column: "tat", as: Int64.self))"
                }
                let gates = try await database.raw("SELECT account, streak, open_at, next_delay FROM account_gates")
                    .all().map {
                        "gate \(try $0.decode(column: "account", as: String.self))"
                            + " streak=\(try $0.decode(column: "streak", as: Int64.self))"
                            + " open_at=\(try $0.decode(column: "open_at", as: Int64.self))"
                            + " next_delay=\(try $0.decode(column: "next_delay", as: Int64.self))"
                    }
                return (limits + gates).sorted()
            }
            rows.withLockedValue { $0 = found }
        }
        return rows.withLockedValue { $0 }
    }

    /// A wrong-password login of `user` from `address` (as the proxy's header says).
    static func logIn(
        _ service: ServiceProcess,
        _ user: String,
        _ password: String,
        from address: String
    )
        async throws -> Answer
    {
        let headers: HTTPFields = [
            .kiiAppID: service.app.id, .kiiAppKey: service.app.key, .contentType: "application/json",
            HTTPField.Name("X-Forwarded-For")!: address,
        ]
        return try await service.send(
            .post,
            "/api/oauth2/token",
            headers: headers,
            bytes: Array(#"{"username":"\#(user)","password":"\#(password)"}"#.utf8)
        )
    }

    /// ``logIn(_:_:_:from:)`` again while it is answered 503 (the service finding its old
    /// primary gone, as a client would retry), for at most 30 s; returns the answer and the 503s.
    static func logInRetrying(
        _ service: ServiceProcess,
        _ user: String,
        _ password: String,
        from address: String
    )
        async throws -> (answer: Answer, unavailable: Int)
    {
        let end = ContinuousClock.now + .seconds(30)
        var unavailable = 0
        while true {
            let answer = try await logIn(service, user, password, from: address)
            guard answer.status == 503, ContinuousClock.now < end else { return (answer, unavailable) }
            unavailable += 1
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    /// Five users each fail a login from an address of their own (`LOGIN_FAILURES_PER_MINUTE=1`:
    /// each (user, address) key then refuses for 60 s) and a sixth fails three times from three
    /// addresses (`ACCOUNT_FAILURE_LIMIT=3`: its gate then refuses every stranger until a
    /// success), through one service instance on a formation of the test's own; then a planned
    /// failover. Every live row of `rate_limits` and `account_gates` on the new primary is the
    /// old one's, and through the same instance each user's next login from its address is 429,
    /// and the sixth's right password from a new address is 429: 0 budgets reset.
    @Test func aPlannedFailoverKeepsEveryBudget() async throws {
        let formation = try Formation.start()
        defer { formation.remove() }
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": formation.url, "BCRYPT_COST": "4", "LOG_LEVEL": "notice",
            "TRUSTED_PROXY_HEADER": "X-Forwarded-For", "LOGIN_FAILURES_PER_MINUTE": "1",
            "ACCOUNT_FAILURES_BEFORE_DELAY": "3", "ACCOUNT_FAILURE_LIMIT": "3",
        ])
        let users = (0..<5).map { "budget_\($0)" }
        for user in users + ["gated_1"] {
            let created = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"\#(user)","password":"correct horse"}"#
            )
            #expect(created.status == 201)
        }
        for (index, user) in users.enumerated() {
            #expect(try await Self.logIn(service, user, "wrong horse", from: "198.51.100.\(index + 1)").status == 400)
            #expect(try await Self.logIn(service, user, "wrong horse", from: "198.51.100.\(index + 1)").status == 429)
        }
        for index in 0..<3 {
            #expect(try await Self.logIn(service, "gated_1", "wrong horse", from: "192.0.2.\(index + 1)").status == 400)
        }
        let strangerBefore = try await Self.logIn(service, "gated_1", "correct horse", from: "192.0.2.50")
        #expect(strangerBefore.status == 429)
        let before = try await Self.budgetRows(formation.location)
        // 5 user keys, 6 + 3 address keys (one each), the gated user's 3 + 1 user keys, and
        // the 6 accounts' gates.
        #expect(before.filter { $0.hasPrefix("gate ") }.count == 6)
        #expect(before.filter { $0.contains("streak=3 ") }.count == 1)

        let oldPrimary = try await formation.primary()
        let began = ContinuousClock.now
        try await formation.failover()
        let newPrimary = try await formation.primary()
        #expect(newPrimary != oldPrimary)

        // Through the instance that ran throughout: each key still refuses, the gate too.
        // The first request may find the old primary's connections gone: 503, retried.
        var statuses: [Int] = []
        var unavailable = 0
        for (index, user) in users.enumerated() {
            let (answer, count) = try await Self.logInRetrying(
                service,
                user,
                "wrong horse",
                from: "198.51.100.\(index + 1)"
            )
            statuses.append(answer.status)
            unavailable += count
        }
        let (strangerAfter, count) = try await Self.logInRetrying(
            service,
            "gated_1",
            "correct horse",
            from: "192.0.2.51"
        )
        unavailable += count
        let waited = ContinuousClock.now - began
        #expect(statuses == [429, 429, 429, 429, 429], "\(service.log.suffix(2000))")
        #expect(strangerAfter.status == 429)
        #expect(waited < .seconds(60), "the keys' 60 s ran out before the check")
        #expect(await service.terminate() == 0)

        // In SQL on the new primary: every row that still counts (a gate, or a key whose
        // arrival time is ahead of now) is the old primary's, or further on: the checks above
        // refused the users' keys and the gate (which changes nothing) but charged the
        // addresses' own keys, which conform, and a charge only moves an arrival time later;
        // a reset would drop the row or move it back.
        let after = try await Self.budgetRows(formation.location)
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        /// A key row's arrival time; `nil` for a gate.
        func arrival(_ row: String) -> Int64? {
            guard row.contains(" tat=") else { return nil }
            return row.split(separator: " tat=").last.flatMap { Int64($0) }
        }
        /// Whether `row` still counts: a gate, or a key whose arrival time is ahead of now.
        func live(_ row: String) -> Bool { arrival(row).map { $0 > now } ?? true }
        /// Whether `row`'s budget is as it was, or further on, after the promotion.
        func survived(_ row: String) -> Bool {
            guard let tat = arrival(row), let key = row.split(separator: " tat=").first else {
                return after.contains(row)
            }
            return after.contains { $0.hasPrefix("\(key) tat=") && (arrival($0) ?? 0) >= tat }
        }
        let kept = before.filter(live)
        let reset = kept.filter { !survived($0) }
        #expect(reset == [], "budgets reset by the failover")
        #expect(kept.count >= 6 + 5)
        print(
            "failover keeps budgets: \(oldPrimary) → \(newPrimary), checked \(waited) after the failover began "
                + "(\(unavailable) answers 503 retried); \(before.count) rows before, "
                + "\(kept.count) still live, \(reset.count) reset; after the promotion the 5 users' next logins "
                + "\(statuses), the gated account's stranger \(strangerAfter.status)"
        )
        for row in kept { print("  before and after: \(row)") }
    }
}
