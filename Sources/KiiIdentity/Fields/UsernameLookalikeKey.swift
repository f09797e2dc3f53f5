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
    /// - Complexity: O(1), the normalised string itself, when no character maps; else O(*n*).
    public var lookalikeKey: String { hasLookalikeBytes ? UsernameLookalikes.skeleton(normalized) : normalized }
}

/// The username alphabet's confusable skeletons, from the generated table.
enum UsernameLookalikes {
    /// What a valid username's bytes hold, found 16 at a time.
    struct Marks {
        /// An ASCII capital: the normalised form is a lowercased copy.
        var hasCapital = false
        /// A byte whose lowercase form maps: the lookalike key is not the normalised form.
        var hasLookalikeByte = false
    }

    /// The marks of a valid username's bytes.
    @inline(__always)
    static func marks(_ bytes: UnsafeBufferPointer<UInt8>) -> Marks {
        typealias Chunk = ByteChunks.Chunk
        let mapped = UnicodeTables.usernameLookalikeCharacters
        var capitals = Chunk(repeating: 0)
        var lookalikes = Chunk(repeating: 0)
        ByteChunks.forEach(bytes) { chunk in
            let capital = ByteChunks.bits(ByteChunks.lanes(of: chunk, in: 0x41...0x5A))
            let lowered = chunk | (capital & Chunk(repeating: 0x20))
            capitals |= capital
            lookalikes |= ByteChunks.bits(
                (lowered .== Chunk(repeating: mapped[0])) .| (lowered .== Chunk(repeating: mapped[1]))
                    .| (lowered .== Chunk(repeating: mapped[2])) .| (lowered .== Chunk(repeating: mapped[3]))
            )
        }
        return Marks(hasCapital: ByteChunks.isAnySet(capitals), hasLookalikeByte: ByteChunks.isAnySet(lookalikes))
    }

    /// The key of a normalised username (ASCII, lowercase): the string itself when no byte
    /// maps, else its skeleton.
    static func key(_ normalized: String) -> String {
        normalized.withUTF8Bytes(marks).hasLookalikeByte ? skeleton(normalized) : normalized
    }

    /// The skeleton of a normalised username (ASCII, lowercase): its length counted, then the
    /// string written in place (inline, without a heap allocation, up to 15 bytes).
    static func skeleton(_ normalized: String) -> String {
        normalized.withUTF8Bytes { bytes in
            var length = bytes.count
            for byte in bytes {
                length &+= max(Int(UnicodeTables.usernameLookalikeSkeleton(of: byte) >> 24), 1) &- 1
            }
            return String(unsafeUninitializedCapacity: length) { output in
                var written = 0
                for byte in bytes {
                    let skeleton = UnicodeTables.usernameLookalikeSkeleton(of: byte)
                    if skeleton == 0 {
                        output[written] = byte
                        written &+= 1
                    } else {
                        for index in 0..<Int(skeleton >> 24) {
                            output[written] = UInt8(truncatingIfNeeded: skeleton >> (8 &* UInt32(index)))
                            written &+= 1
                        }
                    }
                }
                return written
            }
        }
    }
}
