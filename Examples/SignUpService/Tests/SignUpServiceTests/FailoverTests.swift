import Foundation
import NIOConcurrencyHelpers
import SQLKit
import SignUpService
import Testing

/// Nothing acknowledged is lost when the database's primary fails over (issue 37): one instance
/// of the service on a pg_auto_failover formation of the test's own (``Formation``: two data
/// nodes, the standby synchronous), given the URI `pg_autoctl show uri` prints; eight clients
/// sign up, log in, change their display names and delete every fourth user (``ChaosTests``'s
/// people, retrying a sign-up answered 503 as a client would), while the formation does a planned
/// failover (`pg_autoctl perform failover`) and then loses its primary to `kill -9` of the node's
/// pg_autoctl, postmaster and backends. The service is never restarted. Afterwards, over HTTP,
/// every acknowledged sign-up, update and deletion is there (``ChaosTests/check(_:_:_:checker:)``),
/// and a sign-up answered 503 and then 409 was stored once; in SQL on the new primary, every
/// acknowledged user with its display name, none of the deleted, every user with its keys. No
/// answer is 500. Figures printed: acknowledged steps, lost (0), 503s, and for each fault the
/// time from the fault to the promotion (the first write the standby commits, asked by the test on
/// a connection of its own: writes refused meanwhile) and from the promotion to the first 201.
///
/// Runs when `SIGNUP_FAILOVER=1` (`make chaos`, CI), and then fails without pg_auto_failover.
@Suite(.serialized, .enabled(if: Formation.required)) struct FailoverTests {
    /// How long the clients run (the faults at a third and two thirds): 12 s in CI.
    static let seconds = Double(ProcessInfo.processInfo.environment["SIGNUP_FAILOVER_SECONDS"] ?? "") ?? 12

    enum Fault: String, Sendable {
        /// `pg_autoctl perform failover`.
        case plannedFailover
        /// `kill -9` of the primary node's processes.
        case crashPrimary
    }

    @Test func nothingAcknowledgedIsLostWhenThePrimaryFailsOver() async throws {
        let formation = try Formation.start()
        defer { formation.remove() }
        let environment = [
            "DATABASE_URL": formation.url, "BCRYPT_COST": "4", "LOG_LEVEL": "notice",
            "ADDRESS_FAILURES_PER_MINUTE": "100000",
            // Its checks look every person up by email from one caller: not the budget's test.
            "LOOKUPS_PER_MINUTE": "100000", "ADDRESS_LOOKUPS_PER_MINUTE": "100000",
        ]
        let service = try await ServiceProcess(environment: environment)
        let current = NIOLockedValueBox(service)
        let ledger = ChaosLedger()
        let tag = Unique.tag()
        let faults: [Fault] = [.plannedFailover, .crashPrimary]
        let start = ContinuousClock.now
        let end = start + .seconds(Self.seconds)
        let deadline = end + .seconds(90)
        // For each fault, the time from it to the new primary's first write.
        let promotions = NIOLockedValueBox([Duration?]())

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await ChaosTests.clients(
                    tag: tag,
                    current,
                    ledger,
                    until: end,
                    orUntilEnough: faults.count,
                    deadline,
                    retryingSignUps: true
                )
            }
            group.addTask {
                for (number, fault) in faults.enumerated() {
                    try await ledger.turn(of: number, among: faults.count, from: start, over: Self.seconds, deadline)
                    let standby = formation.node(try await formation.primary() == "node_a" ? "node_b" : "node_a")
                    let began = ContinuousClock.now
                    async let promoted = formation.commitsWrites(standby, within: .seconds(60))
                    switch fault {
                    case .plannedFailover: try await formation.failover()
                    case .crashPrimary: try await formation.crashPrimary()
                    }
                    let at = await promoted
                    ledger.faultOver(at: at ?? .now)
                    promotions.withLockedValue { $0.append(at.map { $0 - began }) }
                }
            }
            try await group.waitForAll()
        }

        let (people, _, deleted, problems) = try await ChaosTests.promisesKept(ledger, service, tag: tag)
        let doneBeforeRetry = ledger.signUpsDoneBeforeRetry
        for name in doneBeforeRetry {
            let again = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"\#(name)","emailAddress":"\#(name)@example.com","password":"correct horse"}"#
            )
            #expect(again.status == 409, "\(name), answered 503 then 409, is not stored: \(again)")
        }
        // One instance throughout: it ends on SIGTERM, as a process that never died.
        #expect(await service.terminate() == 0, "\(service.log.suffix(2000))")

        // In SQL, on the primary the URI leads to now.
        let stored = NIOLockedValueBox((ChaosTests.Consistency(), [String: String?]()))
        try await withService(.sqlite, .database(formation.location)) { harness in
            let consistency = try await ChaosTests.Consistency(of: harness.server.pool)
            let users = try await Self.displayNames(harness.server.pool)
            stored.withLockedValue { $0 = (consistency, users) }
        }
        let (consistency, users) = stored.withLockedValue { $0 }
        #expect(consistency.orphanKeys == 0)
        #expect(consistency.orphanTokens == 0)
        #expect(consistency.usersWithoutTheirTwoKeys == 0)
        var missing: [String] = []
        for (name, person) in people {
            let row = users[person.userID]
            if person.deleted, row != nil { missing.append("\(name), deleted, is in users") }
            if !person.deletionSent, row == nil { missing.append("\(name) (\(person.userID)) is not in users") }
            if !person.deletionSent, let displayName = person.displayName, let row, row != displayName {
                missing.append("\(name)'s display name in SQL is \(row ?? "none"), not \(displayName)")
            }
        }
        #expect(missing.isEmpty, "\(missing.count) rows differ: \(missing.prefix(5))")

        let statuses = ledger.statuses
        #expect(statuses[500] == nil, "\(statuses[500] ?? 0) answers of 500")
        #expect(
            statuses.keys.allSatisfy { $0 < 500 || $0 == 503 },
            "server errors other than 503: \(statuses.filter { $0.key >= 500 && $0.key != 503 })"
        )
        let recoveries = ledger.recoveries
        let promotionTimes = promotions.withLockedValue { $0 }
        #expect(recoveries.count == faults.count)
        for (fault, (promotion, recovery)) in zip(faults, zip(promotionTimes, recoveries)) {
            #expect(promotion != nil, "the standby committed no write within 60 s of \(fault)")
            #expect(recovery != nil, "no sign-up was acknowledged after \(fault)")
        }

        let logins = people.values.filter { $0.token != nil }.count
        let updates = people.values.filter { $0.displayName != nil }.count
        let others = statuses.filter { $0.key != 503 }.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let timings = zip(faults, zip(promotionTimes, recoveries)).map { fault, times in
            let (promotion, recovery) = times
            return "\(fault.rawValue): writes refused \(promotion.map { "\($0)" } ?? "until the end"),"
                + " first 201 \(recovery.map { "\($0)" } ?? "never") after the promotion"
        }
        var summary = "failover: \(people.count) acknowledged sign-ups, \(logins) logins, \(updates) updates,"
        summary += " \(deleted.count) deletions; \(problems.count + missing.count) lost; \(users.count) users stored;"
        summary += " \(doneBeforeRetry.count) sign-ups answered 503 then 409 (stored once);"
        summary += " \(ledger.unansweredCount) requests unanswered, \(statuses[503] ?? 0) answered 503,"
        summary += " \(statuses[500] ?? 0) answered 500, statuses [\(others.joined(separator: ", "))];"
        summary += " \(timings.joined(separator: "; ")); one service instance throughout"
        print(summary)
        // The service's own account of the failovers: the servers it chose, its outages.
        for line in service.log.split(separator: "\n") where line.contains("database") { print(line) }
    }

    /// Every user's display name by user ID (`nil`: none), read from the stored records.
    static func displayNames(_ pool: any DatabasePool) async throws -> [String: String?] {
        try await pool.withConnection { database in
            var names: [String: String?] = [:]
            for row in try await database.raw("SELECT user_id, record FROM users").all() {
                let id = try row.decode(column: "user_id", as: String.self)
                let record = try row.decode(column: "record", as: String.self)
                let object = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any]
                names[id] = object?["displayName"] as? String
            }
            return names
        }
    }
}
