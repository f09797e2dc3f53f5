import Foundation
import KiiIdentity
import SignUpService
import Testing

/// The built executable, run as a deployment runs it: two instances on one database, SIGTERM
/// during a request, and logs without secrets.
@Suite(.serialized) struct ProcessTests {
    /// Where the two instances share their users.
    enum SharedDatabase: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqliteFile, postgres

        static var enabled: [SharedDatabase] {
            Backend.enabled.contains(.postgres) ? [.sqliteFile, .postgres] : [.sqliteFile]
        }
        var testDescription: String { rawValue }
    }

    @Test(arguments: SharedDatabase.enabled)
    func twoInstancesOnOneDatabaseLetOneSignUpWin(database: SharedDatabase) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let testDatabase: TestDatabase? = database == .postgres ? try await TestDatabase.make(.postgres) : nil
        let url = testDatabase.map { "\($0.location)" } ?? "sqlite:\(folder.path)/shared.sqlite"
        let environment = ["DATABASE_URL": url, "BCRYPT_COST": "4", "LOG_LEVEL": "warning"]
        async let startFirst = ServiceProcess(environment: environment)
        async let startSecond = ServiceProcess(environment: environment)
        let (first, second) = try await (startFirst, startSecond)
        let instances = [first, second]
        let bodies = RaceTests.Person.everything.bodies
        let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
            for (index, body) in bodies.enumerated() {
                group.addTask { try await instances[index % 2].send(.post, "/users", json: body) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0.status == 201 }.count == 1)
        #expect(answers.filter { $0.status == 409 }.count == bodies.count - 1)
        let token = try #require(
            try await first.send(.post, "/oauth2/token", json: #"{"username":"mallory_1","password":"correct horse"}"#)
                .string("access_token")
        )
        let me = try await second.send(.get, "/users/me", token: token)
        #expect(me.status == 200)
        #expect(me.string("loginName") == "mallory_1")
        #expect(await first.terminate() == 0)
        #expect(await second.terminate() == 0)
        await testDatabase?.drop()
    }

    @Test func sigtermLetsTheRequestInFlightFinish() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graceful.sqlite").path
        // bcrypt at cost 14 keeps the sign-up busy for a good fraction of a second.
        let service = try await ServiceProcess(environment: ["DATABASE_URL": "sqlite:\(file)", "BCRYPT_COST": "14"])
        async let signUp = service.send(.post, "/users", json: #"{"loginName":"slow_1","password":"correct horse"}"#)
        try await Task.sleep(for: .milliseconds(400))
        let status = await service.terminate()
        let answer = try await signUp
        #expect(answer.status == 201)
        #expect(status == 0)
        let pool = try await SQLitePool(file: file, logger: .init(label: "signup-tests"))
        let users = try await UserStore(pool: pool).count(.users)
        try await pool.close()
        #expect(users == 1)
    }

    @Test func logsHoldNoPasswordTokenOrCode() async throws {
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "LOG_LEVEL": "trace", "EMAIL_VERIFICATION": "1",
        ])
        let password = "Pa55-word-\(Unique.tag())"
        let created = try await service.send(
            .post,
            "/users",
            json: #"{"loginName":"quiet_1","emailAddress":"quiet@example.com","password":"\#(password)"}"#
        )
        #expect(created.status == 201)
        let login = try await service.send(
            .post,
            "/oauth2/token",
            json: #"{"username":"quiet_1","password":"\#(password)"}"#
        )
        let token = try #require(login.string("access_token"))
        _ = try await service.send(.post, "/oauth2/token", json: #"{"username":"quiet_1","password":"\#(password)x"}"#)
        _ = try await service.send(.get, "/users/me", token: token)
        #expect(await service.terminate() == 0)
        let log = service.log
        #expect(log.contains("path=/oauth2/token"))
        #expect(log.contains("verification code issued"))
        #expect(!log.contains(password))
        #expect(!log.contains(token))
        #expect(!log.contains("code="))  // no code outside development mode
    }

    @Test func developmentModeLogsTheCode() async throws {
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "EMAIL_VERIFICATION": "1", "DEVELOPMENT": "1",
        ])
        let created = try await service.send(
            .post,
            "/users",
            json: #"{"loginName":"dev_1","emailAddress":"dev@example.com","password":"correct horse"}"#
        )
        let token = try #require(
            try await service.send(.post, "/oauth2/token", json: #"{"username":"dev_1","password":"correct horse"}"#)
                .string("access_token")
        )
        let log = service.log
        let range = try #require(log.range(of: #"code=\d{6}"#, options: .regularExpression))
        let code = String(log[range].dropFirst("code=".count))
        let verified = try await service.send(
            .post,
            "/users/me/verify",
            json: #"{"field":"emailAddress","code":"\#(code)"}"#,
            token: token
        )
        #expect(created.status == 201)
        #expect(verified.status == 204)
        #expect(await service.terminate() == 0)
    }

    @Test func badConfigurationStopsWithStatus2() async throws {
        let process = Process()
        process.executableURL = ServiceProcess.executable
        process.environment = ["BCRYPT_COST": "3", "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(text.contains("BCRYPT_COST must be a whole number from 4 to 31"))
    }
}
