import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentity

#if canImport(Glibc)
import Glibc
#endif

/// The library's NFKC against Unicode's own conformance file, `NormalizationTest.txt`, as
/// Debian's `unicode-data` package installs it (Unicode 15.0, bzip2-compressed, under
/// /usr/share/unicode; `make deps` installs the package and CI has it). The normalisation
/// stability policy keeps every line of it true in Unicode 17.0, the tables' version.
///
/// For every line, the NFKC column equals the NFKC of each of the five columns (UAX #15's
/// invariant `c4 == toNFKC(c1) == toNFKC(c2) == toNFKC(c3) == toNFKC(c4) == toNFKC(c5)`), compared
/// scalar for scalar; and every code point that part 1 does not list is its own NFKC, unless
/// Unicode 15.0 did not assign it (its DerivedAge.txt): those with a decomposition added since are
/// counted and left to the ICU differential (`DisplayNameDifferentialTests`). The file is required: without it the test fails, naming
/// the package.
@Suite struct NormalizationConformanceTests {
    static let folder = "/usr/share/unicode"
    static let testFile = "\(folder)/NormalizationTest.txt.bz2"
    static let ageFile = "\(folder)/DerivedAge.txt"

    @Test func nfkcHoldsOnEveryLineOfTheConformanceFile() throws {
        let text = try #require(
            Self.read(command: "bzip2 -dc \(Self.testFile)"),
            "\(Self.testFile) is missing: apt-get install unicode-data bzip2"
        )
        #expect(text.hasPrefix("# NormalizationTest-"), "not Unicode's conformance file")
        var lines = 0
        var checks = 0
        var part = ""
        var listed = Set<UInt32>()
        var failures: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("@") {
                part = String(line.prefix { $0 != " " })
                continue
            }
            let columns = try #require(Self.columns(line), "unreadable line: \(line)")
            lines += 1
            if part == "@Part1", columns[0].count == 1 { listed.insert(columns[0][0]) }
            let expected = columns[3]
            for (index, column) in columns.enumerated() {
                checks += 1
                let actual = CompatibilityNormalization.nfkc(column)
                if actual != expected && failures.count < 20 {
                    failures.append(
                        "line \(lines) c\(index + 1) \(ScalarHex.describe(column)): NFKC \(ScalarHex.describe(actual)), "
                            + "expected \(ScalarHex.describe(expected))"
                    )
                }
            }
        }
        let ages = try #require(Self.read(command: "cat \(Self.ageFile)"), "\(Self.ageFile) is missing")
        let assigned = Self.assignedCodePoints(ages)
        var unchanged = 0
        var newer: [UInt32] = []
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) && !listed.contains(value) {
            let actual = CompatibilityNormalization.nfkc([value])
            if actual == [value] {
                unchanged += 1
            } else if !assigned.contains(value) {
                newer.append(value)  // assigned after 15.0 with a decomposition: not the file's to judge
            } else if failures.count < 40 {
                failures.append(
                    "\(ScalarHex.describe([value])), not in part 1: NFKC \(ScalarHex.describe(actual)), expected itself"
                )
            }
        }
        print(
            "NFKC conformance (\(text.prefix { $0 != "\n" }.dropFirst(2))): \(lines) lines, \(checks) columns, "
                + "\(listed.count) code points of part 1, \(unchanged) others unchanged, \(newer.count) assigned "
                + "after 15.0 with a decomposition (the ICU differential's), \(failures.count) failures"
        )
        #expect(lines > 19_000)
        #expect(listed.count > 10_000)
        #expect(unchanged > 1_070_000)
        // Unicode 16.0 and 17.0 added a few hundred characters with decompositions, not thousands.
        #expect(newer.count < 1_000, "\(ScalarHex.describe(Array(newer.prefix(50))))")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func theConformanceCheckCanFail() {
        // The check compares scalars: a decomposed string is not its own NFKC, though `String ==`
        // would call the two equal.
        let decomposed: [UInt32] = [0x65, 0x301]
        #expect(CompatibilityNormalization.nfkc(decomposed) != decomposed)
        #expect(CompatibilityNormalization.nfkc(decomposed) == [0xE9])
        #expect("e\u{301}" == "\u{E9}")  // the blind spot
        #expect(!ScalarHex.same("e\u{301}", "\u{E9}"))
    }

    /// The five columns of a data line, each as scalars.
    static func columns(_ line: Substring) -> [[UInt32]]? {
        let fields = line.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count >= 6 else { return nil }
        var columns: [[UInt32]] = []
        for field in fields.prefix(5) {
            var scalars: [UInt32] = []
            for word in field.split(separator: " ") {
                guard let value = UInt32(word, radix: 16) else { return nil }
                scalars.append(value)
            }
            guard !scalars.isEmpty else { return nil }
            columns.append(scalars)
        }
        return columns
    }

    /// The code points DerivedAge.txt lists (every one assigned in its version).
    static func assignedCodePoints(_ text: String) -> Set<UInt32> {
        var assigned = Set<UInt32>()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let range = line.split(separator: ";").first?.split(separator: " ").first else { continue }
            let bounds = range.split(separator: ".", omittingEmptySubsequences: true)
            guard let low = bounds.first.flatMap({ UInt32($0, radix: 16) }),
                let high = (bounds.count == 2 ? bounds.last : bounds.first).flatMap({ UInt32($0, radix: 16) })
            else { continue }
            for value in low...high { assigned.insert(value) }
        }
        return assigned
    }

    /// What `command` prints, or `nil` when it fails.
    static func read(command: String) -> String? {
        guard let pipe = popen(command + " 2>/dev/null", "r") else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, pipe)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard pclose(pipe) == 0, !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
