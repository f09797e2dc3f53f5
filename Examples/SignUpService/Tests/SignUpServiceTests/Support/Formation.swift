import Foundation
import Logging
import PostgresNIO

@testable import SignUpService

/// A pg_auto_failover formation of one test's own (the repository's
/// `Scripts/postgres-formation.sh`: a monitor and two data nodes as `postgres` on loopback, the
/// standby synchronous, the monitor's health checks lowered), in a folder and on ports of its own.
struct Formation: Sendable {
    /// The monitor's port; the nodes listen on the two after it.
    let port: Int
    let folder: String
    /// The URI the script printed: both nodes, `target_session_attrs=read-write`.
    let url: String
    /// Where the service finds it.
    let location: DatabaseLocation

    /// Whether the failover suites run (`SIGNUP_FAILOVER=1`): then they fail, never skip, when
    /// pg_auto_failover is missing.
    static let required = ProcessInfo.processInfo.environment["SIGNUP_FAILOVER"] == "1"

    /// Creates and starts a formation on ports above Linux's ephemeral range.
    static func start() throws -> Formation {
        let port = Int.random(in: 6_100...6_499) * 10
        let folder = "/tmp/signup-formation-\(port)-\(Unique.tag())"
        let url = try RepositoryScript.startedURL("postgres-formation.sh") { try run($0, port: port, folder: folder) }
        return Formation(port: port, folder: folder, url: url, location: try DatabaseLocation(url: url))
    }

    /// The data nodes by name.
    func node(_ name: String) -> PostgresEndpoint {
        PostgresEndpoint(host: "127.0.0.1", port: name == "node_a" ? port + 1 : port + 2)
    }

    /// The primary's name.
    func primary() async throws -> String {
        try await RepositoryScript.offThePool { try Self.run("primary", port: port, folder: folder).trimmed }
    }

    /// A planned failover (`pg_autoctl perform failover`); returns once both nodes are settled.
    func failover() async throws {
        _ = try await RepositoryScript.offThePool { try Self.run("failover", port: port, folder: folder) }
    }

    /// kill -9 of the primary's pg_autoctl, postmaster and backends, as a lost machine.
    func crashPrimary() async throws {
        _ = try await RepositoryScript.offThePool { try Self.run("crash-primary", port: port, folder: folder) }
    }

    /// Stops every node and deletes the folder.
    func remove() { _ = try? Self.run("stop", port: port, folder: folder) }

    /// The moment `node` commits a write of the test's own (a row in the script's
    /// `failover_probe`; the commit waits for a synchronous standby like any other), tried every
    /// 50 ms, each try given a second; `nil` after `limit`. A server just promoted is read-only
    /// for a few seconds (25006).
    func commitsWrites(_ node: PostgresEndpoint, within limit: Duration) async -> ContinuousClock.Instant? {
        guard case .postgres(let location) = location else { return nil }
        var configuration = PostgresConnection.Configuration(
            host: node.host,
            port: node.port,
            username: location.username,
            password: nil,
            database: location.database,
            tls: .disable
        )
        configuration.options.connectTimeout = .seconds(1)
        let settings = configuration
        let logger = Logger(label: "formation")
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            let committed: Bool? = try? await DatabaseUnavailable.within(.seconds(1)) {
                let connection = try await PostgresConnection.connect(configuration: settings, id: 1, logger: logger)
                defer { Task { try? await connection.close() } }
                // The error of a read-only server (25006) comes with the rows.
                for try await _ in try await connection.query(
                    "INSERT INTO failover_probe DEFAULT VALUES",
                    logger: logger
                ) {}
                return true
            }
            if committed == true { return .now }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    private static func run(_ command: String, port: Int, folder: String) throws -> String {
        try RepositoryScript.run(
            "postgres-formation.sh",
            [command],
            environment: ["FORMATION_PORT": String(port), "FORMATION_FOLDER": folder]
        )
    }
}
