import Foundation
import KiiIdentity
import Testing

@Suite("Password")
struct PasswordTests {
    @Test(
        "length boundaries",
        arguments: [
            (0, "missing"), (1, "too_short"), (3, "too_short"), (4, nil), (5, nil), (49, nil), (50, nil),
            (51, "too_long"), (10_000, "too_long"),
        ] as [(Int, String?)]
    )
    func lengthBoundaries(length: Int, code: String?) {
        let raw = String(repeating: "p", count: length)
        #expect(Password.isValid(raw) == (code == nil))
        let error = Probe.error { try Password(raw) }
        #expect(Probe.codes(error) == (code.map { [$0] } ?? []))
        #expect(error?.field ?? .password == .password)
    }

    @Test("every printable ASCII character, space included", arguments: Array(0x20...0x7E) as [UInt8])
    func printable(byte: UInt8) throws {
        let character = String(UnicodeScalar(byte))
        for raw in [
            character + "abc", "ab" + character + "c", "abc" + character, String(repeating: character, count: 4),
        ] {
            #expect(Password.isValid(raw))
            #expect(try Password(raw).normalized == raw)
        }
    }

    @Test(
        "forbidden characters",
        arguments: [
            "\u{0}", "\u{1}", "\t", "\n", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{A0}", "é", "\u{301}",
            "\u{34C}", "👍", "Ａ", "\u{3000}", "\u{FEFF}",
        ]
    )
    func forbidden(character: String) throws {
        let raw = "Zq9#" + character + "Zq9#"
        #expect(!Password.isValid(raw))
        let error = try #require(Probe.error { try Password(raw) })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
        #expect(error.field == .password)
        #expect(error.reason.contains("position 5"))
        PasswordSecrecy.expectNothingOf(raw, in: error)
    }

    @Test("the length counts characters: non-ASCII within 50 is invalid_character, not too_long")
    func lengthInCharacters() throws {
        // 17 three-byte characters: 51 bytes, 17 characters.
        let japanese = String(repeating: "あ", count: 17)
        let error = try #require(Probe.error { try Password(japanese) })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
        #expect(
            error.problems[0].message
                == "password contains a character at position 1 that is not allowed, and 16 more such characters "
                + "(only printable ASCII characters and spaces are)"
        )
        #expect(error.problems[0].message(in: .japanese).hasPrefix("パスワードの 1 文字目ほか 16 文字は使用できません"))
        PasswordSecrecy.expectNothingOf(japanese, in: error)
        // 50 four-byte characters are 50 characters; 51 are too long.
        #expect(Probe.codes(Probe.error { try Password(String(repeating: "👍", count: 50)) }) == ["invalid_character"])
        #expect(Probe.codes(Probe.error { try Password(String(repeating: "👍", count: 51)) }) == ["too_long"])
        #expect(Probe.codes(Probe.error { try Password("ab\u{E9}") }) == ["too_short", "invalid_character"])
    }

    @Test("short and bad at once lists both, still without the characters")
    func shortAndBad() throws {
        let raw = "Z\u{7F}q"
        let error = try #require(Probe.error { try Password(raw) })
        #expect(error.problems.map(\.code) == [.tooShort, .invalidCharacter])
        #expect(error.problems[0].message == "password is too short (minimum 4 characters)")
        PasswordSecrecy.expectNothingOf(raw, in: error)
    }

    @Test("never normalised: case and spaces are kept")
    func notNormalised() throws {
        let password = try Password(" Pass Word ")
        #expect(password.rawValue == " Pass Word ")
        #expect(password.normalized == " Pass Word ")
        #expect(try Password("Secret1") != Password("secret1"))
    }

    @Test("a password is never shown")
    func redacted() throws {
        let password = try Password("Zq9#Zq9#")
        #expect(password.description == "<redacted>")
        #expect(password.debugDescription == "Password(<redacted>)")
        PasswordSecrecy.expectNothingOf("Zq9#Zq9#", in: password)
        PasswordSecrecy.expectNothingOf("Zq9#Zq9#", in: [password])
        PasswordSecrecy.expectNothingOf("Zq9#Zq9#", in: Optional(password) as Any)
        PasswordSecrecy.expectNothingOf("Zq9#Zq9#", in: (user: "alice", password: password))
        #expect(Mirror(reflecting: password).children.isEmpty)
    }

    @Test("Codable writes the password itself (a request body needs it) and re-validates")
    func codable() throws {
        let data = try JSONEncoder().encode(try Password("Zq9#Zq9#"))
        #expect(String(decoding: data, as: UTF8.self) == #""Zq9#Zq9#""#)
        #expect(try JSONDecoder().decode(Password.self, from: data) == Password("Zq9#Zq9#"))
        do {
            _ = try JSONDecoder().decode(Password.self, from: Data(#""Zq9#\u0007Zq9#""#.utf8))
            Issue.record("a password with a control character decoded")
        } catch {
            PasswordSecrecy.expectNothingOf("Zq9#\u{7}Zq9#", in: error)
        }
    }
}

/// Checks that no text a value can be turned into holds a password.
enum PasswordSecrecy {
    /// Every textual rendering of `value`.
    static func renderings(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var texts = [String(describing: value), String(reflecting: value), dumped, "\(value)"]
        if let error = value as? ValidationError {
            texts += [error.description, error.reason, error.localizedDescription]
            texts += error.problems.flatMap { [$0.message, $0.reason, $0.description] }
            for language in ValidationError.Language.allCases {
                texts.append(error.description(in: language))
                texts += error.problems.flatMap { [$0.message(in: language), $0.reason(in: language)] }
            }
            texts += error.problems.flatMap { problem in problem.detail.parameters.map(\.value) }
            if let data = try? JSONEncoder().encode(error) { texts.append(String(decoding: data, as: UTF8.self)) }
        }
        if let error = value as? DecodingError {
            texts.append(error.localizedDescription)
        }
        return texts
    }

    /// Fails if any rendering of `value` contains `password` (when it is 4+ characters) or, for a
    /// distinctive password like `Zq9#...`, any of its letters, digits or symbols.
    static func expectNothingOf(
        _ password: String,
        in value: Any,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for text in renderings(of: value) {
            #expect(
                !text.contains(password),
                "rendering shows the password: \(text.debugDescription)",
                sourceLocation: sourceLocation
            )
            if password.hasPrefix("Zq9#") {
                for marker in ["Zq", "q9", "9#", "Z", "#"] {
                    #expect(
                        !text.contains(marker),
                        "rendering shows '\(marker)': \(text.debugDescription)",
                        sourceLocation: sourceLocation
                    )
                }
            }
        }
    }
}
