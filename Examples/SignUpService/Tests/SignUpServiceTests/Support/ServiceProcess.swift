import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOConcurrencyHelpers
import NIOCore
import SignUpService
import Testing

/// The built `signup-service` executable, started as a deployment starts it: its configuration
/// in the environment, on a free port it prints once it listens.
final class ServiceProcess: Sendable {
    let port: Int
    /// The app it serves (`KII_APP_ID`, `KII_APP_KEY`, or the development app).
    let app: KiiApp
    private let process: ChildProcess
    private let errors: NIOLockedValueBox<Data>
    private let output: NIOLockedValueBox<Data>
    /// The pipes the service writes to, held as long as it runs: a pipe's read end closes when
    /// its `Pipe` goes, and the readers above would stop.
    private let pipes: [Pipe]

    /// The executable, beside the test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("signup-service")
    }

    /// How long a start may take before the test fails: two instances migrating one PostgreSQL
    /// database at once took over 60 s (and 2 s alone) on a 2-core machine running three builds
    /// beside the suite.
    static let startPatience: Duration = .seconds(120)

    /// Starts the service with `environment` (plus `PORT=0`) and waits until it listens (at most
    /// ``startPatience``).
    init(environment: [String: String]) async throws {
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SIGNUP_") }
        // Kii's rule, as for an app moved from Kii Cloud: the tests' users have Kii-sized
        // passwords; a test of the default (`nist`) sets PASSWORD_POLICY itself.
        variables["PASSWORD_POLICY"] = "kii"
        // The tests' cheap Argon2id (as their BCRYPT_COST=4 is bcrypt's), unless a test sets its own.
        variables["ARGON2_MEMORY_KIB"] = "\(Argon2Parameters.tests.memoryKiB)"
        variables["ARGON2_ITERATIONS"] = "\(Argon2Parameters.tests.iterations)"
        // The suites sign up many users from 127.0.0.1 and send many codes, as the harness.
        variables["ADDRESS_SIGNUPS_PER_MINUTE"] = "1000000"
        variables["ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE"] = "1000000"
        variables["CODES_BURST"] = "1000000"
        variables["MAX_HASHES_WAITING"] = "100000"
        for (name, value) in environment { variables[name] = value }
        variables["PORT"] = "0"
        let output = Pipe()
        let errorPipe = Pipe()
        let errors = NIOLockedValueBox(Data())
        errorPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            errors.withLockedValue { $0.append(data) }
        }
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let printed = NIOLockedValueBox(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.withLockedValue { $0.append(data) }
            if data.isEmpty {
                continuation.finish()
            } else {
                continuation.yield(String(decoding: data, as: UTF8.self))
            }
        }
        let process = try ChildProcess(
            Self.executable.path,
            environment: variables,
            standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor),
            standardError: .descriptor(errorPipe.fileHandleForWriting.fileDescriptor)
        )
        // The child has its copies: the pipes end when it exits.
        try output.fileHandleForWriting.close()
        try errorPipe.fileHandleForWriting.close()
        self.process = process
        pipes = [output, errorPipe]
        self.errors = errors
        self.output = printed
        if let id = environment["KII_APP_ID"], let key = environment["KII_APP_KEY"] {
            app = KiiApp(id: id, key: key)
        } else {
            app = .development
        }
        port = try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                var text = ""
                for await chunk in lines {
                    text += chunk
                    if let range = text.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                        let match = text[range]
                        return Int(match[match.index(after: match.lastIndex(of: ":")!)...])
                    }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: Self.startPatience)
                return nil
            }
            let port = try await group.next() ?? nil
            group.cancelAll()
            guard let port else {
                let running = process.isRunning
                process.send(SIGTERM)
                // What it printed on both streams, and whether it still runs: the reason, or
                // where it stopped.
                let printedText = String(decoding: printed.withLockedValue { $0 }, as: UTF8.self)
                let errorText = String(decoding: errors.withLockedValue { $0 }, as: UTF8.self)
                throw ProcessFailure(
                    description: "signup-service did not start (running: \(running)): "
                        + "\(errorText)\nprinted: \(printedText)"
                )
            }
            return port
        }
    }

    /// A service the test left running (a failed or interrupted test) dies with its object, so
    /// it never outlives the test and its port, database and pipes are not held on.
    deinit {
        process.send(SIGKILL)
    }

    /// Starts the service, or gives the reason it did not start.
    static func start(environment: [String: String]) async -> Result<ServiceProcess, any Error> {
        do {
            return .success(try await ServiceProcess(environment: environment))
        } catch {
            return .failure(error)
        }
    }

    /// What the service wrote to standard output (its start-up lines).
    var printed: String { String(decoding: output.withLockedValue { $0 }, as: UTF8.self) }

    /// What the service wrote to standard error (its log).
    var log: String { String(decoding: errors.withLockedValue { $0 }, as: UTF8.self) }

    /// Sends SIGTERM and waits for the exit; returns the exit status. A service still running
    /// after `patience` is killed and the test fails saying so (the status is then SIGKILL's),
    /// so a shutdown that hangs fails its test instead of holding the suite.
    func terminate(patience: Duration = .seconds(60)) async -> Int32 {
        process.send(SIGTERM)
        let deadline = ContinuousClock.now + patience
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                Issue.record(
                    "signup-service did not exit within \(patience) of SIGTERM; killed. Its log: \(log.suffix(2000))"
                )
                await kill()
                break
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await process.exit().status
    }

    /// Kills `process` (a child a test started by hand) if it still runs after `patience`: a
    /// child that hangs then fails its test, by its exit, instead of holding the suite. Cancel
    /// the watchdog once the child has exited.
    static func watchdog(_ process: ChildProcess, patience: Duration = .seconds(60)) -> Task<Void, Never> {
        Task {
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            process.send(SIGKILL)
        }
    }

    /// Runs the service with exactly `environment` until it exits by itself (a start that must
    /// fail), and returns how it ended and what it wrote to standard error. A service still
    /// running after `patience` is killed (its ending then says SIGKILL).
    static func runToExit(
        environment: [String: String],
        patience: Duration = .seconds(60)
    ) async throws -> (ending: ChildProcess.Ending, log: String) {
        let errors = Pipe()
        let process = try ChildProcess(
            executable.path,
            environment: environment,
            standardError: .descriptor(errors.fileHandleForWriting.fileDescriptor)
        )
        try errors.fileHandleForWriting.close()
        let watchdog = watchdog(process, patience: patience)
        defer { watchdog.cancel() }
        let log = try await RepositoryScript.offThePool {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        return (await process.exit(), log)
    }

    /// Sends SIGKILL, as a crash or the kernel's OOM killer would, and waits for the exit.
    func kill() async {
        process.send(SIGKILL)
        _ = await process.exit()
    }

    /// `/api/apps/{appID}/users`.
    var usersPath: String { "/api/apps/\(app.id)/users" }

    /// One request on a connection of its own, with the app's headers as the SDKs send them.
    func send(
        _ method: HTTPRequest.Method,
        _ uri: String,
        json: String? = nil,
        token: String? = nil,
        contentType: String = "application/json"
    ) async throws -> Answer {
        var headers: HTTPFields = [.kiiAppID: app.id, .kiiAppKey: app.key]
        if json != nil { headers[.contentType] = contentType }
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await send(method, uri, headers: headers, bytes: json.map { Array($0.utf8) })
    }

    /// One request exactly as given (headers, body bytes) on a connection of its own.
    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields, bytes: [UInt8]?) async throws -> Answer
    {
        let request = TestClient.Request(
            uri,
            method: method,
            headers: headers,
            body: bytes.map { ByteBuffer(bytes: $0) }
        )
        let port = port
        return try await Self.within(.seconds(30)) {
            try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                let response = try await client.execute(request)
                return Answer(
                    status: Int(response.status.code),
                    headers: response.headers,
                    text: response.body.map { String(buffer: $0) } ?? ""
                )
            }
        }
    }

    /// `body`'s result, or ``ProcessFailure`` after `timeout` even when `body` does not end:
    /// TestClient's own read timeout waits for the response it gave up on, so a service that
    /// never answers would hold the test forever.
    static func within<Value: Sendable>(
        _ timeout: Duration,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let waiting = NIOLockedValueBox<CheckedContinuation<Value, any Error>?>(nil)
        @Sendable func finish(_ outcome: Result<Value, any Error>) {
            waiting.withLockedValue { continuation in
                continuation?.resume(with: outcome)
                continuation = nil
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            waiting.withLockedValue { $0 = continuation }
            let timer = Task {
                try await Task.sleep(for: timeout)
                finish(.failure(ProcessFailure(description: "no answer within \(timeout)")))
            }
            Task {
                do { finish(.success(try await body())) } catch { finish(.failure(error)) }
                timer.cancel()
            }
        }
    }

    /// The process's resident set, in bytes (`/proc/<pid>/statm`).
    var residentBytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/\(process.id)/statm", encoding: .utf8)
        else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The process's open file descriptors (`/proc/<pid>/fd`): its connections, database and log.
    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.id)/fd"))?.count ?? 0
    }

    struct ProcessFailure: Error, CustomStringConvertible {
        var description: String
    }
}
