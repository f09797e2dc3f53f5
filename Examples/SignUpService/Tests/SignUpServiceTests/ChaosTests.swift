import Foundation
import NIOConcurrencyHelpers
import SQLKit
import SignUpService
import Testing

/// Nothing acknowledged is lost when the service or its database dies (issue 30, part 2): eight
/// clients sign up, log in, change their display names and delete every fourth user for a fixed
/// time, while the test kills the built executable with SIGKILL in the middle of their writes
/// and starts it again on the same database, and on PostgreSQL (a server of the test's own, with
/// fsync and synchronous commits on) also halts the database in immediate mode and restarts it
/// at once. The clients go on until a sign-up after the last fault is acknowledged, and 20 people
/// and a deletion are (a minute at most). Afterwards, over HTTP: every acknowledged user is there with its ID and its
/// acknowledged display name, every acknowledged token works, a deleted user is gone and its
/// token works no more; in SQL: every user has one username and one email key, and no key or
/// token is without its user. Figures printed: acknowledged steps, lost (0), answers while no
/// instance or no database ran, and the time from each fault to the next 201.
@Suite(.serialized) struct ChaosTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["SIGNUP_CHAOS_SECONDS"] ?? "") ?? 3

    enum Fault: String, Sendable {
        /// SIGKILL to the service, then a new instance on the same database.
        case killService
        /// `pg_ctl -m immediate stop`, then `start` at once.
        case haltDatabase
    }

    @Test(arguments: ProcessTests.SharedDatabase.enabled)
    func nothingAcknowledgedIsLostWhenTheServiceOrItsDatabaseDies(database: ProcessTests.SharedDatabase) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-chaos-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let postgres = database == .postgres ? try ThrowawayPostgres.start() : nil
        defer { postgres?.remove() }
        let location = postgres?.location ?? .sqliteFile(path: "\(folder.path)/chaos.sqlite")
        let faults: [Fault] = postgres == nil ? [.killService] : [.killService, .haltDatabase]
        let environment = [
            "DATABASE_URL": "\(location)", "BCRYPT_COST": "4", "LOG_LEVEL": "critical",
            // Attempts cut off by a kill are never given back: the address limit is not under test.
            "ADDRESS_FAILURES_PER_MINUTE": "100000",
            // Its checks look every person up by email from one caller: not the budget's test.
            "LOOKUPS_PER_MINUTE": "100000", "ADDRESS_LOOKUPS_PER_MINUTE": "100000",
        ]
        let current = NIOLockedValueBox(try await ServiceProcess(environment: environment))
        let ledger = ChaosLedger()
        let tag = Unique.tag()
        let start = ContinuousClock.now
        let end = start + .seconds(Self.seconds)
        let deadline = end + .seconds(60)
        let databaseBack = NIOLockedValueBox<Duration?>(nil)

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await Self.clients(tag: tag, current, ledger, until: end, orUntilEnough: faults.count, deadline)
            }
            group.addTask {
                for (number, fault) in faults.enumerated() {
                    try await ledger.turn(of: number, among: faults.count, from: start, over: Self.seconds, deadline)
                    switch fault {
                    case .killService:
                        await current.withLockedValue { $0 }.kill()
                        ledger.faultOver()
                        let restarted = try await ServiceProcess(environment: environment)
                        current.withLockedValue { $0 = restarted }
                    case .haltDatabase:
                        guard let postgres else { continue }
                        try await postgres.halted()
                        ledger.faultOver()
                        let halted = ContinuousClock.now
                        try await postgres.restarted()
                        databaseBack.withLockedValue { $0 = ContinuousClock.now - halted }
                    }
                }
            }
            try await group.waitForAll()
        }

        let service = current.withLockedValue { $0 }
        let (people, live, deleted, problems) = try await Self.promisesKept(ledger, service, tag: tag)
        #expect(await service.terminate() == 0)

        // In SQL, through an instance of the service on the same database.
        let counts = NIOLockedValueBox(Consistency())
        try await withService(database == .postgres ? .postgres : .sqlite, .database(location)) { harness in
            let found = try await Consistency(of: harness.server.pool)
            counts.withLockedValue { $0 = found }
        }
        let consistency = counts.withLockedValue { $0 }
        #expect(consistency.orphanKeys == 0)
        #expect(consistency.orphanTokens == 0)
        #expect(consistency.usersWithoutTheirTwoKeys == 0)
        let mayBeGone = live.values.filter(\.deletionSent).count
        #expect(consistency.users >= live.count - mayBeGone + 1)

        let recoveries = ledger.recoveries
        #expect(recoveries.count == faults.count)
        for (fault, recovery) in zip(faults, recoveries) {
            #expect(recovery != nil, "no sign-up was acknowledged after \(fault)")
        }
        let statuses = ledger.statuses
        let logins = people.values.filter { $0.token != nil }.count
        let updates = people.values.filter { $0.displayName != nil }.count
        let others = statuses.filter { $0.key != 503 }.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let afterFaults = zip(faults, recoveries).map { fault, recovery in
            "\(fault.rawValue) \(recovery.map { "\($0)" } ?? "never")"
        }
        let back = databaseBack.withLockedValue { $0 }.map { " (the database back after \($0))" } ?? ""
        var summary = "chaos (\(database)): \(people.count) acknowledged sign-ups, \(logins) logins,"
        summary += " \(updates) updates, \(deleted.count) deletions; \(problems.count) lost;"
        summary += " \(consistency.users) users stored; \(ledger.unansweredCount) requests unanswered,"
        summary += " \(statuses[503] ?? 0) answered 503, statuses [\(others.joined(separator: ", "))];"
        summary += " first 201 after \(afterFaults.joined(separator: ", "))\(back)"
        print(summary)
    }

    /// Eight clients living people's lives (``person(_:index:_:_:retryingSignUps:)``) until `end`,
    /// and on until `faults` faults were recovered from and enough was acknowledged (or the
    /// `deadline`).
    static func clients(
        tag: String,
        _ current: NIOLockedValueBox<ServiceProcess>,
        _ ledger: ChaosLedger,
        until end: ContinuousClock.Instant,
        orUntilEnough faults: Int,
        _ deadline: ContinuousClock.Instant,
        retryingSignUps: Bool = false
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    var index = 0
                    while ContinuousClock.now < end || (!Self.enough(ledger, faults) && ContinuousClock.now < deadline)
                    {
                        index += 1
                        let name = "c\(tag)_\(client)_\(index)"
                        let done = await Self.person(
                            name,
                            index: index,
                            current,
                            ledger,
                            retryingSignUps: retryingSignUps
                        )
                        if !done { try await Task.sleep(for: .milliseconds(20)) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The people `ledger` acknowledged (all, those not deleted, the deleted), and the promises
    /// to them that `service` breaks now (expected none), over HTTP; expects enough of them to
    /// mean anything: 20 people and a deletion.
    static func promisesKept(
        _ ledger: ChaosLedger,
        _ service: ServiceProcess,
        tag: String
    ) async throws -> (
        people: [String: ChaosLedger.Person], live: [String: ChaosLedger.Person],
        deleted: [String: ChaosLedger.Person], broken: [String]
    ) {
        let people = ledger.people
        let live = people.filter { !$0.value.deleted }
        let deleted = people.filter { $0.value.deleted }
        #expect(live.count > 20, "too few sign-ups to mean anything: \(live.count)")
        #expect(!deleted.isEmpty, "no deletion was acknowledged")
        let problems = try await Self.brokenPromises(people, service, tag: tag)
        #expect(problems.isEmpty, "\(problems.count) promises broken: \(problems.prefix(5))")
        return (people, live, deleted, problems)
    }

    /// Over HTTP, eight at a time: every promise to `people` that `service` breaks now.
    static func brokenPromises(
        _ people: [String: ChaosLedger.Person],
        _ service: ServiceProcess,
        tag: String
    )
        async throws -> [String]
    {
        let checker = try #require(try await service.signUpAndLogIn("checker\(tag)"))
        let lost = NIOLockedValueBox([String]())
        try await withThrowingTaskGroup(of: Void.self) { group in
            let names = Array(people.keys)
            for worker in 0..<8 {
                group.addTask {
                    for name in stride(from: worker, to: names.count, by: 8).map({ names[$0] }) {
                        let problem = try await Self.check(name, people[name]!, service, checker: checker)
                        if let problem { lost.withLockedValue { $0.append(problem) } }
                    }
                }
            }
            try await group.waitForAll()
        }
        return lost.withLockedValue { $0 }
    }

    /// Whether the run has seen `faults` faults recovered from, and enough to mean anything: 20
    /// people and a deletion acknowledged (on a busy machine 3 s may not give them).
    static func enough(_ ledger: ChaosLedger, _ faults: Int) -> Bool {
        guard ledger.recovered(from: faults) else { return false }
        let people = ledger.people.values
        return people.filter { !$0.deleted }.count > 20 && people.contains { $0.deleted }
    }

    /// One person's life: sign-up, login, a new display name, and for every fourth a deletion,
    /// each step only after the one before was acknowledged. Returns whether every step was
    /// answered with success. `retryingSignUps`: a sign-up answered 503 is sent again (a client's
    /// retry) until it is answered otherwise; 409 then means the first attempt was done.
    static func person(
        _ name: String,
        index: Int,
        _ current: NIOLockedValueBox<ServiceProcess>,
        _ ledger: ChaosLedger,
        retryingSignUps: Bool = false
    ) async -> Bool {
        let service = current.withLockedValue { $0 }
        func send(_ request: () async throws -> Answer) async -> Answer? {
            do {
                let answer = try await request()
                ledger.answered(answer.status)
                return answer
            } catch {
                ledger.unanswered()
                return nil
            }
        }
        func step(_ expected: Int, _ request: () async throws -> Answer) async -> Answer? {
            guard let answer = await send(request), answer.status == expected else { return nil }
            return answer
        }
        let registration = #"{"loginName":"\#(name)","emailAddress":"\#(name)@example.com","password":"correct horse"}"#
        var sent = ContinuousClock.now
        var created: Answer?
        var outcomeUnknown = false
        let giveUp = ContinuousClock.now + .seconds(60)
        for attempt in 0..<600 where created == nil && ContinuousClock.now < giveUp {
            if attempt > 0 { try? await Task.sleep(for: .milliseconds(100)) }
            sent = .now
            let answer = await send {
                try await service.send(.post, service.usersPath, json: registration, contentType: KiiType.registration)
            }
            switch answer?.status {
            case 201: created = answer
            case 503 where retryingSignUps: outcomeUnknown = true
            case 409 where outcomeUnknown:
                ledger.signUpDoneBeforeRetry(name)
                return false
            default: return false
            }
        }
        guard let userID = created?.string("userID") else { return false }
        ledger.signedUp(name, userID: userID, sent: sent)

        let login = await step(200) {
            try await service.send(
                .post,
                "/api/oauth2/token",
                json: #"{"username":"\#(name)","password":"correct horse"}"#
            )
        }
        guard let token = login?.string("access_token") else { return false }
        ledger.loggedIn(name, token: token)

        let displayName = "Person \(index)"
        let updated = await step(200) {
            try await service.send(
                .post,
                service.usersPath + "/" + userID,
                json: #"{"displayName":"\#(displayName)"}"#,
                token: token,
                contentType: KiiType.userUpdate
            )
        }
        guard updated != nil else { return false }
        ledger.updated(name, displayName: displayName)

        guard index % 4 == 0 else { return true }
        ledger.deleting(name)
        let deletion = await step(204) {
            try await service.send(.delete, service.usersPath + "/" + userID, token: token)
        }
        guard deletion != nil else { return false }
        ledger.deleted(name)
        return true
    }

    /// What the service says now about a person it acknowledged; `nil` when every promise holds.
    static func check(
        _ name: String,
        _ person: ChaosLedger.Person,
        _ service: ServiceProcess,
        checker: String
    )
        async throws -> String?
    {
        let byEmail = try await service.send(.get, service.usersPath + "/EMAIL:\(name)@example.com", token: checker)
        let own = try await person.token.asyncMap { try await service.send(.get, service.usersPath + "/me", token: $0) }
        // A deletion whose answer was lost may have been done.
        if person.deleted || (person.deletionSent && byEmail.status == 404) {
            if byEmail.status != 404 { return "\(name), deleted, is found: \(byEmail)" }
            if let own, own.status != 403 { return "\(name), deleted, has a working token: \(own)" }
            return nil
        }
        if byEmail.status != 200 || byEmail.string("userID") != person.userID {
            return "\(name) (\(person.userID)) by email: \(byEmail)"
        }
        if let displayName = person.displayName, byEmail.string("displayName") != displayName {
            return "\(name)'s display name is not \(displayName): \(byEmail)"
        }
        if let own, own.status != 200 || own.string("userID") != person.userID {
            return "\(name)'s token: \(own)"
        }
        return nil
    }

    /// What the tables say about each other.
    struct Consistency: Sendable {
        /// Identity keys whose user is missing.
        var orphanKeys = -1
        /// Access tokens whose user is missing.
        var orphanTokens = -1
        /// Users without exactly one username key, one email key and the username's lookalike key.
        var usersWithoutTheirTwoKeys = -1
        /// Users.
        var users = -1

        init() {}

        init(of pool: any DatabasePool) async throws {
            self = try await pool.withConnection { database in
                func count(_ sql: SQLQueryString) async throws -> Int {
                    try await database.raw(sql).first(decodingColumn: "n", as: Int.self) ?? -1
                }
                var found = Consistency()
                found.orphanKeys = try await count(
                    "SELECT COUNT(*) AS n FROM identity_keys k LEFT JOIN users u ON u.user_id = k.user_id WHERE u.user_id IS NULL"
                )
                found.orphanTokens = try await count(
                    "SELECT COUNT(*) AS n FROM access_tokens t LEFT JOIN users u ON u.user_id = t.user_id WHERE u.user_id IS NULL"
                )
                found.usersWithoutTheirTwoKeys = try await count(
                    """
                    SELECT COUNT(*) AS n FROM users u
                    WHERE (SELECT COUNT(*) FROM identity_keys k WHERE k.user_id = u.user_id AND k.kind = 'username') <> 1
                       OR (SELECT COUNT(*) FROM identity_keys k WHERE k.user_id = u.user_id AND k.kind = 'email') <> 1
                       OR (SELECT COUNT(*) FROM identity_keys k WHERE k.user_id = u.user_id AND k.kind = 'lookalike') <> 1
                       OR (SELECT COUNT(*) FROM identity_keys k WHERE k.user_id = u.user_id) <> 3
                    """
                )
                found.users = try await count("SELECT COUNT(*) AS n FROM users")
                return found
            }
        }
    }
}

extension ServiceProcess {
    /// Signs `name` up (with an email address) and logs in; the token.
    func signUpAndLogIn(_ name: String) async throws -> String? {
        let created = try await send(
            .post,
            usersPath,
            json: #"{"loginName":"\#(name)","emailAddress":"\#(name)@example.com","password":"correct horse"}"#
        )
        guard created.status == 201 else { return nil }
        return try await send(.post, "/api/oauth2/token", json: #"{"username":"\#(name)","password":"correct horse"}"#)
            .string("access_token")
    }
}

extension Optional {
    /// `map` with an asynchronous transform.
    fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
