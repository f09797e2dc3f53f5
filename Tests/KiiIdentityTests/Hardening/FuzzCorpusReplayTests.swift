import Foundation
import KiiIdentityFuzzChecks
import Testing

/// Replays every fuzz corpus file (seeds, interesting inputs and past crashes, in
/// `Fixtures/fuzz/<target>/`) through the same property checks the libFuzzer targets run.
@Suite struct FuzzCorpusReplayTests {
    static let fixtures = FixturePaths.url("fuzz")

    static func corpus(_ target: FuzzTarget) throws -> [URL] {
        let directory = fixtures.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTarget.allCases)
    func corpusKeepsEveryProperty(_ target: FuzzTarget) throws {
        let files = try Self.corpus(target)
        #expect(!files.isEmpty, "Fixtures/fuzz/\(target.rawValue) has no corpus")
        for file in files {
            let input = [UInt8](try Data(contentsOf: file))
            let broken = target.violations(for: input)
            #expect(broken.isEmpty, "\(target.rawValue)/\(file.lastPathComponent): \(broken)")
        }
    }
}
