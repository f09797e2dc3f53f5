public import KiiIdentity

/// The user records of an input, in JSON Lines or CSV, each with the line it starts on.
public final class RecordSource {
    /// How the records are written; the raw values are the names users give (`jsonl`, `csv`).
    public enum Format: String, Sendable, CaseIterable {
        /// One JSON object per line.
        case jsonLines = "jsonl"
        /// RFC 4180 CSV with a header row.
        case csv
    }

    /// The format the records are read in.
    public let format: Format
    private let lines: LineReader
    private let csv: CSVRecordReader?
    private let skipsBlankLines: Bool

    /// Reads `input` in `format`, or in the format ``format(name:firstByte:)`` detects when
    /// `format` is `nil`; a CSV input's header row is read here.
    ///
    /// - Parameters:
    ///   - input: the file or standard input.
    ///   - format: the format, or `nil` to detect it.
    ///   - skipsBlankLines: skip empty JSON lines (`lint`) instead of reporting them
    ///     (`register`, which prints one result per line).
    /// - Throws: ``ExportInputError`` when reading fails or a CSV header row cannot be read.
    public init(input: InputFile, format: Format? = nil, skipsBlankLines: Bool) throws(ExportInputError) {
        lines = input.lines()
        let firstByte = try lines.peek()
        self.format = format ?? Self.format(name: input.name, firstByte: firstByte)
        csv = self.format == .csv ? try CSVRecordReader(lines: lines) : nil
        self.skipsBlankLines = skipsBlankLines
    }

    /// The format of an input called `name` (a path, or `standard input`) whose first byte is
    /// `firstByte`: CSV for a name ending in `.csv`, JSON Lines for `.jsonl`, `.ndjson` or `.json`
    /// (in any case); otherwise JSON Lines when the first byte is `{` or the input is empty, CSV
    /// when it is anything else.
    public static func format(name: String, firstByte: UInt8?) -> Format {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".csv") { return .csv }
        if lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".json") {
            return .jsonLines
        }
        return firstByte == nil || firstByte == UInt8(ascii: "{") ? .jsonLines : .csv
    }

    /// Problems with the CSV header row (line 1), known once the source is made.
    public var headerProblems: [ValidationError.Problem] { csv?.headerProblems ?? [] }

    /// How many bytes were read so far.
    public var bytesRead: Int { lines.bytesRead }

    /// One record as read, still to decode (decoding is left to the caller, so that it can run
    /// in parallel): a JSON line, a CSV row, or the problem that kept a line from being either.
    public enum Item: Sendable {
        /// The bytes of a JSON line.
        case jsonLine([UInt8])
        /// The cells of a CSV row.
        case csvRow(CSVRow)
        /// A line that is no record: too long, or not CSV.
        case unreadable(ValidationError)

        /// How many bytes the item holds, to bound a batch.
        public var byteCount: Int {
            switch self {
            case .jsonLine(let bytes): bytes.count
            case .csvRow(let row): row.byteCount
            case .unreadable: 0
            }
        }

        /// The record, decoded, or the problem that keeps the line from being one.
        public func record(decoder: JSONLineDecoder) -> Result<ExportRecord, ValidationError> {
            switch self {
            case .jsonLine(let bytes): decoder.decodeRecord(from: bytes)
            case .csvRow(let row): .success(row.record())
            case .unreadable(let error): .failure(error)
            }
        }

        /// The record's registration check under `policy`.
        public func check(policy: RegistrationPolicy, decoder: JSONLineDecoder) -> RecordCheck {
            switch record(decoder: decoder) {
            case .success(let record): RecordCheck(record, policy: policy)
            case .failure(let error): RecordCheck(unreadable: error.problems)
            }
        }
    }

    /// The rest of a JSON Lines input as blocks of whole lines, for checking them on every core;
    /// this source returns no more records.
    package func lineBlocks(blockSize: Int = LineBlockReader.defaultBlockSize) -> LineBlockReader {
        precondition(csv == nil, "line blocks are for JSON Lines")
        let (buffered, atEnd) = lines.takeBuffered()
        return LineBlockReader(
            descriptor: lines.descriptor,
            name: lines.name,
            buffered: buffered,
            atEnd: atEnd,
            bytesRead: lines.bytesRead,
            blockSize: blockSize,
            maximumLineBytes: lines.maximumLineBytes,
            owner: lines
        )
    }

    /// The next record and the line it starts on, or `nil` at the end.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    public func next() throws(ExportInputError) -> (line: Int, item: Item)? {
        if let csv {
            guard let (line, row) = try csv.next() else { return nil }
            switch row {
            case .success(let row): return (line, .csvRow(row))
            case .failure(let error): return (line, .unreadable(error))
            }
        }
        while let line = try lines.next() {
            switch line {
            case .tooLong:
                return (lines.lineNumber, .unreadable(ValidationError([.lineTooLong])))
            case .bytes(let bytes):
                if skipsBlankLines && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                return (lines.lineNumber, .jsonLine(bytes))
            }
        }
        return nil
    }
}
