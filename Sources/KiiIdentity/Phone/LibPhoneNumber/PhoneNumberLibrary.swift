internal import CPhoneNumberShims

/// The library's one door to libphonenumber: the only Swift file that imports the C shim.
///
/// It turns the shim's C calls and constants into Swift types: the installed library's metadata
/// collection (``PhoneMetadata``), the system source the engine compiles as it compiles the
/// bundled one; and, for that source's differential tests and the benchmark, libphonenumber's own
/// verdict (``PhoneAnalysis``), formats and example numbers. Everything else speaks Swift types.
package enum PhoneNumberLibrary {
    /// libphonenumber's verdict on a checked input, in one shim call.
    package static func analyze(_ input: CheckedPhoneInput) -> PhoneAnalysis {
        var raw = CPhoneNumberShims_Analysis()
        switch input {
        case .international(let bytes):
            _ = CPhoneNumberShims_analyze(bytes.cText, bytes.count, nil, 0, &raw)
        case .local(let digits, let region):
            region.withCode { region in
                _ = CPhoneNumberShims_analyze(digits.cText, digits.count, region.cText, region.count, &raw)
            }
        }
        let regionBytes = withUnsafeBytes(of: raw.region) { ($0[0], $0[1], $0[2]) }
        let national = withUnsafeBytes(of: raw.nationalNumber) { buffer in
            DigitString(
                UnsafeBufferPointer(
                    start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    count: min(Int(raw.nationalNumberLength), buffer.count)
                )
            )
        }
        return PhoneAnalysis(
            status: ParseStatus(shimValue: raw.status),
            countryCallingCode: Int(raw.countryCallingCode),
            countryCodeSource: CallingCodeSource(shimValue: raw.countryCodeSource),
            type: PhoneNumberType(shimValue: raw.numberType),
            isValid: raw.isValid == 1,
            region: regionBytes,
            regionLength: min(Int(raw.regionLength), 3),
            national: national ?? DigitString()
        )
    }

    /// The formats libphonenumber writes a number in.
    package enum Format {
        /// `090-1234-5678`.
        case national
        /// `+81 90-1234-5678`.
        case international
    }

    /// Formats an E.164 number; `nil` if libphonenumber cannot.
    package static func format(_ e164: String, _ format: Format) -> String? {
        self.format(input: e164, region: nil, format)
    }

    /// Formats the number libphonenumber parses from `text` (read in `region`, or needing a `+`
    /// without one), valid or not; `nil` if it does not parse.
    package static func format(input text: String, region: String?, _ format: Format) -> String? {
        let shimFormat =
            switch format {
            case .national: Int32(CPhoneNumberShims_NATIONAL)
            case .international: Int32(CPhoneNumberShims_INTERNATIONAL)
            }
        return text.withUTF8Bytes { input in
            (region ?? "").withUTF8Bytes { region in
                readText(capacity: 64) { buffer, length in
                    CPhoneNumberShims_formatInput(
                        input.cText,
                        input.count,
                        region.cText,
                        region.count,
                        shimFormat,
                        buffer.baseAddress,
                        buffer.count,
                        &length
                    )
                }
            }
        }
    }

    /// libphonenumber's example number of `type` for `region`, in E.164, if it has one.
    package static func exampleNumber(region: String, type: PhoneNumberType) -> String? {
        region.withUTF8Bytes { region in
            readText(capacity: 32) { buffer, length in
                CPhoneNumberShims_exampleNumber(
                    region.cText,
                    region.count,
                    type.shimValue,
                    buffer.baseAddress,
                    buffer.count,
                    &length
                )
            }
        }
    }

    /// libphonenumber's calling code of `region`; 0 for a region it does not know.
    package static func callingCode(region: String) -> Int {
        region.withUTF8Bytes { Int(CPhoneNumberShims_countryCallingCode($0.cText, $0.count)) }
    }

    /// libphonenumber's national prefix of `region`; empty when it has none.
    package static func nationalPrefix(region: String) -> String {
        region.withUTF8Bytes { region in
            readText(capacity: 16) { buffer, length in
                CPhoneNumberShims_nationalPrefix(region.cText, region.count, buffer.baseAddress, buffer.count, &length)
            }
        } ?? ""
    }

    // MARK: Metadata

    /// libphonenumber's metadata collection, in its order: every entry the shim can read (the
    /// ``PhoneMetadataSource/system`` source).
    package static func metadataCollection() -> [PhoneMetadata] {
        (0..<CPhoneNumberShims_metadataCount()).compactMap(metadata)
    }

    /// The libphonenumber releases whose metadata this library recognises, by the digest of
    /// the serialized metadata they carry (`CPhoneNumberShims_metadataDigest`).
    static let knownMetadataDigests: [UInt64: String] = [
        0x886e_ba90_b953_db99: "8.12.57"  // Debian 12 (bookworm)
    ]

    /// The release of the installed library's metadata, when its digest is a known one.
    static let metadataVersion: String? = knownMetadataDigests[CPhoneNumberShims_metadataDigest()]

    private static func metadata(_ index: Int) -> PhoneMetadata? {
        var raw = CPhoneNumberShims_Metadata()
        guard CPhoneNumberShims_metadata(index, &raw) == CPhoneNumberShims_OK else { return nil }
        var descriptions: [PhoneMetadata.Description] = []
        for kind in PhoneMetadata.Kind.allCases {
            var desc = CPhoneNumberShims_Desc()
            guard CPhoneNumberShims_metadataDesc(index, Int32(kind.rawValue), &desc) == CPhoneNumberShims_OK else {
                return nil
            }
            descriptions.append(
                PhoneMetadata.Description(
                    pattern: desc.present == 0 ? "" : string(desc.nationalNumberPattern),
                    possibleLengths: lengths(desc.possibleLengths, desc.possibleLengthCount),
                    localOnlyLengths: lengths(desc.localOnlyLengths, desc.localOnlyLengthCount),
                    exampleNumber: desc.present == 0 ? "" : string(desc.exampleNumber)
                )
            )
        }
        guard let nationalFormats = Self.numberFormats(index, international: false),
            let internationalFormats = Self.numberFormats(index, international: true)
        else { return nil }
        return PhoneMetadata(
            id: string(raw.id),
            countryCallingCode: Int(raw.countryCallingCode),
            isMainCountryForCode: raw.mainCountryForCode != 0,
            sameMobileAndFixedLinePattern: raw.sameMobileAndFixedLinePattern != 0,
            leadingDigits: raw.hasLeadingDigits != 0 ? string(raw.leadingDigits) : nil,
            nationalPrefix: string(raw.nationalPrefix),
            nationalPrefixForParsing: string(raw.nationalPrefixForParsing),
            nationalPrefixTransformRule: string(raw.nationalPrefixTransformRule),
            internationalPrefix: string(raw.internationalPrefix),
            descriptions: descriptions,
            numberFormats: nationalFormats,
            internationalFormats: internationalFormats
        )
    }

    /// The national or international number formats of entry `index`; `nil` if one does not read.
    private static func numberFormats(_ index: Int, international: Bool) -> [PhoneMetadata.NumberFormat]? {
        let which: Int32 = international ? 1 : 0
        var formats: [PhoneMetadata.NumberFormat] = []
        for position in 0..<CPhoneNumberShims_metadataFormatCount(index, which) {
            var raw = CPhoneNumberShims_NumberFormat()
            guard CPhoneNumberShims_metadataFormat(index, which, position, &raw) == CPhoneNumberShims_OK else {
                return nil
            }
            var leadingDigits: [String] = []
            for pattern in 0..<raw.leadingDigitsCount {
                var text = CPhoneNumberShims_Text()
                guard
                    CPhoneNumberShims_metadataLeadingDigits(index, which, position, pattern, &text)
                        == CPhoneNumberShims_OK
                else { return nil }
                leadingDigits.append(string(text))
            }
            formats.append(
                PhoneMetadata.NumberFormat(
                    pattern: string(raw.pattern),
                    format: string(raw.format),
                    leadingDigitsPatterns: leadingDigits,
                    nationalPrefixFormattingRule: string(raw.nationalPrefixFormattingRule)
                )
            )
        }
        return formats
    }

    private static func string(_ text: CPhoneNumberShims_Text) -> String {
        guard let bytes = text.bytes, text.length > 0 else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: text.length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: text.length), as: UTF8.self)
        }
    }

    private static func lengths(_ pointer: UnsafePointer<Int32>?, _ count: Int) -> [Int] {
        guard let pointer, count > 0 else { return [] }
        return UnsafeBufferPointer(start: pointer, count: count).map(Int.init)
    }

    /// Runs a shim call that writes text into a caller-owned buffer of `capacity` bytes and its
    /// length into `length`; the text, or `nil` when the call does not answer OK.
    private static func readText(
        capacity: Int,
        _ call: (UnsafeMutableBufferPointer<CChar>, inout Int) -> Int32
    ) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            var length = 0
            guard call(buffer, &length) == CPhoneNumberShims_OK, length <= buffer.count else { return nil }
            return String(
                decoding: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<length]),
                as: UTF8.self
            )
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes as the `const char *` the shim takes (with their length passed beside it).
    fileprivate var cText: UnsafePointer<CChar>? {
        baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
    }
}

extension ParseStatus {
    /// The status of a shim call (`PhoneNumberUtil::ErrorType`, or the shim's own).
    fileprivate init(shimValue: Int32) {
        switch Int(shimValue) {
        case CPhoneNumberShims_OK: self = .parsed
        case CPhoneNumberShims_INVALID_COUNTRY_CODE: self = .invalidCountryCode
        case CPhoneNumberShims_NOT_A_NUMBER: self = .notANumber
        case CPhoneNumberShims_TOO_SHORT_AFTER_IDD: self = .tooShortAfterInternationalPrefix
        case CPhoneNumberShims_TOO_SHORT_NSN: self = .tooShortNationalNumber
        case CPhoneNumberShims_TOO_LONG_NSN: self = .tooLongNationalNumber
        default: self = .failed
        }
    }
}

extension CallingCodeSource {
    /// The shim's `CPhoneNumberShims_FROM_*` value.
    fileprivate init(shimValue: Int32) {
        switch Int(shimValue) {
        case CPhoneNumberShims_FROM_NUMBER_WITH_PLUS_SIGN: self = .plusSign
        case CPhoneNumberShims_FROM_NUMBER_WITH_IDD: self = .internationalPrefix
        case CPhoneNumberShims_FROM_NUMBER_WITHOUT_PLUS_SIGN: self = .withoutPlusSign
        case CPhoneNumberShims_FROM_DEFAULT_COUNTRY: self = .defaultCountry
        default: self = .unspecified
        }
    }
}

extension PhoneNumberType {
    /// The type of the shim's `CPhoneNumberShims_*` type value.
    fileprivate init(shimValue: Int32) {
        switch Int(shimValue) {
        case CPhoneNumberShims_FIXED_LINE: self = .fixedLine
        case CPhoneNumberShims_MOBILE: self = .mobile
        case CPhoneNumberShims_FIXED_LINE_OR_MOBILE: self = .fixedLineOrMobile
        case CPhoneNumberShims_TOLL_FREE: self = .tollFree
        case CPhoneNumberShims_PREMIUM_RATE: self = .premiumRate
        case CPhoneNumberShims_SHARED_COST: self = .sharedCost
        case CPhoneNumberShims_VOIP: self = .voip
        case CPhoneNumberShims_PERSONAL_NUMBER: self = .personalNumber
        case CPhoneNumberShims_PAGER: self = .pager
        case CPhoneNumberShims_UAN: self = .uan
        case CPhoneNumberShims_VOICEMAIL: self = .voicemail
        default: self = .unknown
        }
    }

    /// The shim's value of the type.
    fileprivate var shimValue: Int32 {
        switch self {
        case .fixedLine: Int32(CPhoneNumberShims_FIXED_LINE)
        case .mobile: Int32(CPhoneNumberShims_MOBILE)
        case .fixedLineOrMobile: Int32(CPhoneNumberShims_FIXED_LINE_OR_MOBILE)
        case .tollFree: Int32(CPhoneNumberShims_TOLL_FREE)
        case .premiumRate: Int32(CPhoneNumberShims_PREMIUM_RATE)
        case .sharedCost: Int32(CPhoneNumberShims_SHARED_COST)
        case .voip: Int32(CPhoneNumberShims_VOIP)
        case .personalNumber: Int32(CPhoneNumberShims_PERSONAL_NUMBER)
        case .pager: Int32(CPhoneNumberShims_PAGER)
        case .uan: Int32(CPhoneNumberShims_UAN)
        case .voicemail: Int32(CPhoneNumberShims_VOICEMAIL)
        case .unknown: Int32(CPhoneNumberShims_UNKNOWN)
        }
    }
}
