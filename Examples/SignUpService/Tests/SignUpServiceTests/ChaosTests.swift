import Foundation
import NIOConcurrencyHelpers
import SQLKit
import SignUpService
import Testing

/// Nothing acknowledged is lost when the service dies (issue 30, part 2, its first fault): eight
/// clients sign up for a fixed time while the test kills the built executable with SIGKILL in
/// the middle of their writes and starts it again on the same database. Afterwards, checked in
/// SQL and over HTTP: every sign-up answered 201 exists with all its keys, no key is without its
/// user, and no person has two users. Figures printed: acknowledged sign-ups, lost (0), requests
/// that failed while no instance ran, and the time to the first 201 after the kill.
@Suite(.serialized) struct ChaosTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["SIGNUP_CHAOS_SECONDS"] ?? "") ?? 3

    @Test(arguments: ProcessTests.SharedDatabase.enabled)
    func aKilledServiceLosesNoAcknowledgedSignUp(database: ProcessTests.SharedDatabase) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-chaos-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let testDatabase: TestDatabase? = database == .postgres ? try await TestDatabase.make(.postgres) : nil
        let url = testDatabase.map { "\($0.location)" } ?? "sqlite:\(folder.path)/chaos.sqlite"
        let environment = ["DATABASE_URL": url, "BCRYPT_COST": "4", "LOG_LEVEL": "error"]
        let first = try await ServiceProcess(environment: environment)
        let current = NIOLockedValueBox(first)
        let acknowledged = NIOLockedValueBox([String: String]())  // username → userID
        let failed = NIOLockedValueBox(0)
        let tag = Unique.tag()
        let end = ContinuousClock.now + .seconds(Self.seconds)

        // When the kill is sent, when the first instance is gone, and the new instance's first 201.
        let killed = (
            at: ContinuousClock.now + .seconds(Self.seconds / 2),
            gone: NIOLockedValueBox<ContinuousClock.Instant?>(nil),
            firstAfter: NIOLockedValueBox<ContinuousClock.Instant?>(nil)
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    var index = 0
                    while ContinuousClock.now < end {
                        index += 1
                        let name = "c\(tag)_\(client)_\(index)"
                        let service = current.withLockedValue { $0 }
                        do {
                            let answer = try await service.send(
                                .post,
                                service.usersPath,
                                json:
                                    #"{"loginName":"\#(name)","emailAddress":"\#(name)@example.com","password":"correct horse"}"#
                            )
                            if answer.status == 201, let userID = answer.string("userID") {
                                acknowledged.withLockedValue { $0[name] = userID }
                                if service !== first {
                                    killed.firstAfter.withLockedValue { $0 = $0 ?? ContinuousClock.now }
                                }
                            }
                        } catch {
                            failed.withLockedValue { $0 += 1 }
                            try await Task.sleep(for: .milliseconds(20))
                        }
                    }
                }
            }
            // The kill, in the middle of the clients' writes, and a new instance on the same database.
            group.addTask {
                try await Task.sleep(until: killed.at)
                await first.kill()
                killed.gone.withLockedValue { $0 = ContinuousClock.now }
                let restarted = try await ServiceProcess(environment: environment)
                current.withLockedValue { $0 = restarted }
            }
            try await group.waitForAll()
        }
        let service = current.withLockedValue { $0 }
        let users = acknowledged.withLockedValue { $0 }
        #expect(users.count > 20, "too few sign-ups to mean anything: \(users.count)")

        // Over HTTP: each acknowledged user by its email address, with its ID.
        let token = try #require(
            try await service.send(
                .post,
                "/api/oauth2/token",
                json: #"{"username":"\#(users.keys.sorted().first!)","password":"correct horse"}"#
            ).string("access_token")
        )
        var lost: [String] = []
        for (name, userID) in users {
            let found = try await service.send(.get, service.usersPath + "/EMAIL:\(name)@example.com", token: token)
            if found.status != 200 || found.string("userID") != userID { lost.append(name) }
        }
        #expect(lost.isEmpty, "acknowledged but not found: \(lost.prefix(5))")
        #expect(await service.terminate() == 0)

        // In SQL, through an instance of the service on the same database: keys with their
        // users, both keys of each user, and the acknowledged users all there.
        let location = testDatabase?.location ?? .sqliteFile(path: "\(folder.path)/chaos.sqlite")
        let counts = NIOLockedValueBox((orphans: -1, incomplete: -1, stored: -1))
        try await withService(database == .postgres ? .postgres : .sqlite, .database(location)) { harness in
            let found = try await Self.consistency(of: harness.server.pool)
            counts.withLockedValue { $0 = found }
        }
        let (orphanKeys, usersWithoutTwoKeys, storedUsers) = counts.withLockedValue { $0 }
        #expect(orphanKeys == 0)
        #expect(usersWithoutTwoKeys == 0)
        #expect(storedUsers >= users.count)
        await testDatabase?.drop()
        let gone = try #require(killed.gone.withLockedValue { $0 })
        let recovery = killed.firstAfter.withLockedValue { $0 }.map { $0 - gone }
        #expect(recovery != nil, "the restarted instance acknowledged no sign-up")
        print(
            "chaos (\(database)): \(users.count) acknowledged sign-ups, \(lost.count) lost, \(storedUsers) stored,"
                + " \(failed.withLockedValue { $0 }) requests failed while no instance ran,"
                + " the new instance's first 201 \(recovery.map { "\($0)" } ?? "never") after the old one was gone"
        )
    }

    /// Keys whose user is missing, users without their username and email keys, and users.
    static func consistency(of pool: any DatabasePool) async throws -> (orphans: Int, incomplete: Int, stored: Int) {
        try await pool.withConnection { database in
            let orphans =
                try await database.raw(
                    "SELECT COUNT(*) AS n FROM identity_keys k LEFT JOIN users u ON u.user_id = k.user_id WHERE u.user_id IS NULL"
                ).first(decodingColumn: "n", as: Int.self) ?? -1
            let incomplete =
                try await database.raw(
                    """
                    SELECT COUNT(*) AS n FROM users u
                    WHERE (SELECT COUNT(*) FROM identity_keys k WHERE k.user_id = u.user_id) <> 2
                    """
                ).first(decodingColumn: "n", as: Int.self) ?? -1
            let users =
                try await database.raw("SELECT COUNT(*) AS n FROM users").first(decodingColumn: "n", as: Int.self) ?? -1
            return (orphans, incomplete, users)
        }
    }
}
