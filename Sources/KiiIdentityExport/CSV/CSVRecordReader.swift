import KiiIdentity

/// Reads user records from CSV: a header row naming the members (`username`, `email`, ...),
/// then one record per row. An empty cell is an absent member; `custom` holds a JSON object;
/// `pseudo` is `true` or `false`.
final class CSVRecordReader {
    private let reader: CSVReader
    private var columns: [String?] = []
    /// Problems with the header row (line 1): unknown or repeated column names.
    private(set) var headerProblems: [ValidationError.Problem] = []

    /// Reads the header row of `lines` (none in an empty input).
    ///
    /// - Throws: ``ExportInputError`` when reading fails or the header cannot be read.
    init(lines: LineReader) throws(ExportInputError) {
        reader = CSVReader(lines: lines)
        guard let header = try reader.next() else { return }
        guard case .fields(let names) = header.record else {
            throw ExportInputError("the CSV header row of \(reader.lines.name) cannot be read")
        }
        readColumns(names)
    }

    /// The next record, or `nil` at the end.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    func next() throws(ExportInputError) -> (line: Int, record: Result<ExportRecord, ValidationError>)? {
        guard let (line, record) = try reader.next() else { return nil }
        switch record {
        case .tooLong:
            return (line, .failure(ValidationError([.lineTooLong])))
        case .malformed(let detail):
            return (line, .failure(ValidationError(.line, detail)))
        case .fields(let cells):
            guard cells.count == columns.count else {
                let detail = ValidationError.ExportDetail.columnCount(fields: cells.count, headerFields: columns.count)
                return (line, .failure(ValidationError(.line, detail)))
            }
            return (line, .success(makeRecord(from: cells)))
        }
    }

    private func readColumns(_ names: [[UInt8]]) {
        var seen = Set<String>()
        for (index, bytes) in names.enumerated() {
            let name = String(decoding: bytes, as: UTF8.self)
            if !ExportRecord.memberNames.contains(name) {
                headerProblems.append(ValidationError.Problem(field: .line, .unknownColumn(column: index + 1)))
                columns.append(nil)
            } else if !seen.insert(name).inserted {
                headerProblems.append(
                    ValidationError.Problem(field: .line, .repeatedColumn(name: name, column: index + 1))
                )
                columns.append(nil)
            } else {
                columns.append(name)
            }
        }
    }

    private func makeRecord(from cells: [[UInt8]]) -> ExportRecord {
        var record = ExportRecord()
        for (name, cell) in zip(columns, cells) {
            guard let name, !cell.isEmpty else { continue }
            guard let text = String(validating: cell, as: UTF8.self) else {
                record.addProblem(member: name, .invalidUTF8)
                continue
            }
            switch name {
            case "custom":
                do throws(ValidationError) {
                    switch try JSONValue(parsing: cell) {
                    case .object(let members): record.custom = members
                    case let value:
                        record.addProblem(member: name, .wrongType(expected: .object, found: .init(of: value)))
                    }
                } catch {
                    for problem in error.problems { record.addProblem(member: name, problem.detail) }
                }
            case "pseudo":
                switch text {
                case "true": record.pseudo = true
                case "false": record.pseudo = false
                default: record.addProblem(member: name, .wrongType(expected: .boolean, found: nil))
                }
            default:
                _ = record.setString(text, forMember: name)
            }
        }
        return record
    }
}
