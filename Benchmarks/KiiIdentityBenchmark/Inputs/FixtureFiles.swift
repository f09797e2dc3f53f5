import Foundation

/// The input mixes in `Fixtures/bench/`: one input per line, `region<TAB>input` where a
/// region goes with it.
enum FixtureFiles {
    /// `Fixtures/bench` of the package this file belongs to.
    static let defaultDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Inputs
        .deletingLastPathComponent()  // KiiIdentityBenchmark
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Fixtures/bench")

    /// The lines of `name`, exactly as written (an empty line is an empty input).
    static func lines(_ name: String, in directory: URL) -> [String] {
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            FileHandle.standardError.write(
                Data("kii-identity-bench: cannot read \(url.path) (run with --generate-fixtures)\n".utf8)
            )
            exit(66)
        }
        // Split on the byte 0x0A: a Character split would merge "\r\n" and combining marks.
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The lines of `name` split at the first tab: `(region, input)`; an empty region is `nil`.
    static func regionLines(_ name: String, in directory: URL) -> [(region: String?, input: String)] {
        lines(name, in: directory).map { line in
            guard let tab = line.utf8.firstIndex(of: 0x09) else { return (nil, line) }
            let region = String(line[..<tab])
            let input = String(line[line.utf8.index(after: tab)...])
            return (region.isEmpty ? nil : region, input)
        }
    }

    /// Writes `lines` to `name`, one a line.
    static func write(_ lines: [String], to name: String, in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = lines.map { $0 + "\n" }.joined()
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
}
