public import Logging
import NIOConcurrencyHelpers
import PostgresKit
import PostgresNIO
public import SQLKit
import ServiceLifecycle

/// PostgresNIO's `PostgresClient` (a pool of connections) seen through SQLKit, bounded in time
/// and renewed after an outage.
///
/// Every operation has `timeout` (waiting for a connection included): past it, or when the server
/// cannot be reached, it fails as ``DatabaseUnavailable`` (503) instead of hanging. A client keeps
/// retrying a lost server with a backoff that grows to a minute (PostgresNIO's pool: 100 ms ×
/// 1.25^attempts; after a 40 s outage the service came back 10 s after the database), so while
/// operations fail, a new client replaces the current one every ``renewal``: the service is back
/// within about that time of the database's return, without a restart. A replaced client runs
/// until its operations have timed out.
public final class PostgresPool: DatabasePool {
    public var flavour: SQLFlavour { .postgres }

    /// How often a new client replaces the current one while the database cannot be reached.
    public static let renewal: Duration = .seconds(2)

    private struct State {
        var client: PostgresClient
        /// The current client's `run()`.
        var running: Task<Void, Never>?
        /// An operation failed as ``DatabaseUnavailable`` and none has succeeded since.
        var unreachable = false
        /// Replaced clients' `run()`s, kept until the operations that took them have timed out.
        var retiring: [Task<Void, Never>] = []
    }

    private let state: NIOLockedValueBox<State>
    private let configuration: PostgresClient.Configuration
    private let logger: Logger
    /// How long a request may wait for a connection and its statements.
    private let timeout: Duration

    /// A pool for `location`, of at most `maxConnections` connections; an operation that takes
    /// longer than `timeout` (waiting for a connection included) fails as ``DatabaseUnavailable``.
    public init(location: PostgresLocation, maxConnections: Int, timeout: Duration = .seconds(5), logger: Logger) {
        self.timeout = timeout
        var configuration = PostgresClient.Configuration(
            host: location.host,
            port: location.port,
            username: location.username,
            password: location.password,
            database: location.database,
            tls: Self.tls(location.sslMode)
        )
        configuration.options.maximumConnections = maxConnections
        if let searchPath = location.searchPath {
            configuration.options.additionalStartupParameters = [("search_path", searchPath)]
        }
        self.configuration = configuration
        self.logger = logger
        state = NIOLockedValueBox(State(client: PostgresClient(configuration: configuration, backgroundLogger: logger)))
    }

    private static func tls(_ mode: PostgresLocation.SSLMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    public func withConnection<Result: Sendable>(
        bounded: Bool,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        let client = state.withLockedValue { $0.client }
        // Whether a connection was had: an error before is the pool's (no server to connect to,
        // a pool cancelled by its renewal), whatever its type.
        let connected = NIOLockedValueBox(false)
        do {
            let result = try await DatabaseUnavailable.within(bounded ? timeout : nil) {
                try await client.withConnection { connection in
                    connected.withLockedValue { $0 = true }
                    return try await body(connection.sql(queryLogLevel: nil))
                }
            }
            state.withLockedValue { $0.unreachable = false }
            return result
        } catch {
            guard let outage = Self.outage(error, connected: connected.withLockedValue { $0 }) else { throw error }
            state.withLockedValue { $0.unreachable = true }
            throw outage
        }
    }

    /// The outage `error` stands for, or `nil` when it is the statement's own failure (or a
    /// cancellation): a timeout, a PostgreSQL error saying the server cannot be reached, or any
    /// error before a connection was had.
    static func outage(_ error: any Error, connected: Bool) -> DatabaseUnavailable? {
        switch error {
        case let outage as DatabaseUnavailable: outage
        case let error as PSQLError where isOutage(error): DatabaseUnavailable(reason: "\(error.code)")
        case is CancellationError: nil
        default: connected ? nil : DatabaseUnavailable(reason: "no connection: \(String(reflecting: type(of: error)))")
        }
    }

    /// Whether `error` says the server cannot be reached (a refused or lost connection, a
    /// server shutting down or starting: SQLSTATE classes 08 and 57P01-57P03), not that a
    /// statement failed.
    static func isOutage(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
            return true
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default:
            return false
        }
    }

    /// Runs the pool until the graceful shutdown (the application stops it after the server),
    /// renewing the client while the database cannot be reached.
    public func run() async throws {
        state.withLockedValue { state in
            let client = state.client
            state.running = Task { await client.run() }
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.renewal)
                if !Task.isCancelled { self.renewIfUnreachable() }
            }
        }
        let runs = state.withLockedValue { state in
            defer { state.retiring = [] }
            return state.retiring + [state.running].compactMap { $0 }
        }
        for run in runs { run.cancel() }
        for run in runs { await run.value }
    }

    /// A new client in place of the current one when the last operation could not reach the
    /// database. The old client runs on until every operation that took it has timed out: an
    /// operation waiting for a connection of a client whose `run()` has ended never ends, not
    /// even when cancelled.
    private func renewIfUnreachable() {
        let configuration = configuration
        let logger = logger
        let retired: Task<Void, Never>? = state.withLockedValue { state in
            guard state.unreachable, let previous = state.running else { return nil }
            let fresh = PostgresClient(configuration: configuration, backgroundLogger: logger)
            state.client = fresh
            state.running = Task { await fresh.run() }
            state.retiring.append(previous)
            return previous
        }
        guard let retired else { return }
        logger.warning("database unreachable: a new connection pool replaces the one retrying")
        let grace = timeout + .seconds(1)
        Task {
            try? await Task.sleep(for: grace)
            retired.cancel()
            self.state.withLockedValue { state in state.retiring.removeAll { $0 == retired } }
        }
    }
}
