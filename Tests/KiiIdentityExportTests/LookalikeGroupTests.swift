import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentityExport

/// Lookalike keys in `lint`: their fingerprints made in place, the usernames a key can come from,
/// and the groups ``ConflictLanes`` finds, against dictionaries of strings.
@Suite struct LookalikeGroupTests {
    /// The username alphabet.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")

    @Test func fingerprintInPlaceIsTheKeys() throws {
        // Every pair of the alphabet after a letter: each byte's skeleton, and `m` and `rn` side by side.
        var count = 0
        for first in Self.alphabet {
            for second in Self.alphabet {
                let username = try Username("x\(first)\(second)")
                let inPlace = Array(username.rawValue.utf8).withUnsafeBufferPointer {
                    LookalikeKeys.fingerprint(ofUsername: $0)
                }
                #expect(inPlace == KeyFingerprint(lookalike: username.lookalikeKey.text), "\(username.rawValue)")
                count += 1
            }
        }
        #expect(count == 65 * 65)
        #expect(try Username("B0b").lookalikeKey.text == "bob")
        // Apart from the username key with the same text.
        #expect(KeyFingerprint(lookalike: "bob") != KeyFingerprint(.username, normalized: "bob"))
    }

    @Test func usernamesOfAKey() throws {
        #expect(LookalikeKeys.usernames(withKey: "bob", limit: 10) == ["b0b", "bob"])
        #expect(LookalikeKeys.usernames(withKey: "paypal", limit: 10) == ["paypa1", "paypal"])
        #expect(LookalikeKeys.usernames(withKey: "xyz", limit: 10) == ["xyz"])
        let modern = try #require(LookalikeKeys.usernames(withKey: "rnodern", limit: 100))
        #expect(modern == ["m0dem", "m0dern", "modem", "modern", "rn0dem", "rn0dern", "rnodem", "rnodern"])
        for username in modern { #expect(try Username(username).lookalikeKey.text == "rnodern", "\(username)") }
        // 2¹² usernames for twelve `o`: past a limit of 100.
        #expect(LookalikeKeys.usernames(withKey: String(repeating: "o", count: 12), limit: 100) == nil)
        #expect(LookalikeKeys.usernames(withKey: String(repeating: "o", count: 12), limit: 4096)?.count == 4096)
    }

    static func group(_ key: String, _ usernames: [(String, [Int])]) -> LookalikeGroup {
        LookalikeGroup(
            key: key,
            lines: usernames.flatMap(\.1).sorted(),
            usernames: usernames.map { LookalikeGroup.Username(username: $0.0, lines: $0.1) }
        )
    }

    @Test(arguments: [1, 2, 3])
    func groupsOfAnExport(lanes: Int) throws {
        let usernames = [
            "bob", "b0b", "BOB", "paypal", "paypa1", "alice", "carol", "Carol", "modern", "rnodern", "m0dem",
        ]
        let table = ConflictLanes(lanes: lanes)
        for (index, name) in usernames.enumerated() {
            table.add(UniquenessKeys(username: try Username(name)), line: index + 1)
        }
        #expect(
            table.lookalikeGroups() == [
                Self.group("bob", [("bob", [1, 3]), ("b0b", [2])]),
                Self.group("paypal", [("paypal", [4]), ("paypa1", [5])]),
                Self.group("rnodern", [("modern", [9]), ("rnodern", [10]), ("m0dem", [11])]),
            ]
        )
        // Conflicts stay the login keys'.
        #expect(table.conflicts().map(\.value) == ["bob", "carol"])
        #expect(table.conflictCount() == 2)
    }

    /// A key with more possible usernames than the search takes keeps its lines, and is a group
    /// unless one username holds them all.
    @Test func groupsPastTheSearchLimit() throws {
        let table = ConflictLanes(lanes: 2)
        for (index, name) in ["bob", "b0b", "bob", "carol", "carol"].enumerated() {
            table.add(UniquenessKeys(username: try Username(name)), line: index + 1)
        }
        #expect(table.lookalikeGroups(searchLimit: 1) == [LookalikeGroup(key: "bob", lines: [1, 2, 3], usernames: [])])
    }

    /// Random usernames of letters that look alike, against a dictionary of strings.
    @Test(arguments: [1, 3])
    func sameGroupsAsADictionary(lanes: Int) throws {
        var random = SplitMix64(seed: 33)
        let letters = Array("bo0mrn1lO")
        let table = ConflictLanes(lanes: lanes)
        var byKey: [String: [(username: String, line: Int)]] = [:]
        var keyOrder: [String] = []
        for line in 1...20_000 {
            let length = 3 + Int(random.next() % 3)
            let raw = String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
            let username = try Username(raw)
            table.add(UniquenessKeys(username: username), line: line)
            if byKey[username.lookalikeKey.text] == nil { keyOrder.append(username.lookalikeKey.text) }
            byKey[username.lookalikeKey.text, default: []].append((username.normalized, line))
        }
        var expected: [LookalikeGroup] = []
        for key in keyOrder {
            let records = byKey[key]!
            var lines: [String: [Int]] = [:]
            var order: [String] = []
            for (username, line) in records {
                if lines[username] == nil { order.append(username) }
                lines[username, default: []].append(line)
            }
            guard order.count > 1 else { continue }
            expected.append(Self.group(key, order.map { ($0, lines[$0]!) }))
        }
        #expect(expected.count > 100)
        #expect(table.lookalikeGroups() == expected)
    }
}
