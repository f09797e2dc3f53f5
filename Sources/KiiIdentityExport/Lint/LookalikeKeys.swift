package import KiiIdentity

extension KeyFingerprint {
    /// The fingerprint of a username's lookalike key (``Username/lookalikeKey``), apart from every
    /// username's: a byte no username has comes first.
    package init(lookalike key: String) {
        var hasher = KeyHasher(.username)
        hasher.append(LookalikeKeys.marker)
        for byte in key.utf8 { hasher.append(byte) }
        self = hasher.finish()
    }
}

/// The username alphabet's lookalike skeletons, read from ``Username/lookalikeKey`` itself: the
/// fingerprint of a username's key made from its bytes in place, and the usernames a key can
/// come from.
package enum LookalikeKeys {
    /// The byte before a lookalike key's bytes in its fingerprint (not UTF-8, so no username's).
    static let marker: UInt8 = 0xFF

    /// The key's bytes for each ASCII byte of a username (lowercased, then its skeleton): one
    /// byte, or two packed low byte first; 0 for a byte no username holds.
    static let skeletons: [UInt16] = (0..<128).map { (byte: Int) -> UInt16 in
        // Two letters first: a username has at least three characters.
        let text = "aa" + String(UnicodeScalar(UInt8(byte)))
        guard let username = try? Username(text) else { return 0 }
        let key = Array(username.lookalikeKey.text.utf8.dropFirst(2))
        precondition(key.count == 1 || key.count == 2, "a skeleton of one or two bytes")
        return UInt16(key[0]) | (key.count == 2 ? UInt16(key[1]) << 8 : 0)
    }

    /// The other bytes of a normalised (lowercase) username each key byte may come from, with
    /// their skeletons: `o` from `0`, `l` from `1`, `r` (then `n`) from `m`.
    static let sources: [[(byte: UInt8, skeleton: [UInt8])]] = {
        var sources = [[(byte: UInt8, skeleton: [UInt8])]](repeating: [], count: 128)
        for byte in 0..<128 where skeletons[byte] != 0 && !(0x41...0x5A).contains(byte) {
            let packed = skeletons[byte]
            let skeleton = packed > 0xFF ? [UInt8(packed & 0xFF), UInt8(packed >> 8)] : [UInt8(packed)]
            guard skeleton != [UInt8(byte)] else { continue }
            sources[Int(skeleton[0])].append((UInt8(byte), skeleton))
        }
        return sources
    }()

    /// The fingerprint of the lookalike key of a valid username given as its bytes (any case):
    /// `KeyFingerprint(lookalike: try Username(bytes).lookalikeKey)`, without a string.
    @inline(__always)
    package static func fingerprint(ofUsername bytes: UnsafeBufferPointer<UInt8>) -> KeyFingerprint {
        var hasher = KeyHasher(.username)
        hasher.append(marker)
        for byte in bytes {
            let skeleton = skeletons[Int(byte & 0x7F)]
            hasher.append(UInt8(truncatingIfNeeded: skeleton))
            if skeleton > 0xFF { hasher.append(UInt8(truncatingIfNeeded: skeleton >> 8)) }
        }
        return hasher.finish()
    }

    /// Every normalised username whose lookalike key is `key`, sorted, or `nil` when there are
    /// more than `limit` (`bob`: `b0b`, `bob`; a key with *n* `o`, `l` or `rn` has 2ⁿ).
    package static func usernames(withKey key: String, limit: Int) -> [String]? {
        let key = Array(key.utf8)
        var found: [String] = []
        // Prefixes of usernames and how much of the key each stands for.
        var pending: [(prefix: [UInt8], position: Int)] = [([], 0)]
        while let (prefix, position) = pending.popLast() {
            guard position < key.count else {
                found.append(String(decoding: prefix, as: UTF8.self))
                if found.count > limit { return nil }
                continue
            }
            let byte = key[position]
            pending.append((prefix + [byte], position + 1))
            guard byte < 0x80 else { continue }
            for (source, skeleton) in sources[Int(byte)] where key[position...].starts(with: skeleton) {
                pending.append((prefix + [source], position + skeleton.count))
            }
        }
        return found.sorted()
    }
}
