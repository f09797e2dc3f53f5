import Foundation
import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

@Suite("Email address")
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

    @Test("a position in the domain counts in the whole address")
    func domainPositionCountsInTheAddress() throws {
        let error = try #require(Probe.error { try EmailAddress("ann@exa_mple.com") })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
        #expect(
            error.problems[0].message
                == "email address contains '_' at position 8 that is not allowed "
                + "(after '@' only ASCII letters, digits, '-' and '.' are)"
        )
        #expect(error.problems[0].message(in: .japanese).hasPrefix("メールアドレスの 8 文字目の '_' は使用できません"))
        let accented = try #require(Probe.error { try EmailAddress("jos\u{E9}@ex\u{ED}mple.com") })
        #expect(
            accented.problems.map(\.message) == [
                "email address contains U+00E9 at position 4 that is not allowed "
                    + "(before '@' only ASCII letters, digits, '.', '_', '%', '+' and '-' are)",
                "email address contains U+00ED at position 8 that is not allowed "
                    + "(after '@' only ASCII letters, digits, '-' and '.' are)",
            ]
        )
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

/// The isemail inputs with their verdicts under Kii's rule (`Fixtures/isemail-kii-labels.jsonl`).
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

/// `EmailAddress.isValid` reads addresses of up to 64 bytes as position masks, 16 bytes at a
/// time, and longer ones in one pass: both are compared here with the rule written out plainly.
@Suite("Email address: the fast check against the rule written out")
struct EmailAddressMaskTests {
    /// The rule, on strings and arrays, as a reader would check it by hand.
    static func rule(_ raw: String) -> Bool {
        let bytes = Array(raw.utf8)
        guard (1...200).contains(bytes.count), bytes.allSatisfy({ $0 < 0x80 }) else { return false }
        let parts = raw.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        let alphanumerics = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        guard (1...64).contains(local.count), local.allSatisfy({ alphanumerics.contains($0) || ".+_%-".contains($0) }),
            !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard (1...63).contains(label.count), label.allSatisfy({ alphanumerics.contains($0) || $0 == "-" }),
                !label.hasPrefix("-"), !label.hasSuffix("-")
            else { return false }
        }
        return !labels.last!.allSatisfy { "0123456789".contains($0) }
    }

    /// The fuzz checks' deterministic generator (SplitMix64), so that a failure can be replayed.
    typealias Generator = SplitMix64

    /// An address-like string of about `length` characters: labels of letters and digits with
    /// the bytes that matter to the rule sprinkled in.
    static func addressLike(_ generator: inout Generator, length: Int) -> String {
        let common = Array("abcxyzQ019")
        let special = Array(".-@+_%.-") + ["1", " ", "é", "/", "\u{0}"]
        var characters = (0..<length).map { _ in
            generator.below(14) == 0 ? generator.pick(special) : generator.pick(common)
        }
        if length > 4, generator.below(4) != 0 {
            // Usually one '@' and a dot after it, so that many strings are valid.
            let at = 1 + generator.below(length - 3)
            characters[at] = "@"
            characters[at + 1 + generator.below(length - at - 2)] = "."
            for index in characters.indices where index != at && characters[index] == "@" { characters[index] = "a" }
        }
        return String(characters)
    }

    @Test("every length from 1 to 80 and some past 200: isValid agrees with the rule and with init")
    func randomAddresses() {
        var generator = Generator(seed: 0x4B49_4921)
        var valid = 0
        var checked = 0
        for length in Array(1...80) + [120, 199, 200, 201, 230] {
            for _ in 0..<400 {
                let raw = Self.addressLike(&generator, length: length)
                let expected = Self.rule(raw)
                #expect(EmailAddress.isValid(raw) == expected, "\(raw.debugDescription)")
                #expect(((try? EmailAddress(raw)) != nil) == expected, "\(raw.debugDescription)")
                if expected { valid += 1 }
                checked += 1
            }
        }
        // Both answers are well represented.
        #expect(valid > checked / 10)
        #expect(valid < checked * 9 / 10)
    }

    @Test(
        "each rule at the lengths where the reading changes (5, 8, 15, 16, 17, 32, 33, 64, 65)",
        arguments: [5, 8, 9, 15, 16, 17, 31, 32, 33, 48, 49, 63, 64, 65]
    )
    func rulesAtEveryReading(length: Int) {
        // "l…l@d.c" of exactly `length` bytes, then one fault at a time at each position.
        let domain = "d.c"
        let valid = String(repeating: "l", count: length - 1 - domain.count) + "@" + domain
        #expect(valid.utf8.count == length)
        #expect(EmailAddress.isValid(valid))
        let bytes = Array(valid.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "@"))!
        for index in bytes.indices {
            for fault in ["@", ".", "-", "+", "_", "%", " ", "9"] {
                var mutated = bytes
                mutated[index] = UInt8(ascii: fault.unicodeScalars.first!)
                let raw = String(decoding: mutated, as: UTF8.self)
                #expect(
                    EmailAddress.isValid(raw) == Self.rule(raw),
                    "\(raw) (fault \(fault) at \(index), '@' at \(at))"
                )
            }
        }
    }
}

extension EmailAddressMaskTests {
    @Test(
        "addresses past 64 bytes: the '@' at every position, with a '.' or '@' beside it",
        arguments: [65, 66, 80, 129, 200]
    )
    func longAddresses(length: Int) {
        var valid = 0
        var invalid = 0
        for at in 0..<length {
            // "l…l@l…l.l…l": the domain's labels are 40 bytes, and its last one is letters.
            var bytes = Array(repeating: UInt8(ascii: "l"), count: length)
            bytes[at] = UInt8(ascii: "@")
            for index in stride(from: at + 41, to: length - 1, by: 41) { bytes[index] = UInt8(ascii: ".") }
            if at + 41 >= length - 1, at < length - 3 { bytes[length - 2] = UInt8(ascii: ".") }
            var variants = [bytes]
            for offset in [-2, -1, 1, 2] where bytes.indices.contains(at + offset) {
                for fault in [".", "@", "-", "+"] {
                    var mutated = bytes
                    mutated[at + offset] = UInt8(ascii: fault.unicodeScalars.first!)
                    variants.append(mutated)
                }
            }
            for (index, fault) in [(0, "."), (length - 1, "."), (length - 1, "-")] {
                var mutated = bytes
                mutated[index] = UInt8(ascii: fault.unicodeScalars.first!)
                variants.append(mutated)
            }
            for variant in variants {
                let raw = String(decoding: variant, as: UTF8.self)
                let expected = Self.rule(raw)
                #expect(EmailAddress.isValid(raw) == expected, "'@' at \(at): \(raw)")
                if expected { valid += 1 } else { invalid += 1 }
            }
        }
        // Both answers occur at every length.
        #expect(valid > 64)
        #expect(invalid > 64)
    }
}

extension SplitMix64 {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    /// One of `characters`.
    mutating func pick(_ characters: [Character]) -> Character { characters[below(characters.count)] }
}
