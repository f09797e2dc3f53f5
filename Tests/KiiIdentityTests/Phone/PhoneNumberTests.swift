import Foundation
import KiiIdentity
import Testing

@Suite("Phone number: strict forms")
struct PhoneNumberTests: RunsOnBothSources {
    // MARK: Documentation examples

    @Test("+819012345678 is a Japanese mobile number, with every output", arguments: PhoneMetadataSource.both)
    func japaneseMobile(source: PhoneMetadataSource) throws {
        let phone = try PhoneNumber(international: "+819012345678", policy: Self.on(source))
        #expect(phone.e164 == "+819012345678")
        #expect(phone.region.rawValue == "JP")
        #expect(phone.countryCallingCode == 81)
        #expect(phone.nationalNumber == "9012345678")
        #expect(phone.restForm == "JP-9012345678")
        #expect(phone.nationalFormat == "090-1234-5678")
        #expect(phone.internationalFormat == "+81 90-1234-5678")
        #expect(phone.type == .mobile)
        #expect(phone.description == "+819012345678")
        #expect(PhoneNumber.isValid(international: "+819012345678", policy: Self.on(source)))
    }

    @Test(
        "local and REST forms of one Japanese number",
        arguments: PhoneMetadataSource.both,
        [
            ("09011111111", "+819011111111"), ("9011111111", "+819011111111"), ("09012345678", "+819012345678"),
            ("9012345678", "+819012345678"),
        ] as [(String, String)]
    )
    func japaneseLocal(source: PhoneMetadataSource, _ example: (String, String)) throws {
        let (raw, e164) = example
        let local = try PhoneNumber(local: raw, country: "JP", policy: Self.on(source))
        #expect(local.e164 == e164)
        #expect(local.region.rawValue == "JP")
        let rest = try PhoneNumber(rest: "JP-" + raw, policy: Self.on(source))
        #expect(rest.e164 == e164)
        #expect(rest.restForm == "JP-" + e164.dropFirst(3))
        #expect(try PhoneNumber(local: raw, country: CountryCode("JP"), policy: Self.on(source)) == local)
    }

    @Test("JP-9012345678 is +819012345678", arguments: PhoneMetadataSource.both)
    func restExample(source: PhoneMetadataSource) throws {
        let phone = try PhoneNumber(rest: "JP-9012345678", policy: Self.on(source))
        #expect(phone.e164 == "+819012345678")
        #expect(phone.restForm == "JP-9012345678")
        #expect(try PhoneNumber(rest: "JP-09012345678", policy: Self.on(source)).restForm == "JP-9012345678")
    }

    @Test("+11234567890 is not a valid number: invalid_number, not a syntax code", arguments: PhoneMetadataSource.both)
    func documentedInvalidNumber(source: PhoneMetadataSource) throws {
        #expect(!PhoneNumber.isValid(international: "+11234567890", policy: Self.on(source)))
        let error = try #require(
            Probe.error { try PhoneNumber(international: "+11234567890", policy: Self.on(source)) }
        )
        #expect(error.problems.map(\.code) == [.invalidNumber])
        #expect(error.field == .phoneNumber)
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(rest: "US-1234567890", policy: Self.on(source)) }) == [
                "invalid_number"
            ]
        )
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(local: "1234567890", country: "US", policy: Self.on(source)) })
                == ["invalid_number"]
        )
    }

    @Test("+1... and US-... of one number give the same key", arguments: PhoneMetadataSource.both)
    func sameKey(source: PhoneMetadataSource) throws {
        let international = try PhoneNumber(international: "+12015550123", policy: Self.on(source))
        let rest = try PhoneNumber(rest: "US-2015550123", policy: Self.on(source))
        let restWithTrunk = try PhoneNumber(rest: "US-12015550123", policy: Self.on(source))
        let local = try PhoneNumber(local: "2015550123", country: "US", policy: Self.on(source))
        #expect(international == rest)
        #expect(rest == restWithTrunk)
        #expect(rest == local)
        #expect(Set([international, rest, restWithTrunk, local]).count == 1)
        #expect(rest.e164 == "+12015550123")
        #expect(international.type == .fixedLineOrMobile)
        #expect(international.region.rawValue == "US")
        #expect(rest.restForm == "US-2015550123")
    }

    @Test("international region is libphonenumber's region for the number", arguments: PhoneMetadataSource.both)
    func regionOfInternational(source: PhoneMetadataSource) throws {
        let phone = try PhoneNumber(international: "+447911123456", policy: Self.on(source))
        #expect(phone.region.rawValue == "GG")
        #expect(phone.restForm == "GG-7911123456")
        #expect(phone.countryCallingCode == 44)
        #expect(try PhoneNumber(rest: "GG-7911123456", policy: Self.on(source)) == phone)
        // The same digits read in GB are not a GB number.
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(local: "07911123456", country: "GB", policy: Self.on(source)) })
                == ["invalid_number"]
        )
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(rest: "GB-7911123456", policy: Self.on(source)) }) == [
                "invalid_number"
            ]
        )
        // A GB mobile stays GB.
        #expect(try PhoneNumber(international: "+447400123456", policy: Self.on(source)).region.rawValue == "GB")
    }

    @Test("local and REST input keep the country given", arguments: PhoneMetadataSource.both)
    func regionOfLocal(source: PhoneMetadataSource) throws {
        let canada = try PhoneNumber(rest: "CA-5062345678", policy: Self.on(source))
        #expect(canada.region.rawValue == "CA")
        #expect(canada.e164 == "+15062345678")
        #expect(try PhoneNumber(international: "+15062345678", policy: Self.on(source)).region.rawValue == "CA")
    }

    // MARK: Every code of the strict paths

    @Test(
        "international rejections",
        arguments: PhoneMetadataSource.both,
        [
            ("", ["missing"]),
            ("819012345678", ["missing_plus"]),
            ("+81 90 1234 5678", ["invalid_character"]),
            ("+81-90-1234-5678", ["invalid_character"]),
            (" +819012345678", ["missing_plus", "invalid_character"]),
            ("+819012345678 ", ["invalid_character"]),
            ("+819012345678\n", ["invalid_character"]),
            ("+819012345678\u{0}", ["invalid_character"]),
            ("++819012345678", ["invalid_character"]),
            ("+８１９０１２３４５６７８", ["invalid_character", "too_few_digits"]),
            ("+81901234567a", ["invalid_character"]),
            ("+819012345", ["too_few_digits"]),
            ("+", ["too_few_digits"]),
            ("+8190123456789012", ["too_many_digits"]),
            ("+01234567890", ["unknown_calling_code"]),
            ("+11234567890", ["invalid_number"]),
            ("+819912345678", ["invalid_number"]),
            ("+8109012345678", ["not_e164"]),
            ("+81312345678", ["landline"]),
            ("+18002345678", ["not_mobile"]),
            ("+80012345678", ["non_geographic"]),
            ("+870301234567", ["non_geographic"]),
            (String(repeating: "1", count: 65), ["too_long"]),
        ] as [(String, [String])]
    )
    func internationalRejected(source: PhoneMetadataSource, _ example: (String, [String])) {
        let (raw, codes) = example
        #expect(!PhoneNumber.isValid(international: raw, policy: Self.on(source)))
        let error = Probe.error { try PhoneNumber(international: raw, policy: Self.on(source)) }
        #expect(Probe.codes(error) == codes)
        #expect(error?.problems.allSatisfy { $0.field == .phoneNumber } == true)
    }

    @Test("the reasons say what to do", arguments: PhoneMetadataSource.both)
    func reasons(source: PhoneMetadataSource) throws {
        let notE164 = try #require(
            Probe.error { try PhoneNumber(international: "+8109012345678", policy: Self.on(source)) }
        )
        #expect(notE164.reason.contains("+819012345678"))
        let tollFree = try #require(
            Probe.error { try PhoneNumber(international: "+18002345678", policy: Self.on(source)) }
        )
        #expect(tollFree.description == "phone number is a toll-free number (only mobile numbers are accepted)")
        let landline = try #require(
            Probe.error { try PhoneNumber(international: "+81312345678", policy: Self.on(source)) }
        )
        #expect(landline.description == "phone number is a landline number (only mobile numbers are accepted)")
        let short = try #require(Probe.error { try PhoneNumber(international: "+50051234", policy: Self.on(source)) })
        #expect(short.description == "phone number has 8 digits (minimum 10, calling code included)")
    }

    @Test(
        "local rejections",
        arguments: PhoneMetadataSource.both,
        [
            ("", "JP", ["missing"]),
            ("090-1234-5678", "JP", ["invalid_character"]),
            ("+819012345678", "JP", ["invalid_character"]),
            ("０９０１２３４５６７８", "JP", ["invalid_character"]),
            ("090123456789012345", "JP", ["too_many_digits"]),
            ("0101819012345678", "JP", ["international_prefix"]),
            ("010819012345678", "JP", ["international_prefix"]),
            ("819012345678", "JP", ["calling_code_without_plus"]),
            ("0312345678", "JP", ["landline"]),
            ("0120123456", "JP", ["not_mobile"]),
            ("09912345678", "JP", ["invalid_number"]),
            ("12", "JP", ["too_few_digits"]),
            ("09012345678", "jp", ["not_uppercase"]),
            ("09012345678", "XX", ["unknown_region"]),
            ("09012345678", "", ["missing"]),
            ("abc", "xx", ["invalid_character", "not_uppercase", "unknown_region"]),
            ("1234567890", "US", ["invalid_number"]),
        ] as [(String, String, [String])]
    )
    func localRejected(source: PhoneMetadataSource, _ example: (String, String, [String])) {
        let (raw, country, codes) = example
        let error = Probe.error { try PhoneNumber(local: raw, country: country, policy: Self.on(source)) }
        #expect(Probe.codes(error) == codes)
    }

    @Test(
        "a bad country is reported under the country field, the number under phoneNumber",
        arguments: PhoneMetadataSource.both
    )
    func localFields(source: PhoneMetadataSource) throws {
        let error = try #require(Probe.error { try PhoneNumber(local: "abc", country: "xx", policy: Self.on(source)) })
        #expect(error.problems.map(\.field) == [.phoneNumber, .country, .country])
    }

    @Test("NANPA: the trunk prefix is 1, so 1 + national number is local", arguments: PhoneMetadataSource.both)
    func nanpaTrunkPrefix(source: PhoneMetadataSource) throws {
        #expect(try PhoneNumber(local: "12015550123", country: "US", policy: Self.on(source)).e164 == "+12015550123")
        #expect(try PhoneNumber(rest: "US-12015550123", policy: Self.on(source)).e164 == "+12015550123")
    }

    @Test(
        "REST rejections",
        arguments: PhoneMetadataSource.both,
        [
            ("JP9012345678", ["malformed_rest_form"]),
            ("JP-", ["malformed_rest_form"]),
            ("J-9012345678", ["malformed_rest_form"]),
            ("-9012345678", ["malformed_rest_form"]),
            ("JPN-9012345678", ["malformed_rest_form"]),
            ("JP_9012345678", ["malformed_rest_form"]),
            ("", ["missing"]),
            ("jp-9012345678", ["not_uppercase"]),
            ("XX-9012345678", ["unknown_region"]),
            ("JP-+819012345678", ["invalid_character"]),
            ("JP-90 1234 5678", ["invalid_character"]),
            ("JP-0312345678", ["landline"]),
            ("JP-819012345678", ["calling_code_without_plus"]),
            ("JP-010819012345678", ["international_prefix"]),
            ("US-1234567890", ["invalid_number"]),
        ] as [(String, [String])]
    )
    func restRejected(source: PhoneMetadataSource, _ example: (String, [String])) {
        let (raw, codes) = example
        let error = Probe.error { try PhoneNumber(rest: raw, policy: Self.on(source)) }
        #expect(Probe.codes(error) == codes)
        #expect(error?.problems.allSatisfy { $0.field == .phoneNumber } == true)
    }

    // MARK: Policy

    @Test("mobileOnly: false accepts any valid number", arguments: PhoneMetadataSource.both)
    func anyType(source: PhoneMetadataSource) throws {
        let landline = try PhoneNumber(
            international: "+81312345678",
            policy: Self.on(source, PhonePolicy(mobileOnly: false))
        )
        #expect(landline.type == .fixedLine)
        #expect(landline.nationalFormat == "03-1234-5678")
        let tollFree = try PhoneNumber(
            international: "+18002345678",
            policy: Self.on(source, PhonePolicy(mobileOnly: false))
        )
        #expect(tollFree.type == .tollFree)
        #expect(PhoneNumber.isValid(international: "+81312345678", policy: Self.on(source, .anyValidNumber)))
    }

    @Test("the digit bounds are a policy", arguments: PhoneMetadataSource.both)
    func digitBounds(source: PhoneMetadataSource) throws {
        let falklands = PhonePolicy(digitCount: 7...15)
        let phone = try PhoneNumber(international: "+50051234", policy: Self.on(source, falklands))
        #expect(phone.region.rawValue == "FK")
        #expect(phone.nationalNumber == "51234")
        #expect(try PhoneNumber(rest: "FK-51234", policy: Self.on(source, falklands)) == phone)
        #expect(try PhoneNumber(local: "51234", country: "FK", policy: Self.on(source, falklands)) == phone)
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(rest: "FK-51234", policy: Self.on(source)) }) == [
                "too_few_digits"
            ]
        )
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(local: "51234", country: "FK", policy: Self.on(source)) }) == [
                "too_few_digits"
            ]
        )
        // Kii's minimum: 10 digits pass (a Norwegian mobile), 9 do not.
        #expect(try PhoneNumber(international: "+4741234567", policy: Self.on(source)).region.rawValue == "NO")
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(international: "+474123456", policy: Self.on(source)) }) == [
                "too_few_digits"
            ]
        )
        let narrow = PhonePolicy(digitCount: 12...12)
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(international: "+12015550123", policy: Self.on(source, narrow)) })
                == [
                    "too_few_digits"
                ]
        )
        #expect(
            try PhoneNumber(international: "+819012345678", policy: Self.on(source, narrow)).e164 == "+819012345678"
        )
        #expect(
            Probe.codes(
                Probe.error {
                    try PhoneNumber(
                        international: "+819012345678",
                        policy: Self.on(source, PhonePolicy(digitCount: 10...11))
                    )
                }
            ) == ["too_many_digits"]
        )
    }

    @Test("PhonePolicy clamps the digit bounds to E.164's 1...15")
    func policyClamping() throws {
        #expect(PhonePolicy().digitCount == 10...15)
        #expect(PhonePolicy().mobileOnly)
        #expect(PhonePolicy.default == PhonePolicy(mobileOnly: true, digitCount: 10...15))
        #expect(PhonePolicy.anyValidNumber == PhonePolicy(mobileOnly: false, digitCount: 1...15))
        #expect(PhonePolicy(digitCount: 0...20).digitCount == 1...15)
        #expect(PhonePolicy(digitCount: 20...30).digitCount == 15...15)
        #expect(PhonePolicy(digitCount: -5...0).digitCount == 1...1)
        var policy = PhonePolicy()
        policy.digitCount = 5...99
        #expect(policy.digitCount == 5...15)
        let decoded = try JSONDecoder().decode(
            PhonePolicy.self,
            from: Data(#"{"mobileOnly": false, "digitCount": [0, 40]}"#.utf8)
        )
        #expect(decoded == PhonePolicy(mobileOnly: false, digitCount: 1...15))
        let roundTrip = try JSONDecoder().decode(PhonePolicy.self, from: JSONEncoder().encode(policy))
        #expect(roundTrip == policy)
    }

    // MARK: Codable

    @Test("Codable as {e164, region}, re-validated for the region", arguments: PhoneMetadataSource.both)
    func codable(source: PhoneMetadataSource) throws {
        let phone = try PhoneNumber(international: "+447911123456", policy: Self.on(source))
        let data = try JSONEncoder().encode(phone)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        let expected = ["e164": "+447911123456", "region": "GG"].merging(
            source == .system ? ["metadata": "system"] : [:]
        ) {
            $1
        }
        #expect(object == expected)
        #expect(phone.metadata == source)
        let decoded = try JSONDecoder().decode(PhoneNumber.self, from: data)
        #expect(decoded == phone)
        #expect(decoded.region == phone.region)
        #expect(decoded.type == phone.type)

        let landline = try PhoneNumber(local: "0312345678", country: "JP", policy: Self.on(source, .anyValidNumber))
        let landlineBack = try JSONDecoder().decode(PhoneNumber.self, from: JSONEncoder().encode(landline))
        #expect(landlineBack == landline)

        for bad in [
            #"{"e164": "+447911123456", "region": "GB"}"#, #"{"e164": "+11234567890", "region": "US"}"#,
            #"{"e164": "+819012345678", "region": "jp"}"#, #"{"e164": "819012345678", "region": "JP"}"#,
            #"{"e164": "+819012345678"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode(PhoneNumber.self, from: Data(bad.utf8))
            }
        }
    }
}
