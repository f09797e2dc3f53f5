/// Where a phone input's verdict comes from: what the rules after the parse read
/// (``PhoneResolver``). The library's own is ``PhoneResolver/Engine``; the differential tests
/// give libphonenumber's answers from outside, to run the same rules on them.
package protocol PhoneVerdicts {
    /// Whose metadata the verdicts follow, and so whose regions the rules read.
    var source: PhoneMetadataSource.Kind { get }
    /// Whether a plain E.164 number may be answered by the compiled engine's shortcut
    /// (``PhoneEngine/plainInternational(_:source:)``) instead of a full analysis.
    var takesShortcuts: Bool { get }
    /// libphonenumber's verdict on `input`.
    func analyze(_ input: CheckedPhoneInput) -> PhoneAnalysis
}

/// The one path of a phone input to a ``PhoneNumber``: its form (``PhoneInputForm``, read once
/// by the caller and given to ``strict(_:_:form:country:policy:engine:)``), its syntax
/// (``PhoneSyntax``, into a ``CheckedPhoneInput``), libphonenumber's verdict on it (the
/// compiled ``PhoneEngine``, or libphonenumber itself where the engine defers), then the rules
/// after the parse: the digit bounds after conversion and the type policy. Each step takes the
/// previous step's typed result.
package enum PhoneResolver {
    /// Where the verdict comes from.
    package enum Engine: PhoneVerdicts, Sendable, Hashable {
        /// ``PhoneEngine``: a source's metadata compiled into digit automata.
        case compiled(PhoneMetadataSource.Kind)
        /// libphonenumber itself, on its own (the system) metadata: the oracle of the system
        /// source's differential tests and the benchmark's previous engine.
        case libphonenumber

        /// Whose metadata the verdicts follow, and so whose regions the rules read.
        @inline(__always)
        package var source: PhoneMetadataSource.Kind {
            switch self {
            case .compiled(let source): source
            case .libphonenumber: .system
            }
        }

        /// The compiled engine's own shortcut, for the compiled engine only.
        @inline(__always)
        package var takesShortcuts: Bool { self != .libphonenumber }

        @inline(__always)
        package func analyze(_ input: CheckedPhoneInput) -> PhoneAnalysis {
            PhoneResolver.analyze(input, engine: self)
        }
    }

    /// libphonenumber's verdict on `input` under `engine`. The compiled engine answers every
    /// number of the bundled metadata (the tests compile every calling code); for the system
    /// source, a calling code whose metadata it could not compile is left to libphonenumber,
    /// which holds the same metadata.
    @inline(__always)
    package static func analyze(_ input: CheckedPhoneInput, engine: Engine) -> PhoneAnalysis {
        switch engine {
        case .compiled(let source):
            if let analysis = PhoneEngine.analyze(input, source: source) { return analysis }
            return source == .system ? PhoneNumberLibrary.analyze(input) : .failure(.failed)
        case .libphonenumber:
            return PhoneNumberLibrary.analyze(input)
        }
    }

    private static func fail(_ detail: ValidationError.PhoneDetail) -> ValidationError {
        ValidationError(.phoneNumber, detail)
    }

    // MARK: The forms

    /// `raw` (whose bytes are `bytes`) in the strict form `form`, which the caller chose with
    /// ``PhoneInputForm``: international, the REST local form, or local digits read in
    /// `country`. Local digits without a country are `needs_country`, after their own problems.
    package static func strict(
        _ raw: String,
        _ bytes: UnsafeBufferPointer<UInt8>,
        form: PhoneInputForm,
        country: String?,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        switch form {
        case .international:
            return try international(raw, bytes, policy: policy, engine: engine)
        case .rest:
            return try rest(bytes, policy: policy, engine: engine)
        case .local:
            guard let country else {
                let syntax = PhoneSyntax.localProblems(bytes)
                throw syntax.isEmpty ? fail(.needsCountry) : ValidationError(syntax)
            }
            return try local(bytes, country: country, countryField: .country, policy: policy, engine: engine)
        }
    }

    /// `PhoneNumber(international:)`: `raw` (whose bytes are `bytes`) in strict E.164 form; a
    /// plain E.164 number of a region the policy accepts is its own E.164 form, at once.
    package static func international(
        _ raw: String,
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        try international(
            raw,
            bytes,
            syntax: try PhoneSyntax.international(bytes, policy: policy),
            policy: policy,
            engine: engine
        )
    }

    /// ``international(_:_:policy:engine:)`` past the syntax step, `input` being what
    /// `PhoneSyntax.international` gave for `bytes` (a caller that reports its problems itself).
    package static func international(
        _ raw: String,
        _ bytes: UnsafeBufferPointer<UInt8>,
        syntax input: CheckedPhoneInput,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        if engine.takesShortcuts, let number = plainInternational(raw, bytes, policy: policy, source: engine.source) {
            return number
        }
        return try international(input, policy: policy, strict: true, engine: engine)
    }

    /// National digits read in `country` (its UTF-8 bytes); problems with the country are
    /// reported under `countryField`.
    package static func local(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: String,
        countryField: ValidationError.Field,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        let input = try country.withUTF8Bytes { (country) throws(ValidationError) in
            try PhoneSyntax.local(bytes, country: country, countryField: countryField, source: engine.source)
        }
        return try local(input, policy: policy, engine: engine)
    }

    /// `CC-digits`.
    package static func rest(
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        try local(try PhoneSyntax.rest(bytes, source: engine.source), policy: policy, engine: engine)
    }

    /// What a person typed: cleaned by ``PhoneTyping``, then international (any number of
    /// digits E.164 allows, a trunk prefix after the calling code dropped) or local.
    package static func userInput(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: String?,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    )
        throws(ValidationError) -> PhoneNumber
    {
        let typed = try PhoneTyping.clean(bytes)
        if typed.hasPlus {
            let text = [UInt8(ascii: "+")] + typed.digits
            return try text.withUnsafeBufferPointer { (text) throws(ValidationError) in
                let input = try PhoneSyntax.international(text, policy: .anyValidNumber)
                return try international(input, policy: policy, strict: false, engine: engine)
            }
        }
        guard let country else {
            throw fail(.needsCountry)
        }
        return try typed.digits.withUnsafeBufferPointer { (digits) throws(ValidationError) in
            try local(digits, country: country, countryField: .country, policy: policy, engine: engine)
        }
    }

    // MARK: After the syntax

    /// The verdict on checked `+digits`; `strict` demands that the input already be the E.164
    /// form.
    private static func international(
        _ input: CheckedPhoneInput,
        policy: PhonePolicy,
        strict: Bool,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        let analysis = engine.analyze(input)
        try checkParsed(analysis)
        guard analysis.isValid else {
            throw fail(.noSuchNumber(callingCode: analysis.countryCallingCode))
        }
        guard let region = analysis.supportedRegion(in: engine.source) else {
            throw fail(.nonGeographic(callingCode: analysis.countryCallingCode))
        }
        if strict, case .international(let bytes) = input, !analysis.isE164(bytes) {
            throw fail(.notE164(suggestion: analysis.e164))
        }
        return try finish(analysis, region: region, policy: policy, source: engine.source)
    }

    /// The verdict on checked national digits in their region.
    private static func local(
        _ input: CheckedPhoneInput,
        policy: PhonePolicy,
        engine: some PhoneVerdicts
    ) throws(ValidationError) -> PhoneNumber {
        guard case .local(_, let region) = input else { preconditionFailure("a local number's input") }
        let analysis = engine.analyze(input)
        try checkParsed(analysis)
        switch analysis.countryCodeSource {
        case .internationalPrefix:
            throw fail(.internationalPrefix(suggestion: analysis.e164))
        case .withoutPlusSign where !region.trunkPrefixIsCallingCode:
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
        return try finish(analysis, region: region, policy: policy, source: engine.source)
    }

    /// ``international(_:_:policy:engine:)``'s shortcut for `raw` (its bytes `bytes`, whose
    /// syntax passed) when the compiled engine reads it as a plain E.164 number of a region the
    /// policy accepts: the input is then its own E.164 form. `nil`: ask the full steps.
    private static func plainInternational(
        _ raw: String,
        _ bytes: UnsafeBufferPointer<UInt8>,
        policy: PhonePolicy,
        source: PhoneMetadataSource.Kind
    ) -> PhoneNumber? {
        guard let plain = PhoneEngine.plainInternational(bytes, source: source), plain.regionLength == 2,
            RegionTable.of(source).region(plain.region.0, plain.region.1) != nil,
            !policy.mobileOnly || plain.type.isMobile
        else { return nil }
        return PhoneNumber(
            e164: raw,
            region: (plain.region.0, plain.region.1),
            countryCallingCode: plain.countryCallingCode,
            type: plain.type,
            source: source
        )
    }

    /// `PhoneNumber.isValid(international:)` for input whose syntax passed
    /// `PhoneSyntax.isInternationalSyntaxValid`: the same checks as the strict form, without
    /// building the number or an error (so a valid number costs no allocation).
    static func isValidInternational(_ bytes: UnsafeBufferPointer<UInt8>, policy: PhonePolicy) -> Bool {
        let source = policy.metadata.kind
        if let plain = PhoneEngine.plainInternational(bytes, source: source), plain.regionLength == 2,
            RegionTable.of(source).region(plain.region.0, plain.region.1) != nil
        {
            return !policy.mobileOnly || plain.type.isMobile
        }
        let analysis = analyze(.international(bytes), engine: .compiled(source))
        guard analysis.status == .parsed, analysis.isValid, analysis.supportedRegion(in: source) != nil,
            analysis.isE164(bytes)
        else { return false }
        return !policy.mobileOnly || analysis.type.isMobile
    }

    private static func checkParsed(_ analysis: PhoneAnalysis) throws(ValidationError) {
        switch analysis.status {
        case .parsed:
            return
        case .invalidCountryCode:
            throw fail(.unknownCallingCode)
        case .tooShortNationalNumber, .tooShortAfterInternationalPrefix:
            throw fail(.numberTooShort)
        case .tooLongNationalNumber:
            throw fail(.numberTooLong)
        case .notANumber, .failed:
            throw fail(.invalidNumber)
        }
    }

    /// The digit bounds on the E.164 form and the type policy, then the value.
    private static func finish(
        _ analysis: PhoneAnalysis,
        region: RegionTable.Region,
        policy: PhonePolicy,
        source: PhoneMetadataSource.Kind
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
            type: analysis.type,
            source: source
        )
    }
}
