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
    ) -> PhoneNumberLibrary.Analysis {
        if engine == .compiled, let analysis = PhoneEngine.analyze(bytes, region: region) { return analysis }
        return PhoneNumberLibrary.analyze(bytes, region: region)
    }

    private static func fail(_ detail: ValidationError.Detail) -> ValidationError {
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
        guard let region = RegionTable.shared.region(analysis.region) else {
            throw fail(.nonGeographic(callingCode: analysis.countryCallingCode))
        }
        let e164 = Self.e164(analysis)
        if strict && !sameBytes(e164, bytes) {
            throw fail(.notE164(suggestion: e164))
        }
        return try finish(analysis, e164: e164, region: region, policy: policy)
    }

    /// National digits read in `country`; problems with the country are reported under `countryField`.
    static func local(
        _ bytes: UnsafeBufferPointer<UInt8>,
        country: String,
        countryField: ValidationError.Field,
        countryInRegionPrefix: Bool = false,
        policy: PhonePolicy,
        engine: Engine = .compiled
    ) throws(ValidationError) -> PhoneNumber {
        var problems = PhoneSyntax.localProblems(bytes)
        let region = RegionTable.shared.region(country)
        if region == nil {
            problems += country.withUTF8Bytes(CountryCode.diagnose).map {
                ValidationError.Problem(
                    field: countryField,
                    countryInRegionPrefix ? .regionPrefix($0.detail) : $0.detail
                )
            }
        }
        guard problems.isEmpty, let region else { throw ValidationError(problems) }
        if engine == .compiled, let number = plainLocal(bytes, region: region, policy: policy) { return number }
        let analysis = country.withUTF8Bytes { analyze(bytes, region: $0, engine: engine) }
        try checkParsed(analysis)
        switch Int(analysis.countryCodeSource) {
        case CPhoneNumberShims_FROM_NUMBER_WITH_IDD:
            throw fail(.internationalPrefix(suggestion: "+\(analysis.countryCallingCode)\(analysis.nationalNumber)"))
        case CPhoneNumberShims_FROM_NUMBER_WITHOUT_PLUS_SIGN
        where region.nationalPrefix != String(region.countryCallingCode):
            throw fail(
                .callingCodeWithoutPlus(
                    callingCode: analysis.countryCallingCode,
                    suggestion: "+\(analysis.countryCallingCode)\(analysis.nationalNumber)"
                )
            )
        default:
            break
        }
        guard analysis.countryCallingCode == region.countryCallingCode else {
            throw fail(.invalidNumberForRegion(region: region.code))
        }
        let e164 = Self.e164(analysis)
        if let count = PhoneSyntax.digitCountProblem(e164.utf8.count - 1, policy: policy) {
            throw ValidationError([count])
        }
        guard analysis.isValid else { throw fail(.invalidNumberForRegion(region: region.code)) }
        return try finish(analysis, e164: e164, region: region, policy: policy)
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
        let country = String(decoding: bytes[..<2], as: UTF8.self)
        return try local(
            UnsafeBufferPointer(rebasing: bytes[3...]),
            country: country,
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

    /// `+`, the calling code and the national number, written into one buffer (no interpolation).
    static func e164(_ analysis: PhoneNumberLibrary.Analysis) -> String {
        var national = analysis.nationalNumber
        return national.withUTF8 { national in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 + national.count) { buffer in
                var digits = 0
                var code = analysis.countryCallingCode
                repeat {
                    digits += 1
                    code /= 10
                } while code > 0
                buffer[0] = UInt8(ascii: "+")
                code = analysis.countryCallingCode
                for index in stride(from: digits, through: 1, by: -1) {
                    buffer[index] = UInt8(truncatingIfNeeded: 0x30 + code % 10)
                    code /= 10
                }
                for (offset, byte) in national.enumerated() { buffer[1 + digits + offset] = byte }
                return String(
                    decoding: UnsafeBufferPointer(rebasing: buffer[..<(1 + digits + national.count)]),
                    as: UTF8.self
                )
            }
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
        guard let plain = PhoneEngine.plainInternational(bytes), plain.territory.idLength == 2,
            let region = RegionTable.shared.region(plain.territory.idBytes.0, plain.territory.idBytes.1),
            !policy.mobileOnly || plain.type.isMobile
        else { return nil }
        return PhoneNumber(
            e164: raw,
            region: CountryCode(region),
            countryCallingCode: plain.countryCallingCode,
            nationalNumber: String(
                decoding: UnsafeBufferPointer(rebasing: bytes[plain.nationalStart...]),
                as: UTF8.self
            ),
            type: plain.type
        )
    }

    /// ``local(_:country:countryField:countryInRegionPrefix:policy:engine:)`` for digits that
    /// the compiled engine reads as they are (no prefix of any kind can start them) and finds
    /// valid in `region`, when the policy accepts the number; `nil`: ask the full steps.
    private static func plainLocal(
        _ bytes: UnsafeBufferPointer<UInt8>,
        region: RegionTable.Region,
        policy: PhonePolicy
    ) -> PhoneNumber? {
        guard
            let plain = PhoneEngine.plainLocal(
                bytes,
                countryCallingCode: region.countryCallingCode,
                region: region.code
            )
        else { return nil }
        let analysis = PhoneNumberLibrary.Analysis(
            status: Int32(CPhoneNumberShims_OK),
            countryCallingCode: region.countryCallingCode,
            countryCodeSource: Int32(CPhoneNumberShims_FROM_DEFAULT_COUNTRY),
            type: plain.type,
            isValid: true,
            region: plain.numberRegion,
            nationalNumber: String(decoding: bytes, as: UTF8.self)
        )
        let e164 = Self.e164(analysis)
        guard policy.digitCount.contains(e164.utf8.count - 1), !policy.mobileOnly || plain.type.isMobile else {
            return nil
        }
        return PhoneNumber(
            e164: e164,
            region: CountryCode(region),
            countryCallingCode: region.countryCallingCode,
            nationalNumber: analysis.nationalNumber,
            type: plain.type
        )
    }

    /// ``international(_:policy:strict:engine:)``'s answer as a yes or no for input that passed
    /// `PhoneSyntax.isInternationalSyntaxValid`: the same checks, without building the number
    /// or an error (so a valid number costs no allocation).
    static func isValidInternational(_ bytes: UnsafeBufferPointer<UInt8>, policy: PhonePolicy) -> Bool {
        if let plain = PhoneEngine.plainInternational(bytes), plain.territory.idLength == 2,
            RegionTable.shared.region(plain.territory.idBytes.0, plain.territory.idBytes.1) != nil
        {
            return !policy.mobileOnly || plain.type.isMobile
        }
        let analysis = analyze(bytes, region: nil, engine: .compiled)
        guard Int(analysis.status) == CPhoneNumberShims_OK, analysis.isValid,
            RegionTable.shared.region(analysis.region) != nil, isE164(analysis, bytes)
        else { return false }
        return !policy.mobileOnly || analysis.type.isMobile
    }

    /// Whether `bytes` is `+`, the calling code and the national number of `analysis`.
    private static func isE164(_ analysis: PhoneNumberLibrary.Analysis, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var code = analysis.countryCallingCode
        var digits = 0
        repeat {
            digits += 1
            code /= 10
        } while code > 0
        var national = analysis.nationalNumber
        return national.withUTF8 { national in
            guard bytes.count == 1 + digits + national.count, bytes[0] == UInt8(ascii: "+") else { return false }
            code = analysis.countryCallingCode
            for index in stride(from: digits, through: 1, by: -1) {
                guard bytes[index] == UInt8(truncatingIfNeeded: 0x30 + code % 10) else { return false }
                code /= 10
            }
            return UnsafeBufferPointer(rebasing: bytes[(1 + digits)...]).elementsEqual(national)
        }
    }

    /// Whether `text` is exactly `bytes`.
    private static func sameBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { $0.count == bytes.count && $0.elementsEqual(bytes) }
    }

    private static func checkParsed(_ analysis: PhoneNumberLibrary.Analysis) throws(ValidationError) {
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
        _ analysis: PhoneNumberLibrary.Analysis,
        e164: String,
        region: RegionTable.Region,
        policy: PhonePolicy
    ) throws(ValidationError) -> PhoneNumber {
        if let count = PhoneSyntax.digitCountProblem(e164.utf8.count - 1, policy: policy) {
            throw ValidationError([count])
        }
        if policy.mobileOnly && !analysis.type.isMobile {
            if analysis.type == .fixedLine {
                throw fail(.landline)
            }
            throw fail(.notMobile(type: analysis.type))
        }
        return PhoneNumber(
            e164: e164,
            region: CountryCode(region),
            countryCallingCode: analysis.countryCallingCode,
            nationalNumber: analysis.nationalNumber,
            type: analysis.type
        )
    }
}
