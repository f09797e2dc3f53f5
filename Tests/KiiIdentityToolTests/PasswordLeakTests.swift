#if CommandLineTool
import Foundation
import Testing

/// No password of any fixture appears in the tool's stdout or stderr, whatever the command.
@Suite struct PasswordLeakTests {
    /// The passwords of users.csv (its fifth column).
    static let csvPasswords = [
        "Csv-Pass,1", "Csv-Pass-2", "Csv-Pass-4", "Csv-Pass-6", "Csv-Pass-7", "Csv-Pass-8", "Csv-Pass-10",
        "Csv-Pass-11",
    ]

    /// Every `"password": "..."` string of a JSON Lines file, also on lines that are not valid JSON.
    static func jsonPasswords(_ path: String) throws -> [String] {
        let text = try ToolRunner.fixture(path)
        let pattern = /"password"\s*:\s*("(?:[^"\\]|\\.)*")/
        return try text.matches(of: pattern).map { match in
            try JSONDecoder().decode(String.self, from: Data(match.output.1.utf8))
        }
    }

    /// The values of the `check` lines whose field is `password`.
    static func checkPasswords(_ path: String) throws -> [String] {
        let text = try ToolRunner.fixture(path)
        let pattern = /"field"\s*:\s*"password"\s*,\s*"value"\s*:\s*("(?:[^"\\]|\\.)*")/
        return try text.matches(of: pattern).map { match in
            try JSONDecoder().decode(String.self, from: Data(match.output.1.utf8))
        }
    }

    /// The password as it would look inside a JSON string.
    static func escaped(_ password: String) throws -> String {
        String(String(decoding: try JSONEncoder().encode(password), as: UTF8.self).dropFirst().dropLast())
    }

    static func expectNoLeak(of passwords: [String], in output: ToolRunner.Output) throws {
        #expect(!passwords.isEmpty)
        for password in passwords {
            #expect(password.utf8.count >= 3, "fixture passwords are distinctive")
            let forms = [password, try escaped(password)]
            for form in forms {
                #expect(!output.stdout.contains(form), "password leaked to stdout")
                #expect(!output.stderr.contains(form), "password leaked to stderr")
            }
        }
    }

    static let recordFiles = [
        "Fixtures/sample-users.jsonl",
        "Fixtures/cli/register-input.jsonl",
        "Fixtures/cli/register-verification-input.jsonl",
        "Fixtures/cli/lint-valid.jsonl",
        "Fixtures/cli/lint-invalid.jsonl",
        "Fixtures/cli/lint-malformed.jsonl",
        "Fixtures/cli/lint-no-final-newline.jsonl",
    ]

    @Test(arguments: recordFiles)
    func recordFile(path: String) throws {
        let passwords = try Self.jsonPasswords(path)
        let runs: [[String]] = [
            ["register", "--jsonl", path],
            ["register", "--jsonl", "--email-verification", "--phone-verification", path],
            ["lint", "--limit", "100000", path],
            ["lint", "--format", "json", "--limit", "100000", path],
            ["register", "--jsonl", "--language", "ja", path],
            ["lint", "--language", "ja", "--limit", "100000", path],
        ]
        for arguments in runs {
            try Self.expectNoLeak(of: passwords, in: try ToolRunner.run(arguments))
        }
    }

    @Test func csvFile() throws {
        let text = try ToolRunner.fixture("Fixtures/cli/users.csv")
        #expect(Self.csvPasswords.allSatisfy { text.contains($0) })
        for arguments in [
            ["lint", "Fixtures/cli/users.csv"], ["lint", "--format", "json", "Fixtures/cli/users.csv"],
            ["lint", "--language", "ja", "Fixtures/cli/users.csv"],
        ] {
            try Self.expectNoLeak(of: Self.csvPasswords, in: try ToolRunner.run(arguments))
        }
    }

    @Test func checkLines() throws {
        let passwords = try Self.checkPasswords("Fixtures/cli/check-input.jsonl")
        try Self.expectNoLeak(
            of: passwords,
            in: try ToolRunner.run(["check", "--jsonl", "Fixtures/cli/check-input.jsonl"])
        )
        try Self.expectNoLeak(
            of: passwords,
            in: try ToolRunner.run(["check", "--language", "ja", "--jsonl", "Fixtures/cli/check-input.jsonl"])
        )
        for password in passwords + Self.csvPasswords + [
            "pässwörd-Ωmega", "tab\there", String(repeating: "Lx9#", count: 13), "-Dash-Secret-1", "--Dash-Secret-2",
        ] {
            let output = try ToolRunner.run(["check", "password", password])
            #expect(output.stdout.hasPrefix("valid\n") || output.stdout.hasPrefix("invalid\n"))
            try Self.expectNoLeak(of: [password], in: output)
            try Self.expectNoLeak(
                of: [password],
                in: try ToolRunner.run(["check", "--language", "ja", "password", password])
            )
        }
    }
}
#endif
