import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentityExport

/// ``ConflictTable`` and ``ConflictLanes`` against a dictionary of strings, over enough keys that
/// every shard grows many times.
@Suite struct ConflictTableTests {
    /// Keys `user<n>`, with one line in 50 repeating an earlier key.
    static func keys(count: Int) -> [(line: Int, key: String)] {
        var random = SplitMix64(seed: 3)
        return (1...count).map { line in
            let repeated = line > 10 && random.next() % 50 == 0
            return (line, "user\(repeated ? Int(random.next() % UInt64(line - 1)) : line)")
        }
    }

    /// The conflicts a dictionary of strings finds.
    static func expected(_ keys: [(line: Int, key: String)]) -> [ConflictTable.Conflict] {
        var first: [String: Int] = [:]
        var lines: [String: [Int]] = [:]
        for (line, key) in keys {
            if let earlier = first[key] {
                lines[key, default: [earlier]].append(line)
            } else {
                first[key] = line
            }
        }
        return lines.map { ConflictTable.Conflict(kind: .username, value: $0.key, lines: $0.value) }
            .sorted { $0.lines[0] < $1.lines[0] }
    }

    @Test(arguments: [nil, 400_000, 4_000_000])
    func sameConflictsAsADictionary(expectedKeys: Int?) {
        let keys = Self.keys(count: 400_000)
        var table = ConflictTable()
        table.expectedKeys = expectedKeys
        for (line, key) in keys {
            table.add(KeyFingerprint(.username, normalized: key), kind: .username, line: line) { key }
        }
        let expected = Self.expected(keys)
        #expect(expected.count > 5_000)
        #expect(table.conflicts == expected)
        #expect(table.count == Set(keys.map(\.key)).count)
        // 16-byte slots, 74 to 93 % full (a little more for shards of one page), or 90 % of the
        // keys expected.
        let slots = max(table.count * 100 / 60, (expectedKeys ?? 0) * 10 / 9 + ConflictTable.shardCount * 256)
        #expect(table.tableBytes <= slots * 16)
        table.removeAll()
    }

    @Test(arguments: [1, 2, 3])
    func lanesFindTheSameConflicts(lanes: Int) {
        let keys = Self.keys(count: 100_000)
        let table = ConflictLanes(lanes: lanes)
        for (line, key) in keys {
            table.add(UniquenessKeys(username: try? Username(key)), line: line)
        }
        #expect(table.conflicts() == Self.expected(keys))
        #expect(table.conflictCount() == Self.expected(keys).count)
    }

    @Test func aLineBeyond32BitsIsKeptExactly() {
        var table = ConflictTable()
        let fingerprint = KeyFingerprint(.email, normalized: "a@example.com")
        table.add(fingerprint, kind: .email, line: 1 << 33) { "a@example.com" }
        table.add(fingerprint, kind: .email, line: (1 << 33) + 5) { "a@example.com" }
        #expect(
            table.conflicts == [
                ConflictTable.Conflict(kind: .email, value: "a@example.com", lines: [1 << 33, (1 << 33) + 5])
            ]
        )
    }

    @Test func differentValuesWithOneFingerprintAreKeptApart() {
        // A made-up fingerprint collision: the values of later records are compared exactly.
        var table = ConflictTable()
        let fingerprint = KeyFingerprint(high: 1, low: 2)
        table.add(fingerprint, kind: .username, line: 1) { "first" }
        table.add(fingerprint, kind: .username, line: 2) { "first" }
        table.add(fingerprint, kind: .username, line: 3) { "other" }
        table.add(fingerprint, kind: .username, line: 4) { "other" }
        #expect(
            table.conflicts == [
                ConflictTable.Conflict(kind: .username, value: "first", lines: [1, 2]),
                ConflictTable.Conflict(kind: .username, value: "other", lines: [3, 4]),
            ]
        )
    }
}
