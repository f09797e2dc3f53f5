public import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit
import PostgresNIO
public import SQLKit
import ServiceLifecycle

/// PostgresNIO's `PostgresClient` (a pool of connections) seen through SQLKit, on the server of
/// the ``PostgresLocation`` that suits its `target_session_attrs`, bounded in time, and renewed
/// after an outage or a failover.
///
/// PostgresNIO connects to one host and port, so the pool chooses the server as libpq does: it
/// tries the location's servers in order, each on a connection of its own
/// (``PostgresServerCheck``), and keeps a client on the first that suits (for `read-write`, the
/// first whose `transaction_read_only` is `off`). An operation that fails because its server is
/// gone or no longer the one to use (a lost connection, SQLSTATE class 08, 57P01-57P03, 25006 on
/// a server demoted to standby, a timeout) marks the pool stale: the next operation looks for
/// the server again, and while none suits, operations wait for one until their timeout and fail
/// as ``DatabaseUnavailable`` (503), never as a statement's error (500).
///
/// Every operation has `timeout` (looking for the server and waiting for a connection included).
/// A client keeps retrying a lost server with a backoff that grows to a minute (PostgresNIO's
/// pool: 100 ms × 1.25^attempts), so a search that finds the same server again replaces the
/// client at most every ``renewal``. A replaced client runs until its operations have timed out.
public final class PostgresPool: DatabasePool {
    public var flavour: SQLFlavour { .postgres }

    /// The least time between two replacements of a client on the same server.
    public static let renewal: Duration = .seconds(2)
    /// The pause after a search that found no server to use, before the next.
    static let searchPause: Duration = .milliseconds(250)

    private struct State {
        /// The client in use, `nil` until a server was found.
        var client: PostgresClient?
        /// Its server.
        var endpoint: PostgresEndpoint?
        /// When it was made.
        var madeAt = ContinuousClock.now
        /// The current client's `run()`.
        var running: Task<Void, Never>?
        /// An operation failed as ``DatabaseUnavailable`` on the current client and none has
        /// succeeded since: the next one looks for the server again.
        var stale = true
        /// The search under way: `true` when it found a server.
        var search: Task<Bool, Never>?
        /// No server suited at the last search (logged once per outage).
        var missing = false
        /// Replaced clients' `run()`s, kept until the operations that took them have timed out.
        var retiring: [Task<Void, Never>] = []
        /// The pool was shut down: no new client.
        var closed = false
        /// The operations waiting for a connection (see ``Lease``).
        var waiting: [ObjectIdentifier: Lease] = [:]

        /// Takes the leases waiting on `client` out of ``waiting``, to be left.
        mutating func leaving(_ client: PostgresClient?) -> [Lease] {
            guard let client else { return [] }
            let left = waiting.values.filter { $0.client === client }
            for lease in left { waiting[ObjectIdentifier(lease)] = nil }
            return left
        }
    }

    private let state = NIOLockedValueBox(State())
    private let location: PostgresLocation
    private let maxConnections: Int
    private let logger: Logger
    /// How long a request may wait for a server, a connection and its statements.
    private let timeout: Duration

    /// A pool for `location`, of at most `maxConnections` connections; an operation that takes
    /// longer than `timeout` (looking for the server and waiting for a connection included)
    /// fails as ``DatabaseUnavailable``.
    public init(location: PostgresLocation, maxConnections: Int, timeout: Duration = .seconds(5), logger: Logger) {
        self.location = location
        self.maxConnections = maxConnections
        self.timeout = timeout
        self.logger = logger
    }

    /// The client's configuration for `endpoint`.
    private func clientConfiguration(_ endpoint: PostgresEndpoint) -> PostgresClient.Configuration {
        var configuration = server(
            endpoint,
            tls: Self.tls(location.sslMode),
            PostgresClient.Configuration.init(host:port:username:password:database:tls:)
        )
        configuration.options.maximumConnections = maxConnections
        configuration.options.connectTimeout = connectTimeout
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// A single connection's configuration for `endpoint` (a server check's).
    private func connectionConfiguration(_ endpoint: PostgresEndpoint) -> PostgresConnection.Configuration {
        var configuration = server(
            endpoint,
            tls: Self.connectionTLS(location.sslMode),
            PostgresConnection.Configuration.init(host:port:username:password:database:tls:)
        )
        configuration.options.connectTimeout = .seconds(connectTimeout.components.seconds)
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// One of postgres-nio's two configurations (a client's or a connection's, whose initialisers
    /// take the same arguments), made by `make` from `endpoint`, the location's user, password
    /// and database, and `tls`.
    private func server<Configuration, TLS>(
        _ endpoint: PostgresEndpoint,
        tls: TLS,
        _ make: (String, Int, String, String?, String?, TLS) -> Configuration
    ) -> Configuration {
        make(endpoint.host, endpoint.port, location.username, location.password, location.database, tls)
    }

    /// `connect_timeout`, or the pool's timeout.
    private var connectTimeout: Duration {
        location.connectTimeout.map { .seconds($0) } ?? timeout
    }

    private var startupParameters: [(String, String)] {
        var parameters: [(String, String)] = []
        if let searchPath = location.searchPath { parameters.append(("search_path", searchPath)) }
        if let name = location.applicationName { parameters.append(("application_name", name)) }
        return parameters
    }

    private static func tls(_ mode: PostgresLocation.SSLMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    private static func connectionTLS(_ mode: PostgresLocation.SSLMode) -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: (try? .prefer(.init(configuration: .makeClientConfiguration()))) ?? .disable
        case .require: (try? .require(.init(configuration: .makeClientConfiguration()))) ?? .disable
        }
    }

    public func withConnection<Result: Sendable>(
        bounded: Bool,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        let deadline = bounded ? ContinuousClock.now + timeout : nil
        // The client used, and whether a connection was had: an error before is the pool's (no
        // server to connect to, a pool cancelled by its renewal), whatever its type.
        let used = NIOLockedValueBox<(client: PostgresClient?, connected: Bool)>((nil, false))
        do {
            while true {
                let client = try await currentClient(before: deadline)
                used.withLockedValue { $0.client = client }
                do {
                    return try await leasing(client, before: deadline, used, body)
                } catch is ClientLeft {
                    continue
                }
            }
        } catch {
            let (client, connected) = used.withLockedValue { $0 }
            guard let outage = Self.outage(error, connected: connected) else { throw error }
            let left = state.withLockedValue { state in
                // A late failure of a replaced client says nothing of the current one.
                guard client == nil || state.client === client else { return [Lease]() }
                state.stale = true
                return state.leaving(state.client)
            }
            for lease in left { lease.leave() }
            throw outage
        }
    }

    /// `body` on a connection of `client`, or ``ClientLeft`` when, before a connection came, the
    /// pool marked `client` stale or replaced it (the lease is told at once, see ``Lease``): an
    /// operation waiting for a connection of a client on a server that is gone (or demoted) would
    /// otherwise wait until its deadline while the new primary takes writes. A connection that
    /// comes after is given back unused.
    private func leasing<Result: Sendable>(
        _ client: PostgresClient,
        before deadline: ContinuousClock.Instant?,
        _ used: NIOLockedValueBox<(client: PostgresClient?, connected: Bool)>,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        let race = FirstOutcome<Result>()
        let lease = Lease(client: client) { race.finish(with: .failure(ClientLeft())) }
        let waiting = state.withLockedValue { state in
            guard !state.stale, state.client === client else { return false }
            state.waiting[ObjectIdentifier(lease)] = lease
            return true
        }
        guard waiting else { throw ClientLeft() }
        defer { state.withLockedValue { _ = $0.waiting.removeValue(forKey: ObjectIdentifier(lease)) } }
        return try await DatabaseUnavailable.firstOf(
            {
                try await client.withConnection { connection in
                    guard lease.take() else { throw ClientLeft() }
                    used.withLockedValue { $0.connected = true }
                    return try await body(connection.sql(queryLogLevel: nil))
                }
            },
            or: deadline.map { DatabaseUnavailable.at($0, of: timeout) },
            in: race
        )
    }

    /// An operation's wait for a connection of one client: taken when a connection comes, or
    /// left when the pool marks the client stale or replaces it, whichever comes first. Leaving
    /// answers the operation with ``ClientLeft`` at once (it looks for the client again); a
    /// taken lease runs on.
    private final class Lease: Sendable {
        /// The client waited on.
        let client: PostgresClient
        /// `nil` while waiting; `true` once taken, `false` once left.
        private let outcome = NIOLockedValueBox<Bool?>(nil)
        /// Answers the operation with ``ClientLeft``.
        private let onLeave: @Sendable () -> Void

        init(client: PostgresClient, onLeave: @escaping @Sendable () -> Void) {
            self.client = client
            self.onLeave = onLeave
        }

        /// Whether the connection that came is the operation's (the lease was not left).
        func take() -> Bool {
            outcome.withLockedValue { outcome in
                if outcome == nil { outcome = true }
                return outcome == true
            }
        }

        /// Gives the wait up, unless a connection was taken.
        func leave() {
            let left = outcome.withLockedValue { outcome in
                if outcome == nil { outcome = false }
                return outcome == false
            }
            if left { onLeave() }
        }
    }

    /// The client an operation waited on was left for another (see ``leasing(_:before:_:_:)``).
    private struct ClientLeft: Error {}

    /// The client on the server to use: the current one, or the one a search finds. Waits
    /// while no server suits, until `deadline` (then ``DatabaseUnavailable``).
    private func currentClient(before deadline: ContinuousClock.Instant?) async throws -> PostgresClient {
        while true {
            try Task.checkCancellation()
            let (client, search): (PostgresClient?, Task<Bool, Never>?) = state.withLockedValue { state in
                if !state.stale, let client = state.client { return (client, nil) }
                if let search = state.search { return (nil, search) }
                let search = Task { await self.search() }
                state.search = search
                return (nil, search)
            }
            if let client { return client }
            guard let search else { continue }
            _ = try await DatabaseUnavailable.firstOf(
                { await search.value },
                or: deadline.map { DatabaseUnavailable.at($0, of: timeout) }
            )
        }
    }

    /// Tries the servers in order and puts a client on the first that suits; `false` after
    /// ``searchPause`` when none does.
    private func search() async -> Bool {
        let attributes = location.targetSessionAttributes
        let checkTimeout = connectTimeout
        var fallback: PostgresEndpoint?
        for endpoint in location.endpoints {
            guard
                let check = await PostgresServerCheck.ask(
                    connectionConfiguration(endpoint),
                    timeout: checkTimeout + .seconds(1),
                    logger: logger
                )
            else { continue }
            if check.suits(attributes) {
                use(endpoint)
                return true
            }
            if attributes == .preferStandby, fallback == nil { fallback = endpoint }
        }
        if let fallback {
            use(fallback)
            return true
        }
        let firstMiss = state.withLockedValue { state in
            defer { state.missing = true }
            return !state.missing
        }
        if firstMiss {
            logger.warning(
                "database: no server suits target_session_attrs",
                metadata: [
                    "servers": "\(location.endpoints.map(\.description).joined(separator: ","))",
                    "target_session_attrs": "\(attributes.rawValue)",
                ]
            )
        }
        try? await Task.sleep(for: Self.searchPause)
        state.withLockedValue { $0.search = nil }
        return false
    }

    /// Uses `endpoint`: a new client on it unless the current client is on it and younger than
    /// ``renewal``. The replaced client runs on until every operation that took it has timed
    /// out: an operation waiting for a connection of a client whose `run()` has ended never
    /// ends, not even when cancelled.
    private func use(_ endpoint: PostgresEndpoint) {
        let configuration = clientConfiguration(endpoint)
        let logger = logger
        let (retired, moved, left): (Task<Void, Never>?, Bool, [Lease]) = state.withLockedValue { state in
            defer {
                state.search = nil
                state.stale = false
                state.missing = false
            }
            if state.closed { return (nil, false, []) }
            if state.client != nil, state.endpoint == endpoint, ContinuousClock.now - state.madeAt < Self.renewal {
                return (nil, false, [])
            }
            let fresh = PostgresClient(configuration: configuration, backgroundLogger: logger)
            let previous = state.running
            let moved = state.endpoint != endpoint
            let left = state.leaving(state.client)
            state.client = fresh
            state.endpoint = endpoint
            state.madeAt = .now
            state.running = Task { await fresh.run() }
            if let previous { state.retiring.append(previous) }
            return (previous, moved, left)
        }
        for lease in left { lease.leave() }
        if moved {
            logger.notice("database: using \(endpoint)", metadata: ["servers": "\(location.endpoints.count)"])
        } else if retired != nil {
            logger.warning("database unreachable: a new connection pool replaces the one retrying")
        }
        guard let retired else { return }
        let grace = timeout + .seconds(1)
        Task {
            try? await Task.sleep(for: grace)
            retired.cancel()
            self.state.withLockedValue { state in state.retiring.removeAll { $0 == retired } }
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

    /// Whether `error` says the server cannot be reached or is no longer the one to write to (a
    /// refused or lost connection, a server shutting down or starting: SQLSTATE classes 08 and
    /// 57P01-57P03; a server demoted to standby: 25006), not that a statement failed.
    static func isOutage(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
            return true
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "25006"].contains(state)
        default:
            return false
        }
    }

    /// Runs the pool until the graceful shutdown (the application stops it after the server),
    /// then ends its clients.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        }
        let runs = state.withLockedValue { state in
            state.closed = true
            defer { state.retiring = [] }
            return state.retiring + [state.running].compactMap { $0 }
        }
        for run in runs { run.cancel() }
        for run in runs { await run.value }
    }
}
