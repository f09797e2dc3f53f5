import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the loopback address that sends bytes as a test says, for clients that
/// misbehave (a request's head a byte at a time, or nothing); a read waits at most a second.
final class RawConnection {
    private let socket: Int32

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawConnectionError(operation: "socket") }
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
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
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
    private static func answer(in bytes: [UInt8]) -> (status: Int, body: String)? {
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
        return (status, String(decoding: body.prefix(length ?? 0), as: UTF8.self))
    }

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
