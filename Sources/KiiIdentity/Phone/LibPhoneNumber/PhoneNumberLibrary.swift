internal import CPhoneNumberShims

/// The Swift side of the C shim: small typed calls over `CPhoneNumberShims_*`.
enum PhoneNumberLibrary {
    /// Parses `bytes` (read in `region` when given) in one shim call.
    static func analyze(_ bytes: UnsafeBufferPointer<UInt8>, region: UnsafeBufferPointer<UInt8>?) -> PhoneAnalysis {
        var raw = CPhoneNumberShims_Analysis()
        _ = CPhoneNumberShims_analyze(bytes.cText, bytes.count, region?.cText, region?.count ?? 0, &raw)
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
            status: raw.status,
            countryCallingCode: Int(raw.countryCallingCode),
            countryCodeSource: raw.countryCodeSource,
            type: PhoneNumberType(shimValue: raw.numberType),
            isValid: raw.isValid == 1,
            region: regionBytes,
            regionLength: min(Int(raw.regionLength), 3),
            national: national ?? DigitString()
        )
    }

    /// Formats an E.164 number; `nil` if libphonenumber cannot.
    static func format(_ e164: String, _ format: Int32) -> String? {
        e164.withUTF8Bytes { input in
            readText(capacity: 64) { buffer, length in
                CPhoneNumberShims_format(input.cText, input.count, format, buffer.baseAddress, buffer.count, &length)
            }
        }
    }

    /// libphonenumber's example number of `type` for `region`, in E.164, if it has one.
    static func exampleNumber(region: String, type: PhoneNumberType) -> String? {
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

    /// The supported region codes, sorted ("AC" ... "ZW").
    static func supportedRegions() -> [String] {
        let count = CPhoneNumberShims_copySupportedRegions(nil, 0)
        var codes = [CChar](repeating: 0, count: 2 * count)
        let written = CPhoneNumberShims_copySupportedRegions(&codes, count)
        precondition(written == count, "libphonenumber's region list changed while it was read")
        return (0..<count).map { index in
            String(decoding: codes[(2 * index)..<(2 * index + 2)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The country calling code of a supported region.
    static func countryCallingCode(region: String) -> Int {
        region.withUTF8Bytes { Int(CPhoneNumberShims_countryCallingCode($0.cText, $0.count)) }
    }

    /// The national (trunk) prefix of a supported region, digits only ("" when none).
    static func nationalPrefix(region: String) -> String {
        region.withUTF8Bytes { region in
            readText(capacity: 16) { buffer, length in
                CPhoneNumberShims_nationalPrefix(region.cText, region.count, buffer.baseAddress, buffer.count, &length)
            }
        } ?? ""
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
