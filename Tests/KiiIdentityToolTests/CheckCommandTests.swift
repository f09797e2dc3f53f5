#if CommandLineTool
import Foundation
import KiiIdentityFuzzChecks
import Testing

/// `kii-identity check`: single values from the command line and JSON Lines batches.
@Suite struct CheckCommandTests {
    static let tokyoMobile = """
        valid
        e164: +819012345678
        region: JP
        countryCallingCode: 81
        nationalNumber: 9012345678
        restForm: JP-9012345678
        nationalFormat: 090-1234-5678
        internationalFormat: +81 90-1234-5678
        type: MOBILE

        """

    /// (arguments, expected stdout, expected exit status), worked out from the rules.
    static let singleValues: [([String], String, Int32)] = [
        (["username", "User_1"], "valid\nnormalized: user_1\nlookalikeKey: user_l\n", 0),
        (
            ["username", "a b"],
            "invalid\ninvalid_character: username contains a space at position 2 that is not allowed "
                + "(only ASCII letters, digits, '_', '-' and '.' are)\n",
            1
        ),
        (["email", "User@Example.COM"], "valid\nnormalized: User@example.com\n", 0),
        (["password", "correct horse"], "valid\n", 0),
        (["password", "Z~q"], "invalid\ntoo_short: password is too short (minimum 4 characters)\n", 1),
        (["display-name", "Zoë"], "valid\nnormalized: Zoë\n", 0),
        (["country", "jp"], "invalid\nnot_uppercase: country must be in capital letters: did you mean 'JP'?\n", 1),
        (["locale", "EN-us"], "valid\nnormalized: en-US\n", 0),
        (["phone", "+819012345678"], tokyoMobile, 0),
        (["phone", "JP-09012345678"], tokyoMobile, 0),
        (["phone", "09012345678", "--country", "JP"], tokyoMobile, 0),
        (["phone", "090-1234-5678", "--country", "JP"], tokyoMobile, 0),
        (
            ["phone", "09012345678"],
            "invalid\nneeds_country: phone number needs a country to be read as a local number, "
                + "or a '+' and the calling code\n",
            1
        ),
        (
            ["phone", "+11234567890"],
            "invalid\ninvalid_number: phone number is not a valid number (libphonenumber knows no such +1 number)\n",
            1
        ),
        (
            ["phone", "+81312345678"],
            "invalid\nlandline: phone number is a landline number (only mobile numbers are accepted)\n",
            1
        ),
        (
            ["phone", "+81312345678", "--allow-landline"],
            "valid\ne164: +81312345678\nregion: JP\ncountryCallingCode: 81\nnationalNumber: 312345678\n"
                + "restForm: JP-312345678\nnationalFormat: 03-1234-5678\ninternationalFormat: +81 3-1234-5678\n"
                + "type: FIXED_LINE\n",
            0
        ),
        (["identifier", "09012345678", "--country", "JP"], "valid\nkind: localPhone\n" + tokyoMobile.dropFirst(6), 0),
        (
            ["identifier", "12345"],
            "valid\nkind: username\nnormalized: 12345\n"
                + "hint: digits only, so read as a username; with --country it is a local phone number\n",
            0
        ),
        (
            ["identifier", "a@b"],
            "invalid\nkind: email\ndomain_needs_two_labels: email address needs a domain of two or more labels "
                + "after '@', like example.com\n",
            1
        ),
    ]

    @Test(arguments: singleValues)
    func singleValue(arguments: [String], expected: String, status: Int32) throws {
        try ToolRunner.expect(["check"] + arguments, prints: expected, status: status)
    }

    @Test func jsonLinesFromFile() throws {
        let output = try ToolRunner.run(["check", "--jsonl", "Fixtures/cli/check-input.jsonl"])
        #expect(output.status == 0)
        #expect(
            ScalarHex.escaped(output.stdout)
                == ScalarHex.escaped(try ToolRunner.fixture("Fixtures/cli/check-expected.jsonl"))
        )
    }

    @Test func jsonLinesFromStandardInput() throws {
        let input = try Data(
            contentsOf: ToolRunner.packageRoot.appendingPathComponent("Fixtures/cli/check-input.jsonl")
        )
        let output = try ToolRunner.run(["check", "--jsonl"], stdin: input)
        #expect(output.status == 0)
        #expect(
            ScalarHex.escaped(output.stdout)
                == ScalarHex.escaped(try ToolRunner.fixture("Fixtures/cli/check-expected.jsonl"))
        )
    }

    @Test func jsonLinesKeepsOneOutputLinePerInputLine() throws {
        let input = Data(
            "{\"field\": \"country\", \"value\": \"JP\"}\n\n{\"field\": \"country\", \"value\": \"XX\"}".utf8
        )
        let output = try ToolRunner.run(["check", "--jsonl", "-"], stdin: input)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)  // three results and the final newline
        #expect(lines[0] == #"{"valid":true,"normalized":"JP","errors":[]}"#)
        #expect(
            lines[1]
                == #"{"valid":false,"errors":[{"code":"malformed_json","reason":"line is not valid JSON: no value at column 1"}]}"#
        )
        #expect(
            lines[2]
                == #"{"valid":false,"errors":[{"code":"unknown_region","reason":"must be a supported region ('XX' is not one)"}]}"#
        )
    }

    @Test func emptyInputPrintsNothing() throws {
        let output = try ToolRunner.run(["check", "--jsonl", "Fixtures/cli/empty.jsonl"])
        #expect(output.status == 0)
        #expect(output.stdout.isEmpty)
    }
}
#endif
