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

    /// The bytes that have a skeleton, each repeated across a chunk for the scan.
    static let mappedChunks: [ByteChunks.Chunk] = UnicodeTables.usernameLookalikes.map {
        ByteChunks.Chunk(repeating: $0.character)
    }

    /// Whether some byte of `bytes` has a skeleton: 16 bytes at a time.
    static func hasMappedByte(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ mapped: UnsafeBufferPointer<ByteChunks.Chunk>
    ) -> Bool {
        !ByteChunks.allSatisfy(bytes) { chunk in
            var any = ByteChunks.Lanes(repeating: false)
            for byte in mapped { any .|= chunk .== byte }
            return .!any
        }
    }

    /// The key of a normalised username (ASCII, lowercase): the string itself when no byte
    /// maps, else one string of the exact length (inline, without a heap allocation, up to 15
    /// bytes).
    static func key(_ normalized: String) -> String {
        let found = mappedChunks.withUnsafeBufferPointer { mapped in
            normalized.utf8.withContiguousStorageIfAvailable { hasMappedByte($0, mapped) }
        }
        if found == false { return normalized }
        return packed.withUnsafeBufferPointer { table in
            normalized.withUTF8Bytes { bytes in
                var length = 0
                for byte in bytes {
                    let entry = byte < 128 ? table[Int(byte)] : 0
                    length += entry == 0 ? 1 : Int(entry >> 24)
                }
                // Built on the stack and read once: a small string (up to 15 bytes) needs no heap.
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { output in
                    var written = 0
                    for byte in bytes {
                        let entry = byte < 128 ? table[Int(byte)] : 0
                        if entry == 0 {
                            output[written] = byte
                            written += 1
                        } else {
                            for index in 0..<Int(entry >> 24) {
                                output[written] = UInt8(truncatingIfNeeded: entry >> (8 * UInt32(index)))
                                written += 1
                            }
                        }
                    }
                    return String(decoding: UnsafeBufferPointer(rebasing: output[..<written]), as: UTF8.self)
                }
            }
        }
    }
}
