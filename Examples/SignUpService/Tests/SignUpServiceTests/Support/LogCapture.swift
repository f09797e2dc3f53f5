import Logging
import Synchronization

/// The log lines of one service, kept for a test to read: what an operator would see.
final class LogCapture: Sendable {
    /// One line: its level, message and metadata.
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let kept = Mutex<[Line]>([])

    /// Every line so far, in order.
    var lines: [Line] { kept.withLock { $0 } }

    /// The lines whose message is `message`.
    func lines(_ message: String) -> [Line] { lines.filter { $0.message == message } }

    /// A logger writing into this capture, at `level` and above.
    func logger(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "signup-tests") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: Line) { kept.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            if let extra = event.metadata { all.merge(extra) { $1 } }
            capture.append(
                Line(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" })
            )
        }
    }
}
