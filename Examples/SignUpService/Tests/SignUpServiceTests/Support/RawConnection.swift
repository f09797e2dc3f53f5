import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the loopback address that sends bytes as a test says, for clients that
/// misbehave (a request's head a byte at a time, or nothing); a read waits at most a second.
/// Used by one task at a time (hence unchecked); ``answer(patience:)`` reads on a thread of its
/// own.
final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    /// Connects to `127.0.0.1:port`, from `source` (another loopback address, `127.0.0.2`, is
    /// another client to the service).
    init(port: Int, from source: String? = nil, readTimeout: Int = 1) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawConnectionError(operation: "socket") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                Glibc.close(socket)
                throw RawConnectionError(operation: "bind")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw RawConnectionError(operation: "connect")
        }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(socket) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// The next answer on the connection: its status and its body (by its `Content-Length`), or
    /// `nil` when the server closes the connection or none comes whole within `patience` (a
    /// machine busy with other work may take seconds to answer; a read itself waits a second).
    func receiveAnswer(patience: Duration = .seconds(15)) -> (status: Int, body: String)? {
        receiveFullAnswer(patience: patience).map { ($0.status, $0.body) }
    }

    /// ``receiveFullAnswer(patience:)`` on a thread of its own (``offPool(_:)``).
    func answer(patience: Duration = .seconds(15)) async -> RawAnswer? {
        (try? await offPool { self.receiveFullAnswer(patience: patience) }) ?? nil
    }

    /// ``isClosedByServer()`` on a thread of its own (see ``answer(patience:)``).
    func closedByServer() async -> Bool {
        (try? await offPool { self.isClosedByServer() }) ?? false
    }

    /// The next answer with its header fields (names lowercased).
    func receiveFullAnswer(patience: Duration = .seconds(15)) -> RawAnswer? {
        let deadline = ContinuousClock.now + patience
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let answer = Self.answer(in: received) { return answer }
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) || ContinuousClock.now >= deadline {
                return nil
            }
        }
    }

    /// The answer `bytes` hold, once its head and its whole body are there.
    private static func answer(in bytes: [UInt8]) -> RawAnswer? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count > 1, let status = Int(statusWords[1]) else { return nil }
        let name = "content-length:"
        let lengthLine = lines.first { $0.lowercased().hasPrefix(name) }
        let length = lengthLine.flatMap { Int($0.dropFirst(name.count).trimmingCharacters(in: .whitespaces)) }
        let body = Array(text[end.upperBound...].utf8)
        guard body.count >= length ?? 0 else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawAnswer(
            status: status,
            fields: fields,
            body: String(decoding: body.prefix(length ?? 0), as: UTF8.self)
        )
    }

    /// Whether bytes from the server wait to be read now (an answer begun), without waiting.
    func hasBytesWaiting() -> Bool {
        var byte: UInt8 = 0
        return Glibc.recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Whether the server has closed the connection by now (end of file or a reset waits to be
    /// read), without waiting.
    func hasEndOfInput() -> Bool {
        var byte: UInt8 = 0
        let count = Glibc.recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Closes the sending side only (`shutdown(SHUT_WR)`): the server reads the end of the input
    /// and may still answer.
    func closeSending() { Glibc.shutdown(socket, Int32(SHUT_WR)) }

    /// Whether the server has closed the connection: a read returns end of file (or the
    /// connection was reset) within a second.
    func isClosedByServer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}

struct RawConnectionError: Error, CustomStringConvertible {
    var operation: String
    var description: String { "\(operation) failed: errno \(errno)" }
}

/// An answer read off a ``RawConnection``.
struct RawAnswer {
    var status: Int
    /// The header fields, by lowercased name (a repeated one: its last line).
    var fields: [String: String]
    var body: String
}
