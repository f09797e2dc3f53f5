internal import CPhoneNumberShims

/// The Swift side of the C shim: small typed calls over `CPhoneNumberShims_*`.
enum PhoneNumberLibrary {
    /// What libphonenumber makes of one input (see `CPhoneNumberShims_Analysis`).
    struct Analysis {
        var status: Int32
        var countryCallingCode: Int
        var countryCodeSource: Int32
        var type: PhoneNumberType
        var isValid: Bool
        var region: String
        var nationalNumber: String
    }

    /// Parses `bytes` (read in `region` when given) in one shim call.
    static func analyze(_ bytes: UnsafeBufferPointer<UInt8>, region: UnsafeBufferPointer<UInt8>?) -> Analysis {
        var raw = CPhoneNumberShims_Analysis()
        bytes.withMemoryRebound(to: CChar.self) { text in
            if let region {
                region.withMemoryRebound(to: CChar.self) { region in
                    _ = CPhoneNumberShims_analyze(text.baseAddress, text.count, region.baseAddress, region.count, &raw)
                }
            } else {
                _ = CPhoneNumberShims_analyze(text.baseAddress, text.count, nil, 0, &raw)
            }
        }
        let region = withUnsafeBytes(of: raw.region) { buffer in
            String(decoding: buffer.prefix(Int(raw.regionLength)), as: UTF8.self)
        }
        let nationalNumber = withUnsafeBytes(of: raw.nationalNumber) { buffer in
            String(decoding: buffer.prefix(Int(raw.nationalNumberLength)), as: UTF8.self)
        }
        return Analysis(
            status: raw.status,
            countryCallingCode: Int(raw.countryCallingCode),
            countryCodeSource: raw.countryCodeSource,
            type: PhoneNumberType(shimValue: raw.numberType),
            isValid: raw.isValid == 1,
            region: region,
            nationalNumber: nationalNumber
        )
    }

    /// Formats an E.164 number; `nil` if libphonenumber cannot.
    static func format(_ e164: String, _ format: Int32) -> String? {
        var e164 = e164
        return e164.withUTF8 { input in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
                var length = 0
                let status = input.withMemoryRebound(to: CChar.self) { input in
                    CPhoneNumberShims_format(
                        input.baseAddress,
                        input.count,
                        format,
                        buffer.baseAddress,
                        buffer.count,
                        &length
                    )
                }
                guard status == CPhoneNumberShims_OK else { return nil }
                return String(
                    decoding: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<length]),
                    as: UTF8.self
                )
            }
        }
    }

    /// libphonenumber's example number of `type` for `region`, in E.164, if it has one.
    static func exampleNumber(region: String, type: PhoneNumberType) -> String? {
        var region = region
        return region.withUTF8 { region in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
                var length = 0
                let status = region.withMemoryRebound(to: CChar.self) { region in
                    CPhoneNumberShims_exampleNumber(
                        region.baseAddress,
                        region.count,
                        type.shimValue,
                        buffer.baseAddress,
                        buffer.count,
                        &length
                    )
                }
                guard status == CPhoneNumberShims_OK else { return nil }
                return String(
                    decoding: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<length]),
                    as: UTF8.self
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
        var region = region
        return region.withUTF8 { region in
            region.withMemoryRebound(to: CChar.self) {
                Int(CPhoneNumberShims_countryCallingCode($0.baseAddress, $0.count))
            }
        }
    }

    /// The national (trunk) prefix of a supported region, digits only ("" when none).
    static func nationalPrefix(region: String) -> String {
        var region = region
        return region.withUTF8 { region in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { buffer in
                var length = 0
                let status = region.withMemoryRebound(to: CChar.self) { region in
                    CPhoneNumberShims_nationalPrefix(
                        region.baseAddress,
                        region.count,
                        buffer.baseAddress,
                        buffer.count,
                        &length
                    )
                }
                guard status == CPhoneNumberShims_OK else { return "" }
                return String(
                    decoding: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<length]),
                    as: UTF8.self
                )
            }
        }
    }
}
