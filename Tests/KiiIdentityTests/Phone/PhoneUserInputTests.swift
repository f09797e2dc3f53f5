import KiiIdentity
import Testing

@Suite("Phone number: what people type (the lenient entry point)")
struct PhoneUserInputTests: RunsOnBothSources {
    @Test(
        "accepted spellings of +819012345678",
        arguments: PhoneMetadataSource.both,
        [
            ("+819012345678", nil),
            ("+81 90 1234 5678", nil),
            ("+81-90-1234-5678", nil),
            ("+81.90.1234.5678", nil),
            ("+81 (90) 1234-5678", nil),
            ("+81 090-1234-5678", nil),
            ("+81\u{A0}90\u{3000}1234 5678", nil),
            ("＋８１９０１２３４５６７８", nil),
            ("＋81 90 1234 5678", nil),
            ("090-1234-5678", "JP"),
            ("090 1234 5678", "JP"),
            ("(090) 1234-5678", "JP"),
            ("（090）1234-5678", "JP"),
            ("09012345678", "JP"),
            ("９０１２３４５６７８", "JP"),
            ("090\u{2010}1234\u{2010}5678", "JP"),
            ("090\u{2011}1234\u{2011}5678", "JP"),
            ("090\u{2012}1234\u{2012}5678", "JP"),
            ("090\u{2013}1234\u{2013}5678", "JP"),
            ("090\u{2014}1234\u{2014}5678", "JP"),
            ("090\u{2015}1234\u{2015}5678", "JP"),
            ("090\u{2212}1234\u{2212}5678", "JP"),
            ("090\u{FF0D}1234\u{FF0D}5678", "JP"),
            ("+81 90 1234 5678", "US"),
        ] as [(String, String?)]
    )
    func accepted(source: PhoneMetadataSource, _ example: (String, String?)) throws {
        let (raw, country) = example
        let phone = try PhoneNumber(userInput: raw, country: country, policy: Self.on(source))
        #expect(phone.e164 == "+819012345678")
        #expect(phone.region.rawValue == "JP")
        #expect(phone.nationalNumber == "9012345678")
    }

    @Test(
        "rejected spellings",
        arguments: PhoneMetadataSource.both,
        [
            (" +819012345678", nil, ["invalid_character"]),
            ("+819012345678 ", nil, ["invalid_character"]),
            ("090-1234-5678-", "JP", ["invalid_character"]),
            ("-090-1234-5678", "JP", ["invalid_character"]),
            ("\t09012345678", "JP", ["invalid_character"]),
            ("09012345678\n", "JP", ["invalid_character"]),
            ("090_1234_5678", "JP", ["invalid_character"]),
            ("090*1234", "JP", ["invalid_character"]),
            ("+81+9012345678", nil, ["invalid_character"]),
            ("0\u{0}9012345678", "JP", ["invalid_character"]),
            ("+81 9012 3456 7890 12", nil, ["too_many_digits"]),
            ("0901234567890123", "JP", ["too_many_digits"]),
            ("09012345678", nil, ["needs_country"]),
            ("090-1234-5678", nil, ["needs_country"]),
            ("1-800-FLOWERS", "US", ["contains_letters"]),
            ("+1 800 FLOWERS", nil, ["contains_letters"]),
            ("０９０ＡＢＣ", "JP", ["contains_letters"]),
            ("+81 90 1234 5678 ext 12", nil, ["has_extension"]),
            ("+81 90 1234 5678 x12", nil, ["has_extension"]),
            ("+819012345678;ext=12", nil, ["has_extension", "invalid_character"]),
            ("+819012345678#12", nil, ["has_extension"]),
            ("tel:+819012345678", nil, ["tel_uri"]),
            ("TEL:+81-90-1234-5678", nil, ["tel_uri"]),
            ("", "JP", ["missing"]),
            ("+", nil, ["invalid_number"]),
            ("＋", nil, ["invalid_number"]),
            ("+ ", nil, ["invalid_number"]),
            ("+81 3 1234 5678", nil, ["landline"]),
            ("03-1234-5678", "JP", ["landline"]),
            ("+1 800 234 5678", nil, ["not_mobile"]),
            ("+800 1234 5678", nil, ["non_geographic"]),
            ("+1 123 456 7890", nil, ["invalid_number"]),
            ("+0 123 456 7890", nil, ["unknown_calling_code"]),
            ("+500 51234", nil, ["too_few_digits"]),
            ("010 81 90 1234 5678", "JP", ["international_prefix"]),
            ("81 90 1234 5678", "JP", ["calling_code_without_plus"]),
            ("090-1234-5678", "jp", ["not_uppercase"]),
        ] as [(String, String?, [String])]
    )
    func rejected(source: PhoneMetadataSource, _ example: (String, String?, [String])) {
        let (raw, country, codes) = example
        let error = Probe.error { try PhoneNumber(userInput: raw, country: country, policy: Self.on(source)) }
        #expect(Probe.codes(error) == codes)
    }

    @Test(
        "a trunk prefix after the calling code is dropped from typed input, not from strict input",
        arguments: PhoneMetadataSource.both
    )
    func trunkAfterCallingCode(source: PhoneMetadataSource) throws {
        #expect(try PhoneNumber(userInput: "+81 090 1234 5678", policy: Self.on(source)).e164 == "+819012345678")
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(international: "+8109012345678", policy: Self.on(source)) }) == [
                "not_e164"
            ]
        )
    }

    @Test("the policy applies to typed input", arguments: PhoneMetadataSource.both)
    func policy(source: PhoneMetadataSource) throws {
        #expect(
            try PhoneNumber(userInput: "03-1234-5678", country: "JP", policy: Self.on(source, .anyValidNumber)).type
                == .fixedLine
        )
        #expect(
            try PhoneNumber(userInput: "+500 51234", policy: Self.on(source, PhonePolicy(digitCount: 8...15))).e164
                == "+50051234"
        )
    }

    @Test("more than 128 bytes is too long without being read", arguments: PhoneMetadataSource.both)
    func tooLong(source: PhoneMetadataSource) {
        let raw = String(repeating: "1 ", count: 65)
        #expect(
            Probe.codes(Probe.error { try PhoneNumber(userInput: raw, country: "JP", policy: Self.on(source)) }) == [
                "too_long"
            ]
        )
    }
}
