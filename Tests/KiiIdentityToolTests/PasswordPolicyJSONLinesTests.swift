#if CommandLineTool
import Foundation
import KiiIdentityFuzzChecks
import Testing

/// `check --jsonl` lines that judge a password: `passwordPolicy` (`"kii"`, `"nist"`, the object
/// form), `context` (each member alone), `--password-policy` as the default of lines that name
/// none, malformed members, and the value never in the output.
@Suite struct PasswordPolicyJSONLinesTests {
    static let valid = #"{"valid":true,"errors":[]}"#
    static let contextWord =
        #"{"valid":false,"errors":[{"code":"contains_context_word","reason":"contains your username, email address or name, or the app's name; choose one without them"}]}"#
    static let common =
        #"{"valid":false,"errors":[{"code":"common_password","reason":"is a commonly used or breached password; choose another, such as a few unrelated words"}]}"#
    static let tooShort15 =
        #"{"valid":false,"errors":[{"code":"too_short","reason":"is too short (minimum 15 characters)"}]}"#

    /// Runs `check --jsonl` on `lines` (and `arguments`), expecting exit status 0, nothing on
    /// standard error, and `expected`, line for line, scalar for scalar.
    static func expect(
        _ lines: [String],
        _ expected: [String],
        arguments: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ToolRunner.Output {
        let output = try ToolRunner.run(
            ["check", "--jsonl"] + arguments,
            stdin: Data(lines.joined(separator: "\n").utf8)
        )
        #expect(output.status == 0, sourceLocation: sourceLocation)
        #expect(output.stderr.isEmpty, sourceLocation: sourceLocation)
        #expect(
            output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { ScalarHex.escaped(String($0)) }
                == (expected + [""]).map(ScalarHex.escaped),
            sourceLocation: sourceLocation
        )
        return output
    }

    /// Under nist, each member of the context alone makes a password that holds it
    /// `contains_context_word`; a known password is `common_password`; a fine one is valid.
    @Test func eachContextMemberUnderNIST() throws {
        let lines = [
            #"{"field":"password","value":"taro_yamada is my name","passwordPolicy":"nist","context":{"username":"taro_yamada"}}"#,
            #"{"field":"password","value":"my secret is hanako-2024","passwordPolicy":"nist","context":{"email":"Hanako@example.com"}}"#,
            #"{"field":"password","value":"suzuki likes blue tea","passwordPolicy":"nist","context":{"displayName":"Ichiro Suzuki"}}"#,
            #"{"field":"password","value":"ExampleApp rocks forever","passwordPolicy":"nist","context":{"words":["exampleapp"]}}"#,
            #"{"field":"password","value":"eman ym si adamay_orat","passwordPolicy":"nist","context":{"username":"taro_yamada"}}"#,
            #"{"field":"password","value":"password12345678","passwordPolicy":"nist"}"#,
            #"{"field":"password","value":"correct horse battery staple","passwordPolicy":"nist","context":{"username":"taro_yamada","email":"hanako@example.com","displayName":"Ichiro Suzuki","words":["ExampleApp"]}}"#,
            #"{"field":"password","value":"correct horse battery staple","passwordPolicy":"nist","context":{"username":null,"email":null,"displayName":null,"words":null}}"#,
            #"{"field":"password","value":"correct horse battery staple","passwordPolicy":"nist","context":null}"#,
            #"{"field":"password","value":"Pass-word-1","passwordPolicy":"nist"}"#,
            #"{"field":"password","value":"xqzxqzxqzxqzxqzxqz","passwordPolicy":"nist"}"#,
        ]
        let expected = [
            Self.contextWord, Self.contextWord, Self.contextWord, Self.contextWord, Self.contextWord, Self.common,
            Self.valid, Self.valid, Self.valid, Self.tooShort15,
            #"{"valid":false,"errors":[{"code":"repetitive_or_sequential","reason":"only repeats a few characters or runs through consecutive ones; choose another"}]}"#,
        ]
        _ = try Self.expect(lines, expected)
    }

    /// Kii's rule is the default, named or not: no context, no blocklist, 4 to 50 ASCII characters.
    @Test func kiiIsTheDefault() throws {
        let lines = [
            #"{"field":"password","value":"taro_yamada is my name","context":{"username":"taro_yamada"}}"#,
            #"{"field":"password","value":"password12345678"}"#,
            #"{"field":"password","value":"Pass-word-1","passwordPolicy":"kii"}"#,
            #"{"field":"password","value":"abc","passwordPolicy":null}"#,
            #"{"field":"password","value":"Pass-word-1","passwordPolicy":{"rule":"kii"}}"#,
        ]
        let expected = [
            Self.valid, Self.valid, Self.valid,
            #"{"valid":false,"errors":[{"code":"too_short","reason":"is too short (minimum 4 characters)"}]}"#,
            Self.valid,
        ]
        _ = try Self.expect(lines, expected)
    }

    /// `{"rule": "nist", "minimumLength": N}` sets the minimum; without it the minimum is 15.
    @Test func policyObjectForm() throws {
        let lines = [
            #"{"field":"password","value":"k9#Tq2!w","passwordPolicy":{"rule":"nist","minimumLength":8}}"#,
            #"{"field":"password","value":"k9#Tq2!","passwordPolicy":{"rule":"nist","minimumLength":8}}"#,
            #"{"field":"password","value":"k9#Tq2!w","passwordPolicy":{"rule":"nist"}}"#,
            #"{"field":"password","value":"k9#Tq2!w","passwordPolicy":{"rule":"nist","minimumLength":null}}"#,
            #"{"field":"password","value":"k9#Tq2!wk9#Tq2!w","passwordPolicy":{"rule":"nist","minimumLength":64}}"#,
            #"{"field":"password","value":"taro_yamada!","passwordPolicy":{"rule":"nist","minimumLength":8},"context":{"username":"Taro_Yamada"}}"#,
        ]
        let expected = [
            Self.valid,
            #"{"valid":false,"errors":[{"code":"too_short","reason":"is too short (minimum 8 characters)"}]}"#,
            Self.tooShort15, Self.tooShort15,
            #"{"valid":false,"errors":[{"code":"too_short","reason":"is too short (minimum 64 characters)"}]}"#,
            Self.contextWord,
        ]
        _ = try Self.expect(lines, expected)
    }

    /// `--password-policy` is the rule of lines that name none; a line's own rule wins.
    @Test func commandLinePolicyIsTheDefaultOfLines() throws {
        let lines = [
            #"{"field":"password","value":"Pass-word-1"}"#,
            #"{"field":"password","value":"Pass-word-1","passwordPolicy":"kii"}"#,
            #"{"field":"password","value":"taro_yamada is my name","context":{"username":"taro_yamada"}}"#,
            #"{"field":"username","value":"taro_yamada","passwordPolicy":"nist","context":{"username":"x"}}"#,
        ]
        let expected = [
            Self.tooShort15, Self.valid, Self.contextWord,
            #"{"valid":true,"normalized":"taro_yamada","lookalikeKey":"taro_yarnada","errors":[]}"#,
        ]
        _ = try Self.expect(lines, expected, arguments: ["--password-policy", "nist"])
        // A minimum under 15 without the full set: judged, with a warning that the library's set
        // knows passwords of 15 characters and more only.
        let short = try ToolRunner.run(
            ["check", "--jsonl", "--password-policy=nist:8"],
            stdin: Data(#"{"field":"password","value":"k9#Tq2!w"}"#.utf8)
        )
        #expect(short.status == 0)
        #expect(short.stdout == Self.valid + "\n")
        #expect(
            short.stderr
                == "kii-identity: warning: --password-policy nist:8 without --password-blocklist: the library's "
                + "blocklist knows passwords of 15 characters and more only\n"
        )
    }

    /// Members of the wrong shape are problems of their line, each reason naming its member;
    /// the password is not judged and the run goes on.
    @Test func malformedMembers() throws {
        let password = #""field":"password","value":"correct horse battery staple""#
        let lines = [
            "{\(password),\"passwordPolicy\":\"strong\"}",
            "{\(password),\"passwordPolicy\":15}",
            "{\(password),\"passwordPolicy\":{\"rule\":\"nist\",\"minimumLength\":4}}",
            "{\(password),\"passwordPolicy\":{\"rule\":\"nist\",\"minimumLength\":\"8\"}}",
            "{\(password),\"passwordPolicy\":{\"rule\":\"nist\",\"minimumLength\":8.5}}",
            "{\(password),\"passwordPolicy\":{\"rule\":\"nist\",\"min\":8}}",
            "{\(password),\"passwordPolicy\":{\"minimumLength\":8}}",
            "{\(password),\"passwordPolicy\":{\"rule\":\"NIST\"}}",
            "{\(password),\"passwordPolicy\":{\"rule\":1}}",
            "{\(password),\"context\":\"taro\"}",
            "{\(password),\"context\":[\"taro\"]}",
            "{\(password),\"context\":{\"user\":\"taro\"}}",
            "{\(password),\"context\":{\"username\":1}}",
            "{\(password),\"context\":{\"email\":true,\"displayName\":{}}}",
            "{\(password),\"context\":{\"words\":\"taro\"}}",
            "{\(password),\"context\":{\"words\":[\"taro\",2]}}",
            "{\(password),\"passwordPolicy\":\"nist\",\"contexts\":{}}",
            #"{"field":"password","passwordPolicy":"nist"}"#,
            #"{"field":"password","value":"correct horse battery staple","passwordPolicy":"nist"}"#,
        ]
        func failure(_ code: String, _ reason: String) -> String {
            #"{"valid":false,"errors":[{"code":"\#(code)","reason":"\#(reason)"}]}"#
        }
        let forms = #"kii, nist, {\"rule\": \"nist\", \"minimumLength\": 8 to 64}"#
        let range = #"\"passwordPolicy.minimumLength\" must be a whole number from 8 to 64"#
        let contextMembers = #"\"username\", \"email\", \"displayName\" and \"words\""#
        let expected = [
            failure("unknown_field", #"\"passwordPolicy\" must be one of \#(forms)"#),
            failure("unknown_field", #"\"passwordPolicy\" must be one of \#(forms)"#),
            failure("number_out_of_range", range),
            failure("number_out_of_range", range),
            failure("number_out_of_range", range),
            failure("unknown_field", #"\"passwordPolicy\" has a member other than \"rule\" and \"minimumLength\""#),
            failure("missing", #"\"passwordPolicy.rule\" is missing"#),
            failure("unknown_field", #"\"passwordPolicy.rule\" must be one of kii, nist"#),
            failure("not_a_string", #"\"passwordPolicy.rule\" must be a string"#),
            failure("wrong_type", #"\"context\" must be a JSON object"#),
            failure("wrong_type", #"\"context\" must be a JSON object"#),
            failure("unknown_field", #"\"context\" has a member other than \#(contextMembers)"#),
            failure("not_a_string", #"\"context.username\" must be a string"#),
            #"{"valid":false,"errors":[{"code":"not_a_string","reason":"\"context.email\" must be a string"},{"code":"not_a_string","reason":"\"context.displayName\" must be a string"}]}"#,
            failure("wrong_type", #"\"context.words\" must be an array of strings"#),
            failure("wrong_type", #"\"context.words\" must be an array of strings"#),
            failure(
                "unknown_field",
                #"the line has a member other than \"field\", \"value\", \"country\", \"displayNamePolicy\", \"passwordPolicy\" and \"context\""#
            ),
            failure("missing", #"\"value\" is missing"#),
            Self.valid,
        ]
        _ = try Self.expect(lines, expected)
        // In Japanese, the reason names the member too.
        _ = try Self.expect(
            ["{\(password),\"context\":{\"words\":\"taro\"}}"],
            [failure("wrong_type", #"\"context.words\" は文字列の配列で指定してください"#)],
            arguments: ["--language", "ja"]
        )
    }

    /// No answer holds the value, as given or in its NFKC form, whatever the policy, context or
    /// verdict: the output's bytes are searched for each.
    @Test func theValueIsNeverInTheOutput() throws {
        let passwords = [
            "taro_yamada is my name", "password12345678", "correct horse battery staple", "Pass-word-1",
            "Ｆｕｌｌ－ｗｉｄｔｈ　ｓｅｃｒｅｔ　ｐｈｒａｓｅ", "Full-width secret phrase", "tab\there is a secret",
            "k9#Tq2!w", "sécrète phrase à moi", "\u{202E}reversed secret words",
        ]
        var lines: [String] = []
        for password in passwords {
            let value = try PasswordLeakTests.escaped(password)
            for policy in [#""nist""#, #""kii""#, #"{"rule":"nist","minimumLength":8}"#, #""strong""#] {
                lines.append(#"{"field":"password","value":"\#(value)","passwordPolicy":\#(policy)}"#)
                lines.append(
                    #"{"field":"password","value":"\#(value)","passwordPolicy":\#(policy),"context":{"username":"taro_yamada","words":["secret"]}}"#
                )
            }
            lines.append(#"{"field":"password","value":"\#(value)","context":{"username":1}}"#)
        }
        for arguments in [[], ["--password-policy", "nist"], ["--language", "ja", "--password-policy", "nist:8"]] {
            let output = try ToolRunner.run(
                ["check", "--jsonl"] + arguments,
                stdin: Data(lines.joined(separator: "\n").utf8)
            )
            #expect(output.status == 0)
            #expect(output.stdout.split(separator: "\n").count == lines.count)
            for password in passwords + ["Full-width secret phrase", "Full-width secret phrase".lowercased()] {
                #expect(!OutputBytes.contains(output.stdout, password), "a password in stdout (\(arguments))")
                #expect(!OutputBytes.contains(output.stderr, password), "a password in stderr (\(arguments))")
            }
        }
    }
}
#endif
