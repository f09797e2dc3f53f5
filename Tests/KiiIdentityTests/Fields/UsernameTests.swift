import Foundation
import KiiIdentity
import Testing

@Suite("Username")
struct UsernameTests {
    static let allowedCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")

    @Test(
        "length boundaries",
        arguments: [
            (0, "missing"), (1, "too_short"), (2, "too_short"), (3, nil), (4, nil), (63, nil), (64, nil),
            (65, "too_long"), (1000, "too_long"),
        ] as [(Int, String?)]
    )
    func lengthBoundaries(length: Int, code: String?) {
        let raw = String(repeating: "a", count: length)
        #expect(Username.isValid(raw) == (code == nil))
        let error = Probe.error { try Username(raw) }
        #expect(Probe.codes(error) == (code.map { [$0] } ?? []))
        #expect(error?.field ?? .username == .username)
    }

    @Test("every allowed character", arguments: allowedCharacters)
    func allowedCharacter(character: Character) throws {
        for raw in ["\(character)ab", "a\(character)b", "ab\(character)", String(repeating: character, count: 3)] {
            #expect(Username.isValid(raw))
            #expect(try Username(raw).rawValue == raw)
        }
    }

    @Test(
        "forbidden characters",
        arguments: [
            " ", "@", "+", "!", "#", "$", "%", "&", "*", "/", ":", ";", ",", "'", "\"", "\\", "~", "^", "=", "?",
            "(", ")", "[", "]", "{", "}", "<", ">", "|", "`", "\u{0}", "\n", "\r", "\t", "\u{7F}", "é", "ß", "ı",
            "\u{301}", "\u{34C}", "👍", "\u{FEFF}", "\u{200B}", "Ａ", "１", "\u{3000}",
        ]
    )
    func forbiddenCharacter(character: String) throws {
        let raw = "ab" + character + "cd"
        #expect(!Username.isValid(raw))
        let error = try #require(Probe.error { try Username(raw) })
        #expect(error.problems.count == 1)
        #expect(error.code == .invalidCharacter)
        #expect(error.field == .username)
        #expect(error.reason.contains("at position 3"))
    }

    @Test("names a printable bad character and gives others as code points")
    func reasonNamesCharacter() throws {
        #expect(Probe.error { try Username("ab@cd") }?.reason.contains("'@'") == true)
        #expect(Probe.error { try Username("ab cd") }?.reason.contains("a space") == true)
        #expect(Probe.error { try Username("ab\u{0}cd") }?.reason.contains("U+0000") == true)
        #expect(Probe.error { try Username("abécd") }?.reason.contains("U+00E9") == true)
        #expect(
            Probe.error { try Username("a b c") }?.reason
                == "contains a space at position 2 that is not allowed, and 1 more such character "
                + "(only ASCII letters, digits, '_', '-' and '.' are)"
        )
        #expect(
            Probe.error { try Username("abécd") }?.reason
                == "contains U+00E9 at position 3 that is not allowed (only ASCII letters, digits, '_', '-' and '.' are)"
        )
    }

    @Test("no trimming", arguments: [" alice", "alice ", "\talice", "alice\n"])
    func noTrimming(raw: String) {
        #expect(!Username.isValid(raw))
        #expect(Probe.codes(Probe.error { try Username(raw) }) == ["invalid_character"])
    }

    @Test("too long is reported alone, content not inspected")
    func tooLongOnly() {
        let raw = String(repeating: "é ", count: 40)
        #expect(Probe.codes(Probe.error { try Username(raw) }) == ["too_long"])
    }

    @Test("short and bad at once lists both")
    func shortAndBad() {
        let error = Probe.error { try Username("a ") }
        #expect(Probe.codes(error) == ["too_short", "invalid_character"])
        #expect(
            error?.description == "username is too short (minimum 3 characters); " + (error?.problems[1].message ?? "")
        )
    }

    @Test(
        "normalised: ASCII-lowercased",
        arguments: [
            ("id123456", "id123456"), ("123ABC", "123abc"), ("user_123456", "user_123456"), ("User_1", "user_1"),
            ("A.B-C_D", "a.b-c_d"), ("123", "123"), ("ZZZ", "zzz"),
        ]
    )
    func normalized(raw: String, expected: String) throws {
        let name = try Username(raw)
        #expect(name.rawValue == raw)
        #expect(name.normalized == expected)
        #expect(name.description == raw)
    }

    @Test("case variants are the same user")
    func caseInsensitiveEquality() throws {
        #expect(try Username("User_1") == Username("user_1"))
        #expect(try Set([Username("User_1"), Username("USER_1"), Username("user_1")]).count == 1)
        #expect(try Username("user_1") != Username("user_2"))
    }

    @Test("Codable writes the raw value and re-validates")
    func codable() throws {
        let data = try JSONEncoder().encode([try Username("User_1")])
        #expect(String(decoding: data, as: UTF8.self) == #"["User_1"]"#)
        #expect(try JSONDecoder().decode([Username].self, from: data) == [try Username("user_1")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Username].self, from: Data(#"["a b"]"#.utf8)) }
    }
}
