internal import CPhoneNumberShims

/// What libphonenumber makes of one input (`ParseAndKeepRawInput`, `GetRegionCodeForNumber`,
/// `GetNumberType`, `IsValidNumber[ForRegion]`), held inline: the compiled engine writes it
/// without touching the heap, and the shim's answer is read into the same shape, so that the
/// phone rules run on one type whichever engine answered.
struct PhoneAnalysis {
    /// `CPhoneNumberShims_OK`, or the parse error; the rest is meaningful only when OK.
    var status: Int32
    var countryCallingCode: Int
    /// One of `CPhoneNumberShims_FROM_*`.
    var countryCodeSource: Int32
    var type: PhoneNumberType
    var isValid: Bool
    /// The number's region: two letters, `001` (non-geographic) or `ZZ` (none), as ASCII bytes.
    var region: (UInt8, UInt8, UInt8)
    var regionLength: Int
    /// The national significant number.
    var national: DigitString

    /// A parse error.
    static func failure(_ status: Int) -> Self {
        Self(
            status: Int32(status),
            countryCallingCode: 0,
            countryCodeSource: 0,
            type: .unknown,
            isValid: false,
            region: (0, 0, 0),
            regionLength: 0,
            national: DigitString()
        )
    }

    /// The region libphonenumber names, as text (`JP`, `001`, `ZZ`).
    var regionCode: String {
        withUnsafeBytes(of: region) { String(decoding: $0.prefix(regionLength), as: UTF8.self) }
    }

    /// The national significant number, as text.
    var nationalNumber: String { national.string }

    /// The supported region the number belongs to; `nil` for `001` and `ZZ`.
    var supportedRegion: RegionTable.Region? {
        regionLength == 2 ? RegionTable.shared.region(region.0, region.1) : nil
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
