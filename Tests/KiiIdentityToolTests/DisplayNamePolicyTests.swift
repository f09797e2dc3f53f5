#if CommandLineTool
import Foundation
import KiiIdentityFuzzChecks
import Testing

/// `--display-name-policy` (check, register, lint), a username's lookalike key in `check`, and
/// `lint`'s groups of usernames that look alike.
@Suite struct DisplayNamePolicyTests {
    static let bidi =
        "bidi_control: display name has a character that changes the text's direction at position 1 "
        + "(U+202E RIGHT-TO-LEFT OVERRIDE)"

    /// Each line of `output` with its non-ASCII scalars escaped (`ScalarHex.escaped`): compared
    /// scalar for scalar, where `String ==` (canonical equivalence) would take a decomposed name
    /// for its NFKC.
    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map { ScalarHex.escaped(String($0)) }
    }

    /// Decomposed names answer their NFKC form, composed, under the nickname policy; under Kii's
    /// rule, as given.
    @Test func decomposedNamesAnswerTheirNFKC() throws {
        let values = [
            #"Jose\u0301 A\u0301lvarez"#, #"Zoe\u0308"#, #"\u3084\u307e\u305f\u3099 \u305f\u308d\u3046"#,
            #"\u1100\u1175\u11B7\u110E\u1165\u11AF\u1109\u116E"#, #"l\u0387l"#, #"\u0374"#, #"\u20D4\u05B3"#,
            String(repeating: #"e\u0301"#, count: 30),
        ]
        let requests = values.map { #"{"field":"displayName","value":"\#($0)","displayNamePolicy":"nickname"}"# }
        let output = try ToolRunner.run(["check", "--jsonl"], stdin: Data(requests.joined(separator: "\n").utf8))
        #expect(output.status == 0)
        let expected = [
            "Jos\\u{E9} \\u{C1}lvarez", "Zo\\u{EB}", "\\u{3084}\\u{307E}\\u{3060} \\u{305F}\\u{308D}\\u{3046}",
            "\\u{AE40}\\u{CCA0}\\u{C218}", "l\\u{B7}l", "\\u{2B9}", "\\u{5B3}\\u{20D4}",
            String(repeating: "\\u{E9}", count: 30),
        ]
        #expect(Self.lines(output.stdout) == expected.map { #"{"valid":true,"normalized":"\#($0)","errors":[]}"# })
        let kii = try ToolRunner.run(
            ["check", "--jsonl"],
            stdin: Data(#"{"field":"displayName","value":"Zoe\u0308","displayNamePolicy":"kii"}"#.utf8)
        )
        #expect(Self.lines(kii.stdout) == [#"{"valid":true,"normalized":"Zoe\u{308}","errors":[]}"#])
    }

    /// (arguments after `check`, expected stdout, exit status).
    static let singleValues: [([String], String, Int32)] = [
        (["display-name", "  Ｙａｍａｄａ  ", "--display-name-policy", "nickname"], "valid\nnormalized: Yamada\n", 0),
        (["display-name", "ﾔﾏﾀﾞ", "--display-name-policy", "nickname"], "valid\nnormalized: ヤマダ\n", 0),
        (["display-name", "\u{202E}x", "--display-name-policy", "nickname"], "invalid\n\(bidi)\n", 1),
        (
            ["display-name", "a\u{200B}b", "--display-name-policy=nickname", "--language", "ja"],
            "invalid\ninvisible_character: ディスプレイネームの 2 文字目に見えない文字・書式文字（U+200B ZERO WIDTH SPACE）は使用できません\n",
            1
        ),
        // Kii's rule, by default or named: any content, kept as given.
        (["display-name", "\u{202E}x"], "valid\nnormalized: \u{202E}x\n", 0),
        (["display-name", "\u{202E}x", "--display-name-policy", "kii"], "valid\nnormalized: \u{202E}x\n", 0),
        (["display-name", "  Ｙａｍａｄａ  "], "valid\nnormalized:   Ｙａｍａｄａ  \n", 0),
        // A valid username prints its lookalike key; an invalid one does not.
        (["username", "b0b"], "valid\nnormalized: b0b\nlookalikeKey: bob\n", 0),
        (["username", "Modern_1"], "valid\nnormalized: modern_1\nlookalikeKey: rnodern_l\n", 0),
        (["username", "paypa1"], "valid\nnormalized: paypa1\nlookalikeKey: paypal\n", 0),
        (["username", "alice"], "valid\nnormalized: alice\nlookalikeKey: alice\n", 0),
        (["username", "m"], "invalid\ntoo_short: username is too short (minimum 3 characters)\n", 1),
    ]

    @Test(arguments: singleValues)
    func singleValue(arguments: [String], expected: String, status: Int32) throws {
        try ToolRunner.expect(["check"] + arguments, prints: expected, status: status)
    }

    @Test func policyIsForDisplayNamesAndKnownValuesOnly() throws {
        let other = try ToolRunner.run(["check", "username", "b0b", "--display-name-policy", "nickname"])
        #expect(other.status == 2)
        #expect(other.stdout.isEmpty)
        #expect(other.stderr.contains("Error: --display-name-policy applies to display-name only\n"))
        let unknown = try ToolRunner.run(["check", "display-name", "x", "--display-name-policy", "rfc8266"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Please provide one of 'kii' and 'nickname'."))
    }

    @Test func jsonLines() throws {
        let requests = [
            #"{"field":"displayName","value":"  Ｙａｍａｄａ  ","displayNamePolicy":"nickname"}"#,
            #"{"field":"displayName","value":"  Ｙａｍａｄａ  "}"#,
            #"{"field":"displayName","value":"  Ｙａｍａｄａ  ","displayNamePolicy":"kii"}"#,
            #"{"field":"displayName","value":"\u202Ex","displayNamePolicy":"nickname"}"#,
            #"{"field":"displayName","value":"\u202Ex"}"#,
            #"{"field":"displayName","value":"x","displayNamePolicy":"rfc8266"}"#,
            #"{"field":"displayName","value":"x","displayNamePolicy":1}"#,
            #"{"field":"displayName","value":"x","policy":"nickname"}"#,
            #"{"field":"username","value":"PayPa1"}"#,
            #"{"field":"username","value":"a b"}"#,
            #"{"field":"identifier","value":"b0b"}"#,
        ]
        let expected = [
            #"{"valid":true,"normalized":"Yamada","errors":[]}"#,
            #"{"valid":true,"normalized":"  Ｙａｍａｄａ  ","errors":[]}"#,
            #"{"valid":true,"normalized":"  Ｙａｍａｄａ  ","errors":[]}"#,
            #"{"valid":false,"errors":[{"code":"bidi_control","reason":"has a character that changes the text's direction at position 1 (U+202E RIGHT-TO-LEFT OVERRIDE)"}]}"#,
            "{\"valid\":true,\"normalized\":\"\u{202E}x\",\"errors\":[]}",
            #"{"valid":false,"errors":[{"code":"unknown_field","reason":"\"displayNamePolicy\" must be one of kii, nickname"}]}"#,
            #"{"valid":false,"errors":[{"code":"not_a_string","reason":"\"displayNamePolicy\" must be a string"}]}"#,
            #"{"valid":false,"errors":[{"code":"unknown_field","reason":"the line has a member other than \"field\", \"value\", \"country\", \"displayNamePolicy\", \"passwordPolicy\" and \"context\""}]}"#,
            #"{"valid":true,"normalized":"paypa1","lookalikeKey":"paypal","errors":[]}"#,
            #"{"valid":false,"errors":[{"code":"invalid_character","reason":"contains a space at position 2 that is not allowed (only ASCII letters, digits, '_', '-' and '.' are)"}]}"#,
            #"{"valid":true,"kind":"username","normalized":"b0b","errors":[]}"#,
        ]
        let output = try ToolRunner.run(["check", "--jsonl"], stdin: Data(requests.joined(separator: "\n").utf8))
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(Self.lines(output.stdout) == expected.map(ScalarHex.escaped))
    }

    /// `--display-name-policy` with `--jsonl` is the rule of lines that name none.
    @Test func jsonLinesDefaultPolicy() throws {
        let requests = [
            #"{"field":"displayName","value":" Ａ  Ｂ "}"#,
            #"{"field":"displayName","value":" Ａ  Ｂ ","displayNamePolicy":"kii"}"#,
        ]
        let output = try ToolRunner.run(
            ["check", "--jsonl", "--display-name-policy", "nickname"],
            stdin: Data(requests.joined(separator: "\n").utf8)
        )
        #expect(output.status == 0)
        #expect(
            ScalarHex.escaped(output.stdout)
                == ScalarHex.escaped(
                    #"{"valid":true,"normalized":"A B","errors":[]}"# + "\n"
                        + #"{"valid":true,"normalized":" Ａ  Ｂ ","errors":[]}"# + "\n"
                )
        )
    }

    @Test func register() throws {
        let records = [
            #"{"username": "yamada", "password": "Pass-word-1", "displayName": "  Ｙａｍａｄａ  "}"#,
            #"{"username": "evil", "password": "Pass-word-2", "displayName": "\u202Eevil"}"#,
            #"{"pseudo": true, "displayName": "\u200B"}"#,
        ]
        let input = Data(records.joined(separator: "\n").utf8)
        let kii = try ToolRunner.run(["register"], stdin: input)
        #expect(kii.status == 0)
        #expect(
            Self.lines(kii.stdout)
                == [
                    #"{"valid":true,"loginWith":["username"],"emailAddressVerified":null,"phoneNumberVerified":null,"keys":{"username":"yamada","email":null,"phone":null},"body":{"loginName":"yamada","displayName":"  Ｙａｍａｄａ  "},"errors":[]}"#,
                    "{\"valid\":true,\"loginWith\":[\"username\"],\"emailAddressVerified\":null,\"phoneNumberVerified\":null,\"keys\":{\"username\":\"evil\",\"email\":null,\"phone\":null},\"body\":{\"loginName\":\"evil\",\"displayName\":\"\u{202E}evil\"},\"errors\":[]}",
                    "{\"valid\":true,\"loginWith\":[],\"emailAddressVerified\":null,\"phoneNumberVerified\":null,\"keys\":{\"username\":null,\"email\":null,\"phone\":null},\"body\":{\"displayName\":\"\u{200B}\"},\"errors\":[]}",
                ].map(ScalarHex.escaped)
        )
        let nickname = try ToolRunner.run(["register", "--display-name-policy", "nickname"], stdin: input)
        #expect(nickname.status == 0)
        #expect(
            Self.lines(nickname.stdout)
                == [
                    #"{"valid":true,"loginWith":["username"],"emailAddressVerified":null,"phoneNumberVerified":null,"keys":{"username":"yamada","email":null,"phone":null},"body":{"loginName":"yamada","displayName":"Yamada"},"errors":[]}"#,
                    #"{"valid":false,"errors":[{"field":"displayName","code":"bidi_control","reason":"has a character that changes the text's direction at position 1 (U+202E RIGHT-TO-LEFT OVERRIDE)"}]}"#,
                    #"{"valid":false,"errors":[{"field":"displayName","code":"invisible_character","reason":"has an invisible or formatting character at position 1 (U+200B ZERO WIDTH SPACE)"}]}"#,
                ].map(ScalarHex.escaped)
        )
    }

    /// (arguments after `lint`, expected-output fixture, exit status): bob, b0b and BOB; paypal,
    /// paypa1 and pa\u0079pal (read the full way); modern and rnodern, whose record has a display
    /// name that only Kii's rule allows.
    static let lintReports: [([String], String, Int32)] = [
        (["Fixtures/cli/lint-lookalikes.jsonl"], "Fixtures/cli/lint-lookalikes-expected.txt", 1),
        (["--threads", "1", "Fixtures/cli/lint-lookalikes.jsonl"], "Fixtures/cli/lint-lookalikes-expected.txt", 1),
        (
            ["--language", "ja", "Fixtures/cli/lint-lookalikes.jsonl"], "Fixtures/cli/lint-lookalikes-ja-expected.txt",
            1
        ),
        (["--format", "json", "Fixtures/cli/lint-lookalikes.jsonl"], "Fixtures/cli/lint-lookalikes-expected.json", 1),
        (
            ["--display-name-policy", "nickname", "Fixtures/cli/lint-lookalikes.jsonl"],
            "Fixtures/cli/lint-lookalikes-nickname-expected.txt", 1
        ),
        (
            [
                "--display-name-policy", "nickname", "--format", "json", "--language", "ja",
                "Fixtures/cli/lint-lookalikes.jsonl",
            ],
            "Fixtures/cli/lint-lookalikes-nickname-ja-expected.json", 1
        ),
    ]

    @Test(arguments: lintReports)
    func lint(arguments: [String], expectedPath: String, status: Int32) throws {
        let output = try ToolRunner.run(["lint"] + arguments)
        #expect(ScalarHex.escaped(output.stdout) == ScalarHex.escaped(try ToolRunner.fixture(expectedPath)))
        #expect(output.status == status)
        #expect(output.stderr.isEmpty)
    }

    /// The groups are the same read one record at a time (CSV) and in blocks (JSON Lines); alone
    /// they leave the exit status 0.
    @Test func lintCSVAndExitStatus() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kii-identity-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("username,password\nbob,Pass-word-1\nb0b,Pass-word-2\nmodern,Pass-word-3\nrnodern,Pass-word-4\n".utf8)
            .write(to: url)
        let output = try ToolRunner.run(["lint", "--format", "json", url.path])
        #expect(output.status == 0)
        #expect(
            output.stdout
                == #"{"phoneMetadata":{"source":"bundled","version":"\#(ToolRunner.bundledVersion)","releaseDate":"\#(ToolRunner.bundledReleaseDate)"},"records":4,"valid":4,"invalid":0,"errorCounts":{},"conflicts":[],"lookalikes":[{"key":"bob","lines":[2,3],"usernames":[{"username":"bob","lines":[2]},{"username":"b0b","lines":[3]}]},{"key":"rnodern","lines":[4,5],"usernames":[{"username":"modern","lines":[4]},{"username":"rnodern","lines":[5]}]}],"problems":[]}"#
                + "\n"
        )
    }
}
#endif
