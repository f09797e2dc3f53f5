/// The cheap checks of the strict phone forms, in Swift, before libphonenumber sees anything.
enum PhoneSyntax {
    static let field = ValidationError.Field.phoneNumber

    static func problem(_ detail: ValidationError.PhoneDetail) -> ValidationError.Problem {
        ValidationError.Problem(field: field, detail)
    }

    static func problem(_ detail: ValidationError.FieldDetail) -> ValidationError.Problem {
        ValidationError.Problem(field: field, detail)
    }

    /// `+` then only digits, as many as `policy` allows.
    static func internationalProblems(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy
    )
        -> [ValidationError.Problem]
    {
        var problems: [ValidationError.Problem] = []
        internationalProblems(bytes, policy: policy, into: &problems)
        return problems
    }

    /// Appends the problems of ``internationalProblems(_:policy:)`` to `problems`.
    static func internationalProblems(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        into problems: inout [ValidationError.Problem]
    ) {
        if let stop = inputLengthProblem(bytes) { return problems.report(stop) }
        if isInternationalSyntaxValid(bytes, policy: policy) { return }
        let hasPlus = bytes[0] == UInt8(ascii: "+")
        let body = UnsafeBufferPointer(rebasing: bytes[(hasPlus ? 1 : 0)...])
        if !hasPlus {
            problems.report(problem(.missingPlus))
        }
        if let bad = FieldChecks.characters(
            body,
            allowed: .digits,
            allowedCharacters: .internationalPhoneNumber,
            field: field,
            positionOffset: hasPlus ? 1 : 0
        ) {
            problems.report(bad)
        }
        let digits = body.reduce(0) { $0 + ($1 &- 0x30 < 10 ? 1 : 0) }
        if let count = digitCountProblem(digits, policy: policy) { problems.report(count) }
    }

    /// Whether ``internationalProblems(_:policy:)`` would find nothing: `+` then only digits,
    /// as many as `policy` allows; a yes/no answer that builds no problems (so a reject costs
    /// a few nanoseconds, not the reasons' strings).
    @inline(__always)
    static func isInternationalSyntaxValid(_ bytes: UnsafeBufferPointer<UInt8>, policy: PhonePolicy) -> Bool {
        bytes.count >= 2 && bytes.count <= PhoneNumber.maximumInputBytes && bytes[0] == UInt8(ascii: "+")
            && policy.digitCount.contains(bytes.count - 1)
            && ByteSet.digits.containsAll(UnsafeBufferPointer(rebasing: bytes[1...]))
    }

    /// The syntax step of an international number: `+` then only digits, as many as `policy`
    /// allows; the input for the engine, or every problem of the syntax.
    static func international(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy
    ) throws(ValidationError) -> CheckedPhoneInput {
        var problems: [ValidationError.Problem] = []
        guard let input = international(bytes, policy: policy, reporting: &problems) else {
            throw ValidationError(problems)
        }
        return input
    }

    /// The syntax step of an international number, its problems appended to `problems`
    /// instead of thrown (`nil` then).
    static func international(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        reporting problems: inout [ValidationError.Problem]
    ) -> CheckedPhoneInput? {
        if isInternationalSyntaxValid(bytes, policy: policy) { return .international(bytes) }
        internationalProblems(bytes, policy: policy, into: &problems)
        return nil
    }

    /// The syntax step of a local number: its digits, and `country` (its UTF-8 bytes) a
    /// region of `source`, whose problems are reported under `countryField` (as a region
    /// prefix's when `countryInRegionPrefix`); every problem of both together.
    static func local(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: UnsafeBufferPointer<UInt8>,
        countryField: ValidationError.Field,
        countryInRegionPrefix: Bool = false,
        source: PhoneMetadataSource.Kind
    ) throws(ValidationError) -> CheckedPhoneInput {
        var problems = localProblems(bytes)
        let region = RegionTable.of(source).region(country)
        if region == nil {
            CountryCode.problems(country, into: &problems) { detail in
                countryInRegionPrefix
                    ? ValidationError.Problem(field: countryField, .regionPrefix(detail))
                    : ValidationError.Problem(field: countryField, detail)
            }
        }
        guard problems.isEmpty, let region else { throw ValidationError(problems) }
        return .local(bytes, region)
    }

    /// The syntax step of a REST local form, `CC-digits`: the region code and the digits, as
    /// a local number of that region.
    static func rest(
        _ bytes: UnsafeBufferPointer<UInt8>,
        source: PhoneMetadataSource.Kind
    ) throws(ValidationError) -> CheckedPhoneInput {
        if let stop = inputLengthProblem(bytes) { throw ValidationError([stop]) }
        guard bytes.count > 3, bytes[2] == UInt8(ascii: "-") else {
            throw ValidationError(field, .malformedRestForm)
        }
        return try local(
            UnsafeBufferPointer(rebasing: bytes[3...]),
            country: UnsafeBufferPointer(rebasing: bytes[..<2]),
            countryField: field,
            countryInRegionPrefix: true,
            source: source
        )
    }

    /// Only digits, at most 17 of them (15 for E.164 plus a trunk prefix).
    static func localProblems(_ bytes: UnsafeBufferPointer<UInt8>) -> [ValidationError.Problem] {
        // Fast path: the common valid shape.
        if !bytes.isEmpty, bytes.count <= PhoneNumber.maximumLocalDigits, ByteSet.digits.containsAll(bytes) {
            return []
        }
        if let stop = inputLengthProblem(bytes) { return [stop] }
        var problems: [ValidationError.Problem] = []
        if let bad = FieldChecks.characters(
            bytes,
            allowed: .digits,
            allowedCharacters: .localPhoneNumber,
            field: field
        ) {
            problems.append(bad)
        }
        // Count digits, not bytes: a non-digit is an invalid character, not an extra digit.
        if bytes.reduce(0, { $0 + ($1 &- 0x30 < 10 ? 1 : 0) }) > PhoneNumber.maximumLocalDigits {
            problems.append(problem(.tooManyLocalDigits(maximum: PhoneNumber.maximumLocalDigits)))
        }
        return problems
    }

    /// `missing` for empty input, `too_long` past 64 bytes (content not inspected).
    static func inputLengthProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> ValidationError.Problem? {
        let length = FieldChecks.length(bytes.count, 1...PhoneNumber.maximumInputBytes, field: field)
        return length.stop ? length.problem : nil
    }

    /// `too_few_digits` / `too_many_digits` for an international number of `digits` digits.
    static func digitCountProblem(_ digits: Int, policy: PhonePolicy) -> ValidationError.Problem? {
        if digits < policy.digitCount.lowerBound {
            return problem(.tooFewDigits(digits: digits, minimum: policy.digitCount.lowerBound))
        }
        if digits > policy.digitCount.upperBound {
            return problem(.tooManyDigits(digits: digits, maximum: policy.digitCount.upperBound))
        }
        return nil
    }
}
