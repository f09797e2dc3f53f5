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

    /// The repository's script.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/postgres-throwaway.sh")

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
        let output: String
        do {
            output = try run("start", port: port, folder: folder)
        } catch {
            _ = try? run("stop", port: port, folder: folder)
            throw error
        }
        guard let url = output.split(separator: "=", maxSplits: 1).last.map({ String($0).trimmed }) else {
            throw ServiceProcess.ProcessFailure(description: "postgres-throwaway.sh printed no URL: \(output)")
        }
        return ThrowawayPostgres(port: port, folder: folder, location: try DatabaseLocation(url: url))
    }

    /// Stops the server at once (`pg_ctl -m immediate`): no checkpoint, connections cut.
    func halt() throws { _ = try Self.run("halt", port: port, folder: folder) }

    /// Starts the halted server again on its data.
    func restart() throws { _ = try Self.run("start", port: port, folder: folder) }

    /// ``halt()`` on a thread of its own, leaving the concurrency pool to the service's clients.
    func halted() async throws { try await Self.offThePool { try halt() } }

    /// ``restart()`` on a thread of its own.
    func restarted() async throws { try await Self.offThePool { try restart() } }

    /// Stops the server and deletes its folder.
    func remove() { _ = try? Self.run("stop", port: port, folder: folder) }

    private static func offThePool(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs the script and waits for its exit. Its output goes to files, not pipes: a pipe's end
    /// ends only when every process holding it has closed it, and the server the script starts
    /// must not keep the test waiting.
    private static func run(_ command: String, port: Int, folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, command]
        var environment = ProcessInfo.processInfo.environment
        environment["PGPORT"] = String(port)
        environment["PGFOLDER"] = folder
        // fsync and synchronous commits on: a halt loses nothing that was acknowledged.
        environment["PGDURABLE"] = "1"
        process.environment = environment
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("signup-pg-\(Unique.tag())")
        let printedFile = files.appendingPathExtension("out")
        let complaintFile = files.appendingPathExtension("err")
        for file in [printedFile, complaintFile] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw ServiceProcess.ProcessFailure(description: "cannot create \(file.path)")
            }
        }
        defer {
            try? FileManager.default.removeItem(at: printedFile)
            try? FileManager.default.removeItem(at: complaintFile)
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: printedFile)
        process.standardError = try FileHandle(forWritingTo: complaintFile)
        try process.run()
        process.waitUntilExit()
        let printed = (try? String(contentsOf: printedFile, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let complaint = (try? String(contentsOf: complaintFile, encoding: .utf8)) ?? ""
            throw ServiceProcess.ProcessFailure(description: "postgres-throwaway.sh \(command) failed: \(complaint)")
        }
        return printed
    }
}

extension String {
    /// Without spaces and line ends around it.
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
