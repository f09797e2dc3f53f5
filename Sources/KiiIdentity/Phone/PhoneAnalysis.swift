/// What libphonenumber makes of one input (`ParseAndKeepRawInput`, `GetRegionCodeForNumber`,
/// `GetNumberType`, `IsValidNumber[ForRegion]`), held inline: the compiled engine writes it
/// without touching the heap, and the shim's answer is read into the same shape, so that the
/// phone rules run on one type whichever engine answered.
package struct PhoneAnalysis {
    /// How the parse ended; the rest is meaningful only when it is ``ParseStatus/parsed``.
    package var status: ParseStatus
    package var countryCallingCode: Int
    /// Where the calling code came from.
    package var countryCodeSource: CallingCodeSource
    package var type: PhoneNumberType
    package var isValid: Bool
    /// The number's region: two letters, `001` (non-geographic) or `ZZ` (none), as ASCII bytes.
    var region: (UInt8, UInt8, UInt8)
    var regionLength: Int
    /// The national significant number.
    var national: DigitString

    /// A parse error.
    static func failure(_ status: ParseStatus) -> Self {
        Self(
            status: status,
            countryCallingCode: 0,
            countryCodeSource: .unspecified,
            type: .unknown,
            isValid: false,
            region: (0, 0, 0),
            regionLength: 0,
            national: DigitString()
        )
    }

    /// The region libphonenumber names, as text (`JP`, `001`, `ZZ`).
    package var regionCode: String {
        withUnsafeBytes(of: region) { String(decoding: $0.prefix(regionLength), as: UTF8.self) }
    }

    /// The national significant number, as text.
    package var nationalNumber: String { national.string }

    /// The supported region of `source` the number belongs to; `nil` for `001` and `ZZ`.
    func supportedRegion(in source: PhoneMetadataSource.Kind) -> RegionTable.Region? {
        regionLength == 2 ? RegionTable.of(source).region(region.0, region.1) : nil
    }

    /// `+`, the calling code and the national number: the E.164 form, written into one buffer.
    var e164: String {
        national.withDigits { national in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 + national.count) { buffer in
                let length = Self.writeCallingCode(countryCallingCode, into: buffer)
                for (offset, byte) in national.enumerated() { buffer[length + offset] = byte }
                return String(
                    decoding: UnsafeBufferPointer(rebasing: buffer[..<(length + national.count)]),
                    as: UTF8.self
                )
            }
        }
    }

    /// Whether `bytes` is the E.164 form (``e164``), compared without building it.
    func isE164(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { buffer in
            let length = Self.writeCallingCode(countryCallingCode, into: buffer)
            return national.withDigits { national in
                bytes.count == length + national.count
                    && UnsafeBufferPointer(rebasing: bytes[..<length]).elementsEqual(buffer[..<length])
                    && UnsafeBufferPointer(rebasing: bytes[length...]).elementsEqual(national)
            }
        }
    }

    /// How many digits the E.164 form has: the calling code's and the national number's.
    var e164DigitCount: Int { DigitString.decimalLength(countryCallingCode) + national.count }

    /// Writes `+` and the decimal digits of `code` (1 to 3) at the start of `buffer`; the length.
    static func writeCallingCode(_ code: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let digits = DigitString.decimalLength(code)
        buffer[0] = UInt8(ascii: "+")
        var rest = code
        for index in stride(from: digits, through: 1, by: -1) {
            buffer[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        return 1 + digits
    }
}

extension PhoneAnalysis {
    /// A parse error reported by an outside oracle.
    package init(reportedStatus status: ParseStatus) {
        self = .failure(status)
    }

    /// An analysis reported as text by an outside oracle (the differential tests' libphonenumber
    /// in another language): `region` is `JP`, `001` or `ZZ`, `nationalNumber` ASCII digits.
    package init(
        reportedStatus status: ParseStatus,
        countryCallingCode: Int,
        countryCodeSource: CallingCodeSource,
        type: PhoneNumberType,
        isValid: Bool,
        region: String,
        nationalNumber: String
    ) {
        let regionBytes = Array(region.utf8.prefix(3)) + [0, 0, 0]
        let national = Array(nationalNumber.utf8).withUnsafeBufferPointer { DigitString($0) } ?? DigitString()
        self.init(
            status: status,
            countryCallingCode: countryCallingCode,
            countryCodeSource: countryCodeSource,
            type: type,
            isValid: isValid,
            region: (regionBytes[0], regionBytes[1], regionBytes[2]),
            regionLength: min(region.utf8.count, 3),
            national: national
        )
    }
}

/// How libphonenumber's parse of a number ended (`PhoneNumberUtil::ErrorType`).
@_spi(Probes)
public enum ParseStatus: Sendable, Hashable {
    /// The number parsed.
    case parsed
    /// No calling code in use starts it (`INVALID_COUNTRY_CODE_ERROR`).
    case invalidCountryCode
    /// Not a number (`NOT_A_NUMBER`).
    case notANumber
    /// Too short after an international prefix (`TOO_SHORT_AFTER_IDD`).
    case tooShortAfterInternationalPrefix
    /// A national number too short (`TOO_SHORT_NSN`).
    case tooShortNationalNumber
    /// A national number too long (`TOO_LONG_NSN`).
    case tooLongNationalNumber
    /// libphonenumber failed in another way (the shim's internal error).
    case failed
}

/// Where a parsed number's calling code came from (`PhoneNumber::CountryCodeSource`).
@_spi(Probes)
public enum CallingCodeSource: Sendable, Hashable {
    /// Not known (a failed parse).
    case unspecified
    /// After `+`.
    case plusSign
    /// After an international dialling prefix (`010` in Japan).
    case internationalPrefix
    /// The region's calling code written without `+`.
    case withoutPlusSign
    /// The region's: the number was national.
    case defaultCountry
}
