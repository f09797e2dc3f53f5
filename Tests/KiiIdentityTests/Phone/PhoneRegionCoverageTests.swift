import CPhoneNumberShims
import KiiIdentity
import Testing

/// libphonenumber's example numbers for every supported region, through every strict form, on the
/// system metadata source, with the installed libphonenumber as the oracle (its figures are that
/// release's; the bundled metadata's examples are checked against PyPI phonenumbers in
/// `PhoneOracleDifferentialTests`).
@Suite("Phone number: every supported region")
struct PhoneRegionCoverageTests {
    static let regions = CountryCode.allSupported

    /// Kii's rule on the system metadata.
    static let kii = PhonePolicy(metadata: .system)

    /// The 13 regions whose example mobile number has fewer than 10 digits (Kii's rule names five of them).
    static let documentedShortRegions: Set<String> = ["FK", "FO", "GL", "NC", "AD"]

    /// The policy an example of `digits` digits needs: Kii's default, or a lower minimum.
    static func policy(forDigits digits: Int, mobileOnly: Bool = true) -> PhonePolicy {
        PhonePolicy(mobileOnly: mobileOnly, digitCount: min(digits, 10)...15, metadata: .system)
    }

    /// The ASCII digits of `text`.
    static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.map(Character.init))
    }

    @Test("the example mobile number is accepted in every strict form", arguments: regions)
    func exampleMobile(code: String) throws {
        let country = try CountryCode(code)
        guard let example = PhoneNumber.example(for: country, type: .mobile, metadata: .system) else { return }
        let digitCount = example.utf8.count - 1
        let policy = Self.policy(forDigits: digitCount)
        let oracle = LibPhoneNumberOracle.analyze(example)
        let local = LibPhoneNumberOracle.analyze(oracle.nationalNumber, region: code)
        #expect(local.isValid, "libphonenumber: the example is valid for its region")

        if digitCount < 10 {
            // Kii's default rejects it on the digit count, whatever the form.
            #expect(
                Probe.codes(Probe.error { try PhoneNumber(international: example, policy: Self.kii) }) == [
                    "too_few_digits"
                ]
            )
            #expect(
                Probe.codes(
                    Probe.error { try PhoneNumber(local: oracle.nationalNumber, country: code, policy: Self.kii) }
                ) == [
                    "too_few_digits"
                ]
            )
            #expect(
                Probe.codes(Probe.error { try PhoneNumber(rest: "\(code)-\(oracle.nationalNumber)", policy: Self.kii) })
                    == [
                        "too_few_digits"
                    ]
            )
            #expect(!PhoneNumber.isValid(international: example, policy: Self.kii))
            if digitCount >= 7 {
                #expect(
                    PhoneNumber.isValid(
                        international: example,
                        policy: PhonePolicy(digitCount: 7...15, metadata: .system)
                    )
                )
            }
        }

        // International: E.164 as given; the region is libphonenumber's region for the number.
        let international = try PhoneNumber(international: example, policy: policy)
        #expect(international.e164 == example)
        #expect(international.region.rawValue == oracle.region)
        #expect(international.countryCallingCode == country.countryCallingCode)
        #expect(international.nationalNumber == oracle.nationalNumber)
        #expect(international.type.isMobile)
        #expect(PhoneNumber.isValid(international: example, policy: policy))

        // Local: the national number, the national format's digits, and trunk prefix + number.
        var localForms = [oracle.nationalNumber, Self.digits(international.nationalFormat)]
        let trunkPrefix = LibPhoneNumberOracle.nationalPrefix(code)
        if !trunkPrefix.isEmpty { localForms.append(trunkPrefix + oracle.nationalNumber) }
        for form in Set(localForms) {
            let phone = try PhoneNumber(local: form, country: code, policy: policy)
            #expect(phone.e164 == example, "local \(form)")
            #expect(phone.region == country)
            #expect(phone.type.isMobile)
        }

        // REST local form, with and without the trunk prefix.
        let rest = try PhoneNumber(rest: "\(code)-\(oracle.nationalNumber)", policy: policy)
        #expect(rest.e164 == example)
        #expect(rest.region == country)
        #expect(rest.restForm == "\(code)-\(oracle.nationalNumber)")
        if !trunkPrefix.isEmpty {
            #expect(try PhoneNumber(rest: "\(code)-\(trunkPrefix)\(oracle.nationalNumber)", policy: policy) == rest)
        }

        // Round trips: E.164 -> REST form -> E.164, national -> E.164.
        let viaRest = try PhoneNumber(rest: international.restForm, policy: policy)
        #expect(viaRest.e164 == example)
        let viaNational = try PhoneNumber(userInput: rest.nationalFormat, country: code, policy: policy)
        #expect(viaNational.e164 == example)
        let viaInternationalFormat = try PhoneNumber(userInput: rest.internationalFormat, policy: policy)
        #expect(viaInternationalFormat.e164 == example)
    }

    /// Regions whose example mobile number libphonenumber also files under the main region of
    /// their shared calling code (it tries the main region first): international input reads
    /// as the main region, local and REST input keep the region given.
    @Test(
        "shared calling codes: international input takes libphonenumber's region",
        arguments: [
            ("AX", "FI"), ("BL", "GP"), ("CC", "AU"), ("CX", "AU"), ("EH", "MA"), ("IM", "GB"), ("MF", "GP"),
            ("SJ", "NO"), ("VA", "IT"),
        ]
    )
    func sharedCallingCode(code: String, mainRegion: String) throws {
        let example = try #require(PhoneNumber.example(for: CountryCode(code), type: .mobile, metadata: .system))
        let international = try PhoneNumber(international: example, policy: Self.kii)
        #expect(international.region.rawValue == mainRegion)
        #expect(international.restForm == "\(mainRegion)-\(international.nationalNumber)")
        let rest = try PhoneNumber(rest: "\(code)-\(international.nationalNumber)", policy: Self.kii)
        #expect(rest.region.rawValue == code)
        #expect(rest.restForm == "\(code)-\(international.nationalNumber)")
        #expect(rest == international)
        #expect(
            try PhoneNumber(local: international.nationalNumber, country: code, policy: Self.kii).region.rawValue
                == code
        )
    }

    @Test("the set of regions whose example reads as another region is the documented one")
    func sharedCallingCodeRegions() throws {
        var elsewhere: Set<String> = []
        for code in Self.regions {
            guard let example = PhoneNumber.example(for: try CountryCode(code), type: .mobile, metadata: .system) else {
                continue
            }
            if LibPhoneNumberOracle.analyze(example).region != code { elsewhere.insert(code) }
        }
        #expect(elsewhere == ["AX", "BL", "CC", "CX", "EH", "IM", "MF", "SJ", "VA"])
    }

    @Test("the example fixed-line number is rejected under mobile-only, accepted without it", arguments: regions)
    func exampleFixedLine(code: String) throws {
        let country = try CountryCode(code)
        guard let example = PhoneNumber.example(for: country, type: .fixedLine, metadata: .system) else { return }
        let digitCount = example.utf8.count - 1
        let oracle = LibPhoneNumberOracle.analyze(example)
        let local = LibPhoneNumberOracle.analyze(oracle.nationalNumber, region: code)
        #expect(local.isValid)

        // Without the mobile-only rule (and with the digit minimum it needs) it passes in every form.
        let relaxed = Self.policy(forDigits: digitCount, mobileOnly: false)
        let international = try PhoneNumber(international: example, policy: relaxed)
        #expect(international.e164 == example)
        #expect(international.region.rawValue == oracle.region)
        #expect(try PhoneNumber(local: oracle.nationalNumber, country: code, policy: relaxed).e164 == example)
        #expect(try PhoneNumber(rest: "\(code)-\(oracle.nationalNumber)", policy: relaxed).e164 == example)

        // Mobile-only: a FIXED_LINE is a landline; FIXED_LINE_OR_MOBILE (US, CA, ...) passes.
        let mobileOnly = Self.policy(forDigits: digitCount)
        let localError = Probe.error {
            try PhoneNumber(local: oracle.nationalNumber, country: code, policy: mobileOnly)
        }
        let internationalError = Probe.error { try PhoneNumber(international: example, policy: mobileOnly) }
        switch Int(local.numberType) {
        case CPhoneNumberShims_FIXED_LINE:
            #expect(Probe.codes(localError) == ["landline"])
            #expect(Probe.codes(internationalError) == ["landline"])
            if digitCount >= 10 {
                #expect(
                    Probe.codes(Probe.error { try PhoneNumber(international: example, policy: Self.kii) }) == [
                        "landline"
                    ]
                )
            } else {
                #expect(
                    Probe.codes(Probe.error { try PhoneNumber(international: example, policy: Self.kii) }) == [
                        "too_few_digits"
                    ]
                )
            }
        case CPhoneNumberShims_FIXED_LINE_OR_MOBILE:
            #expect(localError == nil)
            #expect(internationalError == nil)
        default:
            Issue.record("\(code)'s example fixed-line number \(example) has libphonenumber type \(local.numberType)")
        }
    }

    /// Types other than mobile and landline: toll-free, premium rate, VoIP, UAN, pager, ...
    static let otherTypes: [PhoneNumberType] = PhoneNumberType.allCases.filter {
        ![.fixedLine, .mobile, .fixedLineOrMobile, .unknown].contains($0)
    }

    @Test("example numbers of every other type are rejected as not mobile, naming the type", arguments: regions)
    func exampleOtherTypes(code: String) throws {
        let country = try CountryCode(code)
        for type in Self.otherTypes {
            guard let example = PhoneNumber.example(for: country, type: type, metadata: .system) else { continue }
            let digitCount = example.utf8.count - 1
            let local = LibPhoneNumberOracle.analyze(example, region: code)
            #expect(local.isValid, "\(code) \(type) example \(example)")
            let mobileOnly = Self.policy(forDigits: digitCount)
            let international = Probe.error { try PhoneNumber(international: example, policy: mobileOnly) }
            let oracleType = Int(LibPhoneNumberOracle.analyze(example).numberType)
            if oracleType == CPhoneNumberShims_MOBILE || oracleType == CPhoneNumberShims_FIXED_LINE_OR_MOBILE {
                // libphonenumber's patterns overlap: the number is also a mobile one.
                #expect(international == nil, "\(code) \(type) example \(example)")
                continue
            }
            let expectedCode = oracleType == CPhoneNumberShims_FIXED_LINE ? "landline" : "not_mobile"
            #expect(Probe.codes(international) == [expectedCode], "\(code) \(type) example \(example)")
            #expect(international?.reason.contains(" number (only mobile numbers are accepted)") == true)
            let relaxed = Self.policy(forDigits: digitCount, mobileOnly: false)
            let accepted = try PhoneNumber(international: example, policy: relaxed)
            #expect(accepted.e164 == example)
            #expect(!accepted.type.isMobile)
        }
    }

    @Test("counts over every region")
    func counts() throws {
        var mobileAccepted: [String] = []
        var shortMobile: [String] = []
        var noExampleMobile: [String] = []
        var mobileRegionElsewhere: [String] = []
        var fixedLineRejected: [String] = []
        var fixedLineOrMobile: [String] = []
        var fixedLineOther: [String] = []
        var noExampleFixedLine: [String] = []
        var otherTypeRejected = 0
        var otherTypeOverlapping: [String] = []

        for code in Self.regions {
            let country = try CountryCode(code)
            if let mobile = PhoneNumber.example(for: country, type: .mobile, metadata: .system) {
                let digitCount = mobile.utf8.count - 1
                if digitCount < 10 {
                    #expect(!PhoneNumber.isValid(international: mobile, policy: Self.kii))
                    if PhoneNumber.isValid(international: mobile, policy: Self.policy(forDigits: digitCount)) {
                        shortMobile.append("\(code) \(mobile)")
                    }
                } else if PhoneNumber.isValid(international: mobile, policy: Self.kii) {
                    let nationalNumber = LibPhoneNumberOracle.analyze(mobile).nationalNumber
                    if (try? PhoneNumber(rest: "\(code)-\(nationalNumber)", policy: Self.kii))?.e164 == mobile,
                        (try? PhoneNumber(local: nationalNumber, country: code, policy: Self.kii))?.e164 == mobile
                    {
                        mobileAccepted.append(code)
                    }
                }
                let region = LibPhoneNumberOracle.analyze(mobile).region
                if region != code { mobileRegionElsewhere.append("\(code) \(mobile) -> \(region)") }
            } else {
                noExampleMobile.append(code)
            }
            if let fixed = PhoneNumber.example(for: country, type: .fixedLine, metadata: .system) {
                let anyDigits = PhonePolicy(mobileOnly: true, digitCount: 1...15, metadata: .system)
                let error = Probe.error { try PhoneNumber(international: fixed, policy: anyDigits) }
                if error == nil {
                    let type = try PhoneNumber(international: fixed, policy: anyDigits).type
                    if type == .fixedLineOrMobile {
                        fixedLineOrMobile.append(code)
                    } else {
                        fixedLineOther.append(code)
                    }
                } else if error?.problems.map(\.code) == [.landline] {
                    fixedLineRejected.append(code)
                } else {
                    fixedLineOther.append("\(code) \(fixed): \(error?.description ?? "")")
                }
            } else {
                noExampleFixedLine.append(code)
            }
            for type in Self.otherTypes {
                guard let example = PhoneNumber.example(for: country, type: type, metadata: .system) else { continue }
                let policy = PhonePolicy(mobileOnly: true, digitCount: 1...15, metadata: .system)
                let error = Probe.error { try PhoneNumber(international: example, policy: policy) }
                if error?.code == .notMobile || error?.code == .landline {
                    otherTypeRejected += 1
                } else {
                    otherTypeOverlapping.append("\(code) \(type) \(example): \(error?.description ?? "accepted")")
                }
            }
        }

        print(
            """
            Region coverage (libphonenumber \(Self.regions.count) regions):
              example mobile accepted in all strict forms (default policy): \(mobileAccepted.count)
              example mobile with fewer than 10 digits (accepted with a lower minimum): \(shortMobile.count) \(shortMobile)
              no example mobile: \(noExampleMobile.count) \(noExampleMobile)
              example mobile whose libphonenumber region differs: \(mobileRegionElsewhere.count) \(mobileRegionElsewhere)
              example fixed line rejected as landline: \(fixedLineRejected.count)
              example fixed line accepted as FIXED_LINE_OR_MOBILE: \(fixedLineOrMobile.count) \(fixedLineOrMobile)
              example fixed line, other outcome: \(fixedLineOther.count) \(fixedLineOther)
              no example fixed line: \(noExampleFixedLine.count) \(noExampleFixedLine)
              examples of other types (toll-free, VoIP, ...) rejected under mobile-only: \(otherTypeRejected)
              examples of other types that libphonenumber also types as mobile: \(otherTypeOverlapping.count) \(otherTypeOverlapping)
            """
        )
        #expect(Self.regions.count == 245)
        #expect(shortMobile.count == 13)
        let shortCodes = Set(shortMobile.map { String($0.prefix(2)) })
        #expect(Self.documentedShortRegions.isSubset(of: shortCodes))
        #expect(shortMobile.contains("FK +50051234"))
        #expect(mobileAccepted.count >= 220)
        #expect(mobileAccepted.count + shortMobile.count + noExampleMobile.count == Self.regions.count)
        #expect(fixedLineRejected.count >= 200)
        #expect(fixedLineOrMobile.contains("US") && fixedLineOrMobile.contains("CA"))
        #expect(fixedLineOther.isEmpty)
        #expect(otherTypeRejected >= 300)
        #expect(fixedLineRejected.count + fixedLineOrMobile.count + noExampleFixedLine.count == Self.regions.count)
    }
}
