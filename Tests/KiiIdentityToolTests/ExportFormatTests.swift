#if CommandLineTool
import Foundation
import Testing

/// `kii-identity register` and `lint`: how an input's format is decided, from a file or from
/// standard input, as both help texts state it.
@Suite struct ExportFormatTests {
    /// What the input holds.
    enum Content: String, Sendable, CustomTestStringConvertible {
        case csv, json, csvWithByteOrderMark

        var bytes: [UInt8] {
            switch self {
            case .csv: Array("username,password\ncsv_user,Csv-Pass-1\n".utf8)
            case .json: Array(#"{"username": "json_user", "password": "Json-Pass-1"}"#.utf8) + [0x0A]
            case .csvWithByteOrderMark: [0xEF, 0xBB, 0xBF] + Content.csv.bytes
            }
        }

        var testDescription: String { rawValue }
    }

    /// How the input is given: a file of that name, or standard input.
    enum Source: Sendable, CustomTestStringConvertible {
        case file(String)
        case standardInput

        var testDescription: String {
            switch self {
            case .file(let name): name
            case .standardInput: "standard input"
            }
        }
    }

    /// The format the input must be read in.
    enum Format: Sendable {
        case csv, jsonl
    }

    /// (rule of the help, source, content, extra arguments, the format it is read in).
    static let cases: [(String, Source, Content, [String], Format)] = [
        ("a name ending in .csv is CSV", .file("users.csv"), .csv, [], .csv),
        ("a name ending in .csv is CSV whatever its first byte", .file("users.csv"), .json, [], .csv),
        ("a name ending in .CSV is CSV (any case)", .file("USERS.CSV"), .json, [], .csv),
        ("a name ending in .jsonl is JSON Lines", .file("users.jsonl"), .json, [], .jsonl),
        ("a name ending in .jsonl is JSON Lines whatever its first byte", .file("users.jsonl"), .csv, [], .jsonl),
        ("a name ending in .ndjson is JSON Lines", .file("users.ndjson"), .csv, [], .jsonl),
        ("a name ending in .json is JSON Lines", .file("users.json"), .csv, [], .jsonl),
        ("a name ending in .JsonL is JSON Lines (any case)", .file("users.JsonL"), .csv, [], .jsonl),
        ("any other name: first byte '{' is JSON Lines", .file("users.txt"), .json, [], .jsonl),
        ("any other name: another first byte is CSV", .file("users.txt"), .csv, [], .csv),
        ("a name without extension: first byte '{'", .file("users"), .json, [], .jsonl),
        ("a name without extension: another first byte", .file("users"), .csv, [], .csv),
        ("a byte order mark is a first byte other than '{'", .file("users.txt"), .csvWithByteOrderMark, [], .csv),
        ("standard input: first byte '{' is JSON Lines", .standardInput, .json, [], .jsonl),
        ("standard input: another first byte is CSV", .standardInput, .csv, [], .csv),
        ("standard input: CSV with a byte order mark", .standardInput, .csvWithByteOrderMark, [], .csv),
        ("--input-format csv skips the extension", .file("users.jsonl"), .csv, ["--input-format", "csv"], .csv),
        ("--input-format jsonl skips the extension", .file("users.csv"), .json, ["--input-format", "jsonl"], .jsonl),
        ("--input-format csv skips the first byte", .file("users.txt"), .json, ["--input-format", "csv"], .csv),
        ("--input-format jsonl skips the first byte", .standardInput, .csv, ["--input-format", "jsonl"], .jsonl),
        ("--input-format csv on standard input", .standardInput, .csv, ["--input-format", "csv"], .csv),
    ]

    /// `register`'s output for each content read in each format.
    static func expectedRegister(_ content: Content, _ format: Format) -> (stdout: String, status: Int32) {
        func valid(_ name: String) -> String {
            #"{"valid":true,"loginWith":["username"],"emailAddressVerified":null,"phoneNumberVerified":null,"keys":{"username":""#
                + name + #"","email":null,"phone":null},"body":{"loginName":""# + name + #""},"errors":[]}"# + "\n"
        }
        let malformed =
            #"{"valid":false,"errors":[{"field":"line","code":"malformed_json","reason":"is not valid JSON: an unexpected character at column 1"}]}"#
        switch (content, format) {
        case (.json, .jsonl): return (valid("json_user"), 0)
        case (.json, .csv): return ("", 2)
        case (_, .csv): return (valid("csv_user"), 0)
        case (_, .jsonl): return (malformed + "\n" + malformed + "\n", 0)
        }
    }

    /// `lint --format json`'s report for each content read in each format.
    static func expectedLint(_ content: Content, _ format: Format) -> (stdout: String, status: Int32) {
        let clean =
            #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":1,"valid":1,"invalid":0,"errorCounts":{},"conflicts":[],"lookalikes":[],"problems":[]}"#
            + "\n"
        let problem = { (line: Int) in
            #"{"line":\#(line),"field":"line","code":"malformed_json","reason":"is not valid JSON: an unexpected character at column 1"}"#
        }
        switch (content, format) {
        case (.json, .jsonl): return (clean, 0)
        case (.json, .csv): return ("", 2)
        case (_, .csv): return (clean, 0)
        case (_, .jsonl):
            return (
                #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":2,"valid":0,"invalid":2,"errorCounts":{"malformed_json":2},"conflicts":[],"lookalikes":[],"problems":["#
                    + problem(1) + "," + problem(2) + "]}\n",
                1
            )
        }
    }

    /// Runs `command` (with `extra` arguments) on `content` given as `source`; standard input is
    /// given as "-" and, for `register`, also by giving no file.
    static func runs(
        _ command: [String],
        _ source: Source,
        _ content: Content,
        _ extra: [String]
    ) throws -> [ToolRunner.Output] {
        switch source {
        case .file(let name):
            let file = try TemporaryInput(name: name, bytes: content.bytes)
            return [try ToolRunner.run(command + extra + [file.path])]
        case .standardInput:
            let input = Data(content.bytes)
            var outputs = [try ToolRunner.run(command + extra + ["-"], stdin: input)]
            if command.first == "register" { outputs.append(try ToolRunner.run(command + extra, stdin: input)) }
            return outputs
        }
    }

    @Test(arguments: cases)
    func register(rule: String, source: Source, content: Content, extra: [String], format: Format) throws {
        let expected = Self.expectedRegister(content, format)
        for output in try Self.runs(["register"], source, content, extra) {
            #expect(output.stdout == expected.stdout, "\(rule)")
            #expect(output.status == expected.status, "\(rule)")
            if expected.status == 2 { #expect(output.stderr.contains("the CSV header row of"), "\(rule)") }
        }
    }

    @Test(arguments: cases)
    func lint(rule: String, source: Source, content: Content, extra: [String], format: Format) throws {
        let expected = Self.expectedLint(content, format)
        for output in try Self.runs(["lint", "--format", "json"], source, content, extra) {
            #expect(output.stdout == expected.stdout, "\(rule)")
            #expect(output.status == expected.status, "\(rule)")
            if expected.status == 2 { #expect(output.stderr.contains("the CSV header row of"), "\(rule)") }
        }
    }

    /// `register --jsonl` is `--input-format jsonl`: it skips the detection too.
    @Test(arguments: [(Source.file("users.csv"), Content.json), (.standardInput, .csv), (.file("users.txt"), .csv)])
    func registerJSONLinesFlag(source: Source, content: Content) throws {
        let expected = Self.expectedRegister(content, .jsonl)
        for output in try Self.runs(["register", "--jsonl"], source, content, []) {
            #expect(output.stdout == expected.stdout)
            #expect(output.status == expected.status)
        }
    }
}
#endif
