@_spi(Probes) import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The compiled phone engine on the system metadata against libphonenumber in the same process:
/// every example number of every region in every form, single-digit edits, random digits behind
/// every calling code, prefixes, neighbours; then as many numbers drawn from the whole number
/// space (every territory's type patterns, formats' leading digits and lengths). Every fact, and
/// the national and international formats of every number that parses. `KII_PHONE_DIFFERENTIAL_CASES`
/// raises the count (`make differential` runs a million); any disagreement fails and prints the input.
@Suite struct PhoneDifferentialTests {
    static let defaultCount = 100_000

    static var count: Int {
        guard let text = getenv("KII_PHONE_DIFFERENTIAL_CASES"), let count = Int(String(cString: text)) else {
            return defaultCount
        }
        return max(count, defaultCount)
    }

    @Test func compiledEngineAgreesWithLibphonenumber() {
        var checked = 0
        var disagreements: [String] = []
        func check(_ probe: PhoneDifferentialChecks.Probe) {
            checked += 1
            if let difference = PhoneDifferentialChecks.disagreement(probe), disagreements.count < 20 {
                disagreements.append(difference)
            }
        }
        PhoneDifferentialCases.forEach(count: Self.count / 2, check)
        PhoneNumberSpaceCases.forEach(count: Self.count - checked, source: .system, check)
        print("phone differential: \(checked) cases, \(disagreements.count) disagreements")
        #expect(checked >= Self.count)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func everyExampleNumber() throws {
        var disagreements: [String] = []
        for region in CountryCode.allSupported {
            for type in PhoneNumberType.allCases {
                let expected = PhoneEngineProbe.libraryExample(region, type)
                let actual = PhoneNumber.example(for: try CountryCode(region), type: type, metadata: .system)
                if expected != actual {
                    disagreements.append(
                        "\(region) \(type.rawValue): libphonenumber \(expected ?? "-"), compiled \(actual ?? "-")"
                    )
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
