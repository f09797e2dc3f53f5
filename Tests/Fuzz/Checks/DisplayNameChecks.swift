import KiiIdentity

/// The nickname policy against its oracle (precis-i18n): the differential test and the
/// `DisplayNames` fuzz target share these.
package enum DisplayNameChecks {
    /// precis-i18n's reasons as this package's codes.
    static func code(forOracleReason reason: String) -> ValidationError.Code {
        switch reason {
        case "DISALLOWED/controls": .controlCharacter
        case "DISALLOWED/unassigned": .unassignedCharacter
        case "DISALLOWED/empty": .emptyAfterMapping
        case "DISALLOWED/not_idempotent": .unstableMapping
        case "DISALLOWED/zero_width_nonjoiner", "DISALLOWED/zero_width_joiner", "DISALLOWED/middle_dot",
            "DISALLOWED/greek_keraia", "DISALLOWED/hebrew_punctuation", "DISALLOWED/katakana_middle_dot",
            "DISALLOWED/arabic_indic", "DISALLOWED/extended_arabic_indic":
            .contextRule
        default: .disallowedCharacter
        }
    }

    /// How the library and the oracle differ on `name`; `nil` when they agree, or when the name
    /// holds an RGI emoji sequence (the extension, tested on its own).
    package static func disagreement(_ name: String, oracle: UnicodeOracle) -> String? {
        guard let expected = oracle.nickname(name) else { return "\(debug(name)): the oracle has gone" }
        if expected.holdsEmoji { return nil }
        let outcome = Result { () throws(ValidationError) in try DisplayName(name, policy: .nickname) }
        switch (outcome, expected.enforced) {
        case (.success(let value), let enforced?):
            // By scalars: `String`'s `==` is canonical equivalence, blind to a missing composition.
            if ScalarHex.values(value.normalized) != ScalarHex.values(enforced) {
                return "\(debug(name)): precis-i18n \(debug(enforced)); library \(debug(value.normalized))"
            }
            if enforced.unicodeScalars.count > DisplayName.lengths.upperBound {
                return "\(debug(name)): library accepts \(enforced.unicodeScalars.count) scalars"
            }
        case (.failure(let error), let enforced?):
            let tooLong = enforced.unicodeScalars.count > DisplayName.lengths.upperBound
            if !(tooLong && error.problems.map(\.code) == [.tooLong]) {
                return "\(debug(name)): precis-i18n \(debug(enforced)); library \(error.problems.map(\.code))"
            }
        case (.success(let value), nil):
            return "\(debug(name)): precis-i18n \(expected.reason ?? "?"); library \(debug(value.normalized))"
        case (.failure(let error), nil):
            let reason = expected.reason ?? "?"
            var codes = error.problems.map(\.code).filter { $0 != .tooLong }
            if codes.isEmpty { codes = [.tooLong] }
            var expectedCode = code(forOracleReason: reason)
            // An empty name is missing for the library (as every field's is), empty for precis-i18n.
            if reason == "DISALLOWED/empty" && name.isEmpty { expectedCode = .missing }
            // precis-i18n names every ignorable "precis_ignorable_properties" and every
            // disallowed exception "exceptions": the library tells a bidi control and an
            // invisible character apart.
            if reason == "DISALLOWED/precis_ignorable_properties",
                [.bidiControl, .invisibleCharacter, .disallowedCharacter].contains(codes.first!)
            {
                expectedCode = codes.first!
            }
            // "other" is section 8's last line: line and paragraph separators (reported as
            // controls), other format characters (invisible) and private use (disallowed).
            if reason == "DISALLOWED/other",
                [.controlCharacter, .invisibleCharacter, .disallowedCharacter].contains(codes.first!)
            {
                expectedCode = codes.first!
            }
            if codes.first != expectedCode {
                return "\(debug(name)): precis-i18n \(reason); library \(codes)"
            }
        }
        return nil
    }

    /// Whether the enforced form of `enforced` (an enforced name) has its scalars, one for one.
    package static func isIdempotent(_ enforced: String) -> Bool {
        guard let again = try? DisplayName(enforced, policy: .nickname) else { return false }
        return ScalarHex.values(again.normalized) == ScalarHex.values(enforced)
    }

    /// `name` as its scalars in hexadecimal (`U+004A U+0301`), for a failure message.
    package static func debug(_ name: String) -> String { ScalarHex.describe(name) }

    /// The fuzz target's properties for one input (its bytes read as UTF-8, ill-formed
    /// sequences replaced): the policy agrees with precis-i18n outside the emoji extension; an
    /// accepted name is 1 to 50 scalars, is its own enforced form scalar for scalar (enforcement
    /// is idempotent) and, holding no RGI emoji sequence, its own NFKC (ICU's); a refused one says
    /// why with a position within the name.
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let name = input.rest()
        switch UnicodeOracle.shared {
        case .success(let oracle):
            if let difference = disagreement(name, oracle: oracle) { violations.expect(false, difference) }
        case .failure(let unavailable):
            violations.expect(false, "\(unavailable)")
        }
        do throws(ValidationError) {
            let enforced = try DisplayName(name, policy: .nickname)
            let scalars = ScalarHex.values(enforced.normalized)
            violations.expect(
                DisplayName.lengths.contains(scalars.count),
                "\(debug(name)): enforced to \(scalars.count) scalars"
            )
            violations.expect(isIdempotent(enforced.normalized), "\(debug(name)): enforcing again changes it")
            // An emoji sequence kept whole need not be NFKC (`™️` stays): only names without one.
            if case .success(let oracle) = UnicodeOracle.shared {
                if let nfkc = oracle.nfkc(scalars) {
                    violations.expect(
                        nfkc.holdsEmoji || nfkc.scalars == scalars,
                        "\(debug(name)): enforced to \(ScalarHex.describe(scalars)), whose NFKC (ICU) is "
                            + ScalarHex.describe(nfkc.scalars)
                    )
                } else {
                    violations.expect(false, "\(debug(name)): the oracle has gone")
                }
            }
        } catch {
            let count = name.unicodeScalars.count
            for problem in error.problems {
                guard let detail = problem.detail as? ValidationError.DisplayNameDetail, let at = detail.character
                else { continue }
                violations.expect(
                    (1...max(count, 1)).contains(at.position),
                    "\(debug(name)): \(problem.code) at position \(at.position) of \(count)"
                )
                violations.expect(
                    !problem.message.unicodeScalars.contains(at.scalar) || at.scalar.isASCII && at.scalar.value > 0x20,
                    "\(debug(name)): the message shows \(at.scalar.escaped(asASCII: true)) raw"
                )
            }
        }
    }
}
