#if CommandLineTool
import Foundation
import Testing

/// `--version` names the phone metadata, and `--phone-metadata` chooses it.
@Suite struct PhoneMetadataOptionTests {
    @Test func versionNamesTheBundledAndTheSystemMetadata() throws {
        let output = try ToolRunner.run(["--version"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "kii-identity: phone numbers judged by libphonenumber \(ToolRunner.bundledVersion) (bundled, \(ToolRunner.bundledReleaseDate)) by default"
        )
        #expect(lines.count == 2 && lines[1].hasPrefix("system libphonenumber (--phone-metadata system): "))
    }

    /// Benin's ten-digit mobile numbers (2024) are in the bundled metadata, not in Debian's 8.12.57.
    @Test func phoneMetadataChoosesTheSource() throws {
        let bundled = try ToolRunner.run(["check", "phone", "+2290197123456"])
        #expect(bundled.status == 0)
        #expect(bundled.stdout.hasPrefix("valid"))
        let version = try ToolRunner.run(["--version"]).stdout
        if version.hasSuffix(": 8.12.57\n") {
            let system = try ToolRunner.run(["check", "--phone-metadata", "system", "phone", "+2290197123456"])
            #expect(system.status == 1)
            #expect(system.stdout.hasPrefix("invalid"))
        }
        let lint = try ToolRunner.run([
            "lint", "--format", "json", "--phone-metadata", "system", "Fixtures/cli/lint-valid.jsonl",
        ])
        #expect(lint.stdout.hasPrefix(#"{"phoneMetadata":{"source":"system","version":""#))
        let wrong = try ToolRunner.run(["check", "--phone-metadata", "2022", "phone", "+2290197123456"])
        #expect(wrong.status == 2)
    }
}
#endif
