@_spi(ToolInternals) import KiiIdentityExport
import Testing

/// ``LineReader``: lines of a descriptor within a limit, peeking without consuming.
@Suite struct LineReaderTests {
    /// Every line of `text` read with a limit of `maximum` bytes and a small chunk size.
    static func lines(_ text: String, maximum: Int) throws -> [String] {
        let pipe = PipeInput(text)
        let reader = LineReader(descriptor: pipe.descriptor, name: "pipe", maximumLineBytes: maximum, chunkSize: 4)
        var lines: [String] = []
        while let line = try reader.next() {
            switch line {
            case .bytes(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
            case .tooLong(let count): lines.append("<\(count) bytes>")
            }
        }
        return lines
    }

    @Test func linesEndAtNewlinesAndTheLastNeedsNone() throws {
        #expect(try Self.lines("one\r\ntwo\n\nlast", maximum: 100) == ["one\r", "two", "", "last"])
    }

    @Test func aLineOverTheLimitIsDroppedAndCounted() throws {
        #expect(
            try Self.lines("short\n0123456789abc\nok\n0123456789", maximum: 8) == [
                "short", "<13 bytes>", "ok", "<10 bytes>",
            ]
        )
    }

    @Test func peekLeavesTheByteForNext() throws {
        let pipe = PipeInput("{}\n")
        let reader = LineReader(descriptor: pipe.descriptor, name: "pipe")
        #expect(try reader.peek() == UInt8(ascii: "{"))
        #expect(try reader.peek() == UInt8(ascii: "{"))
        guard case .bytes(let bytes)? = try reader.next() else {
            Issue.record("no line")
            return
        }
        #expect(bytes == Array("{}".utf8))
        #expect(try reader.peek() == nil)
        #expect(try reader.next() == nil)
        #expect(reader.lineNumber == 1 && reader.bytesRead == 3)
    }

    /// Every line of `bytes` read with chunks of `chunkSize` bytes.
    static func lines(_ bytes: [UInt8], chunkSize: Int) throws -> [[UInt8]] {
        let pipe = PipeInput(bytes)
        let reader = LineReader(descriptor: pipe.descriptor, name: "pipe", chunkSize: chunkSize)
        var lines: [[UInt8]] = []
        while case .bytes(let line)? = try reader.next() { lines.append(line) }
        return lines
    }

    @Test("a byte order mark that starts the input is dropped, whatever the reads; one elsewhere stays")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for chunkSize in [1, 2, 3, 4, 64] {
            #expect(
                try Self.lines(mark + Array("{}\n".utf8) + mark + Array("{}".utf8), chunkSize: chunkSize) == [
                    Array("{}".utf8), mark + Array("{}".utf8),
                ]
            )
            #expect(try Self.lines(mark, chunkSize: chunkSize) == [])
            #expect(try Self.lines(mark + [0x0A], chunkSize: chunkSize) == [[]])
            #expect(try Self.lines([0xEF, 0xBB], chunkSize: chunkSize) == [[0xEF, 0xBB]])
            #expect(try Self.lines(Array("a\n".utf8) + mark, chunkSize: chunkSize) == [Array("a".utf8), mark])
        }
        let pipe = PipeInput(mark + Array("{\"username\":\"ann\"}".utf8))
        let reader = LineReader(descriptor: pipe.descriptor, name: "pipe")
        #expect(try reader.peek() == UInt8(ascii: "{"))
        #expect(RecordSource.format(name: "export", firstByte: try reader.peek()) == .jsonLines)
    }
}
