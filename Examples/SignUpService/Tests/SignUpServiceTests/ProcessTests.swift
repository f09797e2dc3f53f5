import Foundation
import KiiIdentity
import SignUpService
import Testing

/// The built executable, run as a deployment runs it: two instances on one database, SIGTERM
/// during a request, logs without secrets, the app it prints, and bad settings.
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
        // `info`: a start that does not end says which migration step it reached.
        let environment = ["DATABASE_URL": url, "BCRYPT_COST": "4", "LOG_LEVEL": "info"]
        // PostgreSQL instances start at once (their migrations take turns); SQLite ones one
        // after the other (starting at once is its own test, below).
        let first: ServiceProcess
        let second: ServiceProcess
        if database == .postgres {
            async let startFirst = ServiceProcess(environment: environment)
            async let startSecond = ServiceProcess(environment: environment)
            (first, second) = try await (startFirst, startSecond)
        } else {
            first = try await ServiceProcess(environment: environment)
            second = try await ServiceProcess(environment: environment)
        }
        let instances = [first, second]
        let bodies = RaceTests.Person.everything.bodies
        let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
            for (index, body) in bodies.enumerated() {
                group.addTask { try await instances[index % 2].send(.post, first.usersPath, json: body) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0.status == 201 }.count == 1)
        #expect(answers.filter { $0.status == 409 && $0.errorCode == "USER_ALREADY_EXISTS" }.count == bodies.count - 1)
        let token = try #require(
            try await first.send(
                .post,
                "/api/oauth2/token",
                json: #"{"username":"mallory_1","password":"correct horse"}"#
            )
            .string("access_token")
        )
        let me = try await second.send(.get, second.usersPath + "/me", token: token)
        #expect(me.status == 200)
        #expect(me.string("loginName") == "mallory_1")
        #expect(await first.terminate() == 0)
        #expect(await second.terminate() == 0)
        await testDatabase?.drop()
    }

    /// Two instances started at once on a new SQLite file both start: one's switch to WAL
    /// meets the other's lock and waits for it rather than failing.
    @Test func twoInstancesStartingAtOnceOnANewSQLiteFileBothListen() async throws {
        try await startPairs()
    }

    private func startPairs() async throws {
        for round in 0..<10 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let environment = [
                "DATABASE_URL": "sqlite:\(folder.path)/new.sqlite", "BCRYPT_COST": "4", "LOG_LEVEL": "warning",
            ]
            async let startFirst = ServiceProcess.start(environment: environment)
            async let startSecond = ServiceProcess.start(environment: environment)
            let started = await [startFirst, startSecond]
            var listening = 0
            for case .success(let instance) in started {
                listening += 1
                _ = await instance.terminate()
            }
            for case .failure(let error) in started {
                Issue.record("round \(round): \(String(describing: error).prefix(300))")
            }
            if listening < 2 { break }
        }
    }

    /// A database file that is not SQLite stops the service with an error and a non-zero exit
    /// status, not a crash.
    @Test func aFileThatIsNotADatabaseStopsTheServiceWithoutACrash() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-a-database.sqlite")
        try Data(String(repeating: "not a database, only text. ", count: 8).utf8).write(to: file)
        let (ending, text) = try await ServiceProcess.runToExit(environment: [
            "PATH": "/usr/bin:/bin", "DATABASE_URL": "sqlite:\(file.path)", "PORT": "0",
        ])
        guard case .exited(let status) = ending else {
            Issue.record("ended by signal \(ending.status): \(text.prefix(400))")
            return
        }
        #expect(!text.contains("Assertion failed"), "\(text.prefix(400))")
        #expect(status != 0)
    }

    @Test func sigtermLetsTheRequestInFlightFinish() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graceful.sqlite").path
        // bcrypt at cost 14 keeps the sign-up busy for a good fraction of a second.
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite:\(file)", "PASSWORD_HASH": "bcrypt", "BCRYPT_COST": "14",
        ])
        async let signUp = service.send(
            .post,
            service.usersPath,
            json: #"{"loginName":"slow_1","password":"correct horse"}"#
        )
        try await Task.sleep(for: .milliseconds(400))
        let status = await service.terminate()
        let answer = try await signUp
        #expect(answer.status == 201)
        #expect(status == 0)
        let pool = try await SQLitePool(file: file, logger: .init(label: "signup-tests"))
        let users = try await pool.count(.users)
        try await pool.close()
        #expect(users == 1)
    }

    @Test func logsHoldNoPasswordTokenOrCode() async throws {
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "LOG_LEVEL": "trace", "EMAIL_VERIFICATION": "1",
        ])
        let password = "Pa55-word-\(Unique.tag())"
        let newPassword = "New-word-\(Unique.tag())"
        let created = try await service.send(
            .post,
            service.usersPath,
            json:
                #"{"loginName":"quiet_1","emailAddress":"quiet@example.com","phoneNumber":"+819012345678","password":"\#(password)"}"#
        )
        #expect(created.status == 201)
        let login = try await service.send(
            .post,
            "/api/oauth2/token",
            json: #"{"username":"quiet_1","password":"\#(password)"}"#
        )
        let token = try #require(login.string("access_token"))
        let pseudo = try await service.send(
            .post,
            service.usersPath,
            json: #"{"displayName":"Q"}"#,
            contentType: KiiType.pseudoRegistration
        )
        let pseudoToken = try #require(pseudo.string("_accessToken"))
        _ = try await service.send(
            .post,
            "/api/oauth2/token",
            json: #"{"username":"quiet_1","password":"\#(password)x"}"#
        )
        _ = try await service.send(.get, service.usersPath + "/me", token: token)
        _ = try await service.send(.get, service.usersPath + "/me", token: pseudoToken)
        _ = try await service.send(
            .post,
            service.usersPath + "/me/email-address/verify",
            json: #"{"verificationCode":"918273"}"#,
            token: token
        )
        let changed = try await service.send(
            .put,
            service.usersPath + "/me/password",
            json: #"{"oldPassword":"\#(password)","newPassword":"\#(newPassword)"}"#,
            token: token
        )
        #expect(changed.status == 204)
        let reset = try await service.send(
            .post,
            service.usersPath + "/LOGIN_NAME:quiet_1/password/request-reset",
            json: #"{"notificationMethod":"SMS"}"#
        )
        #expect(reset.status == 204)
        _ = try await service.send(
            .post,
            service.usersPath + "/LOGIN_NAME:quiet_1/password/complete-reset",
            json: #"{"pinCode":"564738","newPassword":"\#(newPassword)"}"#
        )
        #expect(await service.terminate() == 0)
        let log = service.log
        #expect(log.contains("path=/api/oauth2/token"))
        #expect(log.contains("path=/api/apps/signupdev/users/me/password"))
        #expect(log.contains("code issued"))
        for secret in [password, newPassword, token, pseudoToken, "918273", "564738", "signupdev-key"] {
            #expect(!log.contains(secret), "\(secret)")
        }
        #expect(log.range(of: #"code=\d{6}"#, options: .regularExpression) == nil)
    }

    @Test func developmentModeLogsTheCode() async throws {
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "EMAIL_VERIFICATION": "1", "DEVELOPMENT": "1",
        ])
        let created = try await service.send(
            .post,
            service.usersPath,
            json: #"{"loginName":"dev_1","emailAddress":"dev@example.com","password":"correct horse"}"#
        )
        let token = try #require(
            try await service.send(
                .post,
                "/api/oauth2/token",
                json: #"{"username":"dev_1","password":"correct horse"}"#
            )
            .string("access_token")
        )
        let log = service.log
        let range = try #require(log.range(of: #"code=\d{6}"#, options: .regularExpression))
        let code = String(log[range].dropFirst("code=".count))
        let verified = try await service.send(
            .post,
            service.usersPath + "/me/email-address/verify",
            json: #"{"verificationCode":"\#(code)"}"#,
            token: token
        )
        #expect(created.status == 201)
        #expect(verified.status == 204)
        #expect(await service.terminate() == 0)
    }

    @Test func theAppComesFromTheEnvironmentAndIsPrinted() async throws {
        let development = try await ServiceProcess(environment: ["DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4"])
        #expect(development.printed.contains("Kii app ID signupdev, app key signupdev-key (development defaults"))
        #expect(development.printed.contains("SDK base URL http://127.0.0.1:\(development.port)/api"))
        #expect(await development.terminate() == 0)
        let own = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "KII_APP_ID": "my-app_1",
            "KII_APP_KEY": "S3cret-key",
        ])
        #expect(own.printed.contains("Kii app ID my-app_1, app key S3cret-key"))
        #expect(!own.printed.contains("development defaults"))
        let created = try await own.send(
            .post,
            "/api/apps/my-app_1/users",
            json: #"{"loginName":"own_1","password":"correct horse"}"#
        )
        #expect(created.status == 201)
        let development404 = try await own.send(
            .post,
            "/api/apps/signupdev/users",
            json: #"{"loginName":"own_2","password":"correct horse"}"#
        )
        #expect(development404.status == 404)
        #expect(development404.errorCode == "APP_NOT_FOUND")
        #expect(await own.terminate() == 0)
    }

    @Test func thePasswordRuleIsPrintedAtStartAndNistIsTheDefault() async throws {
        // PASSWORD_POLICY empty is unset: the default (ServiceProcess sets `kii` otherwise).
        let service = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "PASSWORD_POLICY": "",
        ])
        #expect(
            service.printed.contains(
                "\npasswords: nist (NIST SP 800-63B-4, at least 15 characters), blocklist in the library "
                    + "(337,344 entries)\n"
            )
        )
        let short = try await service.send(
            .post,
            service.usersPath,
            json: #"{"loginName":"proc_pw_1","password":"correct horse"}"#
        )
        #expect(short.status == 400)
        #expect(short.problems == ["password:too_short"])
        let good = try await service.send(
            .post,
            service.usersPath,
            json: #"{"loginName":"proc_pw_1","password":"violet kettle under the moon"}"#
        )
        #expect(good.status == 201)
        #expect(!service.log.contains("violet kettle"))
        #expect(!service.log.contains("correct horse"))
        #expect(await service.terminate() == 0)
        let kii = try await ServiceProcess(environment: [
            "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "PASSWORD_POLICY": "kii",
        ])
        #expect(kii.printed.contains("\npasswords: kii (Kii Cloud's rule, 4 to 50 printable ASCII characters)\n"))
        #expect(await kii.terminate() == 0)
    }

    @Test(arguments: [
        (["PASSWORD_POLICY": "weak"], "PASSWORD_POLICY must be nist, nist:N (N from 8 to 64) or kii"),
        (
            ["PASSWORD_BLOCKLIST": "/nonexistent/list.kiipwbl"],
            "PASSWORD_BLOCKLIST names a file that cannot be read: /nonexistent/list.kiipwbl"
        ),
        (["BCRYPT_COST": "3"], "BCRYPT_COST must be a whole number from 4 to 31"),
        (["PASSWORD_HASH": "md5"], "PASSWORD_HASH must be argon2id or bcrypt"),
        (["ARGON2_MEMORY_KIB": "4"], "ARGON2_MEMORY_KIB must be a whole number from 8 to 4194304"),
        (["KII_APP_ID": "my-app"], "KII_APP_KEY must be set with KII_APP_ID"),
        (["KII_APP_KEY": "my-key"], "KII_APP_ID must be set with KII_APP_KEY"),
        (
            ["KII_APP_ID": "", "KII_APP_KEY": ""],
            "KII_APP_ID is set but empty (unset KII_APP_ID and KII_APP_KEY for the development app)"
        ),
        (
            ["KII_APP_ID": "my app", "KII_APP_KEY": "my-key"],
            "KII_APP_ID must be 1 to 64 ASCII letters, digits, - or _"
        ),
    ])
    func badConfigurationStopsWithStatus2(environment: [String: String], message: String) async throws {
        let (ending, text) = try await ServiceProcess.runToExit(
            environment: environment.merging(["PATH": "/usr/bin:/bin", "DATABASE_URL": "sqlite::memory:"]) { $1 }
        )
        #expect(ending == .exited(2))
        #expect(text.contains(message))
    }
}
