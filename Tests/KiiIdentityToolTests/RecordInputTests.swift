#if CommandLineTool
import Foundation
import Testing

/// `kii-identity register` and `lint`: the input rules of their help texts beyond the format
/// (see ``ExportFormatTests``): CSV quoting and cells, blank lines, the CSV header, phone forms.
@Suite struct RecordInputTests {
    /// A valid one-identifier record's `register` output line.
    static func valid(_ name: String) -> String {
        #"{"valid":true,"loginWith":["username"],"emailAddressVerified":null,"phoneNumberVerified":null,"keys":{"username":""#
            + name + #"","email":null,"phone":null},"body":{"loginName":""# + name + #""},"errors":[]}"#
    }

    static let malformedJSON =
        #"{"valid":false,"errors":[{"field":"line","code":"malformed_json","reason":"is not valid JSON: no value at column 1"}]}"#

    /// RFC 4180 quoting (commas, doubled quotes and line breaks in quotes), an empty cell as an
    /// absent member, custom as a JSON object, pseudo as true or false: one output line per record.
    @Test func registerReadsACSVExport() throws {
        let output = try ToolRunner.run(["register", "Fixtures/cli/users.csv"])
        #expect(output.stdout == (try ToolRunner.fixture("Fixtures/cli/register-csv-expected.jsonl")))
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
    }

    /// `--jsonl` is not needed: the same file gives the same lines without it.
    @Test func registerNeedsNoFlagForJSONLines() throws {
        let output = try ToolRunner.run(["register", "Fixtures/cli/register-input.jsonl"])
        #expect(output.stdout == (try ToolRunner.fixture("Fixtures/cli/register-expected.jsonl")))
        #expect(output.status == 0)
    }

    /// Every JSON line gives an output line (a blank one is not valid JSON).
    @Test func registerAnswersEveryJSONLine() throws {
        let input = Data("{\"username\": \"first\", \"password\": \"Passw0rd!\"}\n\n \n{\"username\": \"last\"}\n".utf8)
        let output = try ToolRunner.run(["register", "-"], stdin: input)
        let noPassword =
            #"{"valid":false,"errors":[{"field":"password","code":"missing","reason":"is missing"}]}"#
        #expect(
            output.stdout
                == [Self.valid("first"), Self.malformedJSON, Self.malformedJSON, noPassword, ""].joined(separator: "\n")
        )
    }

    /// Empty CSV lines are skipped, by register and lint alike.
    @Test func emptyCSVLinesAreSkipped() throws {
        let file = try TemporaryInput(
            name: "gaps.csv",
            text: "username,password\n\ncsv_a,Csv-Pass-1\n\r\n\ncsv_b,Csv-Pass-2\n\n"
        )
        let register = try ToolRunner.run(["register", file.path])
        #expect(register.stdout == Self.valid("csv_a") + "\n" + Self.valid("csv_b") + "\n")
        let lint = try ToolRunner.run(["lint", "--format", "json", file.path])
        #expect(
            lint.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":2,"valid":2,"invalid":0,"errorCounts":{},"conflicts":[],"lookalikes":[],"problems":[]}"#
                + "\n"
        )
        #expect(lint.status == 0)
    }

    /// Blank JSON lines are skipped by lint (and still counted as lines).
    @Test func lintSkipsBlankJSONLines() throws {
        let lines = ["", #"{"username": "first", "password": "Passw0rd!"}"#, " \t", #"{"username": "last_user"}"#]
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let output = try ToolRunner.run(["lint", "--format", "json", "--input-format", "jsonl", "-"], stdin: input)
        #expect(
            output.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":2,"valid":1,"invalid":1,"errorCounts":{"missing":1},"conflicts":[],"lookalikes":[],"problems":[{"line":4,"field":"password","code":"missing","reason":"is missing"}]}"#
                + "\n"
        )
        #expect(output.status == 1)
    }

    /// CSV header columns that are not record members, or repeat one, are ignored: `register`
    /// warns on standard error and goes on; `lint` counts them as problems of line 1.
    @Test func unknownAndRepeatedCSVColumns() throws {
        let input = Data("username,nickname,password,username\nnick_user,Nick,Csv-Pass-1,other\n".utf8)
        let register = try ToolRunner.run(["register"], stdin: input)
        #expect(register.stdout == Self.valid("nick_user") + "\n")
        #expect(register.status == 0)
        #expect(
            register.stderr
                == "kii-identity: warning: standard input line 1: unknown_field: line has a column 2 that is not a member of a user record; it is ignored\n"
                + "kii-identity: warning: standard input line 1: unknown_field: line names column 'username' twice; column 4 is ignored\n"
        )
        let lint = try ToolRunner.run(["lint", "--format", "json", "-"], stdin: input)
        #expect(
            lint.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":1,"valid":1,"invalid":0,"errorCounts":{"unknown_field":2},"conflicts":[],"lookalikes":[],"problems":[{"line":1,"field":"line","code":"unknown_field","reason":"has a column 2 that is not a member of a user record; it is ignored"},{"line":1,"field":"line","code":"unknown_field","reason":"names column 'username' twice; column 4 is ignored"}]}"#
                + "\n"
        )
        #expect(lint.status == 1)
    }

    /// The warning is in the language of `--language`, like every reason.
    @Test func headerWarningsFollowTheLanguage() throws {
        let input = Data("username,nickname,password\nnick_user,Nick,Csv-Pass-1\n".utf8)
        let output = try ToolRunner.run(["register", "--language", "ja"], stdin: input)
        #expect(output.stdout == Self.valid("nick_user") + "\n")
        #expect(
            output.stderr
                == "kii-identity: warning: standard input line 1: unknown_field: "
                + "行にユーザーレコードのメンバーではない列があります（2 列目は無視されます）\n"
        )
    }

    /// A record's phone is international, the REST local form, or local digits read in the
    /// record's country; nothing else (typed input is not read in records).
    @Test func recordPhoneForms() throws {
        let lines = [
            #"{"username": "p_one", "phone": "+819012345678", "password": "Phone-Pass-1"}"#,
            #"{"username": "p_two", "phone": "JP-9012345678", "password": "Phone-Pass-2"}"#,
            #"{"username": "p_three", "phone": "09012345678", "country": "JP", "password": "Phone-Pass-3"}"#,
            #"{"username": "p_four", "phone": "09012345678", "password": "Phone-Pass-4"}"#,
            #"{"username": "p_five", "phone": "+81 90-1234-5678", "password": "Phone-Pass-5"}"#,
        ]
        let output = try ToolRunner.run(["register"], stdin: Data(lines.joined(separator: "\n").utf8))
        func tokyo(_ name: String, country: String = "") -> String {
            #"{"valid":true,"loginWith":["username","phone"],"emailAddressVerified":null,"phoneNumberVerified":true,"keys":{"username":""#
                + name + #"","email":null,"phone":"+819012345678"},"body":{"loginName":""# + name
                + #"","phoneNumber":"+819012345678""# + country + "},\"errors\":[]}"
        }
        let expected = [
            tokyo("p_one"), tokyo("p_two"), tokyo("p_three", country: #","country":"JP""#),
            #"{"valid":false,"errors":[{"field":"phoneNumber","code":"needs_country","reason":"needs a country: give it in the REST form (like JP-9012345678) or set the user's country"}]}"#,
            #"{"valid":false,"errors":[{"field":"phoneNumber","code":"invalid_character","reason":"contains a space at position 4 that is not allowed, and 2 more such characters (after the '+' only digits are)"}]}"#,
        ]
        #expect(output.stdout == expected.joined(separator: "\n") + "\n")
        // lint reads the same forms and compares them by E.164: the three valid records collide.
        let lint = try ToolRunner.run(
            ["lint", "--format", "json", "--limit", "0", "-"],
            stdin: Data(lines.joined(separator: "\n").utf8)
        )
        #expect(lint.stdout.contains(#""conflicts":[{"key":"phone","value":"+819012345678","lines":[1,2,3]}]"#))
    }
}
#endif
