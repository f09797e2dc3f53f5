#if CommandLineTool
import Foundation
import Testing

/// `kii-identity check`: every input-shape rule its help states, one case (or more) per rule.
@Suite struct CheckInputShapeTests {
    /// The outputs of +81 90-1234-5678, a Tokyo mobile number, after `valid`.
    static let tokyoMobile = String(CheckCommandTests.tokyoMobile.dropFirst("valid\n".count))

    /// The outputs of +1 415-555-2671, a San Francisco number, after `valid`.
    static let sanFrancisco = """
        e164: +14155552671
        region: US
        countryCallingCode: 1
        nationalNumber: 4155552671
        restForm: US-4155552671
        nationalFormat: (415) 555-2671
        internationalFormat: +1 415-555-2671
        type: FIXED_LINE_OR_MOBILE

        """

    static let needsCountry =
        "invalid\nneeds_country: phone number needs a country to be read as a local number, or a '+' and the calling code\n"

    /// (rule of the help, arguments after `check phone`, expected stdout, exit status).
    static let phoneShapes: [(String, [String], String, Int32)] = [
        ("'+' and digits is international (E.164)", ["+819012345678"], "valid\n" + tokyoMobile, 0),
        (
            "'+' and digits is read strictly: no trunk prefix",
            ["+8109012345678"],
            "invalid\nnot_e164: phone number is not in E.164 form (did you mean +819012345678?)\n",
            1
        ),
        ("'+' and digits ignores --country", ["+819012345678", "--country", "US"], "valid\n" + tokyoMobile, 0),
        ("two letters and '-' is the REST local form", ["JP-9012345678"], "valid\n" + tokyoMobile, 0),
        (
            "two letters and '-' is read strictly as the REST form",
            ["JP-90-1234-5678"],
            "invalid\ninvalid_character: phone number contains '-' at position 3 that is not allowed, and 1 more such "
                + "character (a local number is only digits; an international one starts with '+')\n",
            1
        ),
        ("digits only is a local number of --country", ["09012345678", "--country", "JP"], "valid\n" + tokyoMobile, 0),
        ("digits only without --country needs one", ["09012345678"], needsCountry, 1),
        ("'+' with spaces and dashes is typed input", ["+81 90-1234-5678"], "valid\n" + tokyoMobile, 0),
        ("'+' with spaces and parentheses is typed input", ["+1 (415) 555-2671"], "valid\n" + sanFrancisco, 0),
        ("'+' with dashes only is typed input", ["+81-90-1234-5678"], "valid\n" + tokyoMobile, 0),
        ("typed input is read in --country", ["(415) 555-2671", "--country", "US"], "valid\n" + sanFrancisco, 0),
        ("typed input with dashes in --country", ["090-1234-5678", "--country", "JP"], "valid\n" + tokyoMobile, 0),
        ("typed input without '+' or --country needs a country", ["(415) 555-2671"], needsCountry, 1),
        ("a lone '+' is typed input", ["+"], "invalid\ninvalid_number: phone number has no digits\n", 1),
        (
            "mobile numbers only by default",
            ["+81 3-1234-5678"],
            "invalid\nlandline: phone number is a landline number (only mobile numbers are accepted)\n",
            1
        ),
        (
            "--allow-landline accepts any valid number, typed input too",
            ["+81 3-1234-5678", "--allow-landline"],
            "valid\ne164: +81312345678\nregion: JP\ncountryCallingCode: 81\nnationalNumber: 312345678\n"
                + "restForm: JP-312345678\nnationalFormat: 03-1234-5678\ninternationalFormat: +81 3-1234-5678\n"
                + "type: FIXED_LINE\n",
            0
        ),
    ]

    @Test(arguments: phoneShapes)
    func phoneShape(rule: String, arguments: [String], expected: String, status: Int32) throws {
        let output = try ToolRunner.run(["check", "phone"] + arguments)
        #expect(output.stdout == expected, "\(rule)")
        #expect(output.status == status, "\(rule)")
        #expect(output.stderr.isEmpty, "\(rule)")
    }

    /// (rule of the help, arguments after `check identifier`, expected stdout, exit status).
    static let identifierShapes: [(String, [String], String, Int32)] = [
        (
            "contains '@': email",
            ["Ann@Example.COM"],
            "valid\nkind: email\nnormalized: Ann@example.com\n",
            0
        ),
        ("starts with '+': phone", ["+819012345678"], "valid\nkind: phone\n" + tokyoMobile, 0),
        (
            "starts with '+': phone, in E.164 only",
            ["+81 90-1234-5678"],
            "invalid\nkind: phone\ninvalid_character: phone number contains a space at position 4 that is not allowed, "
                + "and 2 more such characters (after the '+' only digits are)\n",
            1
        ),
        (
            "digits with --country: local phone",
            ["09012345678", "--country", "JP"],
            "valid\nkind: localPhone\n" + tokyoMobile,
            0
        ),
        (
            "digits without --country: username",
            ["09012345678"],
            "valid\nkind: username\nnormalized: 09012345678\n"
                + "hint: digits only, so read as a username; with --country it is a local phone number\n",
            0
        ),
        ("otherwise username", ["User.Name"], "valid\nkind: username\nnormalized: user.name\n", 0),
    ]

    @Test(arguments: identifierShapes)
    func identifierShape(rule: String, arguments: [String], expected: String, status: Int32) throws {
        let output = try ToolRunner.run(["check", "identifier"] + arguments)
        #expect(output.stdout == expected, "\(rule)")
        #expect(output.status == status, "\(rule)")
    }

    /// One request of each `field` the help lists, from a file, from standard input without a
    /// file, and from standard input as "-".
    static let jsonLineFields = [
        (
            #"{"field": "username", "value": "User_1"}"#,
            #"{"valid":true,"normalized":"user_1","lookalikeKey":"user_l","errors":[]}"#
        ),
        (
            #"{"field": "email", "value": "User@Example.COM"}"#,
            #"{"valid":true,"normalized":"User@example.com","errors":[]}"#
        ),
        (#"{"field": "password", "value": "correct horse"}"#, #"{"valid":true,"errors":[]}"#),
        (#"{"field": "displayName", "value": "Zoë"}"#, #"{"valid":true,"normalized":"Zoë","errors":[]}"#),
        (#"{"field": "country", "value": "JP"}"#, #"{"valid":true,"normalized":"JP","errors":[]}"#),
        (#"{"field": "locale", "value": "EN-us"}"#, #"{"valid":true,"normalized":"en-US","errors":[]}"#),
        (#"{"field": "phone", "value": "+819012345678"}"#, tokyoJSON(kind: nil)),
        (
            #"{"field": "phone", "value": "+81 90-1234-5678"}"#,
            #"{"valid":false,"errors":[{"code":"invalid_character","reason":"contains a space at position 4 that is not allowed, and 2 more such characters (after the '+' only digits are)"}]}"#
        ),
        (#"{"field": "phoneLocal", "value": "09012345678", "country": "JP"}"#, tokyoJSON(kind: nil)),
        (#"{"field": "phoneRest", "value": "JP-9012345678"}"#, tokyoJSON(kind: nil)),
        (#"{"field": "phoneUserInput", "value": "+81 90-1234-5678"}"#, tokyoJSON(kind: nil)),
        (#"{"field": "phoneUserInput", "value": "090-1234-5678", "country": "JP"}"#, tokyoJSON(kind: nil)),
        (#"{"field": "identifier", "value": "09012345678", "country": "JP"}"#, tokyoJSON(kind: "localPhone")),
        (
            "not json",
            #"{"valid":false,"errors":[{"code":"malformed_json","reason":"line is not valid JSON: an unexpected character at column 1"}]}"#
        ),
    ]

    static func tokyoJSON(kind: String?) -> String {
        #"{"valid":true,"# + (kind.map { #""kind":""# + $0 + #"","# } ?? "")
            + #""normalized":"+819012345678","phone":{"e164":"+819012345678","region":"JP","countryCallingCode":81,"nationalNumber":"9012345678","restForm":"JP-9012345678","nationalFormat":"090-1234-5678","internationalFormat":"+81 90-1234-5678","type":"MOBILE"},"errors":[]}"#
    }

    static let jsonLineSources: [[String]] = [["--jsonl"], ["--jsonl", "-"], ["--jsonl", "FILE"]]

    @Test(arguments: jsonLineSources)
    func jsonLinesOfEveryField(source: [String]) throws {
        let input = Self.jsonLineFields.map(\.0).joined(separator: "\n") + "\n"
        let file = try TemporaryInput(name: "requests.txt", text: input)
        let arguments = source.map { $0 == "FILE" ? file.path : $0 }
        let output = try ToolRunner.run(["check"] + arguments, stdin: source.contains("FILE") ? nil : Data(input.utf8))
        #expect(output.stdout == Self.jsonLineFields.map(\.1).joined(separator: "\n") + "\n")
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
    }
}
#endif
