import KiiIdentity
import Testing

/// Where a refused character is, in a name that NFKC composes, reorders or expands: the position
/// counts the name as given (composition replaces its starter in place and moves what follows
/// up; each scalar keeps the source of the one it came from).
@Suite("Display name: positions in names that compose")
struct DisplayNamePositionAfterCompositionTests {
    static func details(_ raw: String) -> [ValidationError.DisplayNameDetail] {
        let problems = Probe.error { try DisplayName(raw, policy: .nickname) }?.problems ?? []
        return problems.compactMap { $0.detail as? ValidationError.DisplayNameDetail }
    }

    @Test(
        "the position of a refused character after compositions",
        arguments: [
            ("e\u{301}e\u{301}\u{7}", [ValidationError.DisplayNameDetail.controlCharacter("\u{7}", position: 5)]),
            ("\u{1100}\u{1161}\u{11A8}\u{200B}", [.invisibleCharacter("\u{200B}", position: 4)]),
            ("A\u{30A}\u{202E}x", [.bidiControl("\u{202E}", position: 3)]),
            // Marks out of canonical order, reordered and composed (U+1EAD), then a control.
            ("a\u{323}\u{302}x\u{0}", [.controlCharacter("\u{0}", position: 5)]),
            ("\u{2126}\u{212B}\u{200B}", [.invisibleCharacter("\u{200B}", position: 3)]),
            // ﾀﾞ: a compatibility mapping that composes (U+30C0), then a control.
            ("\u{FF80}\u{FF9E}\u{7}", [.controlCharacter("\u{7}", position: 3)]),
        ] as [(String, [ValidationError.DisplayNameDetail])]
    )
    func position(raw: String, expected: [ValidationError.DisplayNameDetail]) {
        #expect(Self.details(raw) == expected)
    }

    @Test("two refused characters, before and after a composition")
    func twoProblems() {
        let details = Self.details("e\u{301}\u{7}e\u{301}\u{200B}")
        #expect(details.contains(.controlCharacter("\u{7}", position: 3)))
        #expect(details.contains(.invisibleCharacter("\u{200B}", position: 6)))
        #expect(details.count == 2)
    }
}
