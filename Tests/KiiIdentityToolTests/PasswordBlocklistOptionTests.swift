#if CommandLineTool
import Foundation
import Testing

/// `--password-blocklist FILE`: the full set (`make password-blocklist`) lets a minimum of 8
/// refuse known passwords the library's set (15 code points and more) does not hold; a file that
/// is missing, a directory or not a blocklist is a clear error with exit status 2.
@Suite struct PasswordBlocklistOptionTests {
    /// Known (in the full set) and 10 characters long: the library's set cannot know it.
    static let known = "iloveyou12"
    /// 8 characters, in neither set.
    static let unknown = "k9#Tq2!w"
    static let commonReason =
        "is a commonly used or breached password; choose another, such as a few unrelated words"

    static func records() -> Data {
        Data(
            [
                #"{"username": "kenji", "password": "\#(known)"}"#,
                #"{"username": "kenta", "password": "\#(unknown)"}"#,
            ]
            .joined(separator: "\n").utf8
        )
    }

    @Test func registerWithTheFullSet() throws {
        let path = try #require(PasswordBlocklistFile.existingPath, "\(PasswordBlocklistFile.missing)")
        let full = try ToolRunner.run(
            ["register", "--password-policy", "nist:8", "--password-blocklist", path],
            stdin: Self.records()
        )
        #expect(full.status == 0)
        #expect(full.stderr.isEmpty)
        let lines = full.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines.first
                == #"{"valid":false,"errors":[{"field":"password","code":"common_password","reason":"\#(Self.commonReason)"}]}"#
        )
        #expect(lines.last?.hasPrefix(#"{"valid":true,"loginWith":["username"],"#) == true)
        // The library's set alone takes both (and says why on standard error).
        let builtIn = try ToolRunner.run(["register", "--password-policy", "nist:8"], stdin: Self.records())
        #expect(builtIn.status == 0)
        #expect(builtIn.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"valid":true,"#) })
        #expect(
            builtIn.stderr
                == "kii-identity: warning: --password-policy nist:8 without --password-blocklist: the library's "
                + "blocklist knows passwords of 15 characters and more only\n"
        )
        // Under nist's own minimum, both are too short, with or without the file.
        let fifteen = try ToolRunner.run(
            ["register", "--password-policy", "nist", "--password-blocklist", path],
            stdin: Self.records()
        )
        #expect(fifteen.stdout.split(separator: "\n").allSatisfy { $0.contains(#""code":"too_short""#) })
        for output in [full, builtIn, fifteen] {
            #expect(!OutputBytes.contains(output.stdout + output.stderr, Self.known))
            #expect(!OutputBytes.contains(output.stdout + output.stderr, Self.unknown))
        }
    }

    @Test func lintWithTheFullSet() throws {
        let path = try #require(PasswordBlocklistFile.existingPath, "\(PasswordBlocklistFile.missing)")
        let export = try TemporaryInput(name: "users.jsonl", bytes: Array(Self.records()))
        let output = try ToolRunner.run([
            "lint", "--format", "json", "--password-policy", "nist:8", "--password-blocklist", path, export.path,
        ])
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty)
        #expect(
            output.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":2,"valid":1,"invalid":1,"errorCounts":{"common_password":1},"conflicts":[],"lookalikes":[],"problems":[{"line":1,"field":"password","code":"common_password","reason":"\#(Self.commonReason)"}]}"#
                + "\n"
        )
    }

    @Test func checkWithTheFullSet() throws {
        let path = try #require(PasswordBlocklistFile.existingPath, "\(PasswordBlocklistFile.missing)")
        try ToolRunner.expect(
            ["check", "password", Self.known, "--password-policy", "nist:8", "--password-blocklist", path],
            prints: "invalid\ncommon_password: password \(Self.commonReason)\n",
            status: 1
        )
        try ToolRunner.expect(
            ["check", "password", Self.unknown, "--password-policy", "nist:8", "--password-blocklist", path],
            prints: "valid\n",
            status: 0
        )
        // With --jsonl the file serves every nist line, named or by default; a kii line is Kii's.
        let lines = [
            #"{"field":"password","value":"\#(Self.known)","passwordPolicy":{"rule":"nist","minimumLength":8}}"#,
            #"{"field":"password","value":"\#(Self.unknown)","passwordPolicy":{"rule":"nist","minimumLength":8}}"#,
            #"{"field":"password","value":"\#(Self.known)","passwordPolicy":"kii"}"#,
            #"{"field":"password","value":"\#(Self.known)"}"#,
        ]
        let common = #"{"valid":false,"errors":[{"code":"common_password","reason":"\#(Self.commonReason)"}]}"#
        let valid = #"{"valid":true,"errors":[]}"#
        let input = Data(lines.joined(separator: "\n").utf8)
        let full = try ToolRunner.run(
            ["check", "--jsonl", "--password-policy", "nist:8", "--password-blocklist", path],
            stdin: input
        )
        #expect(full.status == 0)
        #expect(full.stderr.isEmpty)
        #expect(full.stdout == [common, valid, valid, common].joined(separator: "\n") + "\n")
        // Without a default policy, the file still serves the lines that name nist.
        let named = try ToolRunner.run(["check", "--jsonl", "--password-blocklist", path], stdin: input)
        #expect(named.stdout == [common, valid, valid, valid].joined(separator: "\n") + "\n")
        let builtIn = try ToolRunner.run(["check", "--jsonl"], stdin: input)
        #expect(builtIn.stdout == [valid, valid, valid, valid].joined(separator: "\n") + "\n")
        for output in [full, named, builtIn] {
            #expect(!OutputBytes.contains(output.stdout + output.stderr, Self.known))
        }
    }

    /// What a bad file gives: the option, the file and what is wrong; exit status 2, no output.
    @Test func badFilesAreClearErrors() throws {
        let garbage = try TemporaryInput(name: "garbage.kiipwbl", text: "password\n123456\n")
        let empty = try TemporaryInput(name: "empty.kiipwbl", bytes: [])
        var cases: [(String, String)] = [
            (
                "/nonexistent/password-blocklist.kiipwbl",
                "--password-blocklist: cannot open /nonexistent/password-blocklist.kiipwbl: No such file or directory"
            ),
            (
                garbage.path,
                "--password-blocklist \(garbage.path): not a password blocklist file (it should begin with KIIPWBL); "
                    + "make one with `make password-blocklist`"
            ),
            (
                empty.path,
                "--password-blocklist \(empty.path): not a password blocklist file (it should begin with KIIPWBL); "
                    + "make one with `make password-blocklist`"
            ),
            (garbage.directory.path, "--password-blocklist: cannot read \(garbage.directory.path): it is a directory"),
            ("-", "--password-blocklist reads a file, not standard input"),
        ]
        var truncated: TemporaryInput?
        if let path = PasswordBlocklistFile.existingPath {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100_000))
            let file = try TemporaryInput(name: "truncated.kiipwbl", bytes: bytes)
            truncated = file
            cases.append(
                (
                    file.path,
                    "--password-blocklist \(file.path): the password blocklist file is truncated; make it again with "
                        + "`make password-blocklist`"
                )
            )
        }
        let export = try TemporaryInput(name: "users.jsonl", bytes: Array(Self.records()))
        for (path, message) in cases {
            for arguments in [
                ["lint", "--password-policy", "nist", "--password-blocklist", path, export.path],
                ["register", "--password-policy", "nist:8", "--password-blocklist", path, export.path],
                ["check", "--jsonl", "--password-blocklist", path, export.path],
                ["check", "password", Self.unknown, "--password-policy", "nist", "--password-blocklist", path],
            ] {
                let output = try ToolRunner.run(arguments)
                #expect(output.status == 2, "\(arguments)")
                #expect(output.stdout.isEmpty, "\(arguments)")
                #expect(output.stderr == "kii-identity: error: \(message)\n", "\(arguments)")
            }
        }
        #expect(truncated != nil, "\(PasswordBlocklistFile.missing)")
    }
}
#endif
