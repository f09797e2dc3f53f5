#if CommandLineTool
import Testing

/// Usage and I/O errors end with status 2 and a message on stderr, nothing on stdout.
@Suite struct ExitStatusTests {
    static let usageErrors: [[String]] = [
        ["check"],
        ["check", "username"],
        ["check", "nickname", "x"],
        ["check", "username", "x", "--country", "JP"],
        ["check", "--jsonl", "a.jsonl", "b.jsonl"],
        ["check", "--jsonl", "Fixtures/cli/does-not-exist.jsonl"],
        ["register", "--jsonl", "--input-format", "csv", "Fixtures/cli/register-input.jsonl"],
        ["register", "--input-format", "xml", "Fixtures/cli/register-input.jsonl"],
        ["lint", "--input-format", "xml", "Fixtures/cli/lint-valid.jsonl"],
        ["register", "--jsonl", "Fixtures/cli/does-not-exist.jsonl"],
        ["lint"],
        ["lint", "Fixtures/cli/does-not-exist.jsonl"],
        ["lint", "Fixtures/cli"],
        ["lint", "--format", "xml", "Fixtures/cli/lint-valid.jsonl"],
        ["lint", "--limit", "-1", "Fixtures/cli/lint-valid.jsonl"],
        ["frobnicate"],
    ]

    @Test(arguments: usageErrors)
    func usageError(arguments: [String]) throws {
        let output = try ToolRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(!output.stderr.isEmpty)
    }

    @Test func helpExitsZero() throws {
        let output = try ToolRunner.run(["check", "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("kii-identity check <field> <value>"))
    }
}
#endif
