import CPhoneNumberBaseline
import Foundation

/// The baselines: what a service without KiiIdentity would run on the same inputs.
///
/// - `NSRegularExpression` and Swift `Regex` with the Kii SDKs' patterns (``SDKPatterns``);
/// - a raw byte loop of the same rule as KiiIdentity (``ByteLoops``): the floor;
/// - for phone numbers, the plain libphonenumber pipeline through the shim.
enum Baselines {
    /// `NSRegularExpression` with `pattern`, matched against the whole input.
    static func nsRegularExpression(_ pattern: String, _ inputs: [String]) -> Contender {
        let regex = try! NSRegularExpression(pattern: pattern)
        return Contender(name: "NSRegularExpression", role: .baseline) { index in
            let input = inputs[index]
            return regex.firstMatch(in: input, range: NSRange(location: 0, length: input.utf16.count)) != nil
        }
    }

    /// Swift `Regex` with `pattern` (`wholeMatch`).
    static func swiftRegex(_ pattern: String, _ inputs: [String]) -> Contender {
        let regex = try! Regex(pattern)
        return Contender(name: "Swift Regex", role: .baseline) { index in
            (try? regex.wholeMatch(in: inputs[index])) != nil
        }
    }

    /// What every row pays before checking anything: the closure call and the read of the
    /// input (its byte count). Information only: no ratio is computed for it.
    static func harnessFloor(_ inputs: [String]) -> Contender {
        Contender(name: "harness floor (reads the input only)", role: .variant) { index in
            inputs[index].utf8.count > 2
        }
    }

    /// A raw byte loop implementing KiiIdentity's rule directly.
    static func byteLoop(_ inputs: [String], _ rule: @escaping (String) -> Bool) -> Contender {
        Contender(name: "raw byte loop", role: .baseline) { index in rule(inputs[index]) }
    }

    /// The plain libphonenumber pipeline: Parse + IsValidNumber + GetNumberType + Format(E164),
    /// then the same policy as KiiIdentity's default (mobile, 10 to 15 digits).
    static func libphonenumber(_ inputs: [(region: String?, input: String)]) -> Contender {
        Contender(name: "libphonenumber pipeline", role: .baseline) { index in
            let (region, input) = inputs[index]
            return libphonenumberAccepts(input, region: region)
        }
    }

    /// Parses `numbers` (E.164) with libphonenumber once, for ``libphonenumberFormats(index:)``;
    /// how many parsed.
    static func prepareLibphonenumberNumbers(_ numbers: [String]) -> Int {
        // Every number's bytes in one buffer, and where each starts.
        let bytes = numbers.flatMap { $0.utf8.map { CChar(bitPattern: $0) } }
        let lengths = numbers.map { $0.utf8.count }
        var starts: [Int] = []
        var offset = 0
        for length in lengths {
            starts.append(offset)
            offset += length
        }
        return bytes.withUnsafeBufferPointer { bytes in
            let pointers: [UnsafePointer<CChar>?] = starts.map { start in bytes.baseAddress.map { $0 + start } }
            return pointers.withUnsafeBufferPointer { pointers in
                lengths.withUnsafeBufferPointer { lengths in
                    CPhoneNumberBaseline_prepareNumbers(pointers.baseAddress, lengths.baseAddress, numbers.count)
                }
            }
        }
    }

    /// libphonenumber's `Format` of prepared number `index`, nationally and internationally.
    static func libphonenumberFormats(index: Int) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            var national = 0
            var international = 0
            let first = CPhoneNumberBaseline_format(
                index,
                Int32(CPhoneNumberBaseline_NATIONAL),
                buffer.baseAddress,
                buffer.count,
                &national
            )
            let second = CPhoneNumberBaseline_format(
                index,
                Int32(CPhoneNumberBaseline_INTERNATIONAL),
                buffer.baseAddress,
                buffer.count,
                &international
            )
            return first == CPhoneNumberBaseline_OK && second == CPhoneNumberBaseline_OK && national + international > 8
        }
    }

    /// One run of the pipeline through `CPhoneNumberBaseline_pipeline`.
    static func libphonenumberAccepts(_ input: String, region: String?) -> Bool {
        var input = input
        var region = region ?? ""
        return input.withUTF8 { text in
            region.withUTF8 { region in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
                    var length = 0
                    var type: Int32 = 0
                    let status = text.withMemoryRebound(to: CChar.self) { text in
                        region.withMemoryRebound(to: CChar.self) { region in
                            CPhoneNumberBaseline_pipeline(
                                text.baseAddress,
                                text.count,
                                region.baseAddress,
                                region.count,
                                buffer.baseAddress,
                                buffer.count,
                                &length,
                                &type
                            )
                        }
                    }
                    let mobile =
                        type == CPhoneNumberBaseline_MOBILE || type == CPhoneNumberBaseline_FIXED_LINE_OR_MOBILE
                    return status == CPhoneNumberBaseline_OK && mobile && (11...16).contains(length)
                }
            }
        }
    }
}

/// The Kii SDKs' validation patterns.
enum SDKPatterns {
    static let username = #"^[a-zA-Z0-9-_\.]{3,64}$"#
    static let password = #"^[\u0020-\u007E]{4,50}$"#
    /// The SDKs' email pattern as the rules describe it (no total limit, labels of up to 26
    /// characters, dots anywhere in the local part): the shape of Android's
    /// `Patterns.EMAIL_ADDRESS`, anchored.
    static let email =
        #"^[a-zA-Z0-9\+\.\_\%\-\+]{1,256}\@[a-zA-Z0-9][a-zA-Z0-9\-]{0,64}(\.[a-zA-Z0-9][a-zA-Z0-9\-]{0,25})+$"#
    static let phone = #"^\+[0-9]{10,15}$"#
    /// Two capital letters (the SDKs check the shape only, not the supported regions).
    static let country = #"^[A-Z]{2}$"#
}
