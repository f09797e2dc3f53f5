import KiiIdentity

/// Properties of the six field rules.
enum FieldRuleChecks {
    static let regions = Set(CountryCode.allSupported)

    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let selector = input.byte()
        let raw = input.rest()
        let bytes = Array(raw.utf8)
        switch selector % 6 {
        case 0:
            let value = common(Username.self, raw, maximumBytes: 64, &violations)
            let oracle = (3...64).contains(bytes.count) && bytes.allSatisfy(isUsernameByte)
            violations.expect((value != nil) == oracle, "Username validity differs from the rule")
            if let value {
                violations.expect(value.normalized == asciiLowercased(raw), "Username.normalized is not lowercased")
            }
            caseInsensitive(Username.self, raw, &violations)
        case 1:
            let value = common(EmailAddress.self, raw, maximumBytes: 200, &violations)
            if let value {
                violations.expect(bytes.allSatisfy { $0 < 0x80 }, "a valid email address is not ASCII")
                violations.expect(
                    bytes.count(where: { $0 == UInt8(ascii: "@") }) == 1,
                    "a valid email address has not one '@'"
                )
                violations.expect(value.localPart.utf8.count <= 64, "a valid local part is longer than 64")
                let at = bytes.firstIndex(of: UInt8(ascii: "@")) ?? 0
                let expected =
                    String(decoding: bytes[...at], as: UTF8.self)
                    + asciiLowercased(String(decoding: bytes[(at + 1)...], as: UTF8.self))
                violations.expect(
                    value.normalized == expected,
                    "EmailAddress.normalized is not local@lowercased-domain"
                )
            }
            caseInsensitive(EmailAddress.self, raw, &violations)
        case 2:
            let value = common(Password.self, raw, maximumBytes: 200, &violations)
            let oracle = (4...50).contains(bytes.count) && bytes.allSatisfy { (0x20...0x7E).contains($0) }
            violations.expect((value != nil) == oracle, "Password validity differs from the rule")
            if let value {
                violations.expect(value.description == "<redacted>", "Password.description is not redacted")
                violations.expect(
                    value.debugDescription == "Password(<redacted>)",
                    "Password.debugDescription is not redacted"
                )
                violations.expect(String(reflecting: value) == "Password(<redacted>)", "reflecting shows a password")
            }
            passwordErrorsAreShapeOnly(raw, &violations)
        case 3:
            let value = common(DisplayName.self, raw, maximumBytes: 200, &violations)
            let oracle = (1...50).contains(raw.unicodeScalars.count)
            violations.expect((value != nil) == oracle, "DisplayName validity differs from 1...50 scalars")
            if let value { violations.expect(value.normalized == raw, "DisplayName.normalized changed the name") }
        case 4:
            let value = common(CountryCode.self, raw, maximumBytes: 2, &violations)
            violations.expect((value != nil) == regions.contains(raw), "CountryCode validity differs from allSupported")
            if let value {
                violations.expect(value.countryCallingCode > 0, "a country has no calling code")
            } else if bytes.count == 2, let upper = Optional(asciiUppercased(raw)), upper != raw,
                regions.contains(upper)
            {
                do {
                    _ = try CountryCode(raw)
                } catch {
                    violations.expect(error.code == .notUppercase, "a lower-case country is not not_uppercase")
                }
            }
        default:
            let value = common(LocaleTag.self, raw, maximumBytes: 64, &violations)
            if let value {
                violations.expect(
                    asciiLowercased(value.normalized) == asciiLowercased(raw),
                    "LocaleTag.normalized changed more than case"
                )
            }
            caseInsensitive(LocaleTag.self, raw, &violations)
        }
    }

    /// isValid agrees with init; a valid value keeps its raw text and its normalised form
    /// re-validates to itself; an invalid one lists problems of its own field, and a value past
    /// the maximum length is `too_long` only.
    @discardableResult
    static func common<Field: IdentityField>(
        _ type: Field.Type,
        _ raw: String,
        maximumBytes: Int,
        _ violations: inout Violations
    ) -> Field? {
        let name = "\(Field.self)"
        let claimed = Field.isValid(raw)
        do {
            let value = try Field(raw)
            violations.expect(claimed, "\(name).isValid is false for a value init accepts")
            violations.expect(value.rawValue == raw, "\(name).rawValue is not the input")
            do {
                let again = try Field(value.normalized)
                violations.expect(again.normalized == value.normalized, "\(name).normalized is not idempotent")
                violations.expect(again == value, "\(name) of its normalised form is not equal to it")
                violations.expect(again.hashValue == value.hashValue, "\(name) equal values hash differently")
            } catch {
                violations.expect(false, "\(name).normalized does not re-validate: \(error.code)")
            }
            return value
        } catch {
            violations.expect(!claimed, "\(name).isValid is true for a value init rejects (\(error.code))")
            violations.expect(!error.problems.isEmpty, "\(name) threw an empty error")
            ProblemChecks.catalogued(error, name, &violations)
            for problem in error.problems {
                violations.expect(problem.field == Field.field, "\(name) reported a problem of \(problem.field)")
                violations.expect(!problem.reason.isEmpty, "\(name) gave an empty reason")
                violations.expect(!problem.code.rawValue.isEmpty, "\(name) gave an empty code")
            }
            if raw.isEmpty {
                violations.expect(error.problems.map(\.code) == [.missing], "\(name) of \"\" is not missing")
            }
            if raw.utf8.count > maximumBytes {
                violations.expect(
                    error.problems.map(\.code) == [.tooLong],
                    "\(name) past \(maximumBytes) bytes is not too_long only: \(error.problems.map(\.code))"
                )
            }
            return nil
        }
    }

    /// Validity and the normalised form do not depend on ASCII case.
    static func caseInsensitive<Field: IdentityField>(_ type: Field.Type, _ raw: String, _ violations: inout Violations)
    {
        let upper = asciiUppercased(raw)
        let lower = asciiLowercased(raw)
        violations.expect(
            Field.isValid(upper) == Field.isValid(raw) && Field.isValid(lower) == Field.isValid(raw),
            "\(Field.self) validity depends on ASCII case"
        )
        if Field.self != EmailAddress.self, let a = try? Field(upper), let b = try? Field(lower) {
            violations.expect(a.normalized == b.normalized, "\(Field.self).normalized depends on ASCII case")
        }
    }

    /// A password's error text depends only on its shape: two look-alikes give the same text,
    /// and a password of 4+ bytes never appears in it.
    static func passwordErrorsAreShapeOnly(_ raw: String, _ violations: inout Violations) {
        let texts = [raw, PasswordMasking.mask(raw, variant: 0), PasswordMasking.mask(raw, variant: 1)].map {
            password -> String? in
            do throws(ValidationError) {
                _ = try Password(password)
                return nil
            } catch {
                return errorText(error)
            }
        }
        violations.expect(texts[0] == texts[1] && texts[1] == texts[2], "a password error depends on its content")
        if let text = texts[0], raw.utf8.count >= 4 {
            violations.expect(!containsBytes(text, raw), "a password error contains the password")
        }
    }

    /// Every text of an error in every language: description, each message and reason, the debug dump.
    static func errorText(_ error: ValidationError) -> String {
        let texts = ValidationError.Language.allCases.flatMap { language in
            [error.description(in: language)] + error.problems.map { $0.message(in: language) }
        }
        return
            ([error.description, String(reflecting: error)] + error.problems.flatMap { [$0.message, $0.reason] }
            + texts)
            .joined(separator: "\n")
    }

    /// Whether `needle`'s UTF-8 bytes occur in `haystack`'s, NUL bytes included (Foundation's
    /// `String.contains` stops at a NUL, so `")\0\0\0"` would be found in any text with a `)`).
    static func containsBytes(_ haystack: String, _ needle: String) -> Bool {
        let text = Array(haystack.utf8)
        let part = Array(needle.utf8)
        guard !part.isEmpty, part.count <= text.count else { return part.isEmpty }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }

    static func isUsernameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func asciiUppercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
