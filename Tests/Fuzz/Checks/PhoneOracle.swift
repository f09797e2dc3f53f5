import Foundation
import KiiIdentityExport

/// PyPI `phonenumbers` of the bundled libphonenumber release, behind
/// `Scripts/phone-oracle/oracle.py`: the bundled metadata's oracle, held open and asked one line
/// at a time (the protocol is at the top of the script).
///
/// The Python comes from `KII_PHONE_ORACLE_PYTHON`, or the virtual environment `make phone-oracle`
/// makes in `.build-oracle` (`make test` and CI make it first). Asking is serialised: tests that
/// run at once share the one process.
package final class PhoneOracle: Sendable {
    /// The process and its pipes, used under the lock only (hence `@unchecked`).
    private struct Channel: @unchecked Sendable {
        let process: Process
        let requests: FileHandle
        let replies: FileHandle
        var buffered: [UInt8] = []
    }

    /// Behind a POSIX mutex, which ThreadSanitizer sees (the standard library's `Mutex` hands a
    /// contended lock over in the kernel, out of its sight).
    private let channel: PThreadLocked<Channel>

    /// The package root (`Scripts/` and `.build-oracle/` are read relative to it).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The interpreter with `phonenumbers` installed.
    static var python: String {
        ProcessInfo.processInfo.environment["KII_PHONE_ORACLE_PYTHON"]
            ?? packageRoot.appendingPathComponent(".build-oracle/bin/python").path
    }

    /// The oracle every check shares, started on first use; why it could not start otherwise.
    package static let shared: Result<PhoneOracle, OracleUnavailable> = {
        do {
            return .success(try PhoneOracle(python: python))
        } catch let error as OracleUnavailable {
            return .failure(error)
        } catch {
            return .failure(OracleUnavailable(reason: "\(error)"))
        }
    }()

    /// The oracle could not start: no interpreter, or no `phonenumbers` in it.
    package struct OracleUnavailable: Error, CustomStringConvertible {
        package let reason: String
        package var description: String {
            "the phone oracle (PyPI phonenumbers) is not available: \(reason). Run `make phone-oracle` (or "
                + "set KII_PHONE_ORACLE_PYTHON to a Python with phonenumbers installed)"
        }
    }

    init(python: String) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw OracleUnavailable(reason: "no interpreter at \(python)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-u", Self.packageRoot.appendingPathComponent("Scripts/phone-oracle/oracle.py").path]
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
        guard let version = Self.exchange(&started, ["V"]).first, !version.isEmpty, version != "?" else {
            try? started.requests.close()
            throw OracleUnavailable(reason: "\(python) did not answer (is phonenumbers installed?)")
        }
        self.version = version
        self.channel = PThreadLocked(started)
    }

    /// The `phonenumbers` version that answers (the bundled release's, `make phone-oracle`).
    package let version: String

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
