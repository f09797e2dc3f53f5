@_spi(ToolInternals) import KiiIdentity
@_spi(ToolInternals) import KiiIdentityExport

/// What `lint` found in an export: totals, problems per code, uniqueness conflicts, usernames that
/// look alike and the first problems with their line numbers.
///
/// Records are added in line order. Memory grows with the number of distinct keys, 17 to 22
/// bytes each (a ``ConflictTable``: fingerprints and first lines, not strings), not with the file.
struct LintReport {
    /// How many problems to keep for listing.
    let limit: Int
    private(set) var records = 0
    private(set) var valid = 0
    private(set) var invalid = 0
    /// How many problems there are of each code (a record may have several).
    private(set) var errorCounts: [String: Int] = [:]
    /// How many problems there are in all.
    private(set) var problemCount = 0
    /// The first ``limit`` problems, with their lines.
    private(set) var problems: [(line: Int, problem: ValidationError.Problem)] = []
    private let table: ConflictLanes
    /// The size of the input, when known: the first block then tells how many keys to expect.
    private let inputBytes: Int?
    /// Keys and bytes of the blocks so far.
    private var keysRead = 0
    private var bytesRead = 0

    /// Whose phone metadata judged the records: the report's header.
    let phoneMetadata: PhoneMetadataSource

    /// A report listing `limit` problems; `lanes` threads find the conflicts (see
    /// ``ConflictLanes``); `inputBytes`, when known, tells the table how large to grow.
    init(limit: Int, lanes: Int = 1, inputBytes: Int? = nil, phoneMetadata: PhoneMetadataSource = .bundled) {
        self.limit = limit
        self.phoneMetadata = phoneMetadata
        self.inputBytes = inputBytes
        table = ConflictLanes(lanes: lanes)
    }

    /// Counts one record (or unreadable line) that starts on `line`.
    mutating func add(_ check: RecordCheck, line: Int) {
        records += 1
        if check.isValid {
            valid += 1
        } else {
            invalid += 1
            add(check.problems, line: line)
        }
        if let keys = check.keys { table.add(keys, line: line) }
    }

    /// Counts the records of a block of JSON lines (blocks come in line order).
    mutating func add(_ block: LintedBlock) {
        records += block.records
        invalid += block.invalid.count
        valid += block.records - block.invalid.count
        for record in block.invalid { add(record.problems, line: record.line) }
        keysRead += block.keys.count
        bytesRead += block.byteCount
        if let inputBytes, bytesRead >= inputBytes / 16 {
            // Keys a byte so far times the input's size, once a sixteenth of it is read.
            table.expect(keys: Int(Double(keysRead) / Double(bytesRead) * Double(inputBytes) * 1.01))
        }
        table.add(block)
    }

    /// Counts problems that belong to no record (the CSV header's).
    mutating func add(_ found: [ValidationError.Problem], line: Int) {
        for problem in found {
            errorCounts[problem.code.rawValue, default: 0] += 1
            problemCount += 1
            if problems.count < limit { problems.append((line, problem)) }
        }
    }

    /// The conflicts, by the line of their first record, then username, email, phone.
    var conflicts: [ConflictTable.Conflict] { table.conflicts() }

    /// The groups of valid records whose different usernames share a lookalike key, by their first line.
    var lookalikes: [LookalikeGroup] { table.lookalikeGroups() }

    /// Whether anything is wrong: an invalid record, a conflict, or a header problem (usernames
    /// that look alike are listed, not counted as wrong: Kii takes them as different users).
    var hasProblems: Bool { problemCount > 0 || table.conflictCount() > 0 }

    /// `{"phoneMetadata", "records", "valid", "invalid", "errorCounts", "conflicts", "lookalikes",
    /// "problems"}`, codes sorted, reasons in `language`; `phoneMetadata` is `{"source", "version"}`,
    /// and the bundled release's `releaseDate`; a lookalike group is `{"key", "lines", "usernames":
    /// [{"username", "lines"}]}`.
    func json(in language: ValidationError.Language) -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.member("phoneMetadata") { writer in
                writer.object { members in
                    members.member("source", .string(phoneMetadata == .bundled ? "bundled" : "system"))
                    members.member("version", .string(phoneMetadata.version))
                    if let date = phoneMetadata.releaseDate { members.member("releaseDate", .string(date)) }
                }
            }
            object.member("records", .integer(records))
            object.member("valid", .integer(valid))
            object.member("invalid", .integer(invalid))
            object.member("errorCounts") { writer in
                writer.object { counts in
                    for (code, count) in errorCounts.sorted(by: { $0.key < $1.key }) {
                        counts.member(code, .integer(count))
                    }
                }
            }
            // One conflict at a time, straight into the text: a million conflicts take their
            // text, not a tree of values as well.
            object.member("conflicts") { writer in
                writer.array(conflicts) { writer, conflict in
                    writer.object { members in
                        members.member("key", .string(conflict.kind.rawValue))
                        members.member("value", .string(conflict.value))
                        members.member("lines") { writer in
                            writer.array(conflict.lines) { writer, line in writer.value(.integer(line)) }
                        }
                    }
                }
            }
            object.member("lookalikes") { writer in
                writer.array(lookalikes) { writer, group in
                    writer.object { members in
                        members.member("key", .string(group.key))
                        members.member("lines") { writer in
                            writer.array(group.lines) { writer, line in writer.value(.integer(line)) }
                        }
                        members.member("usernames") { writer in
                            writer.array(group.usernames) { writer, username in
                                writer.object { members in
                                    members.member("username", .string(username.username))
                                    members.member("lines") { writer in
                                        writer.array(username.lines) { writer, line in writer.value(.integer(line)) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            object.member("problems") { writer in
                writer.array(problems) { writer, entry in
                    writer.object { members in
                        members.member("line", .integer(entry.line))
                        members.member("field", .string(entry.problem.field.rawValue))
                        members.member("code", .string(entry.problem.code.rawValue))
                        members.member("reason", .string(entry.problem.reason(in: language)))
                    }
                }
            }
        }
        return writer.text
    }

    /// The human report for the input called `name`, headings and messages in `language`.
    func text(name: String, in language: ValidationError.Language) -> String {
        let words = ToolWords(language)
        // One string written line by line (not an array of lines joined): a million conflicts
        // take their text once.
        var output = ""
        var isFirst = true
        func append(_ line: String) {
            if !isFirst { output += "\n" }
            isFirst = false
            output += line
        }
        append(words.phoneMetadata(phoneMetadata))
        append(
            "\(name): "
                + words.totals(records: records, valid: valid, invalid: invalid, conflicts: table.conflictCount())
        )
        if !errorCounts.isEmpty {
            append("")
            append(words.problemsByCode)
            let sorted = errorCounts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            let width = sorted.map(\.key.count).max() ?? 0
            for (code, count) in sorted {
                append("  " + code + String(repeating: " ", count: width - code.count) + "  \(count)")
            }
        }
        if table.conflictCount() > 0 {
            append("")
            append(words.conflictsHeading)
            for conflict in conflicts {
                append("  \(conflict.kind) \(conflict.value): " + words.lines(conflict.lines))
            }
        }
        let lookalikes = lookalikes
        if !lookalikes.isEmpty {
            append("")
            append(words.lookalikesHeading)
            for group in lookalikes {
                let usernames = group.usernames.map { words.username($0.username, lines: $0.lines) }
                append("  \(group.key): " + (usernames.isEmpty ? words.lines(group.lines) : words.list(usernames)))
            }
        }
        if !problems.isEmpty {
            append("")
            append(problems.count < problemCount ? words.firstProblems(problems.count) : words.problems)
            for (line, problem) in problems {
                append("  \(words.line(line)): \(problem.code.rawValue): \(problem.message(in: language))")
            }
            if problems.count < problemCount {
                append("  " + words.more(problemCount - problems.count))
            }
        }
        return output
    }
}
