import Foundation
import KiiIdentity
import Testing

@Suite("Email address (SPEC 2)")
struct EmailAddressTests {
    static let local64 = String(repeating: "l", count: 64)
    static let label63 = String(repeating: "d", count: 63)

    /// 64 + 1 + 63 + 1 + 63 + 1 + `lastLabelLength`: 200 characters with a 7-letter last label.
    static func address(lastLabelLength: Int) -> String {
        "\(local64)@\(label63).\(label63).\(String(repeating: "c", count: lastLabelLength))"
    }

    @Test(
        "valid addresses, normalised: domain lowercased, local part as given",
        arguments: [
            ("user_123456@example.com", "user_123456@example.com"),
            ("User_123456@Example.COM", "User_123456@example.com"),
            ("a@b.c", "a@b.c"),
            ("A.B%C+D-E_F@X-Y.Z9", "A.B%C+D-E_F@x-y.z9"),
            ("123@123.a1", "123@123.a1"),
            ("x@sub.EXAMPLE.co.JP", "x@sub.example.co.jp"),
            ("first.last@xn--bcher-kva.example", "first.last@xn--bcher-kva.example"),
            ("%@a.b", "%@a.b"),
            ("a@1.2.c3", "a@1.2.c3"),
        ]
    )
    func valid(raw: String, normalized: String) throws {
        #expect(EmailAddress.isValid(raw))
        let email = try EmailAddress(raw)
        #expect(email.rawValue == raw)
        #expect(email.normalized == normalized)
        #expect(try EmailAddress(email.normalized).normalized == normalized)
    }

    @Test("length boundaries")
    func lengthBoundaries() throws {
        let maximum = Self.address(lastLabelLength: 7)
        #expect(maximum.utf8.count == 200)
        #expect(EmailAddress.isValid(maximum))
        let over = Self.address(lastLabelLength: 8)
        #expect(over.utf8.count == 201)
        #expect(!EmailAddress.isValid(over))
        #expect(Probe.codes(Probe.error { try EmailAddress(over) }) == ["too_long"])
        #expect(Probe.codes(Probe.error { try EmailAddress("") }) == ["missing"])
        // Past 200 the content is not inspected: no '@' goes unreported.
        #expect(Probe.codes(Probe.error { try EmailAddress(String(repeating: " ", count: 5000)) }) == ["too_long"])

        #expect(EmailAddress.isValid("\(Self.local64)@example.com"))
        let longLocal = "\(Self.local64)l@example.com"
        #expect(!EmailAddress.isValid(longLocal))
        #expect(Probe.codes(Probe.error { try EmailAddress(longLocal) }) == ["local_part_too_long"])

        #expect(EmailAddress.isValid("a@\(Self.label63).com"))
        let longLabel = "a@\(Self.label63)d.com"
        #expect(!EmailAddress.isValid(longLabel))
        #expect(Probe.codes(Probe.error { try EmailAddress(longLabel) }) == ["domain_label_too_long"])
        #expect(!EmailAddress.isValid("a@example.\(Self.label63)d"))
    }

    @Test(
        "every allowed character of the local part",
        arguments: Array(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-"
        )
    )
    func localPartCharacter(character: Character) throws {
        let raw = "a\(character)b@example.com"
        #expect(EmailAddress.isValid(raw))
        #expect(try EmailAddress(raw).normalized == raw)
    }

    @Test(
        "every allowed character of a domain label",
        arguments: Array(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"
        )
    )
    func domainCharacter(character: Character) throws {
        let raw = "a@x\(character)y.com"
        #expect(EmailAddress.isValid(raw))
        #expect(try EmailAddress(raw).normalized == "a@x\(String(character).lowercased())y.com")
    }

    @Test(
        "forbidden characters in the local part",
        arguments: [
            " ", "!", "#", "$", "&", "'", "*", "/", "=", "?", "^", "`", "{", "|", "}", "~", "(", ")", ",", ":", ";",
            "<", ">", "[", "]", "\\", "\"", "\u{0}", "\n", "\r", "\t", "\u{7F}", "é", "\u{301}", "👍", "Ａ", "\u{A0}",
        ]
    )
    func forbiddenInLocalPart(character: String) throws {
        let raw = "ab\(character)c@example.com"
        #expect(!EmailAddress.isValid(raw))
        let error = try #require(Probe.error { try EmailAddress(raw) })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
        #expect(error.field == .emailAddress)
        #expect(error.reason.contains("position 3"))
    }

    @Test(
        "forbidden characters in the domain",
        arguments: [
            " ", "_", "%", "+", "!", "#", "/", ":", "\u{0}", "\n", "é", "\u{301}", "ｘ", "\u{3002}",
        ]
    )
    func forbiddenInDomain(character: String) throws {
        let raw = "user@exa\(character)mple.com"
        #expect(!EmailAddress.isValid(raw))
        let error = try #require(Probe.error { try EmailAddress(raw) })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
    }

    @Test(
        "structure problems",
        arguments: [
            ("userexample.com", ["missing_at"]),
            ("a@b@example.com", ["multiple_at"]),
            ("@example.com", ["empty_local_part"]),
            ("user@", ["empty_domain"]),
            ("user@localhost", ["domain_needs_two_labels"]),
            (".user@example.com", ["local_part_dot_at_edge"]),
            ("user.@example.com", ["local_part_dot_at_edge"]),
            ("us..er@example.com", ["consecutive_dots"]),
            ("user@example..com", ["empty_domain_label"]),
            ("user@.example.com", ["empty_domain_label"]),
            ("user@example.com.", ["empty_domain_label"]),
            ("user@-example.com", ["domain_label_hyphen_at_edge"]),
            ("user@example-.com", ["domain_label_hyphen_at_edge"]),
            ("user@example.-com", ["domain_label_hyphen_at_edge"]),
            ("user@example.com-", ["domain_label_hyphen_at_edge"]),
            ("user@192.168.0.1", ["numeric_top_level_domain"]),
            ("user@[192.168.0.1]", ["invalid_character"]),
            ("\"quoted\"@example.com", ["invalid_character"]),
            ("user@example.com ", ["invalid_character"]),
            (" user@example.com", ["invalid_character"]),
            (
                "..@-.",
                [
                    "local_part_dot_at_edge", "consecutive_dots", "empty_domain_label", "domain_label_hyphen_at_edge",
                ]
            ),
        ]
    )
    func structure(raw: String, codes: [String]) {
        #expect(!EmailAddress.isValid(raw))
        #expect(Probe.codes(Probe.error { try EmailAddress(raw) }) == codes)
    }

    @Test("a combining mark after '@' does not hide the '@'")
    func combiningMarkAfterAt() throws {
        // As Characters, "@\u{34C}" is one grapheme that is not "@"; the rule reads bytes.
        let raw = "a@\u{34C}example.com"
        #expect(!raw.contains("@"))
        #expect(!EmailAddress.isValid(raw))
        let error = try #require(Probe.error { try EmailAddress(raw) })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
        #expect(error.reason.contains("U+034C"))
        #expect(Probe.codes(Probe.error { try EmailAddress("a@\u{34C}b@example.com") }) == ["multiple_at"])
        #expect(Probe.codes(Probe.error { try EmailAddress("\u{34C}@example.com") }) == ["invalid_character"])
    }

    @Test("equality and hashing follow the normalised form")
    func equality() throws {
        #expect(try EmailAddress("User@Example.com") == EmailAddress("User@EXAMPLE.COM"))
        #expect(try EmailAddress("User@example.com") != EmailAddress("user@example.com"))
        #expect(try Set([EmailAddress("a@B.c"), EmailAddress("a@b.C")]).count == 1)
        #expect(try EmailAddress("User@EXAMPLE.com").localPart == "User")
        #expect(try EmailAddress("User@EXAMPLE.com").domain == "example.com")
    }

    @Test("Codable writes the raw value and re-validates")
    func codable() throws {
        let data = try JSONEncoder().encode(try EmailAddress("User@Example.com"))
        #expect(String(decoding: data, as: UTF8.self) == #""User@Example.com""#)
        #expect(try JSONDecoder().decode(EmailAddress.self, from: data).normalized == "User@example.com")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(EmailAddress.self, from: Data(#""a@b""#.utf8)) }
    }
}

/// The isemail inputs with their verdicts under SPEC 2 (`Fixtures/isemail-kii-labels.jsonl`).
@Suite("Email address: isemail corpus")
struct EmailCorpusTests {
    struct Entry: Decodable, CustomTestStringConvertible, Sendable {
        let input: String
        let kiiStrict: Bool
        let source: String
        let note: String

        enum CodingKeys: String, CodingKey {
            case input
            case kiiStrict = "kii_strict"
            case source, note
        }

        var testDescription: String { "\(source): \(input.debugDescription)" }
    }

    static func entries() throws -> [Entry] {
        let text = try String(contentsOf: FixturePaths.url("isemail-kii-labels.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONDecoder().decode(Entry.self, from: Data(line.utf8))
        }
    }

    @Test("the corpus is all there")
    func corpusSize() throws {
        let entries = try Self.entries()
        #expect(entries.count == 169)
        #expect(entries.contains { $0.kiiStrict })
        #expect(entries.contains { !$0.kiiStrict })
    }

    @Test("every label agrees with isValid and the initialiser", arguments: try entries())
    func label(entry: Entry) {
        #expect(EmailAddress.isValid(entry.input) == entry.kiiStrict, "\(entry.note)")
        let error = Probe.error { try EmailAddress(entry.input) }
        #expect((error == nil) == entry.kiiStrict, "\(entry.note): \(error?.description ?? "accepted")")
    }
}
