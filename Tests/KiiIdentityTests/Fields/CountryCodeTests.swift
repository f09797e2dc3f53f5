import Foundation
import KiiIdentity
import Testing

@Suite("Country")
struct CountryCodeTests {
    @Test(
        "supported regions",
        arguments: [
            ("JP", 81), ("US", 1), ("CA", 1), ("GB", 44), ("GG", 44), ("FK", 500), ("AC", 247), ("XK", 383),
            ("RU", 7), ("KZ", 7), ("DE", 49), ("CN", 86), ("BR", 55), ("IN", 91), ("ZW", 263),
        ]
    )
    func supported(raw: String, callingCode: Int) throws {
        #expect(CountryCode.isValid(raw))
        let country = try CountryCode(raw)
        #expect(country.rawValue == raw)
        #expect(country.normalized == raw)
        #expect(country.countryCallingCode == callingCode)
    }

    @Test("245 regions in libphonenumber 8.12.57, sorted, each valid")
    func allSupported() throws {
        let all = CountryCode.allSupported
        #expect(all.count == 245)
        #expect(all == all.sorted())
        #expect(Set(all).count == all.count)
        #expect(all.first == "AC")
        #expect(all.last == "ZW")
        for code in all {
            #expect(CountryCode.isValid(code), "\(code)")
            #expect(try CountryCode(code).countryCallingCode > 0)
        }
        #expect(!all.contains("ZZ"))
        #expect(!all.contains("UK"))
    }

    @Test("isValid's compiled-in table agrees with the system's libphonenumber on every pair of ASCII letters")
    func compiledInTableMatchesLibphonenumber() {
        let library = Set(CountryCode.allSupported)  // read from libphonenumber at run time
        let letters =
            Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + [UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "`"), UInt8(ascii: "{"), 0, 0xC3]
        var accepted = 0
        for first in letters {
            for second in letters {
                let code = String(decoding: [first, second], as: UTF8.self)
                let valid = CountryCode.isValid(code)
                #expect(valid == library.contains(code), "\(code)")
                #expect(valid == ((try? CountryCode(code)) != nil), "\(code)")
                if valid { accepted += 1 }
            }
        }
        #expect(accepted == 245)
    }

    @Test(
        "rejections",
        arguments: [
            ("", ["missing"]),
            ("jp", ["not_uppercase"]),
            ("Jp", ["not_uppercase"]),
            ("jP", ["not_uppercase"]),
            ("xx", ["not_uppercase", "unknown_region"]),
            ("XX", ["unknown_region"]),
            ("ZZ", ["unknown_region"]),
            ("UK", ["unknown_region"]),
            ("EU", ["unknown_region"]),
            ("J", ["invalid_format"]),
            ("JPN", ["too_long"]),
            ("J1", ["invalid_format"]),
            ("81", ["invalid_format"]),
            (" JP", ["too_long"]),
            ("JP ", ["too_long"]),
            ("J ", ["invalid_format"]),
            ("\u{0}\u{0}", ["invalid_format"]),
            ("J\n", ["invalid_format"]),
            ("ＪＰ", ["too_long"]),
            ("É", ["invalid_format"]),
            ("J\u{34C}", ["too_long"]),
        ]
    )
    func rejected(raw: String, codes: [String]) throws {
        #expect(!CountryCode.isValid(raw))
        let error = try #require(Probe.error { try CountryCode(raw) })
        #expect(Probe.codes(error) == codes)
        #expect(error.problems.allSatisfy { $0.field == .country })
    }

    @Test("lower case gets a suggestion")
    func suggestion() throws {
        let error = try #require(Probe.error { try CountryCode("jp") })
        #expect(error.description == "country must be in capital letters: did you mean 'JP'?")
    }

    @Test("Codable re-validates; ordering by code")
    func codable() throws {
        let data = try JSONEncoder().encode([try CountryCode("JP")])
        #expect(String(decoding: data, as: UTF8.self) == #"["JP"]"#)
        #expect(try JSONDecoder().decode([CountryCode].self, from: data) == [try CountryCode("JP")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CountryCode.self, from: Data(#""jp""#.utf8)) }
        #expect(try CountryCode("GB") < CountryCode("JP"))
    }
}
