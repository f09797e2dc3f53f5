#if CommandLineTool
import Foundation
import Testing

/// `register` and `lint` with `--password-policy`: each record's password judged with its own
/// username, email address and display name as context; Kii's rule when the option is absent.
@Suite struct PasswordPolicyRecordsTests {
    static let records = [
        #"{"username": "taro_yamada", "password": "taro_yamada is my name"}"#,
        #"{"username": "hanako", "email": "hanako@example.com", "password": "correct horse battery staple"}"#,
        #"{"username": "jiro", "displayName": "Jiro Sato", "password": "password12345678"}"#,
        #"{"username": "saburo", "password": "Pass-word-1"}"#,
        #"{"email": "shiro.tanaka@example.com", "password": "shiro.tanaka plays go"}"#,
        #"{"email": "k9@example.com", "displayName": "Kenta Watanabe", "password": "watanabe san desu yo"}"#,
    ]
    static let passwords = [
        "taro_yamada is my name", "correct horse battery staple", "password12345678", "Pass-word-1",
        "shiro.tanaka plays go", "watanabe san desu yo",
    ]
    /// Each record's codes under nist, in order.
    static let nistCodes: [[String]] = [
        ["contains_context_word"], [], ["common_password"], ["too_short"], ["contains_context_word"],
        ["contains_context_word"],
    ]
    static let contextWordReason =
        "contains your username, email address or name, or the app's name; choose one without them"

    /// Each output line's `valid` and error codes (and fields: always `password` here).
    static func verdicts(_ stdout: String) throws -> [(valid: Bool, codes: [String])] {
        try stdout.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let errors = try #require(object["errors"] as? [[String: Any]])
            for error in errors { #expect(error["field"] as? String == "password") }
            return (try #require(object["valid"] as? Bool), errors.compactMap { $0["code"] as? String })
        }
    }

    @Test func registerUnderNIST() throws {
        let input = Data(Self.records.joined(separator: "\n").utf8)
        let nist = try ToolRunner.run(["register", "--password-policy", "nist"], stdin: input)
        #expect(nist.status == 0)
        #expect(nist.stderr.isEmpty)
        let verdicts = try Self.verdicts(nist.stdout)
        #expect(verdicts.map(\.codes) == Self.nistCodes)
        #expect(verdicts.map(\.valid) == Self.nistCodes.map(\.isEmpty))
        let lines = nist.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == #"{"valid":false,"errors":[{"field":"password","code":"contains_context_word","reason":"\#(Self.contextWordReason)"}]}"#
        )
        // Kii's rule by default, and named: every record valid, the valid one answered alike.
        let kii = try ToolRunner.run(["register"], stdin: input)
        #expect(kii.status == 0)
        #expect(try Self.verdicts(kii.stdout).map(\.valid) == Array(repeating: true, count: Self.records.count))
        #expect(kii.stdout.split(separator: "\n").map(String.init)[1] == lines[1])
        let named = try ToolRunner.run(["register", "--password-policy", "kii"], stdin: input)
        #expect(named.stdout == kii.stdout)
        for output in [nist, kii] {
            for password in Self.passwords {
                #expect(!OutputBytes.contains(output.stdout, password))
                #expect(!OutputBytes.contains(output.stderr, password))
            }
        }
    }

    /// The fast path (JSON Lines on one thread and on two) and CSV give the same report.
    @Test func lintUnderNIST() throws {
        let jsonl = try TemporaryInput(name: "users.jsonl", text: Self.records.joined(separator: "\n") + "\n")
        var csv = "username,email,displayName,password\n"
        for record in Self.records {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: String])
            csv +=
                ["username", "email", "displayName", "password"].map { object[$0] ?? "" }.joined(separator: ",") + "\n"
        }
        let csvFile = try TemporaryInput(name: "users.csv", text: csv)
        let problemLines = [1, 3, 4, 5, 6]
        for (path, offset) in [(jsonl.path, 0), (csvFile.path, 1)] {
            for threads in ["1", "2"] {
                let output = try ToolRunner.run([
                    "lint", "--format", "json", "--threads", threads, "--password-policy", "nist", path,
                ])
                #expect(output.status == 1)
                #expect(output.stderr.isEmpty)
                let report = try #require(
                    try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
                )
                #expect(report["records"] as? Int == 6)
                #expect(report["valid"] as? Int == 1)
                #expect(report["invalid"] as? Int == 5)
                #expect(
                    report["errorCounts"] as? [String: Int]
                        == ["contains_context_word": 3, "common_password": 1, "too_short": 1]
                )
                let problems = try #require(report["problems"] as? [[String: Any]])
                #expect(problems.compactMap { $0["line"] as? Int } == problemLines.map { $0 + offset })
                #expect(problems.allSatisfy { $0["field"] as? String == "password" })
                #expect(
                    problems.compactMap { $0["code"] as? String } == Self.nistCodes.filter { !$0.isEmpty }.map { $0[0] }
                )
                for password in Self.passwords { #expect(!OutputBytes.contains(output.stdout, password)) }
            }
            // Kii's rule by default: every record valid, no conflict, exit 0.
            let kii = try ToolRunner.run(["lint", "--format", "json", path])
            #expect(kii.status == 0)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(kii.stdout.utf8)) as? [String: Any])
            #expect(report["valid"] as? Int == 6)
            #expect(report["invalid"] as? Int == 0)
        }
    }

    /// `--password-policy` takes kii, nist and nist:N (8 to 64) only; `--password-blocklist` wants
    /// the nist rule; the password options are for passwords only.
    @Test(arguments: [
        (["register", "--password-policy", "strong"], "expected kii, nist or nist:N with N from 8 to 64"),
        (["lint", "--password-policy", "nist:7", "x.jsonl"], "expected kii, nist or nist:N with N from 8 to 64"),
        (["lint", "--password-policy", "nist:65", "x.jsonl"], "expected kii, nist or nist:N with N from 8 to 64"),
        (["register", "--password-policy", "nist:"], "expected kii, nist or nist:N with N from 8 to 64"),
        (
            ["register", "--password-blocklist", "x.kiipwbl"],
            "--password-blocklist needs --password-policy nist (or nist:N)"
        ),
        (
            ["lint", "--password-policy", "kii", "--password-blocklist", "x.kiipwbl", "x.jsonl"],
            "--password-blocklist is for the nist rule, not --password-policy kii"
        ),
        (
            ["check", "username", "taro", "--password-policy", "nist"],
            "--password-policy and --password-blocklist apply to password only"
        ),
        (
            ["check", "password", "correct horse battery staple", "--password-blocklist", "x.kiipwbl"],
            "--password-blocklist needs --password-policy nist (or nist:N)"
        ),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let output = try ToolRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(message))
        #expect(!OutputBytes.contains(output.stderr, "correct horse battery staple"))
    }

    /// A password checked alone follows `--password-policy`, without a context.
    @Test func checkOneValue() throws {
        try ToolRunner.expect(
            ["check", "password", "password12345678", "--password-policy", "nist"],
            prints:
                "invalid\ncommon_password: password is a commonly used or breached password; choose another, such as a few unrelated words\n",
            status: 1
        )
        try ToolRunner.expect(
            ["check", "password", "correct horse battery staple", "--password-policy", "nist"],
            prints: "valid\n",
            status: 0
        )
        try ToolRunner.expect(["check", "password", "password12345678"], prints: "valid\n", status: 0)
        try ToolRunner.expect(
            ["check", "password", "Pass-word-1", "--password-policy", "nist"],
            prints: "invalid\ntoo_short: password is too short (minimum 15 characters)\n",
            status: 1
        )
    }
}
#endif
