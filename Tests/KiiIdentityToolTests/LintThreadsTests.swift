import Foundation
import KiiIdentityFuzzChecks
import Testing

/// `lint` on every core: the report is byte for byte the one-thread report, on the fixtures and on
/// a generated export with conflicts planted in every form; standard input gives it too.
@Suite struct LintThreadsTests {
    static let fixtures = [
        "Fixtures/sample-users.jsonl", "Fixtures/cli/lint-valid.jsonl", "Fixtures/cli/lint-invalid.jsonl",
        "Fixtures/cli/lint-malformed.jsonl", "Fixtures/cli/lint-no-final-newline.jsonl", "Fixtures/cli/empty.jsonl",
        "Fixtures/cli/check-input.jsonl", "Fixtures/cli/register-input.jsonl", "Fixtures/cli/users.csv",
    ]

    @Test(arguments: fixtures)
    func fixtureReportsAreTheOneThreadReports(path: String) throws {
        for format in ["text", "json"] {
            let arguments = ["lint", "--format", format, "--limit", "1000", path]
            let one = try ToolRunner.run(arguments + ["--threads", "1"])
            for threads in ["2", "4"] {
                let many = try ToolRunner.run(arguments + ["--threads", threads])
                #expect(many.stdout == one.stdout)
                #expect(many.status == one.status)
            }
            #expect(try ToolRunner.run(arguments).stdout == one.stdout)
        }
    }

    /// 60,000 records of `mix` (about 5 MB, several blocks) and the conflicts planted in them.
    static func generatedExport(
        _ mix: ExportGenerator.Mix
    ) throws -> (url: URL, planted: [ExportGenerator.PlantedConflict]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-threads-\(UUID()).jsonl")
        var generator = ExportGenerator(mix: mix, seed: 11)
        var text = ""
        var planted: [ExportGenerator.PlantedConflict] = []
        for index in 0..<60_000 {
            let line = generator.line(index)
            text += line.text + "\n"
            if let conflict = line.planted { planted.append(conflict) }
        }
        try Data(text.utf8).write(to: url)
        return (url, planted)
    }

    @Test func generatedExportWithInvalidLines() throws {
        let (url, _) = try Self.generatedExport(.invalid)
        defer { try? FileManager.default.removeItem(at: url) }
        let arguments = ["lint", "--format", "json", "--limit", "100000", url.path]
        let one = try ToolRunner.run(arguments + ["--threads", "1"])
        #expect(one.status == 1)
        #expect(one.stdout.contains(#""invalid":0"#) == false)
        #expect(try ToolRunner.run(arguments + ["--threads", "2"]).stdout == one.stdout)
        #expect(try ToolRunner.run(arguments + ["--threads", "5"]).stdout == one.stdout)
    }

    @Test func generatedExportWithPlantedConflicts() throws {
        let (url, planted) = try Self.generatedExport(.conflicts)
        defer { try? FileManager.default.removeItem(at: url) }
        let arguments = ["lint", "--format", "json", "--limit", "100000", url.path]
        let one = try ToolRunner.run(arguments + ["--threads", "1"])
        #expect(one.status == 1)
        for threads in ["2", "3"] {
            let many = try ToolRunner.run(arguments + ["--threads", threads])
            #expect(many.stdout == one.stdout)
        }
        let text = try ToolRunner.run(["lint", "--limit", "50", url.path, "--threads", "1"])
        #expect(try ToolRunner.run(["lint", "--limit", "50", url.path]).stdout == text.stdout)

        // Every planted conflict is reported with both lines, under its normalised value.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        var linesByKey: [String: Set<Int>] = [:]
        for conflict in conflicts {
            let key = "\(conflict["key"] as? String ?? "") \(conflict["value"] as? String ?? "")"
            linesByKey[key, default: []].formUnion(conflict["lines"] as? [Int] ?? [])
        }
        #expect(planted.count > 2_000)
        #expect(Set(planted.map(\.kind)) == ["username", "email", "phone"])
        for conflict in planted {
            let lines = linesByKey["\(conflict.kind) \(conflict.value)"] ?? []
            #expect(lines.isSuperset(of: [conflict.firstLine, conflict.line]), "\(conflict)")
        }
        // Nothing but the planted keys conflicts.
        #expect(Set(linesByKey.keys) == Set(planted.map { "\($0.kind) \($0.value)" }))
    }

    @Test func standardInputGivesTheSameReport() throws {
        let (url, _) = try Self.generatedExport(.conflicts)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ToolRunner.run(["lint", "--format", "json", "--limit", "1000", url.path])
        let piped = try ToolRunner.run(
            [
                "/bin/sh", "-c", "cat \"$1\" | \"$0\" lint --format json --limit 1000 -", ToolRunner.binary.path,
                url.path,
            ],
            executable: URL(fileURLWithPath: "/bin/sh")
        )
        let fileText = try ToolRunner.run(["lint", "Fixtures/sample-users.jsonl"])
        let pipedText = try ToolRunner.run(
            ["lint", "-"],
            stdin: Data(contentsOf: ToolRunner.packageRoot.appendingPathComponent("Fixtures/sample-users.jsonl"))
        )
        #expect(piped.stdout == file.stdout)
        #expect(piped.status == file.status)
        #expect(
            pipedText.stdout == fileText.stdout.replacingOccurrences(of: "Fixtures/sample-users.jsonl:", with: "-:")
        )
    }
}
