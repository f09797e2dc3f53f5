package import Foundation
@_spi(ToolInternals) import KiiIdentityExport

/// A Python script held open as an oracle: one request a line on its standard input, one
/// reply a line on its standard output, asked one at a time under a lock (tests that run at once
/// share the process).
package final class ScriptOracle: Sendable {
    /// The process and its pipes, used under the lock only (hence `@unchecked`).
    private struct Channel: @unchecked Sendable {
        let process: Process
        let requests: FileHandle
        let replies: FileHandle
        var buffered: [UInt8] = []
    }

    /// Behind a POSIX mutex, which ThreadSanitizer sees.
    private let channel: PThreadLocked<Channel>

    /// The package root (`Scripts/` and the oracles' virtual environments are read relative to it).
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The oracle could not start: no interpreter, or a module missing in it.
    package struct Unavailable: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `script` (relative to the package root) under `python`, and checks that it
    /// answers `probe`.
    package init(python: String, script: String, probe: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Unavailable(description: "no interpreter at \(python)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", Self.packageRoot.appendingPathComponent(script).path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var started = Channel(
            process: process,
            requests: input.fileHandleForWriting,
            replies: output.fileHandleForReading
        )
        guard let first = Self.exchange(&started, probe).first, !first.isEmpty else {
            try? started.requests.close()
            throw Unavailable(description: "\(python) \(script) did not answer")
        }
        self.probeReply = first
        self.channel = PThreadLocked(started)
    }

    /// The first field of the reply to the probe (a version, say).
    package let probeReply: String

    /// Sends one request (its fields joined by tabs) and returns the reply's fields; empty when
    /// the process has gone.
    package func ask(_ fields: [String]) -> [String] {
        channel.withLock { Self.exchange(&$0, fields) }
    }

    private static func exchange(_ channel: inout Channel, _ fields: [String]) -> [String] {
        let line = fields.joined(separator: "\t") + "\n"
        do {
            try channel.requests.write(contentsOf: Data(line.utf8))
        } catch {
            return []
        }
        while true {
            if let newline = channel.buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: channel.buffered[..<newline], as: UTF8.self)
                channel.buffered.removeSubrange(...newline)
                return reply.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
            let chunk = channel.replies.availableData
            if chunk.isEmpty { return [] }
            channel.buffered += chunk
        }
    }

    deinit {
        channel.withLock { channel in
            try? channel.requests.close()
            channel.process.waitUntilExit()
        }
    }
}
