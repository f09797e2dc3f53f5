import Foundation
import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

@Suite("Display name")
struct DisplayNameTests {
    @Test(
        "length boundaries in Unicode scalars",
        arguments: [
            ("", "missing"),
            ("a", nil),
            (String(repeating: "a", count: 50), nil),
            (String(repeating: "a", count: 51), "too_long"),
            (String(repeating: "山", count: 50), nil),
            (String(repeating: "山", count: 51), "too_long"),
            (String(repeating: "😀", count: 50), nil),  // 100 UTF-16 units: the SDKs would reject it
            (String(repeating: "😀", count: 51), "too_long"),
            (String(repeating: "👍🏽", count: 25), nil),  // 25 graphemes, 50 scalars
            (String(repeating: "👍🏽", count: 26), "too_long"),
            (String(repeating: "e\u{301}", count: 25), nil),
            (String(repeating: "e\u{301}", count: 26), "too_long"),
            (String(repeating: "\r\n", count: 25), nil),  // 25 Characters, 50 scalars
            (String(repeating: "\r\n", count: 26), "too_long"),
            (String(repeating: "x", count: 100_000), "too_long"),
        ] as [(String, String?)]
    )
    func lengths(raw: String, code: String?) throws {
        #expect(DisplayName.isValid(raw) == (code == nil))
        let error = Probe.error { try DisplayName(raw) }
        #expect(Probe.codes(error) == (code.map { [$0] } ?? []))
        if let error { #expect(error.field == .displayName) }
    }

    @Test(
        "any content is kept exactly",
        arguments: [
            "山田 太郎", " leading and trailing ", "\u{0}", "\n", "tab\there", "@+#", "e\u{301}", "\u{FEFF}", "🇯🇵",
            "\u{34C}", "Zalgo\u{34C}\u{34C}",
        ]
    )
    func anyContent(raw: String) throws {
        #expect(DisplayName.isValid(raw))
        let name = try DisplayName(raw)
        #expect(ScalarHex.describe(name.rawValue) == ScalarHex.describe(raw))
        #expect(ScalarHex.describe(name.normalized) == ScalarHex.describe(raw))
        #expect(ScalarHex.describe(name.description) == ScalarHex.describe(raw))
    }

    @Test("error reads after the label")
    func message() throws {
        let error = try #require(Probe.error { try DisplayName(String(repeating: "a", count: 51)) })
        #expect(error.description == "display name is too long (maximum 50 characters)")
        #expect(Probe.error { try DisplayName("") }?.description == "display name is missing")
    }

    @Test("Codable re-validates")
    func codable() throws {
        let data = try JSONEncoder().encode(try DisplayName("山田"))
        #expect(
            ScalarHex.describe(try JSONDecoder().decode(DisplayName.self, from: data).rawValue)
                == ScalarHex.describe("山田")
        )
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DisplayName.self, from: Data(#""""#.utf8)) }
    }
}
