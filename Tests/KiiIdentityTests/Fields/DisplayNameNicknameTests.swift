import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

/// The nickname policy by name: RFC 8266's own examples, the Nickname and context-rule vectors
/// of Go's golang.org/x/text/secure/precis, this package's emoji extension, what a problem tells,
/// and the limits. The whole space is DisplayNameDifferentialTests' (against precis-i18n).
@Suite("Display name: nickname policy")
struct DisplayNameNicknameTests {
    /// The enforced name's scalars (`ScalarHex`), or `nil` when refused: compared with the
    /// expected name's scalars, never with `String ==`, which is canonical equivalence.
    static func enforced(_ raw: String) -> String? {
        (try? DisplayName(raw, policy: .nickname).normalized).map(ScalarHex.describe)
    }

    static func codes(_ raw: String) -> [String] {
        Probe.codes(Probe.error { try DisplayName(raw, policy: .nickname) })
    }

    @Test(
        "RFC 8266 and the profile's mappings",
        arguments: [
            ("  Foo   Bar ", "Foo Bar"), ("ＡＢＣ", "ABC"), ("Richard \u{2163}", "Richard IV"), ("\u{FB01}", "fi"),
            ("\u{2122}", "TM"), ("ﾔﾏﾀﾞ", "ヤマダ"), ("\u{301}x", "\u{301}x"), ("e\u{301}", "\u{E9}"),
            ("\u{A8}", "\u{308}"),  // NFKC makes " \u{308}"; the second pass trims the space
            ("山田\u{3000}太郎", "山田 太郎"), ("\u{FDFA}", "صلى الله عليه وسلم"), ("Ann\u{A0}\u{A0}Lee", "Ann Lee"),
        ]
    )
    func mappings(raw: String, expected: String) {
        #expect(Self.enforced(raw) == ScalarHex.describe(expected))
    }

    /// Decomposed input, everyday input (macOS's NFD, Korean input methods' conjoining jamo, a
    /// combining voiced mark): the enforced name is its NFKC, scalar for scalar, with the expected
    /// scalars written out (a literal `"é"` could be either form).
    @Test(
        "decomposed names are stored composed (NFKC)",
        arguments: [
            (
                [0x4A, 0x6F, 0x73, 0x65, 0x301, 0x20, 0x41, 0x301, 0x6C, 0x76, 0x61, 0x72, 0x65, 0x7A],
                [0x4A, 0x6F, 0x73, 0xE9, 0x20, 0xC1, 0x6C, 0x76, 0x61, 0x72, 0x65, 0x7A]
            ),
            ([0x5A, 0x6F, 0x65, 0x308], [0x5A, 0x6F, 0xEB]),
            (
                [0x3084, 0x307E, 0x305F, 0x3099, 0x20, 0x305F, 0x308D, 0x3046],
                [0x3084, 0x307E, 0x3060, 0x20, 0x305F, 0x308D, 0x3046]
            ),
            ([0x1100, 0x1175, 0x11B7, 0x110E, 0x1165, 0x11AF, 0x1109, 0x116E], [0xAE40, 0xCCA0, 0xC218]),
            ([0x6C, 0x387, 0x6C], [0x6C, 0xB7, 0x6C]),
            ([0x374], [0x2B9]),
            ([0x20D4, 0x5B3], [0x5B3, 0x20D4]),
            ([0x212B], [0xC5]), ([0x2126], [0x3A9]), ([0xF900], [0x8C48]),
            ([0x1100, 0x1161, 0x11A8, 0x1100, 0x1161], [0xAC01, 0xAC00]),  // LVT, then LV
            // Broken runs: NFKC leaves a conjoining jamo (U+1100 U+AC00, U+AC01 U+11A8), which
            // RFC 8264 disallows (an old Hangul jamo).
            ([0x1100, 0x1100, 0x1161], nil), ([0x1100, 0x1161, 0x11A8, 0x11A8], nil),
        ] as [([UInt32], [UInt32]?)]
    )
    func decomposedNames(raw: [UInt32], expected: [UInt32]?) {
        let name = String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0)! }))
        #expect(Self.enforced(name) == expected.map(ScalarHex.describe))
        if expected == nil { #expect(Self.codes(name) == ["disallowed_character"]) }
    }

    @Test("a decomposed name's length is counted once composed")
    func decomposedLength() throws {
        // Thirty e + U+0301: sixty scalars as given, thirty U+00E9 once enforced.
        let name = try DisplayName(String(repeating: "e\u{301}", count: 30), policy: .nickname)
        #expect(ScalarHex.describe(name.normalized) == ScalarHex.describe([UInt32](repeating: 0xE9, count: 30)))
        #expect(name.normalized.unicodeScalars.count == 30)
        // Fifty-one composed letters are too long, however they were typed.
        #expect(Self.codes(String(repeating: "e\u{301}", count: 51)) == ["too_long"])
        // Decomposed and composed input are one stored name, equal and hashed alike.
        let composed = try DisplayName(String(repeating: "\u{E9}", count: 30), policy: .nickname)
        #expect(name == composed)
        #expect(Set([name, composed]).count == 1)
    }

    @Test("under Kii's rule a decomposed and a composed name are two names")
    func kiiRuleKeepsBytes() throws {
        let decomposed = try DisplayName("Jose\u{301}")
        let composed = try DisplayName("Jos\u{E9}")
        #expect(ScalarHex.describe(decomposed.normalized) == "U+004A U+006F U+0073 U+0065 U+0301")
        #expect(decomposed != composed)
        #expect(Set([decomposed, composed]).count == 2)
    }

    @Test(
        "Go's Nickname vectors",
        arguments: [
            ("  Swan  of   Avon   ", "Swan of Avon"),
            (
                "a\u{A0}a\u{1680}a\u{2000}a\u{2001}a\u{2002}a\u{2003}a\u{2004}a\u{2005}a\u{2006}a\u{2007}a\u{2008}a\u{2009}a\u{200A}a\u{202F}a\u{205F}a\u{3000}a",
                "a a a a a a a a a a a a a a a a a"
            ),
            ("Foo", "Foo"), ("foo", "foo"), ("Foo Bar", "Foo Bar"), ("foo bar", "foo bar"), ("\u{3A3}", "\u{3A3}"),
            ("\u{3C3}", "\u{3C3}"), ("\u{3C2}", "\u{3C2}"), ("\u{265A}", "♚"), ("Richard \u{2163}", "Richard IV"),
            ("\u{212B}", "Å"), ("\u{FB00}", "ff"), ("שa", "שa"), ("동일조건변경허락", "동일조건변경허락"),
        ]
    )
    func goNicknameVectors(raw: String, expected: String) {
        #expect(Self.enforced(raw) == ScalarHex.describe(expected))
    }

    @Test("Go's empty vectors", arguments: [" ", "  ", "\u{3000}"])
    func emptyAfterMapping(raw: String) {
        #expect(Self.codes(raw) == ["empty_after_mapping"])
    }

    @Test(
        "Go's context-rule vectors",
        arguments: [
            // ZERO WIDTH NON-JOINER: after a virama, or between joining letters (transparent between)
            ("\u{200C}", false), ("\u{200C}a", false), ("a\u{200C}", false), ("\u{200C}\u{627}", false),
            ("\u{62C}\u{200C}", false), ("\u{610}\u{200C}\u{610}\u{627}", false),
            ("\u{62C}\u{610}\u{200C}\u{610}", false),
            ("\u{62C}\u{200C}\u{627}", true), ("\u{62C}\u{610}\u{200C}\u{610}\u{627}", true),
            ("\u{A872}\u{200C}\u{62C}", true), ("\u{A872}\u{610}\u{610}\u{200C}\u{610}\u{610}\u{62C}", true),
            ("\u{A4D}\u{200C}", true), ("\u{A872}\u{A4D}\u{200C}", true), ("\u{A872}\u{A4D}\u{610}\u{200C}", false),
            ("\u{ACD}\u{200C}", true), ("\u{A872}\u{ACD}\u{200C}\u{62C}", true),
            ("\u{A872}\u{200C}\u{ACD}\u{62C}", true),
            // ZERO WIDTH JOINER: after a virama
            ("\u{200D}", false), ("\u{200D}a", false), ("a\u{200D}", false), ("\u{A4D}\u{200D}", true),
            ("\u{A872}\u{A4D}\u{200D}", true), ("\u{A4D}a\u{200D}", false),
            // MIDDLE DOT: between two l
            ("·", false), ("l·", false), ("·l", false), ("a·", false), ("l·a", false), ("a·a", false), ("l·l", true),
            ("al·la", true),
            // GREEK LOWER NUMERAL SIGN: before Greek
            ("͵", false), ("͵a", false), ("α͵", false), ("͵α", true), ("α͵α", true), ("͵͵α", true), ("α͵͵α", true),
            ("α͵͵", false), ("α͵͵a", false),
            // GERESH, GERSHAYIM: after Hebrew
            ("׳", false), ("׳ה", false), ("a׳b", false), ("ש׳", true), ("ש׳׳׳", true), ("״", false), ("״ה", false),
            ("a״b", false), ("ש״", true), ("ש״״״", true), ("aש״״״", true),
            // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han
            ("・", false), ("abc・", false), ("・def", false), ("abc・def", false), ("aヅc・def", true), ("abc・dぶf", true),
            ("⺐bc・def", true),
            // Arabic-Indic digits not mixed with the extended set
            ("١٢٣٤٥۶", false), ("۱۲۳۴۵٦", false), ("١٢٣٤٥", true), ("۱۲۳۴۵", true),
        ]
    )
    func goContextVectors(raw: String, allowed: Bool) {
        #expect(DisplayName.isValid(raw, policy: .nickname) == allowed)
        if allowed {
            #expect(Self.enforced(raw) == ScalarHex.describe(raw))
        } else {
            #expect(Self.codes(raw) == ["context_rule"])
        }
    }

    @Test(
        "refused characters, one code a reason",
        arguments: [
            ("\u{0}", "control_character"), ("a\nb", "control_character"), ("\t", "control_character"),
            ("\u{2028}x", "control_character"), ("\u{202E}evil", "bidi_control"), ("a\u{2066}b", "bidi_control"),
            ("\u{200E}x", "bidi_control"), ("\u{200B}", "invisible_character"), ("a\u{AD}b", "invisible_character"),
            ("a\u{FE0F}", "invisible_character"), ("\u{3164}", "disallowed_character"),
            ("\u{E000}", "disallowed_character"),
            (String(Unicode.Scalar(UInt32(0xFDD0))!), "disallowed_character"), ("\u{378}", "unassigned_character"),
            ("ㅋㅋㅋ", "disallowed_character"),
            ("a\u{640}b", "disallowed_character"),
        ] as [(String, String)]
    )
    func refused(raw: String, code: String) {
        #expect(Self.codes(raw) == [code])
    }

    @Test("a problem names the character and where the person typed it, in both languages")
    func problemWording() throws {
        let error = try #require(Probe.error { try DisplayName("ab\u{202E}cd", policy: .nickname) })
        #expect(error.problems.count == 1)
        let detail = try #require(error.problems.first?.detail as? ValidationError.DisplayNameDetail)
        #expect(detail == .bidiControl("\u{202E}", position: 3))
        #expect(
            error.problems[0].message
                == "display name has a character that changes the text's direction at position 3 (U+202E RIGHT-TO-LEFT OVERRIDE)"
        )
        #expect(
            error.problems[0].message(in: .japanese)
                == "ディスプレイネームの 3 文字目に文字の向きを変える制御文字（U+202E RIGHT-TO-LEFT OVERRIDE）は使用できません"
        )
        #expect(!error.problems[0].message.unicodeScalars.contains("\u{202E}"))
        // Positions count the name as given: the leading spaces and U+FDFA's 18 scalars do not move them.
        #expect(
            Probe.error { try DisplayName("  \u{0}", policy: .nickname) }?.problems.first?.detail
                as? ValidationError.DisplayNameDetail == .controlCharacter("\u{0}", position: 3)
        )
        #expect(
            Probe.error { try DisplayName("\u{FDFA}\u{200B}", policy: .nickname) }?.problems.first?.detail
                as? ValidationError.DisplayNameDetail == .invisibleCharacter("\u{200B}", position: 2)
        )
        // A control has no Unicode name: its code point alone.
        #expect(
            Probe.error { try DisplayName("a\u{0}", policy: .nickname) }?.problems.first?.message
                == "display name has a control character at position 2 (U+0000)"
        )
    }

    @Test("every kind of problem at once, each at its first character")
    func everyKind() {
        #expect(
            Self.codes("\u{0}\u{202E}\u{1}\u{200B}\u{E000}") == [
                "control_character", "bidi_control", "invisible_character", "disallowed_character",
            ]
        )
    }

    @Test(
        "RGI emoji sequences are kept whole (the extension)",
        arguments: [
            "❤️", "Ann ❤️", "™️", "👨‍👩‍👧", "👩🏽‍💻", "#️⃣", "🇯🇵", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "👍🏽", "😀", "🈁", "ℹ️ info",
        ]
    )
    func emojiKept(raw: String) {
        #expect(Self.enforced(raw) == ScalarHex.describe(raw))
    }

    @Test("outside an RGI sequence, joiners and selectors follow the RFC")
    func emojiBoundaries() {
        #expect(Self.enforced("™") == ScalarHex.describe("TM"))
        #expect(Self.enforced("™️ ™") == ScalarHex.describe("™️ TM"))
        #expect(Self.enforced("🈁 \u{1F201}\u{FE0E}") == nil)  // a text-style selector is no RGI sequence
        #expect(Self.codes("👨\u{200D}") == ["context_rule"])  // a ZWJ sequence cut short
        #expect(Self.codes("x\u{FE0F}") == ["invisible_character"])
        #expect(Self.enforced("  ❤️  ❤️  ") == ScalarHex.describe("❤️ ❤️"))
    }

    @Test("lengths: 1 to 50 scalars once enforced; past 1,024 as given, refused before mapping")
    func lengths() {
        #expect(Self.enforced(String(repeating: "a", count: 50)) != nil)
        #expect(Self.codes(String(repeating: "a", count: 51)) == ["too_long"])
        #expect(Self.enforced("a" + String(repeating: " ", count: 900) + String(repeating: "b", count: 48)) != nil)
        #expect(Self.codes(String(repeating: "\u{FDFA}", count: 3)) == ["too_long"])  // 3 scalars, 54 once mapped
        #expect(Self.codes(String(repeating: "ａ", count: 50)) == [])
        let beforeMapping = Probe.error { try DisplayName(String(repeating: " ", count: 1_025), policy: .nickname) }
        #expect(
            beforeMapping?.problems.first?.detail as? ValidationError.FieldDetail
                == .tooLong(maximum: 50, unit: .characters)
        )
        #expect(Self.codes(String(repeating: "x", count: 1_000_000)) == ["too_long"])
        #expect(Self.codes("") == ["missing"])
    }

    @Test("Kii's rule stays the default and keeps every name as given")
    func kiiDefault() throws {
        #expect(try DisplayName("\u{202E}x").normalized == "\u{202E}x")
        #expect(RegistrationPolicy().displayNamePolicy == .kii)
        #expect(DisplayName.isValid("\u{0}") && !DisplayName.isValid("\u{0}", policy: .nickname))
    }

    @Test("a sign-up under the nickname policy stores the enforced name, and refuses what it must")
    func registration() throws {
        let policy = RegistrationPolicy(displayNamePolicy: .nickname)
        let accepted = try Registration(
            identity: IdentityData(username: "ann_1"),
            password: "password1",
            fields: UserFields(displayName: "  Ａｎｎ  "),
            policy: policy
        )
        #expect(accepted.record.displayName?.normalized == "Ann")
        let refused = Probe.error {
            try Registration(
                identity: IdentityData(username: "ann_1"),
                password: "password1",
                fields: UserFields(displayName: "\u{202E}nnA"),
                policy: policy
            )
        }
        #expect(Probe.codes(refused) == ["bidi_control"])
    }
}
