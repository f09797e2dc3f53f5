/// The compiled engine: what libphonenumber's `ParseAndKeepRawInput`, `GetRegionCodeForNumber`,
/// `GetNumberType` and `IsValidNumberForRegion` make of a number, from the compiled tables alone.
///
/// It reads what the syntax step hands on (``CheckedPhoneInput``): `+` and digits read without a
/// region, or digits read in a region of the source. For a calling code whose metadata uses a
/// construct the engine does not compile, it answers `nil` (never for the bundled metadata: the
/// tests compile every calling code of it).
package enum PhoneEngine {
    /// libphonenumber's `kMinLengthForNsn` and `kMaxLengthForNsn`.
    static let minimumNationalLength = 2
    static let maximumNationalLength = 17

    /// What libphonenumber would report for `input` with `source`'s metadata, in the shape of
    /// its analysis.
    package static func analyze(_ input: CheckedPhoneInput, source: PhoneMetadataSource.Kind) -> PhoneAnalysis? {
        let territories = PhoneTerritories.of(source)
        let home: UnsafePointer<CompiledTerritory>?
        let body: UnsafeBufferPointer<UInt8>
        switch input {
        case .international(let bytes):
            home = nil
            body = UnsafeBufferPointer(rebasing: bytes[1...])
        case .local(let digits, let region):
            guard let list = territories.territories(region.countryCallingCode) else { return nil }
            home = list.territory(at: region.territoryPosition)
            body = digits
        }
        let hasPlus = home == nil
        guard let digits = DigitString(body) else { return nil }
        // IsViablePhoneNumber: two digits, or a plus and three.
        if digits.count < (hasPlus ? 3 : minimumNationalLength) { return .failure(.notANumber) }

        let source: CallingCodeSource
        let code: Int
        var number: DigitString
        let tables: UnsafeBufferPointer<CompiledTerritory>
        let parsing: UnsafePointer<CompiledTerritory>
        if let home {
            let idd = digits.withDigits { digits in
                CompiledTerritory.mayStart(home.pointee.internationalPrefixStarts, digits)
                    ? home.pointee.internationalPrefix.consumedLength(digits) : nil
            }
            if let idd, idd == digits.count || digits[idd] != UInt8(ascii: "0") {
                // An international prefix, then a calling code.
                let rest = digits.dropping(idd)
                if rest.count <= minimumNationalLength { return .failure(.tooShortAfterInternationalPrefix) }
                guard let (found, length) = countryCode(rest, territories) else {
                    return .failure(.invalidCountryCode)
                }
                guard let list = territories.territories(found) else { return nil }
                source = .internationalPrefix
                code = found
                number = rest.dropping(length)
                tables = list
                parsing = list.main
            } else if let withoutPlus = callingCodeWithoutPlus(digits, home) {
                guard let found = territories.territories(home.pointee.countryCallingCode) else { return nil }
                source = .withoutPlusSign
                code = home.pointee.countryCallingCode
                number = withoutPlus
                tables = found
                parsing = found.main
            } else {
                guard let found = territories.territories(home.pointee.countryCallingCode) else { return nil }
                source = .defaultCountry
                code = home.pointee.countryCallingCode
                number = digits
                tables = found
                parsing = home
            }
        } else {
            guard let (found, length) = countryCode(digits, territories) else {
                return .failure(.invalidCountryCode)
            }
            guard let list = territories.territories(found) else { return nil }
            source = .plusSign
            code = found
            number = digits.dropping(length)
            tables = list
            parsing = list.main
        }

        if number.count < minimumNationalLength { return .failure(.tooShortNationalNumber) }
        let stripped = parsing.pointee.strippingNationalPrefix(number)
        switch parsing.pointee.lengthVerdict(stripped.count) {
        case .tooShort, .possibleLocalOnly, .invalidLength: break
        case .possible, .tooLong: number = stripped
        }
        if number.count < minimumNationalLength { return .failure(.tooShortNationalNumber) }
        if number.count > maximumNationalLength { return .failure(.tooLongNationalNumber) }

        return number.withDigits { national in
            let (numberRegion, type) = regionAndType(national, in: tables)
            var valid = type != .unknown
            if let home, numberRegion != home {
                valid = code == home.pointee.countryCallingCode && home.pointee.type(of: national) != .unknown
            }
            return PhoneAnalysis(
                status: .parsed,
                countryCallingCode: code,
                countryCodeSource: source,
                type: valid ? type : .unknown,
                isValid: valid,
                region: numberRegion?.pointee.idBytes ?? (UInt8(ascii: "Z"), UInt8(ascii: "Z"), 0),
                regionLength: numberRegion?.pointee.idLength ?? 2,
                national: number
            )
        }
    }

    /// A number in E.164 form whose verdict needs none of the parse's rewriting steps.
    struct PlainInternational {
        /// The region's id (`JP`, or `001` with `regionLength` 3).
        let region: (UInt8, UInt8, UInt8)
        let regionLength: Int
        let countryCallingCode: Int
        /// Where the national number starts in the input (after `+` and the calling code).
        let nationalStart: Int
        let type: PhoneNumberType
    }

    /// The common case of ``analyze(_:source:)`` for `+digits`, answered without building the
    /// analysis: a known calling code, a national number the national prefix for parsing cannot
    /// start (so the parse keeps it as written, and the input is its own E.164 form), valid for
    /// its region. `nil` for anything else, which the full steps then decide.
    static func plainInternational(
        _ bytes: UnsafeBufferPointer<UInt8>,
        source: PhoneMetadataSource.Kind
    ) -> PlainInternational? {
        guard bytes.count >= 4, bytes[0] == UInt8(ascii: "+"), bytes[1] != UInt8(ascii: "0") else { return nil }
        let territories = PhoneTerritories.of(source)
        guard let (code, codeLength) = countryCode(UnsafeBufferPointer(rebasing: bytes[1...]), territories),
            let tables = territories.territories(code)
        else { return nil }
        let national = UnsafeBufferPointer(rebasing: bytes[(1 + codeLength)...])
        guard national.count >= minimumNationalLength, national.count <= maximumNationalLength else { return nil }
        let starts = tables.main.pointee.nationalPrefixStarts
        guard starts & (1 << UInt16(national[0] &- 0x30)) == 0 else { return nil }
        let (found, type) = regionAndType(national, in: tables)
        guard let territory = found, type != .unknown else { return nil }
        return PlainInternational(
            region: territory.pointee.idBytes,
            regionLength: territory.pointee.idLength,
            countryCallingCode: code,
            nationalStart: 1 + codeLength,
            type: type
        )
    }

    /// `ExtractCountryCode`: the first one to three digits that are a calling code in use.
    private static func countryCode(_ digits: DigitString, _ territories: PhoneTerritories) -> (Int, Int)? {
        digits.withDigits { countryCode($0, territories) }
    }

    /// ``countryCode(_:_:)`` over ASCII digits: the code and how many digits it takes.
    @inline(__always)
    private static func countryCode(
        _ digits: UnsafeBufferPointer<UInt8>,
        _ territories: PhoneTerritories
    ) -> (Int, Int)? {
        guard let first = digits.first, first != UInt8(ascii: "0") else { return nil }
        var code = 0
        for length in 1...min(3, digits.count) {
            code = code * 10 + Int(digits[length - 1] &- 0x30)
            if territories.knows(code) { return (code, length) }
        }
        return nil
    }

    /// `MaybeExtractCountryCode`'s last case: the region's own calling code written without `+`
    /// is taken as one when the number matches the general pattern only without it, or is too
    /// long with it. The number after the code (and its national prefix), or `nil`.
    private static func callingCodeWithoutPlus(
        _ digits: DigitString,
        _ home: UnsafePointer<CompiledTerritory>
    ) -> DigitString? {
        guard let length = digits.prefixLength(ofDecimal: home.pointee.countryCallingCode) else { return nil }
        let potential = home.pointee.strippingNationalPrefix(digits.dropping(length))
        let before = digits.withDigits { home.pointee.matchesGeneralPattern($0) }
        let after = potential.withDigits { home.pointee.matchesGeneralPattern($0) }
        guard (!before && after) || home.pointee.lengthVerdict(digits.count) == .tooLong else { return nil }
        return potential
    }

    /// `GetRegionCodeForNumberFromRegionList`: the region whose leading digits start the number,
    /// or for which it is valid, in region order; `nil` for libphonenumber's `ZZ`.
    private static func regionOfNumber(
        _ national: UnsafeBufferPointer<UInt8>,
        in tables: UnsafeBufferPointer<CompiledTerritory>
    ) -> (territory: UnsafePointer<CompiledTerritory>, type: PhoneNumberType?)? {
        if tables.count == 1 { return (tables.main, nil) }
        for index in tables.indices {
            let territory = tables.territory(at: index)
            if let leadingDigits = territory.pointee.leadingDigits {
                if leadingDigits.matchesPrefix(of: national) { return (territory, nil) }
            } else {
                let type = territory.pointee.type(of: national)
                if type != .unknown { return (territory, type) }
            }
        }
        return nil
    }

    /// The region of a number and its type there (`GetRegionCodeForNumber`, `GetNumberType`),
    /// walking the automaton once when the region was found by validity.
    private static func regionAndType(
        _ national: UnsafeBufferPointer<UInt8>,
        in tables: UnsafeBufferPointer<CompiledTerritory>
    ) -> (territory: UnsafePointer<CompiledTerritory>?, type: PhoneNumberType) {
        guard let (territory, known) = regionOfNumber(national, in: tables) else { return (nil, .unknown) }
        return (territory, known ?? territory.pointee.type(of: national))
    }
}
