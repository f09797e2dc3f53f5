import KiiIdentity

/// Reads user records from CSV: a header row naming the members (`username`, `email`, ...),
/// then one record per row. An empty cell is an absent member; `custom` holds a JSON object;
/// `pseudo` is `true` or `false`.
///
/// Reading splits the input into rows (quoted fields may span lines, so this is done in order);
/// a row's cells become a record later (``CSVRow/record()``), in a batch on every core, as a
/// JSON line is decoded.
final class CSVRecordReader {
    private let reader: CSVReader
    private let header: CSVHeader

    /// Problems with the header row (line 1): unknown or repeated column names.
    var headerProblems: [ValidationError.Problem] { header.problems }

    /// Reads the header row of `lines` (none in an empty input).
    ///
    /// - Throws: ``ExportInputError`` when reading fails or the header cannot be read.
    init(lines: LineReader) throws(ExportInputError) {
        reader = CSVReader(lines: lines)
        guard let first = try reader.next() else {
            header = CSVHeader(names: [])
            return
        }
        guard case .fields(let names) = first.record else {
            throw ExportInputError("the CSV header row of \(reader.lines.name) cannot be read")
        }
        header = CSVHeader(names: names)
    }

    /// The next row, or `nil` at the end; a row that breaks CSV's syntax, or has another number
    /// of fields than the header, is its problem.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    func next() throws(ExportInputError) -> (line: Int, row: Result<CSVRow, ValidationError>)? {
        guard let (line, record) = try reader.next() else { return nil }
        switch record {
        case .tooLong:
            return (line, .failure(ValidationError([.lineTooLong])))
        case .malformed(let detail):
            return (line, .failure(ValidationError(.line, detail)))
        case .fields(let cells):
            guard cells.count == header.columns.count else {
                let detail = ValidationError.ExportDetail.columnCount(
                    fields: cells.count,
                    headerFields: header.columns.count
                )
                return (line, .failure(ValidationError(.line, detail)))
            }
            return (line, .success(CSVRow(cells: cells, header: header)))
        }
    }
}

/// The columns a CSV header names: a member of a user record each, or `nil` for a column that
/// is unknown or repeated (a problem of the header, its cells ignored).
final class CSVHeader: Sendable {
    /// The member of each column.
    let columns: [ExportRecord.Member?]
    /// The header's problems, under `line`.
    let problems: [ValidationError.Problem]

    init(names: [[UInt8]]) {
        var seen = Set<ExportRecord.Member>()
        var columns: [ExportRecord.Member?] = []
        var problems: [ValidationError.Problem] = []
        for (index, bytes) in names.enumerated() {
            let name = String(decoding: bytes, as: UTF8.self)
            guard let member = ExportRecord.Member(name: name) else {
                problems.append(ValidationError.Problem(field: .line, .unknownColumn(column: index + 1)))
                columns.append(nil)
                continue
            }
            if !seen.insert(member).inserted {
                problems.append(ValidationError.Problem(field: .line, .repeatedColumn(name: name, column: index + 1)))
                columns.append(nil)
            } else {
                columns.append(member)
            }
        }
        self.columns = columns
        self.problems = problems
    }
}

/// One CSV row under its header, its cells still bytes: ``record()`` decodes it.
public struct CSVRow: Sendable {
    let cells: [[UInt8]]
    let header: CSVHeader

    /// How many bytes the cells hold.
    var byteCount: Int { cells.reduce(0) { $0 + $1.count } }

    /// The record of the row: each cell as its column's member, its input problems kept.
    public func record() -> ExportRecord {
        var record = ExportRecord()
        for (member, cell) in zip(header.columns, cells) {
            guard let member, !cell.isEmpty else { continue }
            guard let text = String(validating: cell, as: UTF8.self) else {
                record.addProblem(member: member, .invalidUTF8)
                continue
            }
            switch member {
            case .custom:
                do throws(ValidationError) {
                    switch try JSONValue(parsing: cell) {
                    case .object(let members): record.custom = members
                    case let value:
                        record.addProblem(member: member, .wrongType(expected: .object, found: .init(of: value)))
                    }
                } catch {
                    for problem in error.problems { record.addProblem(member: member, problem) }
                }
            case .pseudo:
                switch text {
                case "true": record.pseudo = true
                case "false": record.pseudo = false
                default: record.addProblem(member: member, .wrongType(expected: .boolean, found: nil))
                }
            case .predefined(let predefined):
                record.set(predefined, to: text)
            }
        }
        return record
    }
}
