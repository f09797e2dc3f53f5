import KiiIdentity
import KiiIdentityFuzzChecks
import KiiIdentityProbes
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The compiled phone engine against libphonenumber in the same process: every
/// example number of every region in every form, single-digit edits, random digits behind every
/// calling code, prefixes, neighbours. `KII_PHONE_DIFFERENTIAL_CASES` raises the count
/// (`make differential` runs a million); any disagreement fails and prints the input.
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
        PhoneDifferentialCases.forEach(count: Self.count) { probe in
            checked += 1
            if let difference = PhoneDifferentialChecks.disagreement(probe), disagreements.count < 20 {
                disagreements.append(difference)
            }
        }
        print("phone differential: \(checked) cases, \(disagreements.count) disagreements")
        #expect(checked >= Self.count)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
