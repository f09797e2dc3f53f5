import KiiIdentity

/// Reads RFC 4180 CSV records from a ``LineReader``.
///
/// Fields are separated by `,`; a field in double quotes may contain `,`, `""` (one quote) and
/// line breaks, so a record may span several lines. A record ends with `\n` or `\r\n`. Empty
/// lines between records are skipped.
struct CSVReader {
    /// One record, numbered by the line it starts on.
    enum Record {
        /// The fields' bytes, unquoted.
        case fields([[UInt8]])
        /// A record that breaks the syntax; the detail says how.
        case malformed(ValidationError.ExportDetail)
        /// A record longer than the reader's line limit.
        case tooLong
    }

    /// The lines the records are read from.
    let lines: LineReader

    /// The next record and the number of the line it starts on, or `nil` at the end.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    func next() throws(ExportInputError) -> (line: Int, record: Record)? {
        var first: [UInt8] = []
        repeat {
            switch try lines.next() {
            case nil: return nil
            case .tooLong: return (lines.lineNumber, .tooLong)
            case .bytes(let bytes): first = bytes
            }
        } while first.isEmpty || first == [0x0D]
        let startLine = lines.lineNumber
        var parser = Parser()
        var line = first
        while true {
            if let problem = parser.consume(line) { return (startLine, .malformed(problem)) }
            if !parser.inQuotes { return (startLine, .fields(parser.finish())) }
            if parser.byteCount > lines.maximumLineBytes { return (startLine, .tooLong) }
            switch try lines.next() {
            case nil:
                return (startLine, .malformed(.unclosedQuote))
            case .tooLong:
                return (startLine, .tooLong)
            case .bytes(let bytes):
                parser.continueQuotedField()
                line = bytes
            }
        }
    }

    /// The state of one record being parsed.
    private struct Parser {
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var inQuotes = false
        var fieldWasQuoted = false
        var byteCount = 0

        /// Parses one physical line; returns what is wrong when the syntax is broken.
        mutating func consume(_ line: [UInt8]) -> ValidationError.ExportDetail? {
            byteCount += line.count + 1
            var bytes = line[...]
            if !inQuotes, bytes.last == 0x0D { bytes = bytes.dropLast() }
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                if inQuotes {
                    if byte == 0x22 {
                        let nextIndex = index + 1
                        if nextIndex < bytes.endIndex && bytes[nextIndex] == 0x22 {
                            field.append(0x22)
                            index += 2
                            continue
                        }
                        inQuotes = false
                        if nextIndex < bytes.endIndex, bytes[nextIndex] == 0x0D, nextIndex + 1 == bytes.endIndex {
                            index = bytes.endIndex
                            continue
                        }
                        if nextIndex < bytes.endIndex && bytes[nextIndex] != 0x2C {
                            return .textAfterClosingQuote(column: fields.count + 1)
                        }
                    } else {
                        field.append(byte)
                    }
                } else if byte == 0x2C {
                    fields.append(field)
                    field = []
                    fieldWasQuoted = false
                } else if byte == 0x22 {
                    guard field.isEmpty, !fieldWasQuoted else {
                        return .quoteInUnquotedField(column: fields.count + 1)
                    }
                    inQuotes = true
                    fieldWasQuoted = true
                } else {
                    field.append(byte)
                }
                index += 1
            }
            return nil
        }

        /// Keeps the line break inside a quoted field that continues on the next line.
        mutating func continueQuotedField() {
            field.append(0x0A)
        }

        mutating func finish() -> [[UInt8]] {
            fields.append(field)
            return fields
        }
    }
}
