import Foundation
@_spi(Probes) import KiiIdentity

/// The nickname display-name policy and the username lookalike key, each beside what it adds
/// to: Kii's display-name rule on the same ASCII names, the Foundation code a Swift developer
/// would write for non-ASCII names (composed, and decomposed), and the username check alone.
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
        Self.checkSameWork(Self.nonASCIINames, "display name, non-ASCII (nickname)")
        return Scenario(
            name: "display name, non-ASCII (nickname)",
            summary: "\(Self.nonASCIINames.count) names (Latin with accents, Japanese, emoji), tables "
                + "\(DisplayNamePolicy.tableBytes / 1024) KiB in memory",
            inputCount: inputs.count,
            contenders: Self.nicknameContenders(inputs)
        )
    }

    /// Names as macOS and Korean input methods send them: Latin (with Vietnamese's stacked marks)
    /// in NFD, Hangul as conjoining jamo, kana with the combining voiced mark. Made from their
    /// composed forms by Foundation's NFD when the scenario is built, so each is decomposed.
    static let composedSourcesOfDecomposedNames = [
        "José Álvarez", "Zoë Ångström", "Renée Müller", "François Dupont", "Antonín Dvořák", "Nguyễn Thị Minh Khai",
        "Elżbieta Wąsowska", "Ñuñez Peña", "Çağrı Şahin", "Søren Kierkegård", "김철수", "이영희", "박지성", "최민준",
        "홍길동 Hong", "정다은", "やまだ たろう", "ガッキー", "ばんだい ぶどう", "Ἀλέξανδρος",
    ]

    func displayNameNicknameDecomposed() -> Scenario {
        let names = Self.composedSourcesOfDecomposedNames.map(\.decomposedStringWithCanonicalMapping)
        for (name, source) in zip(names, Self.composedSourcesOfDecomposedNames) {
            precondition(name.unicodeScalars.count > source.unicodeScalars.count, "\(source) did not decompose")
        }
        let inputs = (0..<400).map { names[$0 % names.count] }
        Self.checkSameWork(names, "display name, decomposed (nickname)")
        return Scenario(
            name: "display name, decomposed (nickname)",
            summary: "\(names.count) names in NFD (Latin, Vietnamese, conjoining jamo, kana), "
                + "\(names.reduce(0) { $0 + $1.unicodeScalars.count } / names.count) scalars on average",
            inputCount: inputs.count,
            contenders: Self.nicknameContenders(inputs)
        )
    }

    /// The library's nickname policy against Foundation by hand, both ways, over `inputs`.
    static func nicknameContenders(_ inputs: [String]) -> [Contender] {
        [
            Contender(name: "DisplayName(_:policy: .nickname)", role: .engine) { index in
                (try? DisplayName(inputs[index], policy: .nickname)) != nil
            },
            Contender(name: "Foundation by hand (NFKD then NFC, CharacterSet)", role: .baseline) { index in
                Self.foundationNickname(inputs[index]) != nil
            },
            Contender(name: "the same with precomposedStringWithCompatibilityMapping", role: .baseline) { index in
                Self.foundationNickname(inputs[index], oneCall: true) != nil
            },
        ]
    }

    /// Stops the run unless the library and Foundation by hand accept the same of `names` and
    /// make the same names of them, scalar for scalar (`String`'s `==` is canonical equivalence):
    /// the engine and the baseline that its target reads do the same work with the same result.
    /// (The one-call row, not exact, is there to show what exactness costs Foundation.)
    static func checkSameWork(_ names: [String], _ scenario: String) {
        for name in names {
            let library = (try? DisplayName(name, policy: .nickname))?.normalized
            let foundation = foundationNickname(name)
            guard library.map({ Array($0.unicodeScalars) }) == foundation.map({ Array($0.unicodeScalars) }) else {
                fatalError(
                    "\(scenario): the library makes \(String(describing: library?.unicodeScalars.map(\.value))) and "
                        + "Foundation by hand \(String(describing: foundation?.unicodeScalars.map(\.value))) of "
                        + "\(name.unicodeScalars.map(\.value))"
                )
            }
        }
    }

    /// The scalars Foundation by hand refuses: controls, format characters (ZERO WIDTH JOINER
    /// inside an emoji sequence aside, which the library keeps whole), unassigned code points and
    /// line breaks. Made once, as a developer would.
    private static let refusedByHand = CharacterSet.controlCharacters.union(.illegalCharacters).union(.newlines)
        .subtracting(CharacterSet(charactersIn: "\u{200D}"))

    /// What a Swift developer would write: NFKC by Foundation, spaces trimmed and collapsed, and
    /// CharacterSet checks for controls, format characters and unassigned code points.
    ///
    /// The NFKC is UAX #15's definition, NFKD then NFC (`decomposedStringWithCompatibilityMapping`,
    /// then `precomposedStringWithCanonicalMapping`): `precomposedStringWithCompatibilityMapping`
    /// alone (`oneCall`) is not exact NFKC in swift-foundation on Linux (Swift 6.3.1): it leaves
    /// what a compatibility mapping makes uncomposed (`ﾀﾞ` gives U+30BF U+3099, not `ダ` U+30C0).
    static func foundationNickname(_ raw: String, oneCall: Bool = false) -> String? {
        let spaced = String(
            String.UnicodeScalarView(raw.unicodeScalars.map { CharacterSet.whitespaces.contains($0) ? " " : $0 })
        )
        let normalized =
            oneCall
            ? spaced.precomposedStringWithCompatibilityMapping
            : spaced.decomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
        let mapped = normalized.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard !mapped.isEmpty, mapped.unicodeScalars.count <= 50,
            !mapped.unicodeScalars.contains(where: refusedByHand.contains)
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
