#if CommandLineTool
import Foundation
import Testing

/// `kii-identity lint`: whole exports in JSON Lines and CSV.
@Suite struct LintCommandTests {
    /// (arguments after `lint`, expected-output fixture, exit status).
    static let reports: [([String], String, Int32)] = [
        (["Fixtures/cli/lint-valid.jsonl"], "Fixtures/cli/lint-valid-expected.txt", 0),
        (["--format", "json", "Fixtures/cli/lint-invalid.jsonl"], "Fixtures/cli/lint-invalid-expected.json", 1),
        (["--format", "json", "Fixtures/cli/lint-malformed.jsonl"], "Fixtures/cli/lint-malformed-expected.json", 1),
        (["Fixtures/cli/lint-no-final-newline.jsonl"], "Fixtures/cli/lint-no-final-newline-expected.txt", 1),
        (["--format", "json", "Fixtures/cli/empty.jsonl"], "Fixtures/cli/lint-empty-expected.json", 0),
        (["--format", "json", "Fixtures/cli/users.csv"], "Fixtures/cli/users-csv-expected.json", 1),
        (["--limit", "2", "Fixtures/cli/users.csv"], "Fixtures/cli/users-csv-expected.txt", 1),
    ]

    @Test(arguments: reports)
    func report(arguments: [String], expectedPath: String, status: Int32) throws {
        let output = try ToolRunner.run(["lint"] + arguments)
        #expect(output.stdout == (try ToolRunner.fixture(expectedPath)))
        #expect(output.status == status)
        #expect(output.stderr.isEmpty)  // not a terminal: no progress bar
    }

    @Test func sampleExportIsLintedWithItsConflicts() throws {
        let output = try ToolRunner.run(["lint", "--format", "json", "--limit", "0", "Fixtures/sample-users.jsonl"])
        #expect(output.status == 1)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        )
        #expect(report["records"] as? Int == 1000)
        #expect((report["valid"] as? Int ?? 0) + (report["invalid"] as? Int ?? 0) == 1000)
        #expect((report["problems"] as? [Any])?.isEmpty == true)
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        let values = Set(conflicts.compactMap { $0["value"] as? String })
        // The generator plants these across forms: case, +1 vs US-, +81 vs local 090 with JP, domain
        // case; an email address's local part in another case is one key too.
        #expect(
            values.isSuperset(of: [
                "alice_w", "dup.user", "+12015550199", "+819011112222", "ann.lee@example.com", "bob.kim@example.org",
            ])
        )
    }

    @Test func overlongLineIsAProblemOfThatLine() throws {
        let directory = FileManager.default.temporaryDirectory
        let url = directory.appendingPathComponent("kii-identity-long-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = #"{"username": "before", "password": "Long-Pass-1"}"# + "\n"
        text += #"{"username": ""# + String(repeating: "a", count: 1_500_000) + #"", "password": "Long-Pass-2"}"# + "\n"
        text += #"{"username": "after", "password": "Long-Pass-3"}"# + "\n"
        try Data(text.utf8).write(to: url)
        let output = try ToolRunner.run(["lint", "--format", "json", url.path])
        #expect(output.status == 1)
        #expect(
            output.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":3,"valid":2,"invalid":1,"errorCounts":{"line_too_long":1},"conflicts":[],"lookalikes":[],"problems":[{"line":2,"field":"line","code":"line_too_long","reason":"is longer than 1048576 bytes"}]}"#
                + "\n"
        )
    }

    @Test func csvWithByteOrderMarkAndCRLF() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kii-identity-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("username,password,displayName\r\nbom_user,\"Bom,Pass-1\",\"Line\r\nBreak\"\r\n".utf8)
        bytes += Array("bad_utf8,Bom-Pass-2,".utf8) + [0xC3, 0x28] + Array("\r\n".utf8)
        try Data(bytes).write(to: url)
        let output = try ToolRunner.run(["lint", "--format", "json", url.path])
        #expect(output.status == 1)
        #expect(
            output.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":2,"valid":1,"invalid":1,"errorCounts":{"invalid_utf8":1},"conflicts":[],"lookalikes":[],"problems":[{"line":4,"field":"displayName","code":"invalid_utf8","reason":"contains bytes that are not UTF-8"}]}"#
                + "\n"
        )
    }

    @Test func formatIsDetectedByFirstByte() throws {
        let directory = FileManager.default.temporaryDirectory
        let url = directory.appendingPathComponent("kii-identity-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("username,password\nfrom_csv,\"Csv,Pass-9\"\n".utf8).write(to: url)
        let output = try ToolRunner.run(["lint", "--format", "json", url.path])
        #expect(output.status == 0)
        #expect(
            output.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":1,"valid":1,"invalid":0,"errorCounts":{},"conflicts":[],"lookalikes":[],"problems":[]}"#
                + "\n"
        )
    }
}
#endif
