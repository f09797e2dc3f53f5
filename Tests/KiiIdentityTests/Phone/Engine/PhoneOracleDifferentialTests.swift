@_spi(Probes) import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The bundled metadata (the release `BundledMetadata.version` names) against PyPI
/// `phonenumbers` of the same release, its oracle: numbers drawn from every territory's type
/// patterns, formats' leading digits and lengths, in the engine's inputs and in every form, under
/// both policies; every region's example numbers; every region's calling code and national
/// prefix. `KII_PHONE_ORACLE_CASES` raises the count (`make differential` runs a million); every
/// disagreement fails and is printed.
@Suite struct PhoneOracleDifferentialTests {
    static let defaultCount = 100_000

    static var count: Int {
        guard let text = getenv("KII_PHONE_ORACLE_CASES"), let count = Int(String(cString: text)) else {
            return defaultCount
        }
        return max(count, defaultCount)
    }

    static func oracle() throws -> PhoneOracle {
        let oracle = try PhoneOracle.shared.get()
        try #require(
            oracle.version == PhoneMetadataSource.bundled.version,
            "the oracle is phonenumbers \(oracle.version), the bundled metadata libphonenumber \(PhoneMetadataSource.bundled.version)"
        )
        return oracle
    }

    @Test func bundledEngineAgreesWithPhonenumbers() throws {
        let oracle = try Self.oracle()
        var checked = 0
        var tally = PhoneOracleChecks.Tally()
        var disagreements: [String] = []
        PhoneNumberSpaceCases.forEach(count: Self.count, source: .bundled) { probe in
            checked += 1
            if let difference = PhoneOracleChecks.disagreement(probe, oracle: oracle, tally: &tally) {
                disagreements.append(difference)
            }
        }
        print("phone oracle differential: \(checked) cases, \(disagreements.count) disagreements; \(tally)")
        for difference in disagreements.prefix(50) { print("  \(difference)") }
        #expect(checked >= Self.count)
        // The space is drawn so that numbers are real: most engine inputs parse, and a good share
        // of them, and of the forms, are valid numbers whose formats were compared.
        #expect(tally.valid * 5 > tally.engineInputs)
        #expect(tally.accepted * 10 > tally.formInputs)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).joined(separator: "\n"))")
    }

    @Test func everyExampleNumber() throws {
        let oracle = try Self.oracle()
        var disagreements: [String] = []
        for region in CountryCode.allSupported {
            let country = try CountryCode(region)
            for type in PhoneNumberType.allCases {
                let expected = oracle.ask(["X", region, type.rawValue]).first ?? "?"
                let actual = PhoneNumber.example(for: country, type: type) ?? "-"
                if expected != actual {
                    disagreements.append("\(region) \(type.rawValue): phonenumbers \(expected), bundled \(actual)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func everyRegionsCallingCodeAndNationalPrefix() throws {
        let oracle = try Self.oracle()
        for region in CountryCode.allSupported {
            let reply = oracle.ask(["R", region])
            let country = try CountryCode(region)
            #expect(reply.first == String(country.countryCallingCode), "\(region)")
        }
    }

    /// Benin moved its mobile numbers to ten digits in 2024 (`+229 01 ...`): the bundled
    /// metadata accepts them and refuses the withdrawn eight-digit ones, which 2022's accepted.
    @Test func beninsTenDigitNumbers() throws {
        let number = try PhoneNumber(international: "+2290197123456")
        #expect(number.region.rawValue == "BJ")
        #expect(number.type == .mobile)
        #expect(number.internationalFormat == "+229 01 97 12 34 56")
        #expect(try PhoneNumber(local: "0197123456", country: "BJ").e164 == "+2290197123456")
        #expect(throws: ValidationError.self) {
            try PhoneNumber(international: "+22997123456", policy: .anyValidNumber)
        }
        var system = PhonePolicy.anyValidNumber
        system.metadata = .system
        if PhoneMetadataSource.system.version == "8.12.57" {
            #expect(throws: ValidationError.self) { try PhoneNumber(international: "+2290197123456", policy: system) }
            #expect(try PhoneNumber(international: "+22997123456", policy: system).type == .mobile)
        }
    }
}
