import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The nickname policy against precis-i18n 1.1.2 on Unicode 17.0 (RFC 8266's Nickname profile,
/// case preserved): verdict, enforced form and the first problem's kind, over names drawn from
/// the whole Unicode space (`DisplayNameCases`). Names holding an RGI emoji sequence are the
/// extension's, tested in `DisplayNameNicknameTests`. `KII_DISPLAY_NAME_CASES` raises the count.
@Suite struct DisplayNameDifferentialTests {
    static let defaultCount = 100_000

    static var count: Int {
        guard let text = getenv("KII_DISPLAY_NAME_CASES"), let count = Int(String(cString: text)) else {
            return defaultCount
        }
        return max(count, defaultCount)
    }

    @Test func nicknamePolicyAgreesWithPrecisI18n() throws {
        let oracle = try UnicodeOracle.shared.get()
        var checked = 0
        var accepted = 0
        var disagreements: [String] = []
        DisplayNameCases.forEach(count: Self.count) { name in
            checked += 1
            if DisplayName.isValid(name, policy: .nickname) { accepted += 1 }
            if let difference = DisplayNameChecks.disagreement(name, oracle: oracle) {
                if disagreements.count < 30 {
                    disagreements.append(difference)
                } else {
                    disagreements[29] = "... and more"
                }
            }
        }
        print(
            "display-name differential (\(oracle.version)): \(checked) cases, \(accepted) accepted, "
                + "\(disagreements.count) disagreements"
        )
        #expect(checked >= Self.count)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
