import KiiIdentity
import KiiIdentityProbes
import Testing

@Suite struct PhoneEngineSmokeTests {
    @Test func metadataCounts() {
        let counts = PhoneEngineProbe.metadataCounts
        #expect(counts.regions == 245)
        #expect(PhoneEngineProbe.compileAll())
        let states = PhoneEngineProbe.automatonStates
        print(
            "automaton states:",
            states.values.reduce(0, +),
            "largest:",
            states.sorted { $0.value > $1.value }.prefix(5)
        )
    }

    @Test(
        arguments: [
            ("+819012345678", nil), ("+447911123456", nil), ("+14155552671", nil), ("09012345678", "JP"),
            ("9012345678", "JP"), ("0111234567", "AR"), ("01115123456", "AR"), ("8190123456", "JP"),
            ("010819012345678", "JP"),
            ("+80012345678", nil), ("14155552671", "US"), ("4155552671", "CA"), ("+0123", nil), ("+123", nil),
            ("12", "JP"),
        ] as [(String, String?)]
    )
    func agrees(text: String, region: String?) {
        let library = PhoneEngineProbe.library(text, region: region)
        let compiled = PhoneEngineProbe.compiled(text, region: region)
        #expect(compiled == library, "\(text) \(region ?? "-")")
    }
}
