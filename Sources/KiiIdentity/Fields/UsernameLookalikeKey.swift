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
    @inlinable
    public var lookalikeKey: String { hasLookalikeBytes ? UsernameLookalikes.skeleton(normalized) : normalized }
}

/// The username alphabet's confusable skeletons, from the generated table.
@usableFromInline
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

    /// Every byte's skeleton, packed as ``UnicodeTables/usernameLookalikeSkeleton(of:)`` packs
    /// it, with a byte that is its own skeleton packed as itself (length 1).
    static let packedSkeletons: [UInt32] = (0...255).map { byte in
        let mapped = UnicodeTables.usernameLookalikeSkeleton(of: UInt8(byte))
        return mapped == 0 ? 0x0100_0000 | UInt32(byte) : mapped
    }

    /// The skeleton of a normalised username (ASCII, lowercase).
    @usableFromInline
    static func skeleton(_ normalized: String) -> String {
        normalized.withUTF8Bytes(skeleton(of:))
    }

    /// The skeleton of normalised bytes, written without a branch a byte: each byte's skeleton
    /// (itself, or up to 3 bytes) is stored as four bytes on the stack, and the next one starts
    /// where its length ends; then one string is made of them.
    private static func skeleton(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        packedSkeletons.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count &* 3 &+ 1) { buffer in
                let output = UnsafeMutableRawPointer(buffer.baseAddress!)
                var written = 0
                for byte in bytes {
                    let packed = table[Int(byte)]
                    output.storeBytes(of: packed, toByteOffset: written, as: UInt32.self)
                    written &+= Int(packed >> 24)
                }
                // Up to 15 bytes, the string is made in place and, being ASCII, not validated.
                // (`length`, a constant, keeps `written` in a register through the loop.)
                let length = written
                return String(unsafeUninitializedCapacity: length) { string in
                    string.baseAddress!.update(from: buffer.baseAddress!, count: length)
                    return length
                }
            }
        }
    }
}
