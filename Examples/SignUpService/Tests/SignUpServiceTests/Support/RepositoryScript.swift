import Foundation

/// The repository's `Scripts/` run from a test: ``ThrowawayPostgres`` and ``Formation``.
enum RepositoryScript {
    /// The repository's `Scripts` folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts")

    /// Runs `Scripts/<name>` with `arguments` and `environment` added to the test's, waits for its
    /// exit, and returns what it printed. Its output goes to files, not pipes: a pipe's end ends
    /// only when every process holding it has closed it, and the servers the scripts start must
    /// not keep the test waiting.
    ///
    /// - Throws: ``ServiceProcess/ProcessFailure`` with what it wrote to standard error when it
    ///   fails.
    static func run(_ name: String, _ arguments: [String], environment: [String: String]) throws -> String {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("signup-script-\(Unique.tag())")
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
        let printing = try FileHandle(forWritingTo: printedFile)
        let complaining = try FileHandle(forWritingTo: complaintFile)
        let process = try ChildProcess(
            "/bin/bash",
            arguments: [folder.appendingPathComponent(name).path] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            standardOutput: .descriptor(printing.fileDescriptor),
            standardError: .descriptor(complaining.fileDescriptor)
        )
        try printing.close()
        try complaining.close()
        let ending = process.waitUntilExit()
        let printed = (try? String(contentsOf: printedFile, encoding: .utf8)) ?? ""
        guard ending == .exited(0) else {
            let complaint = (try? String(contentsOf: complaintFile, encoding: .utf8)) ?? ""
            throw ServiceProcess.ProcessFailure(
                description: "\(name) \(arguments.joined(separator: " ")) failed: \(complaint)"
            )
        }
        return printed
    }

    /// The URL a script's `start` printed (`export NAME=URL`, the URL maybe in single quotes:
    /// a shell would take its `&` for a command's end); when `start` fails, `stop` cleans up.
    static func startedURL(_ name: String, _ command: (String) throws -> String) throws -> String {
        let output: String
        do {
            output = try command("start")
        } catch {
            _ = try? command("stop")
            throw error
        }
        let printed = output.split(separator: "=", maxSplits: 1).last.map { String($0).trimmed }
        guard let url = printed?.trimmingCharacters(in: CharacterSet(charactersIn: "'")), !url.isEmpty else {
            throw ServiceProcess.ProcessFailure(description: "\(name) printed no URL: \(output)")
        }
        return url
    }

    /// `work` on a thread of its own, leaving the concurrency pool to the service's clients.
    static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}
