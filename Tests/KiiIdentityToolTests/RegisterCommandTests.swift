#if CommandLineTool
import Foundation
import Testing

/// `kii-identity register --jsonl`: registration results per record.
@Suite struct RegisterCommandTests {
    @Test func defaultPolicy() throws {
        let output = try ToolRunner.run(["register", "--jsonl", "Fixtures/cli/register-input.jsonl"])
        #expect(output.status == 0)
        #expect(output.stdout == (try ToolRunner.fixture("Fixtures/cli/register-expected.jsonl")))
        #expect(output.stderr.isEmpty)
    }

    @Test func bothVerificationsOn() throws {
        let output = try ToolRunner.run([
            "register", "--jsonl", "--email-verification", "--phone-verification",
            "Fixtures/cli/register-verification-input.jsonl",
        ])
        #expect(output.status == 0)
        #expect(output.stdout == (try ToolRunner.fixture("Fixtures/cli/register-verification-expected.jsonl")))
    }

    @Test func landlineAllowed() throws {
        let input = Data(#"{"username": "office", "phone": "+81312345678", "password": "Office-pass-1"}"#.utf8)
        let strict = try ToolRunner.run(["register", "--jsonl"], stdin: input)
        #expect(
            strict.stdout
                == #"{"valid":false,"errors":[{"field":"phoneNumber","code":"landline","reason":"is a landline number (only mobile numbers are accepted)"}]}"#
                + "\n"
        )
        let lenient = try ToolRunner.run(["register", "--jsonl", "--allow-landline"], stdin: input)
        #expect(
            lenient.stdout
                == #"{"valid":true,"loginWith":["username","phone"],"emailAddressVerified":null,"phoneNumberVerified":true,"keys":{"username":"office","email":null,"phone":"+81312345678"},"body":{"loginName":"office","phoneNumber":"+81312345678"},"errors":[]}"#
                + "\n"
        )
    }

    /// Lines that the fast path reads and lines it leaves to JSONDecoder give the documented results.
    @Test func jsonShapes() throws {
        let lines = [
            #"{"username": "esc\u0041pe", "password": "Passw0rd!"}"#,
            #"{"username":"Brace_Fan","password":"Pa\\ss\/w0rd","custom":{"a":"}{","b":[1,{"c":"]"}]}}"#,
            #"{"username": "trail", "password": "Passw0rd!"} x"#,
            #"{"nickname": null, "username": "nulls", "email": null, "password": "Passw0rd!"}"#,
            " \t" + #"{ "username" : "Spaces" , "password" : "Passw0rd!" }"# + " \t",
        ]
        let output = try ToolRunner.run(["register", "--jsonl"], stdin: Data(lines.joined(separator: "\n").utf8))
        func valid(_ name: String, body extra: String = "") -> String {
            #"{"valid":true,"loginWith":["username"],"emailAddressVerified":null,"phoneNumberVerified":null,"keys":{"username":""#
                + name + #"","email":null,"phone":null},"body":{"loginName":""# + name + "\"" + extra
                + #"},"errors":[]}"#
        }
        let expected = [
            valid("escape"),
            valid("brace_fan", body: #","a":"}{","b":[1,{"c":"]"}]"#),
            #"{"valid":false,"errors":[{"field":"line","code":"malformed_json","reason":"is not valid JSON: more text after the value at column 48"}]}"#,
            valid("nulls"),
            valid("spaces"),
        ]
        #expect(output.stdout == expected.joined(separator: "\n") + "\n")
        #expect(output.status == 0)
    }
}
#endif
