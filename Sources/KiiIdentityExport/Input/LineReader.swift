#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor line by line through a bounded buffer.
///
/// Memory stays within one chunk plus the longest accepted line: a line longer than
/// ``maximumLineBytes`` is skipped without being kept and reported as ``Line/tooLong(byteCount:)``. Lines
/// end at `\n`; a last line without one is still a line. A `\r` before `\n` is left in place.
///
/// A UTF-8 byte order mark at the very start of the input is dropped here, the one place the
/// export reader handles one: no line, CSV header or JSON text after it sees it (the JSON reader
/// refuses one anywhere else).
public final class LineReader {
    /// One line of input.
    public enum Line: Sendable {
        /// The bytes of the line, without its `\n`.
        case bytes([UInt8])
        /// A line longer than the limit; its bytes were dropped.
        case tooLong(byteCount: Int)
    }

    /// The default limit on a line: 1 MiB.
    public static let defaultMaximumLineBytes = 1 << 20
    /// The default size of one read: 64 KiB.
    public static let defaultChunkSize = 1 << 16

    /// The descriptor read from.
    public let descriptor: Int32
    /// What the input is called in error messages.
    public let name: String
    /// The longest line kept.
    public let maximumLineBytes: Int
    /// How many lines were returned so far (the number of the last one).
    public private(set) var lineNumber = 0
    /// How many bytes were read from the descriptor so far.
    public private(set) var bytesRead = 0

    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// Whether the start of the input was read and a byte order mark there dropped.
    private var startRead = false
    private let chunkSize: Int
    /// What owns the descriptor (an ``InputFile``), kept alive while lines are read from it.
    private let owner: AnyObject?

    /// Reads `descriptor`, which the caller keeps open while reading.
    public convenience init(
        descriptor: Int32,
        name: String,
        maximumLineBytes: Int = defaultMaximumLineBytes,
        chunkSize: Int = defaultChunkSize
    ) {
        self.init(
            descriptor: descriptor,
            name: name,
            maximumLineBytes: maximumLineBytes,
            chunkSize: chunkSize,
            owner: nil
        )
    }

    /// Reads `descriptor`, kept open by `owner`, which the reader keeps alive.
    init(descriptor: Int32, name: String, maximumLineBytes: Int, chunkSize: Int, owner: AnyObject?) {
        self.owner = owner
        self.descriptor = descriptor
        self.name = name
        self.maximumLineBytes = maximumLineBytes
        self.chunkSize = chunkSize
        buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The next line, or `nil` at the end of the input.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    public func next() throws(ExportInputError) -> Line? {
        if !startRead { try readStart() }
        var searchFrom = start
        var skipped = 0
        while true {
            if let newline = firstNewline(from: searchFrom) {
                lineNumber += 1
                defer { start = newline + 1 }
                if skipped > 0 || newline - start > maximumLineBytes {
                    return .tooLong(byteCount: skipped + newline - start)
                }
                return .bytes(Array(buffer[start..<newline]))
            }
            if atEnd {
                guard start < end || skipped > 0 else { return nil }
                lineNumber += 1
                defer { start = end }
                if skipped > 0 || end - start > maximumLineBytes { return .tooLong(byteCount: skipped + end - start) }
                return .bytes(Array(buffer[start..<end]))
            }
            if end - start > maximumLineBytes || skipped > 0 {
                skipped += end - start
                start = end
            }
            searchFrom = end - start
            try refill()
            searchFrom += start
        }
    }

    /// The next byte to be read, left in place for ``next()``; `nil` at the end of the input.
    ///
    /// Works on pipes too: the byte read stays in the buffer.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    public func peek() throws(ExportInputError) -> UInt8? {
        if !startRead { try readStart() }
        if start == end && !atEnd { try refill() }
        return start < end ? buffer[start] : nil
    }

    /// Reads the first bytes of the input, enough to tell a byte order mark, and drops one.
    private func readStart() throws(ExportInputError) {
        startRead = true
        while end < 3 && !atEnd { try refill() }
        if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
    }

    /// Hands over the bytes read but not returned yet, and whether the input has ended: for a
    /// reader that goes on from here (``LineBlockReader``), after the start of the input (see
    /// ``peek()``). This reader returns no more lines.
    package func takeBuffered() -> (bytes: [UInt8], atEnd: Bool) {
        precondition(startRead, "the start of the input is read before its lines are handed over")
        let taken = Array(buffer[start..<end])
        start = end
        buffer = []
        end = 0
        start = 0
        let ended = atEnd
        atEnd = true
        return (taken, ended)
    }

    private func firstNewline(from index: Int) -> Int? {
        var index = index
        while index < end {
            if buffer[index] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Moves the pending bytes to the front and reads one more chunk after them.
    private func refill() throws(ExportInputError) {
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.withUnsafeMutableBufferPointer { bytes in
                    _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, pending)
                }
            }
            start = 0
            end = pending
        }
        if buffer.count - end < chunkSize {
            buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress! + end, bytes.count - end)
            }
            if count > 0 {
                end += count
                bytesRead += count
                return
            }
            if count == 0 {
                atEnd = true
                return
            }
            if errno != EINTR {
                throw ExportInputError("cannot read \(name): \(String(cString: strerror(errno)))")
            }
        }
    }
}
