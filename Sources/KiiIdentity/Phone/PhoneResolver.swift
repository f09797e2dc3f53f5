internal import CPhoneNumberShims

/// The steps from checked syntax to a ``PhoneNumber``: libphonenumber's verdict (from the
/// compiled engine, or from libphonenumber itself for the differential test and the benchmark),
/// the digit bounds after conversion, and the type policy.
enum PhoneResolver {
    /// Where the verdict comes from.
    enum Engine: Sendable {
        /// ``PhoneEngine``: libphonenumber's metadata compiled into digit automata.
        case compiled
        /// libphonenumber itself, through the shim: the oracle and the previous engine.
        case libphonenumber
    }

    /// libphonenumber's verdict on `bytes` read in `region`; the compiled engine answers unless
    /// asked not to or unable to (a calling code whose metadata it does not compile).
    @inline(__always)
    static func analyze(
        _ bytes: UnsafeBufferPointer<UInt8>,
        region: UnsafeBufferPointer<UInt8>?,
        engine: Engine
    ) -> PhoneAnalysis {
        if engine == .compiled, let analysis = PhoneEngine.analyze(bytes, region: region) { return analysis }
        return PhoneNumberLibrary.analyze(bytes, region: region)
    }

    private static func fail(_ detail: ValidationError.PhoneDetail) -> ValidationError {
        ValidationError(.phoneNumber, detail)
    }

    /// `+digits`; `strict` demands that the input already be the E.164 form.
    static func international(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        strict: Bool,
        engine: Engine = .compiled
    )
        throws(ValidationError) -> PhoneNumber
    {
        let syntax = PhoneSyntax.internationalProblems(bytes, policy: strict ? policy : .anyValidNumber)
        if !syntax.isEmpty { throw ValidationError(syntax) }
        let analysis = analyze(bytes, region: nil, engine: engine)
        try checkParsed(analysis)
        guard analysis.isValid else {
            throw fail(.noSuchNumber(callingCode: analysis.countryCallingCode))
        }
        guard let region = analysis.supportedRegion else {
            throw fail(.nonGeographic(callingCode: analysis.countryCallingCode))
        }
        if strict && !analysis.isE164(bytes) {
            throw fail(.notE164(suggestion: analysis.e164))
        }
        return try finish(analysis, region: region, policy: policy)
    }

    /// National digits read in `country` (its UTF-8 bytes); problems with the country are
    /// reported under `countryField`.
    static func local(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: UnsafeBufferPointer<UInt8>,
        countryField: ValidationError.Field,
        countryInRegionPrefix: Bool = false,
        policy: PhonePolicy,
        engine: Engine = .compiled
    ) throws(ValidationError) -> PhoneNumber {
        var problems = PhoneSyntax.localProblems(bytes)
        let region = RegionTable.shared.region(country)
        if region == nil {
            problems += CountryCode.details(country).map { detail in
                countryInRegionPrefix
                    ? ValidationError.Problem(field: countryField, .regionPrefix(detail))
                    : ValidationError.Problem(field: countryField, detail)
            }
        }
        guard problems.isEmpty, let region else { throw ValidationError(problems) }
        let analysis = analyze(bytes, region: country, engine: engine)
        try checkParsed(analysis)
        switch Int(analysis.countryCodeSource) {
        case CPhoneNumberShims_FROM_NUMBER_WITH_IDD:
            throw fail(.internationalPrefix(suggestion: analysis.e164))
        case CPhoneNumberShims_FROM_NUMBER_WITHOUT_PLUS_SIGN
        where !region.trunkPrefixIsCallingCode:
            throw fail(
                .callingCodeWithoutPlus(callingCode: analysis.countryCallingCode, suggestion: analysis.e164)
            )
        default:
            break
        }
        guard analysis.countryCallingCode == region.countryCallingCode else {
            throw fail(.invalidNumberForRegion(region: region.code))
        }
        if let count = PhoneSyntax.digitCountProblem(analysis.e164DigitCount, policy: policy) {
            throw ValidationError([count])
        }
        guard analysis.isValid else { throw fail(.invalidNumberForRegion(region: region.code)) }
        return try finish(analysis, region: region, policy: policy)
    }

    /// ``local(_:country:countryField:countryInRegionPrefix:policy:engine:)`` with the country as text.
    static func local(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: String,
        countryField: ValidationError.Field,
        policy: PhonePolicy,
        engine: Engine = .compiled
    ) throws(ValidationError) -> PhoneNumber {
        try country.withUTF8Bytes { (country) throws(ValidationError) in
            try local(bytes, country: country, countryField: countryField, policy: policy, engine: engine)
        }
    }

    /// `CC-digits`.
    static func rest(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        engine: Engine = .compiled
    ) throws(ValidationError) -> PhoneNumber {
        if let stop = PhoneSyntax.inputLengthProblem(bytes) { throw ValidationError([stop]) }
        guard bytes.count > 3, bytes[2] == UInt8(ascii: "-") else {
            throw fail(.malformedRestForm)
        }
        return try local(
            UnsafeBufferPointer(rebasing: bytes[3...]),
            country: UnsafeBufferPointer(rebasing: bytes[..<2]),
            countryField: .phoneNumber,
            countryInRegionPrefix: true,
            policy: policy,
            engine: engine
        )
    }

    /// What a person typed: cleaned by ``PhoneTyping``, then international or local.
    static func userInput(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: String?,
        policy: PhonePolicy,
        engine: Engine = .compiled
    )
        throws(ValidationError) -> PhoneNumber
    {
        let typed = try PhoneTyping.clean(bytes)
        if typed.hasPlus {
            let text = [UInt8(ascii: "+")] + typed.digits
            let number = try text.withUnsafeBufferPointer { (text) throws(ValidationError) in
                try international(text, policy: policy, strict: false, engine: engine)
            }
            return number
        }
        guard let country else {
            throw fail(.needsCountry)
        }
        return try typed.digits.withUnsafeBufferPointer { (digits) throws(ValidationError) in
            try local(digits, country: country, countryField: .country, policy: policy, engine: engine)
        }
    }

    /// `PhoneNumber(international:)`: `raw` (whose bytes are `bytes`) in strict E.164 form, by
    /// the plain case's shortcut when it applies, else by the full steps.
    static func international(
        _ raw: String,
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        engine: Engine = .compiled
    ) throws(ValidationError) -> PhoneNumber {
        if engine == .compiled, PhoneSyntax.isInternationalSyntaxValid(bytes, policy: policy),
            let number = plainInternational(raw, bytes, policy: policy)
        {
            return number
        }
        return try international(bytes, policy: policy, strict: true, engine: engine)
    }

    /// ``international(_:policy:strict:engine:)`` for `raw` (its bytes `bytes`, past
    /// `PhoneSyntax.isInternationalSyntaxValid`) when the compiled engine reads it as a plain E.164
    /// number of a region the policy accepts: the input is then its own E.164 form. `nil`: ask
    /// the full steps.
    static func plainInternational(
        _ raw: String,
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy
    ) -> PhoneNumber? {
        guard let plain = PhoneEngine.plainInternational(bytes), plain.regionLength == 2,
            RegionTable.shared.region(plain.region.0, plain.region.1) != nil,
            !policy.mobileOnly || plain.type.isMobile
        else { return nil }
        return PhoneNumber(
            e164: raw,
            region: (plain.region.0, plain.region.1),
            countryCallingCode: plain.countryCallingCode,
            type: plain.type
        )
    }

    /// ``international(_:policy:strict:engine:)``'s answer as a yes or no for input that passed
    /// `PhoneSyntax.isInternationalSyntaxValid`: the same checks, without building the number
    /// or an error (so a valid number costs no allocation).
    static func isValidInternational(_ bytes: UnsafeBufferPointer<UInt8>, policy: PhonePolicy) -> Bool {
        if let plain = PhoneEngine.plainInternational(bytes), plain.regionLength == 2,
            RegionTable.shared.region(plain.region.0, plain.region.1) != nil
        {
            return !policy.mobileOnly || plain.type.isMobile
        }
        let analysis = analyze(bytes, region: nil, engine: .compiled)
        guard Int(analysis.status) == CPhoneNumberShims_OK, analysis.isValid, analysis.supportedRegion != nil,
            analysis.isE164(bytes)
        else { return false }
        return !policy.mobileOnly || analysis.type.isMobile
    }

    private static func checkParsed(_ analysis: PhoneAnalysis) throws(ValidationError) {
        switch Int(analysis.status) {
        case CPhoneNumberShims_OK:
            return
        case CPhoneNumberShims_INVALID_COUNTRY_CODE:
            throw fail(.unknownCallingCode)
        case CPhoneNumberShims_TOO_SHORT_NSN, CPhoneNumberShims_TOO_SHORT_AFTER_IDD:
            throw fail(.numberTooShort)
        case CPhoneNumberShims_TOO_LONG_NSN:
            throw fail(.numberTooLong)
        default:
            throw fail(.invalidNumber)
        }
    }

    /// The digit bounds on the E.164 form and the type policy, then the value.
    private static func finish(
        _ analysis: PhoneAnalysis,
        region: RegionTable.Region,
        policy: PhonePolicy
    ) throws(ValidationError) -> PhoneNumber {
        if let count = PhoneSyntax.digitCountProblem(analysis.e164DigitCount, policy: policy) {
            throw ValidationError([count])
        }
        if policy.mobileOnly && !analysis.type.isMobile {
            if analysis.type == .fixedLine {
                throw fail(.landline)
            }
            throw fail(.notMobile(type: analysis.type))
        }
        return PhoneNumber(
            e164: analysis.e164,
            region: region.letters,
            countryCallingCode: analysis.countryCallingCode,
            type: analysis.type
        )
    }
}
