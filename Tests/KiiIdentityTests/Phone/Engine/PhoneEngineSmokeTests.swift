@_spi(Probes) import KiiIdentity
import Testing

@Suite struct PhoneEngineSmokeTests {
    @Test(arguments: [PhoneMetadataSource.bundled, .system])
    func everyCallingCodeCompiles(source: PhoneMetadataSource) {
        let counts = PhoneEngineProbe.metadataCounts(source)
        #expect(counts.regions == 245)
        #expect(counts.entries == 254)
        // Every territory and every number format of the source is inside the engine's dialect:
        // nothing is left to libphonenumber (which, for the bundled source, is not asked at all).
        #expect(PhoneEngineProbe.compileAll(source))
        let states = PhoneEngineProbe.automatonStates(source)
        print(
            "\(source) automaton states:",
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
    func systemSourceAgreesWithLibphonenumber(text: String, region: String?) {
        let library = PhoneEngineProbe.library(text, region: region)
        let compiled = PhoneEngineProbe.compiled(text, region: region, source: .system)
        #expect(compiled == library, "\(text) \(region ?? "-")")
    }
}
