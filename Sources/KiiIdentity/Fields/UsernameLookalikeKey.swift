extension Username {
    /// The key two usernames share when they look alike: the Unicode TR39 confusable skeleton of
    /// the ``normalized`` (lowercase) form, lowercased again.
    ///
    /// Within the username alphabet Unicode's confusables data (ICU's `uspoof_getSkeleton`, the
    /// generated table) maps exactly three characters: `0` → `o`, `1` → `l` and `m` → `rn`; so
    /// `b0b` and `bob`, `paypa1` and `paypal`, `modern` and `rnodern` share a key, and `i` and
    /// `l`, `vv` and `w`, `5` and `s` do not (TR39 has no such mappings). A service keeps the
    /// key unique beside the username key, so that a name that passes for another's is refused.
    ///
    /// ```swift
    /// try Username("B0b").lookalikeKey         // "bob"
    /// try Username("modern_1").lookalikeKey    // "rnodern_l"
    /// ```
    ///
    /// - Complexity: O(*n*); the normalised string itself when no character maps.
    public var lookalikeKey: String { UsernameLookalikes.key(normalized) }
}

/// The username alphabet's confusable skeletons, from the generated table.
enum UsernameLookalikes {
    /// Per ASCII byte, its skeleton packed: the length in the top byte and up to three bytes
    /// below, first in the lowest; 0 for a byte that is its own skeleton.
    static let packed: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 128)
        for (character, skeleton) in UnicodeTables.usernameLookalikes {
            let count = skeleton.utf8CodeUnitCount
            precondition(count >= 1 && count <= 3, "a username skeleton of \(count) bytes")
            var entry = UInt32(count) << 24
            for index in 0..<count { entry |= UInt32(skeleton.utf8Start[index]) << (8 * UInt32(index)) }
            table[Int(character)] = entry
        }
        return table
    }()

    /// The key of a normalised username (ASCII, lowercase): the string itself when no byte
    /// maps, else the skeleton, written on the stack in the same pass that looks for a mapped
    /// byte and made a string once (inline, without a heap allocation, up to 15 bytes).
    static func key(_ normalized: String) -> String {
        let key = packed.withUnsafeBufferPointer { table in
            normalized.withUTF8Bytes { bytes in skeleton(of: bytes, table) }
        }
        return key ?? normalized
    }

    /// The skeleton of `bytes`, or `nil` when no byte maps (the bytes are their own).
    @inline(__always)
    private static func skeleton(of bytes: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<UInt32>) -> String?
    {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 3) { output -> String? in
            var written = 0
            var mapped: UInt32 = 0
            for byte in bytes {
                let entry = byte < 128 ? table[Int(byte)] : 0
                mapped |= entry
                if entry == 0 {
                    output[written] = byte
                    written &+= 1
                } else {
                    let count = Int(entry >> 24)
                    for index in 0..<count {
                        output[written &+ index] = UInt8(truncatingIfNeeded: entry >> (8 * UInt32(index)))
                    }
                    written &+= count
                }
            }
            guard mapped != 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: output[..<written]), as: UTF8.self)
        }
    }
}
