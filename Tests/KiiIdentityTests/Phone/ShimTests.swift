import CPhoneNumberShims
import KiiIdentity
import Testing

/// Direct calls into the C shim, the way Swift code reaches libphonenumber: a small oracle for
/// the region tests, and the edge cases of the C interface (what sanitizer runs exercise).
enum LibPhoneNumberOracle {
    struct Analysis: Equatable {
        var status: Int32
        var countryCallingCode: Int32
        var countryCodeSource: Int32
        var numberType: Int32
        var isValid: Bool
        var region: String
        var nationalNumber: String
    }

    /// `CPhoneNumberShims_analyze` over `text` (read in `region` when given).
    static func analyze(_ text: String, region: String? = nil) -> Analysis {
        var result = CPhoneNumberShims_Analysis()
        let textBytes = Array(text.utf8).map { CChar(bitPattern: $0) }
        let regionBytes = Array((region ?? "").utf8).map { CChar(bitPattern: $0) }
        let status = textBytes.withUnsafeBufferPointer { textBuffer in
            regionBytes.withUnsafeBufferPointer { regionBuffer in
                CPhoneNumberShims_analyze(
                    textBuffer.baseAddress,
                    textBuffer.count,
                    regionBuffer.baseAddress,
                    regionBuffer.count,
                    &result
                )
            }
        }
        return Analysis(result, status: status)
    }

    /// The national (trunk) prefix of `region`, "" when none.
    static func nationalPrefix(_ region: String) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        var length = 0
        let status = CPhoneNumberShims_nationalPrefix(region, region.utf8.count, &buffer, buffer.count, &length)
        guard status == CPhoneNumberShims_OK else { return "" }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension LibPhoneNumberOracle.Analysis {
    init(_ raw: CPhoneNumberShims_Analysis, status: Int32) {
        let region = withUnsafeBytes(of: raw.region) {
            String(decoding: $0.prefix(Int(raw.regionLength)), as: UTF8.self)
        }
        let nationalNumber = withUnsafeBytes(of: raw.nationalNumber) {
            String(decoding: $0.prefix(Int(raw.nationalNumberLength)), as: UTF8.self)
        }
        self.init(
            status: status,
            countryCallingCode: raw.countryCallingCode,
            countryCodeSource: raw.countryCodeSource,
            numberType: raw.numberType,
            isValid: raw.isValid == 1,
            region: region,
            nationalNumber: nationalNumber
        )
    }
}

@Suite("C shim (CPhoneNumberShims)")
struct ShimTests {
    /// `+819012345678` and `JP` in the middle of a larger buffer, with no NUL after either.
    static let haystack = Array("xx+819012345678yyJPzz09012345678ww".utf8).map { CChar(bitPattern: $0) }

    @Test("reads exactly the given bytes of a larger buffer")
    func slicedInternational() throws {
        var result = CPhoneNumberShims_Analysis()
        let status = Self.haystack.withUnsafeBufferPointer { buffer in
            CPhoneNumberShims_analyze(buffer.baseAddress! + 2, 13, nil, 0, &result)
        }
        #expect(Int(status) == CPhoneNumberShims_OK)
        let analysis = LibPhoneNumberOracle.Analysis(result, status: status)
        #expect(analysis.countryCallingCode == 81)
        #expect(analysis.nationalNumber == "9012345678")
        #expect(analysis.region == "JP")
        #expect(analysis.isValid)
        #expect(Int(analysis.numberType) == CPhoneNumberShims_MOBILE)
        #expect(Int(analysis.countryCodeSource) == CPhoneNumberShims_FROM_NUMBER_WITH_PLUS_SIGN)
    }

    @Test("reads a local number and its region from slices")
    func slicedLocal() throws {
        var result = CPhoneNumberShims_Analysis()
        let status = Self.haystack.withUnsafeBufferPointer { buffer in
            CPhoneNumberShims_analyze(buffer.baseAddress! + 21, 11, buffer.baseAddress! + 17, 2, &result)
        }
        #expect(Int(status) == CPhoneNumberShims_OK)
        let analysis = LibPhoneNumberOracle.Analysis(result, status: status)
        #expect(analysis.nationalNumber == "9012345678")
        #expect(analysis.isValid)
        #expect(Int(analysis.countryCodeSource) == CPhoneNumberShims_FROM_DEFAULT_COUNTRY)
        // One byte shorter is a different (invalid) number: the length is respected.
        var shorter = CPhoneNumberShims_Analysis()
        let shorterStatus = Self.haystack.withUnsafeBufferPointer { buffer in
            CPhoneNumberShims_analyze(buffer.baseAddress! + 21, 10, buffer.baseAddress! + 17, 2, &shorter)
        }
        #expect(Int(shorterStatus) == CPhoneNumberShims_OK)
        #expect(LibPhoneNumberOracle.Analysis(shorter, status: shorterStatus).nationalNumber == "901234567")
        #expect(shorter.isValid == 0)
    }

    /// A heap block of exactly the text's bytes: a read past its end is a heap overflow that the
    /// address sanitizer reports.
    static func withExactAllocation<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        let bytes = Array(text.utf8)
        let block = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
        defer { block.deallocate() }
        for (index, byte) in bytes.enumerated() { block[index] = CChar(bitPattern: byte) }
        return body(block, bytes.count)
    }

    @Test("text and region in blocks of exactly their length (no NUL anywhere)")
    func exactAllocations() {
        var result = CPhoneNumberShims_Analysis()
        let status = Self.withExactAllocation("09012345678") { text, textLength in
            Self.withExactAllocation("JP") { region, regionLength in
                CPhoneNumberShims_analyze(text, textLength, region, regionLength, &result)
            }
        }
        #expect(Int(status) == CPhoneNumberShims_OK)
        #expect(result.isValid == 1)
        var length = 0
        var buffer = [CChar](repeating: 0, count: 32)
        let formatted = Self.withExactAllocation("+819012345678") { text, textLength in
            CPhoneNumberShims_format(text, textLength, Int32(CPhoneNumberShims_NATIONAL), &buffer, 32, &length)
        }
        #expect(Int(formatted) == CPhoneNumberShims_OK)
        #expect(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == "090-1234-5678")
        let callingCode = Self.withExactAllocation("JP") { CPhoneNumberShims_countryCallingCode($0, $1) }
        #expect(callingCode == 81)
        let prefix = Self.withExactAllocation("JP") { region, regionLength in
            CPhoneNumberShims_nationalPrefix(region, regionLength, &buffer, 16, &length)
        }
        #expect(Int(prefix) == CPhoneNumberShims_OK)
        #expect(length == 1 && buffer[0] == CChar(UInt8(ascii: "0")))
        let example = Self.withExactAllocation("JP") { region, regionLength in
            CPhoneNumberShims_exampleNumber(region, regionLength, Int32(CPhoneNumberShims_MOBILE), &buffer, 32, &length)
        }
        #expect(Int(example) == CPhoneNumberShims_OK)
        #expect(length == 13)
    }

    @Test("zero length and NULL with zero length are empty input, not a crash")
    func emptyInput() {
        var result = CPhoneNumberShims_Analysis()
        let empty = Self.haystack.withUnsafeBufferPointer { buffer in
            CPhoneNumberShims_analyze(buffer.baseAddress! + 2, 0, nil, 0, &result)
        }
        #expect(Int(empty) == CPhoneNumberShims_NOT_A_NUMBER)
        #expect(result.isValid == 0)
        #expect(Int(result.numberType) == CPhoneNumberShims_UNKNOWN)
        let null = CPhoneNumberShims_analyze(nil, 0, nil, 0, &result)
        #expect(Int(null) == CPhoneNumberShims_NOT_A_NUMBER)
        #expect(Int(result.status) == CPhoneNumberShims_NOT_A_NUMBER)
    }

    @Test("bad arguments are reported, never dereferenced")
    func badArguments() {
        var result = CPhoneNumberShims_Analysis()
        #expect(Int(CPhoneNumberShims_analyze(nil, 5, nil, 0, &result)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(Int(result.status) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(Int(CPhoneNumberShims_analyze("+819012345678", 13, nil, 0, nil)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(Int(CPhoneNumberShims_analyze("090", 3, nil, 2, &result)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(Int(CPhoneNumberShims_analyze("090", 3, "JPNX", 4, &result)) == CPhoneNumberShims_BAD_ARGUMENT)
        var length = 0
        var buffer = [CChar](repeating: 0, count: 32)
        #expect(Int(CPhoneNumberShims_format(nil, 3, 0, &buffer, 32, &length)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(
            Int(CPhoneNumberShims_format("+819012345678", 13, 7, &buffer, 32, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_format("+819012345678", 13, -1, &buffer, 32, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_format("+819012345678", 13, 0, &buffer, 32, nil)) == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_format("+819012345678", 13, 0, nil, 32, &length)) == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(CPhoneNumberShims_countryCallingCode(nil, 2) == 0)
        #expect(CPhoneNumberShims_countryCallingCode("JPN", 3) == 0)
        #expect(CPhoneNumberShims_countryCallingCode("XX", 2) == 0)
        #expect(Int(CPhoneNumberShims_nationalPrefix("JP", 2, &buffer, 16, nil)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(Int(CPhoneNumberShims_nationalPrefix(nil, 2, &buffer, 16, &length)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(
            Int(CPhoneNumberShims_exampleNumber("JP", 2, 12, &buffer, 32, &length)) == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_exampleNumber("JP", 2, -1, &buffer, 32, &length)) == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(Int(CPhoneNumberShims_exampleNumber("J", 1, 1, &buffer, 32, &length)) == CPhoneNumberShims_BAD_ARGUMENT)
    }

    @Test("output buffers that are too small give BAD_ARGUMENT and are not overrun")
    func smallBuffers() {
        var length = 0
        // A sentinel after the usable capacity must survive.
        var buffer = [CChar](repeating: 0x55, count: 8)
        #expect(
            Int(CPhoneNumberShims_format("+819012345678", 13, 0, &buffer, 5, &length)) == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(buffer.allSatisfy { $0 == 0x55 })
        #expect(
            Int(CPhoneNumberShims_exampleNumber("JP", 2, Int32(CPhoneNumberShims_MOBILE), &buffer, 3, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(buffer.allSatisfy { $0 == 0x55 })
        #expect(Int(CPhoneNumberShims_nationalPrefix("JP", 2, &buffer, 0, &length)) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(buffer.allSatisfy { $0 == 0x55 })

        var exact = [CChar](repeating: 0, count: 13)
        #expect(Int(CPhoneNumberShims_format("+819012345678", 13, 0, &exact, 13, &length)) == CPhoneNumberShims_OK)
        #expect(length == 13)
        #expect(String(decoding: exact.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "+819012345678")
    }

    @Test("formats, prefixes, calling codes and examples")
    func facts() {
        var length = 0
        var buffer = [CChar](repeating: 0, count: 32)
        func text() -> String { String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #expect(Int(CPhoneNumberShims_format("+819012345678", 13, 2, &buffer, 32, &length)) == CPhoneNumberShims_OK)
        #expect(text() == "090-1234-5678")
        #expect(Int(CPhoneNumberShims_format("+819012345678", 13, 1, &buffer, 32, &length)) == CPhoneNumberShims_OK)
        #expect(text() == "+81 90-1234-5678")
        #expect(LibPhoneNumberOracle.nationalPrefix("JP") == "0")
        #expect(LibPhoneNumberOracle.nationalPrefix("US") == "1")
        #expect(LibPhoneNumberOracle.nationalPrefix("IT") == "")
        #expect(CPhoneNumberShims_countryCallingCode("JP", 2) == 81)
        #expect(
            Int(CPhoneNumberShims_exampleNumber("JP", 2, Int32(CPhoneNumberShims_MOBILE), &buffer, 32, &length))
                == CPhoneNumberShims_OK
        )
        #expect(text() == "+819012345678")
        #expect(
            Int(CPhoneNumberShims_exampleNumber("JP", 2, Int32(CPhoneNumberShims_UNKNOWN), &buffer, 32, &length))
                == CPhoneNumberShims_NOT_A_NUMBER
        )
    }

    @Test("a local number formats as parsed in its region, a leading zero kept")
    func formatInput() {
        var length = 0
        var buffer = [CChar](repeating: 0x55, count: 40)
        func text() -> String { String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #expect(
            Int(CPhoneNumberShims_formatInput("09012345678", 11, "JP", 2, 2, &buffer, 32, &length))
                == CPhoneNumberShims_OK
        )
        #expect(text() == "090-1234-5678")
        #expect(
            Int(CPhoneNumberShims_formatInput("0611800123456", 13, "AU", 2, 1, &buffer, 32, &length))
                == CPhoneNumberShims_OK
        )
        #expect(text() == "+61 611800123456")
        #expect(buffer[32...].allSatisfy { $0 == 0x55 })
        #expect(
            Int(CPhoneNumberShims_formatInput("09012345678", 11, nil, 2, 2, &buffer, 32, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_formatInput("09012345678", 11, "JPNX", 4, 2, &buffer, 32, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_formatInput(nil, 11, "JP", 2, 2, &buffer, 32, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_formatInput("09012345678", 11, "JP", 2, 2, &buffer, 4, &length))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
        #expect(
            Int(CPhoneNumberShims_formatInput("09012345678", 11, "JP", 2, 2, &buffer, 32, nil))
                == CPhoneNumberShims_BAD_ARGUMENT
        )
    }

    @Test("the metadata's formats, examples and digest; indices out of range are refused")
    func metadataFormats() throws {
        let count = CPhoneNumberShims_metadataCount()
        #expect(count == 254)
        var japan: Int?
        for index in 0..<count {
            var entry = CPhoneNumberShims_Metadata()
            #expect(CPhoneNumberShims_metadata(index, &entry) == CPhoneNumberShims_OK)
            let id = String(
                decoding: UnsafeRawBufferPointer(start: entry.id.bytes, count: entry.id.length),
                as: UTF8.self
            )
            if id == "JP" { japan = index }
        }
        let index = try #require(japan)
        let national = CPhoneNumberShims_metadataFormatCount(index, 0)
        #expect(national > 10)
        // Japan writes some numbers otherwise abroad: its own international formats.
        #expect(CPhoneNumberShims_metadataFormatCount(index, 1) > 0)
        var format = CPhoneNumberShims_NumberFormat()
        var sawMobileFormat = false
        for position in 0..<national {
            #expect(CPhoneNumberShims_metadataFormat(index, 0, position, &format) == CPhoneNumberShims_OK)
            func string(_ text: CPhoneNumberShims_Text) -> String {
                String(decoding: UnsafeRawBufferPointer(start: text.bytes, count: text.length), as: UTF8.self)
            }
            if string(format.format) == "$1-$2-$3", string(format.pattern) == "(\\d{2})(\\d{4})(\\d{4})" {
                sawMobileFormat = true
                #expect(string(format.nationalPrefixFormattingRule) == "0$1")
            }
            var leading = CPhoneNumberShims_Text()
            for pattern in 0..<format.leadingDigitsCount {
                #expect(
                    CPhoneNumberShims_metadataLeadingDigits(index, 0, position, pattern, &leading)
                        == CPhoneNumberShims_OK
                )
                #expect(leading.length > 0)
            }
            #expect(
                CPhoneNumberShims_metadataLeadingDigits(index, 0, position, format.leadingDigitsCount, &leading)
                    == CPhoneNumberShims_BAD_ARGUMENT
            )
        }
        #expect(sawMobileFormat)
        #expect(CPhoneNumberShims_metadataFormat(index, 0, national, &format) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(CPhoneNumberShims_metadataFormat(count, 0, 0, &format) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(CPhoneNumberShims_metadataFormat(index, 0, 0, nil) == CPhoneNumberShims_BAD_ARGUMENT)
        #expect(CPhoneNumberShims_metadataFormatCount(count, 0) == 0)
        var desc = CPhoneNumberShims_Desc()
        #expect(
            CPhoneNumberShims_metadataDesc(index, Int32(CPhoneNumberShims_DESC_MOBILE), &desc) == CPhoneNumberShims_OK
        )
        #expect(desc.exampleNumber.length == 10)
        #expect(CPhoneNumberShims_metadataDigest() == CPhoneNumberShims_metadataDigest())
        #expect(CPhoneNumberShims_metadataDigest() != 0)
    }

    @Test("245 supported regions; a short buffer gets a prefix of them and the full count")
    func supportedRegions() {
        #expect(CPhoneNumberShims_copySupportedRegions(nil, 0) == 245)
        var buffer = [CChar](repeating: 0x55, count: 2 * 245 + 2)
        #expect(CPhoneNumberShims_copySupportedRegions(&buffer, 245) == 245)
        #expect(buffer[490] == 0x55 && buffer[491] == 0x55)
        let codes = (0..<245).map { index in
            String(decoding: buffer[(2 * index)..<(2 * index + 2)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #expect(codes == CountryCode.allSupported)
        var short = [CChar](repeating: 0x55, count: 8)
        #expect(CPhoneNumberShims_copySupportedRegions(&short, 3) == 245)
        #expect(String(decoding: short[..<6].map { UInt8(bitPattern: $0) }, as: UTF8.self) == "ACADAE")
        #expect(short[6] == 0x55 && short[7] == 0x55)
    }

    @Test("many threads at once get the same answers")
    func concurrentCalls() async {
        let inputs = ["+819012345678", "+447911123456", "+12015550123", "+50051234", "+11234567890"]
        let expected = inputs.map { LibPhoneNumberOracle.analyze($0) }
        await withTaskGroup(of: Bool.self) { group in
            for round in 0..<64 {
                group.addTask {
                    let index = round % inputs.count
                    return LibPhoneNumberOracle.analyze(inputs[index]) == expected[index]
                }
            }
            for await same in group { #expect(same) }
        }
    }
}
