import Foundation
@_spi(Probes) import KiiIdentity

/// The nickname display-name policy and the username lookalike key, each beside what it adds
/// to: Kii's display-name rule on the same ASCII names, the Foundation code a Swift developer
/// would write for non-ASCII names, and the username check alone.
extension Scenarios {
    /// Non-ASCII names as sign-up forms get them: Latin with accents (precomposed and not),
    /// Japanese (full- and half-width), and names with emoji.
    static let nonASCIINames = [
        "José Müller", "Zoë Ångström", "Björn Łukasz", "Renée O\u{301}Connor", "François  Dupont", "Ægir Þórsson",
        "山田 太郎", "やまだ たろう", "ﾔﾏﾀﾞ ﾀﾛｳ", "田中　花子", "サトウ・ハナコ", "Ｔａｒｏ", "김철수", "Αλέξανδρος",
        "Ann ❤️", "たろう👍🏽", "👨‍👩‍👧 family", "Zoë 🇯🇵", "Иван Петров", "محمد علي",
    ]

    /// The ASCII lines of the display-name mix.
    private func asciiDisplayNames() -> [String] {
        FixtureFiles.lines("display-name.txt", in: directory).filter { name in name.utf8.allSatisfy { $0 < 0x80 } }
    }

    func displayNameNicknameASCII() -> Scenario {
        let inputs = asciiDisplayNames()
        return Scenario(
            name: "display name, ASCII (nickname)",
            summary: "\(inputs.count) ASCII names of display-name.txt",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "DisplayName(_:policy: .nickname)", role: .engine) { index in
                    (try? DisplayName(inputs[index], policy: .nickname)) != nil
                },
                Contender(name: "Kii's rule (DisplayName.init)", role: .baseline) { index in
                    (try? DisplayName(inputs[index])) != nil
                },
            ]
        )
    }

    func displayNameNicknameUnicode() -> Scenario {
        let inputs = (0..<400).map { Self.nonASCIINames[$0 % Self.nonASCIINames.count] }
        return Scenario(
            name: "display name, non-ASCII (nickname)",
            summary: "\(Self.nonASCIINames.count) names (Latin with accents, Japanese, emoji), tables "
                + "\(DisplayNamePolicy.tableBytes / 1024) KiB in memory",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "DisplayName(_:policy: .nickname)", role: .engine) { index in
                    (try? DisplayName(inputs[index], policy: .nickname)) != nil
                },
                Contender(name: "Foundation by hand (NFKC, CharacterSet)", role: .baseline) { index in
                    Self.foundationNickname(inputs[index]) != nil
                },
            ]
        )
    }

    /// What a Swift developer would write: Foundation's NFKC, spaces trimmed and collapsed, and
    /// CharacterSet checks for controls, format characters and unassigned code points.
    static func foundationNickname(_ raw: String) -> String? {
        let spaced = String(
            String.UnicodeScalarView(raw.unicodeScalars.map { CharacterSet.whitespaces.contains($0) ? " " : $0 })
        )
        let mapped = spaced.precomposedStringWithCompatibilityMapping
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let refused = CharacterSet.controlCharacters.union(.illegalCharacters).union(.newlines)
        guard !mapped.isEmpty, mapped.unicodeScalars.count <= 50,
            !mapped.unicodeScalars.contains(where: refused.contains)
        else { return nil }
        return mapped
    }

    func usernameLookalikeKey() -> Scenario {
        let inputs = FixtureFiles.lines("username.txt", in: directory)
        return Scenario(
            name: "username with lookalike key",
            summary: "\(inputs.count) inputs of username.txt",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "Username.init + lookalikeKey", role: .engine) { index in
                    (try? Username(inputs[index]))?.lookalikeKey != nil
                },
                // What a service pays when it stores the key, and what a set of keys pays.
                Contender(name: "Username.init + lookalikeKey.text", role: .variant) { index in
                    (try? Username(inputs[index]))?.lookalikeKey.text.isEmpty == false
                },
                Contender(name: "Username.init + lookalikeKey hashed", role: .variant) { index in
                    ((try? Username(inputs[index]))?.lookalikeKey.hashValue).map { $0 != 1 } ?? false
                },
                Contender(name: "Username.init + normalized hashed", role: .variant) { index in
                    ((try? Username(inputs[index]))?.normalized.hashValue).map { $0 != 1 } ?? false
                },
                Contender(name: "Username.init alone", role: .baseline) { index in
                    (try? Username(inputs[index])) != nil
                },
            ]
        )
    }
}
