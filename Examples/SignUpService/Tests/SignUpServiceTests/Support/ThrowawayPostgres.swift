import Foundation
import SignUpService

/// A PostgreSQL server of one test's own (the repository's `Scripts/postgres-throwaway.sh` on a
/// port and in a folder of its own), which the test may halt as a crash would and start again:
/// the PostgreSQL of the other suites is never touched.
struct ThrowawayPostgres: Sendable {
    let port: Int
    let folder: String
    /// Where the service finds it.
    let location: DatabaseLocation

    /// Creates and starts a new server, on a port above Linux's ephemeral range (32768-60999),
    /// where no client connection of another test can hold it; another port if that one is taken.
    static func start() throws -> ThrowawayPostgres {
        for _ in 0..<2 {
            if let server = try? start(port: Int.random(in: 61_000...64_999)) { return server }
        }
        return try start(port: Int.random(in: 61_000...64_999))
    }

    private static func start(port: Int) throws -> ThrowawayPostgres {
        let folder = "/tmp/signup-outage-\(port)-\(Unique.tag())"
        let url = try RepositoryScript.startedURL("postgres-throwaway.sh") { try run($0, port: port, folder: folder) }
        return ThrowawayPostgres(port: port, folder: folder, location: try DatabaseLocation(url: url))
    }

    /// Stops the server at once (`pg_ctl -m immediate`): no checkpoint, connections cut.
    func halt() throws { _ = try Self.run("halt", port: port, folder: folder) }

    /// Starts the halted server again on its data.
    func restart() throws { _ = try Self.run("start", port: port, folder: folder) }

    /// ``halt()`` on a thread of its own, leaving the concurrency pool to the service's clients.
    func halted() async throws { try await RepositoryScript.offThePool { try halt() } }

    /// ``restart()`` on a thread of its own.
    func restarted() async throws { try await RepositoryScript.offThePool { try restart() } }

    /// Stops the server and deletes its folder.
    func remove() { _ = try? Self.run("stop", port: port, folder: folder) }

    /// Runs the script with the server's port and folder, fsync and synchronous commits on
    /// (a halt loses nothing that was acknowledged).
    private static func run(_ command: String, port: Int, folder: String) throws -> String {
        try RepositoryScript.run(
            "postgres-throwaway.sh",
            [command],
            environment: ["PGPORT": String(port), "PGFOLDER": folder, "PGDURABLE": "1"]
        )
    }
}

extension String {
    /// Without spaces and line ends around it.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
