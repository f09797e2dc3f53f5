#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor in large blocks cut at line ends, so that the lines of each block
/// can be checked on another core, and numbers the blocks' lines.
///
/// Lines end at `\\n`, as ``LineReader``'s do; a last line without one is still a line. A line
/// longer than ``maximumLineBytes`` within a block is left for the caller to measure; one
/// longer than a block is skipped as it is read, without being kept, and returned as
/// ``LineBlock/tooLong(line:)``. Memory stays within one block plus the longest accepted line.
@_spi(ToolInternals)
public final class LineBlockReader {
    /// The default size of a block: 1 MiB.
    @_spi(ToolInternals)
    public static let defaultBlockSize = 1 << 20

    /// What the input is called in error messages.
    package let name: String
    /// The longest line kept.
    package let maximumLineBytes: Int
    /// How many bytes were read from the descriptor so far.
    package private(set) var bytesRead: Int

    private let descriptor: Int32
    private let blockSize: Int
    private var pending: [UInt8]
    private var atEnd: Bool
    private var nextLine = 1
    /// Buffers of blocks done with, to read the next blocks into (no new memory to fault in).
    private var spare: [[UInt8]] = []
    /// What keeps the descriptor open.
    private let owner: AnyObject?

    /// Reads `descriptor` from its start, which the caller keeps open while reading.
    public convenience init(
        descriptor: Int32,
        name: String,
        blockSize: Int = defaultBlockSize,
        maximumLineBytes: Int = LineReader.defaultMaximumLineBytes
    ) {
        self.init(
            descriptor: descriptor,
            name: name,
            buffered: [],
            atEnd: false,
            bytesRead: 0,
            blockSize: blockSize,
            maximumLineBytes: maximumLineBytes,
            owner: nil
        )
    }

    init(
        descriptor: Int32,
        name: String,
        buffered: [UInt8],
        atEnd: Bool,
        bytesRead: Int,
        blockSize: Int,
        maximumLineBytes: Int,
        owner: AnyObject?
    ) {
        self.descriptor = descriptor
        self.name = name
        self.pending = buffered
        self.atEnd = atEnd
        self.bytesRead = bytesRead
        self.blockSize = max(blockSize, 1)
        self.maximumLineBytes = maximumLineBytes
        self.owner = owner
    }

    /// The next block, or `nil` at the end of the input.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    public func next() throws(ExportInputError) -> LineBlock? {
        var block = spare.popLast() ?? []
        block.removeAll(keepingCapacity: true)
        block.append(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
        var searched = 0
        while true {
            if let lastNewline = lastNewline(in: block, from: searched) {
                pending.append(contentsOf: block[(lastNewline + 1)...])
                block.removeSubrange((lastNewline + 1)...)
                return lines(block)
            }
            searched = block.count
            if atEnd {
                return block.isEmpty ? nil : lines(block)
            }
            if block.count > maximumLineBytes {
                return try skipLongLine(skipped: block.count)
            }
            try read(into: &block, atLeast: max(blockSize, block.count + 1))
        }
    }

    /// Takes back the bytes of a block that is done with, to read a later block into.
    package func recycle(_ bytes: [UInt8]) {
        if spare.count < 8 { spare.append(bytes) }
    }

    private func lines(_ bytes: [UInt8]) -> LineBlock {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        if bytes.last != 0x0A { count += 1 }
        defer { nextLine += count }
        return .lines(LineBlock.Lines(bytes: bytes, firstLine: nextLine))
    }

    /// Drops the rest of a line longer than the limit, up to its `\\n` (kept bytes after it stay
    /// for the next block).
    private func skipLongLine(skipped: Int) throws(ExportInputError) -> LineBlock {
        var chunk: [UInt8] = []
        while !atEnd {
            chunk.removeAll(keepingCapacity: true)
            try read(into: &chunk, atLeast: blockSize)
            if let newline = chunk.firstIndex(of: 0x0A) {
                pending.append(contentsOf: chunk[(newline + 1)...])
                break
            }
        }
        defer { nextLine += 1 }
        return .tooLong(line: nextLine)
    }

    private func lastNewline(in bytes: [UInt8], from start: Int) -> Int? {
        var index = bytes.count - 1
        while index >= start {
            if bytes[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }

    /// Reads until `bytes` holds `target` bytes or the input ends.
    private func read(into bytes: inout [UInt8], atLeast target: Int) throws(ExportInputError) {
        let start = bytes.count
        bytes.reserveCapacity(target)
        bytes.append(contentsOf: repeatElement(0, count: target - start))
        var filled = start
        defer { bytes.removeSubrange(filled...) }
        while filled < target {
            let count = bytes.withUnsafeMutableBytes { buffer in
                readDescriptor(descriptor, buffer.baseAddress! + filled, target - filled)
            }
            if count > 0 {
                filled += count
                bytesRead += count
            } else if count == 0 {
                atEnd = true
                return
            } else if errno != EINTR {
                throw ExportInputError("cannot read \(name): \(String(cString: strerror(errno)))")
            }
        }
    }
}

/// A block of an input: whole lines, or one line too long to keep.
@_spi(ToolInternals)
public enum LineBlock: Sendable {
    /// Whole lines, each ended by `\\n` but perhaps the last line of the input.
    case lines(Lines)
    /// A line longer than the limit, not kept.
    case tooLong(line: Int)

    /// Whole lines and the number of the first.
    public struct Lines: Sendable {
        /// The bytes: lines ended by `\\n`, the last one perhaps not.
        package let bytes: [UInt8]
        /// The number of the first line (from 1).
        package let firstLine: Int

        /// Calls `body` with each line's number and bytes (without `\\n`).
        public func forEachLine(_ body: (_ line: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void) {
            bytes.withUnsafeBufferPointer { all in
                var line = firstLine
                var start = 0
                while start < all.count {
                    var end = start
                    while end < all.count && all[end] != 0x0A { end += 1 }
                    body(line, UnsafeBufferPointer(rebasing: all[start..<end]))
                    line += 1
                    start = end + 1
                }
            }
        }
    }
}

/// The system's `read`, out of reach of the reader's own `read(into:atLeast:)`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
