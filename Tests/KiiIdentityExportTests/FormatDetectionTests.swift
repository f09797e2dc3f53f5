import KiiIdentityExport
import Testing

/// ``RecordSource/format(name:firstByte:)``, the rule `register` and `lint` state, and
/// ``RecordSource`` applying it to inputs that can only be read once.
@Suite struct FormatDetectionTests {
    static let brace = UInt8(ascii: "{")
    static let letter = UInt8(ascii: "u")

    /// (name, first byte, format).
    static let names: [(String, UInt8?, RecordSource.Format)] = [
        ("users.csv", brace, .csv),
        ("USERS.Csv", brace, .csv),
        ("users.jsonl", letter, .jsonLines),
        ("users.NDJSON", letter, .jsonLines),
        ("users.json", letter, .jsonLines),
        ("users.txt", brace, .jsonLines),
        ("users.txt", letter, .csv),
        ("users.txt", 0xEF, .csv),
        ("users.txt", nil, .jsonLines),
        ("standard input", brace, .jsonLines),
        ("standard input", letter, .csv),
        ("users.csv.txt", letter, .csv),
        ("users.csv.txt", brace, .jsonLines),
    ]

    @Test(arguments: names)
    func detection(name: String, firstByte: UInt8?, format: RecordSource.Format) {
        #expect(RecordSource.format(name: name, firstByte: firstByte) == format)
    }

    @Test func csvBehindAPipeIsDetectedAndReadWhole() throws {
        let pipe = PipeInput("username,nickname,password\npipe_user,Nick,Pipe-Pass-1\n")
        let source = try RecordSource(input: try pipe.inputFile(), skipsBlankLines: true)
        #expect(source.format == .csv)
        #expect(source.headerProblems.map(\.code) == [.unknownField])
        let (line, item) = try #require(try source.next())
        #expect(line == 2)
        guard case .success(let record) = item.record(decoder: JSONLineDecoder()) else {
            Issue.record("not a record: \(item)")
            return
        }
        #expect(record.username == "pipe_user" && record.password == "Pipe-Pass-1")
        #expect(try source.next() == nil)
    }

    @Test func jsonLinesBehindAPipeKeepTheirFirstByte() throws {
        let pipe = PipeInput(#"{"username": "pipe_user"}"# + "\n")
        let source = try RecordSource(input: try pipe.inputFile(), skipsBlankLines: false)
        #expect(source.format == .jsonLines)
        let (line, item) = try #require(try source.next())
        #expect(line == 1)
        guard case .jsonLine(let bytes) = item else {
            Issue.record("not a JSON line: \(item)")
            return
        }
        #expect(bytes == Array(#"{"username": "pipe_user"}"#.utf8))
    }

    @Test func anExplicitFormatSkipsTheDetection() throws {
        let pipe = PipeInput("username,password\n")
        let source = try RecordSource(input: try pipe.inputFile(), format: .jsonLines, skipsBlankLines: false)
        #expect(source.format == .jsonLines)
        let (_, item) = try #require(try source.next())
        guard case .jsonLine(let bytes) = item else {
            Issue.record("not a JSON line: \(item)")
            return
        }
        #expect(bytes == Array("username,password".utf8))
    }

    @Test func anUnreadableCSVHeaderIsAnInputError() throws {
        let pipe = PipeInput(#"{"username": "json_user"}"# + "\n")
        #expect(throws: ExportInputError.self) {
            _ = try RecordSource(input: try pipe.inputFile(), format: .csv, skipsBlankLines: false)
        }
    }
}
