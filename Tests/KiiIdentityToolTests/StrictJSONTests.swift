#if CommandLineTool
import Foundation
import Testing

/// Every JSON the tool reads follows RFC 8259 exactly, refuses repeated members and keeps
/// numbers' digits: `check --jsonl` requests, `register --jsonl` records
/// (top level, `custom`, nested arrays and objects), `lint` of JSON Lines and of CSV `custom` cells.
@Suite struct StrictJSONTests {
    /// Malformed JSON values, one of each construct, and the code each gives.
    static let constructs: [(text: String, code: String)] = [
        ("[1,2,]", "malformed_json"),  // trailing comma
        (#"{"a":1,}"#, "malformed_json"),
        ("[1,/* c */2]", "malformed_json"),  // comment
        ("[1 // c", "malformed_json"),
        ("'quoted'", "malformed_json"),  // single quotes
        ("NaN", "malformed_json"),
        ("-Infinity", "malformed_json"),
        ("012", "malformed_json"),  // leading zero
        ("+1", "malformed_json"),
        ("\"a\u{1}b\"", "malformed_json"),  // unescaped control character
        ("\"a\tb\"", "malformed_json"),
        (#""\x41""#, "malformed_json"),  // invalid escape
        (#""\uD800""#, "malformed_json"),  // lone surrogate
        (#""\uDC00x""#, "malformed_json"),
        ("\u{FEFF}1", "malformed_json"),  // byte order mark past the start
        ("1e1234567890123456", "number_out_of_range"),
        (#"{"n":1,"n":2}"#, "duplicate_member"),
    ]

    /// The positions a construct is tried in, inside a record that is otherwise valid.
    static let recordPositions: [@Sendable (String) -> String] = [
        { #"{"username":"ann","password":"pw123456","custom":{"a":"# + $0 + "}}" },
        { #"{"username":"ann","password":"pw123456","custom":{"a":[1,["# + $0 + "]]}}" },
        { #"{"username":"ann","password":"pw123456","custom":{"a":{"b":{"c":"# + $0 + "}}}}" },
    ]

    /// The codes of each output line (`{"valid":..., "errors":[{"code":...}]}`).
    static func codes(_ stdout: String) throws -> [[String]] {
        try stdout.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let errors = try #require(object["errors"] as? [[String: Any]])
            return errors.compactMap { $0["code"] as? String }
        }
    }

    @Test func checkRequestsAreReadStrictly() throws {
        var lines = Self.constructs.map { #"{"field":"username","value":"ann","x":"# + $0.text + "}" }
        lines.append(#"{"field":"username","value":"ann","value":"admin"}"#)
        lines.append(#"{"field":"username","value":"ann",}"#)
        let output = try ToolRunner.run(["check", "--jsonl"], stdin: Data(lines.joined(separator: "\n").utf8))
        let expected = Self.constructs.map { [$0.code] } + [["duplicate_member"], ["malformed_json"]]
        #expect(try Self.codes(output.stdout) == expected)
        #expect(output.stdout.contains(#"has the member \"value\" a second time at column 35"#))
    }

    @Test func registerRecordsAreReadStrictly() throws {
        var lines: [String] = []
        var expected: [[String]] = []
        for position in Self.recordPositions {
            for construct in Self.constructs {
                lines.append(position(construct.text))
                expected.append([construct.code])
            }
        }
        lines.append(#"{"username":"alice","username":"admin","password":"pw123456"}"#)
        expected.append(["duplicate_member"])
        lines.append(#"{"username":"ian","password":"pw123456",}"#)
        expected.append(["malformed_json"])
        lines.append(#"{"username":"ann","password":"pw123456","custom":{"a":[1,2]}}"#)
        expected.append([])
        let output = try ToolRunner.run(["register", "--jsonl"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(try Self.codes(output.stdout) == expected)
    }

    @Test func registerKeepsEveryDigit() throws {
        let line =
            #"{"username":"ann","password":"pw123456","custom":{"n":12345678901234567890123,"d":0.10,"e":-1E+400,"z":-0}}"#
        let output = try ToolRunner.run(["register", "--jsonl"], stdin: Data(line.utf8))
        #expect(
            output.stdout.contains(
                #""body":{"loginName":"ann","d":0.10,"e":-1E+400,"n":12345678901234567890123,"z":-0}"#
            )
        )
    }

    @Test func lintReportsTheLineOfARepeatedMember() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = [
            "\u{FEFF}" + #"{"username":"first","password":"pw123456"}"#,  // a byte order mark starts the file
            #"{"username":"second","password":"pw123456"}"#,
            #"{"username":"third","custom":{"k":1,"k":1},"password":"pw123456"}"#,
            "\u{FEFF}" + #"{"username":"fourth","password":"pw123456"}"#,  // not at the start of the file
            #"{"username":"fifth","password":"pw123456","custom":{"a":[1,]}}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let output = try ToolRunner.run(["lint", "--format", "json", file.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        let found = problems.map { "\($0["line"] as? Int ?? 0) \($0["code"] as? String ?? "")" }
        #expect(found == ["3 duplicate_member", "4 malformed_json", "5 malformed_json"])
        #expect(report["valid"] as? Int == 2)
    }

    @Test func lintReadsCSVCustomCellsStrictly() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let rows = [
            "username,password,custom",
            #"one,pw123456,"{""a"":1,}""#,
            #"two,pw123456,"{""a"":1,""a"":2}""#,
            #"three,pw123456,"{""a"":[01]}""#,
            #"four,pw123456,"{""a"":123456789012345678901234567890}""#,
        ]
        try Data(rows.joined(separator: "\n").utf8).write(to: file)
        let output = try ToolRunner.run(["lint", "--format", "json", file.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        let found = problems.map {
            "\($0["line"] as? Int ?? 0) \($0["field"] as? String ?? "") \($0["code"] as? String ?? "")"
        }
        #expect(found == ["2 custom malformed_json", "3 custom duplicate_member", "4 custom malformed_json"])
        #expect(report["valid"] as? Int == 1)
    }
}
#endif
