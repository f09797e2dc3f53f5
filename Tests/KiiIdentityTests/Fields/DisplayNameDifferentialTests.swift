import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentity

#if canImport(Glibc)
import Glibc
#endif

/// The nickname policy against precis-i18n 1.1.2 on Unicode 17.0 (RFC 8266's Nickname profile,
/// case preserved) and the library's NFKC against ICU 78's, every comparison by scalars (never
/// `String`'s `==`, which is canonical equivalence):
/// - names drawn from the whole Unicode space and from what NFKC composes, reorders or replaces
///   (`DisplayNameCases`): verdict, enforced form and the first problem's kind against
///   precis-i18n (names holding an RGI emoji sequence are the extension's, tested in
///   `DisplayNameNicknameTests`), and the library's NFKC of the name against ICU's;
/// - every code point but the surrogates, alone, after a base letter (`a`, and a leading jamo)
///   and before a combining acute: the library's NFKC against ICU's, and the enforced name, where
///   the policy accepts the text, against ICU's NFKC of it.
///
/// Every disagreement is printed with its scalars in hexadecimal. `KII_DISPLAY_NAME_CASES` raises
/// the count of drawn names.
@Suite struct DisplayNameDifferentialTests {
    static let defaultCount = 100_000

    static var count: Int {
        guard let text = getenv("KII_DISPLAY_NAME_CASES"), let count = Int(String(cString: text)) else {
            return defaultCount
        }
        return max(count, defaultCount)
    }

    /// The library's NFKC of `values` (internal): the algorithm alone, or behind the quick check
    /// the nickname policy runs first (as the policy calls it).
    static func libraryNFKC(_ values: [UInt32], quickCheck: Bool) -> [UInt32] {
        let tables = UnicodeData.shared
        var buffer = ScalarBuffer(tracking: false, capacity: values.count)
        for value in values { buffer.append(value, source: 0) }
        if !quickCheck || CompatibilityNormalization.mayChange(buffer, tables: tables) {
            CompatibilityNormalization.normalize(&buffer, tables: tables)
        }
        return buffer.scalars
    }

    /// How the library's NFKC of `values` differs from `expected` (ICU's), with and without the
    /// quick check; `nil` when it does not.
    static func nfkcDisagreement(_ values: [UInt32], expected: [UInt32]) -> String? {
        let checked = libraryNFKC(values, quickCheck: true)
        let full = libraryNFKC(values, quickCheck: false)
        if checked == expected && full == expected { return nil }
        return "NFKC of \(ScalarHex.describe(values)): ICU \(ScalarHex.describe(expected)); library "
            + (checked == full
                ? ScalarHex.describe(full)
                : "\(ScalarHex.describe(full)), behind its quick check \(ScalarHex.describe(checked))")
    }

    /// Prints every disagreement and the counts.
    static func report(_ title: String, checked: Int, extra: String = "", _ disagreements: [String]) {
        for disagreement in disagreements { print("\(title) disagreement: \(disagreement)") }
        print("\(title): \(checked) cases\(extra), \(disagreements.count) disagreements")
    }

    @Test func nicknamePolicyAgreesWithPrecisI18nAndICU() throws {
        let oracle = try UnicodeOracle.shared.get()
        var checked = 0
        var accepted = 0
        var disagreements: [String] = []
        DisplayNameCases.forEach(count: Self.count) { name in
            checked += 1
            if DisplayName.isValid(name, policy: .nickname) { accepted += 1 }
            if let difference = DisplayNameChecks.disagreement(name, oracle: oracle) {
                disagreements.append(difference)
            }
            let values = ScalarHex.values(name)
            guard let icu = oracle.nfkc(values) else {
                disagreements.append("\(ScalarHex.describe(values)): the oracle has gone")
                return
            }
            if let difference = Self.nfkcDisagreement(values, expected: icu.scalars) {
                disagreements.append(difference)
            }
        }
        Self.report(
            "display-name differential (\(oracle.version))",
            checked: checked,
            extra: " (\(accepted) accepted)",
            disagreements
        )
        #expect(checked >= Self.count)
        #expect(accepted > Self.count / 10)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, printed above")
    }

    /// Where each code point goes: alone, after `a` (Latin marks compose with it), after U+1100
    /// HANGUL CHOSEONG KIYEOK (vowel jamo compose with it) and before U+0301 (a starter that
    /// composes with the acute, a decomposition the acute is ordered into).
    /// Each with the fewest enforced names it must compare (after U+1100, a modern vowel makes
    /// the only accepted texts: a syllable; an old jamo is refused).
    static let contexts: [(name: String, prefix: [UInt32], suffix: [UInt32], minimumEnforced: Int)] = [
        ("alone", [], [], 150_000), ("after U+0061", [0x61], [], 150_000), ("after U+1100", [0x1100], [], 21),
        ("before U+0301", [], [0x301], 150_000),
    ]

    @Test(arguments: 0..<4)
    func everyCodePointAgreesWithICU(context index: Int) throws {
        let oracle = try UnicodeOracle.shared.get()
        let (name, prefix, suffix, minimumEnforced) = Self.contexts[index]
        let tables = UnicodeData.shared
        var checked = 0
        var changed = 0
        var enforcedChecked = 0
        var disagreements: [String] = []
        for start in stride(from: UInt32(0), to: 0x11_0000, by: 0x1_0000) {
            let range = start...(start + 0xFFFF)
            guard let answer = oracle.changedCodePoints(prefix: prefix, suffix: suffix, in: range) else {
                Issue.record("the oracle has gone at \(String(start, radix: 16))")
                return
            }
            var count = 0
            for codePoint in range where !(0xD800...0xDFFF).contains(codePoint) {
                count += 1
                let values = prefix + [codePoint] + suffix
                let expected = answer.changed[codePoint] ?? values
                if let difference = Self.nfkcDisagreement(values, expected: expected) {
                    disagreements.append(difference)
                }
                // The enforced name is ICU's NFKC when the policy accepts the text, no emoji
                // sequence is kept whole in it and the NFKC holds no space (spaces are mapped,
                // trimmed and collapsed first: precis-i18n's differential covers them). An
                // unassigned code point is refused (the differential on drawn names checks that).
                if tables.record(codePoint).verdict == .unassigned
                    || expected.contains(where: { $0 == 0x20 || tables.record($0).isNonASCIISpace })
                    || values.indices.contains(where: { EmojiSequences.match(values, at: $0, tables: tables) > 0 })
                {
                    continue
                }
                let text = String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
                if let enforced = try? DisplayName(text, policy: .nickname) {
                    enforcedChecked += 1
                    if ScalarHex.values(enforced.normalized) != expected {
                        disagreements.append(
                            "enforced \(ScalarHex.describe(values)): ICU's NFKC \(ScalarHex.describe(expected)); "
                                + "library \(DisplayNameChecks.debug(enforced.normalized))"
                        )
                    }
                }
            }
            if count != answer.count {
                disagreements.append("\(range): \(count) code points here, \(answer.count) in the oracle")
            }
            checked += count
            changed += answer.changed.count
        }
        Self.report(
            "every code point \(name) against ICU's NFKC (\(oracle.version))",
            checked: checked,
            extra: " (\(changed) changed by NFKC, \(enforcedChecked) enforced names compared)",
            disagreements
        )
        #expect(checked == 0x11_0000 - 0x800)
        #expect(changed >= 4_965)
        #expect(enforcedChecked >= minimumEnforced)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, printed above")
    }
}
