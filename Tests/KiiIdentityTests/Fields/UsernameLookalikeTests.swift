import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

/// The username lookalike key: named pairs, and ICU's TR39 skeleton (ICU 78, through the Unicode
/// oracle) over every string of the username alphabet up to three characters and over
/// generated usernames of every length.
@Suite("Username lookalike key")
struct UsernameLookalikeTests {
    @Test(
        "names that pass for each other share a key; names that do not, do not",
        arguments: [
            ("bob", "b0b", true), ("modern", "rnodern", true), ("paypal", "paypa1", true), ("Bob", "B0B", true),
            ("will_1", "wi11_l", true), ("mmm", "rnrnrn", true), ("vvv", "www", false), ("cl0ud", "dloud", false),
            ("ilia", "lila", false), ("s5s", "sss", false), ("a.b", "a_b", false), ("b-o", "b.o", false),
        ]
    )
    func pairs(first: String, second: String, shared: Bool) throws {
        let a = try Username(first.count < 3 ? first + "__" : first)
        let b = try Username(second.count < 3 ? second + "__" : second)
        #expect((a.lookalikeKey == b.lookalikeKey) == shared)
        #expect((a.lookalikeKey.text == b.lookalikeKey.text) == shared)
        if shared { #expect(a.lookalikeKey.hashValue == b.lookalikeKey.hashValue) }
        #expect(Set([a.lookalikeKey, b.lookalikeKey]).count == (shared ? 1 : 2))
    }

    @Test("the key is the lowercase name's skeleton, and the name itself when nothing maps")
    func values() throws {
        #expect(try Username("B0b").lookalikeKey.text == "bob")
        #expect(try Username("modern_1").lookalikeKey.text == "rnodern_l")
        #expect(try Username("alice").lookalikeKey.text == "alice")
        #expect(try "\(Username("M0m").lookalikeKey)" == "rnorn")
        #expect(UniquenessKeys(username: try Username("B0b")).usernameLookalike == "bob")
        // Not a login identifier: the description lists the login keys only.
        #expect(UniquenessKeys(username: try Username("B0b")).description == "username=b0b")
    }

    /// ICU's skeleton of the lowercase name, lowercased again: the key's definition.
    static func expected(_ name: String, _ oracle: UnicodeOracle) -> String? {
        oracle.skeleton(name.lowercased()).map { $0.lowercased() }
    }

    @Test("every string of the alphabet up to three characters, and 10,000 generated names, against ICU")
    func againstICU() throws {
        let oracle = try UnicodeOracle.shared.get()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        var names: [String] = []
        for a in alphabet {
            names.append(String(a))
            for b in alphabet {
                names.append(String([a, b]))
                if a.isLowercase || a.isNumber || !a.isLetter {
                    for c in alphabet where c.isLowercase || c.isNumber || !c.isLetter {
                        names.append(String([a, b, c]))
                    }
                }
            }
        }
        var random = SplitMix64(seed: 0x100C)
        for _ in 0..<5_000 {
            let length = 3 + Int(random.next() % 62)
            names.append(String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
        // Short names thick with mapped characters: expansions at every position, and keys up to
        // and past 15 bytes (the longest string kept inline).
        let mapped = Array("m01MrnolL_a")
        for _ in 0..<5_000 {
            let length = 3 + Int(random.next() % 14)
            names.append(String((0..<length).map { _ in mapped[Int(random.next() % UInt64(mapped.count))] }))
        }
        var disagreements: [String] = []
        var previous = try Username("___")
        for name in names {
            // Shorter names are padded with '_' (its own skeleton) to a username's minimum.
            let username = try Username(name.count < 3 ? name + String(repeating: "_", count: 3 - name.count) : name)
            let expected = Self.expected(username.rawValue, oracle)
            let key = username.lookalikeKey
            if key.text != expected, disagreements.count < 20 {
                disagreements.append("\(name): ICU \(expected ?? "-"), library \(key.text)")
            }
            // The key compares, orders and hashes as its text does, made or not.
            let other = previous.lookalikeKey
            if (key == other) != (key.text == other.text) || (key < other) != (key.text < other.text)
                || (key == other && key.hashValue != other.hashValue),
                disagreements.count < 20
            {
                disagreements.append("\(name) against \(previous.rawValue): the key compares unlike its text")
            }
            previous = username
        }
        print("username lookalike key (\(oracle.version)): \(names.count) names, \(disagreements.count) disagreements")
        #expect(names.count > 65_000)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
