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
}
