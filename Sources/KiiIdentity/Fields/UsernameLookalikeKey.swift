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
    /// try Username("B0b").lookalikeKey == Username("bob").lookalikeKey   // true
    /// try Username("modern_1").lookalikeKey.text                         // "rnodern_l"
    /// ```
    ///
    /// - Complexity: O(1): the key holds the normalised name; its ``LookalikeKey/text``, its
    ///   equality and its hash read the skeleton from the name's bytes, O(*n*).
    @inlinable
    public var lookalikeKey: LookalikeKey { LookalikeKey(normalized: normalized, maps: hasLookalikeBytes) }

    /// A username's lookalike key (``Username/lookalikeKey``): equal for `b0b` and `bob`.
    ///
    /// Compared and hashed by its skeleton without making a string; ``text`` is the string a
    /// service stores under its UNIQUE constraint, made when it is asked for.
    public struct LookalikeKey: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The normalised username the key is the skeleton of.
        @usableFromInline
        let normalized: String
        /// Whether a byte of `normalized` has a skeleton other than itself.
        @usableFromInline
        let maps: Bool

        @inlinable
        init(normalized: String, maps: Bool) {
            self.normalized = normalized
            self.maps = maps
        }

        /// The key as a string (`rnodern_l` for `Modern_1`): what a service stores and looks up.
        ///
        /// - Complexity: O(1), the normalised name itself, when no character maps; else O(*n*).
        public var text: String { maps ? UsernameLookalikes.skeleton(normalized) : normalized }

        /// ``text``.
        public var description: String { text }

        /// Whether two keys are one skeleton (`b0b`'s and `bob`'s are), as their ``text`` would
        /// compare.
        public static func == (left: Self, right: Self) -> Bool {
            if !left.maps && !right.maps { return left.normalized == right.normalized }
            return left.withSkeleton { leftBytes in right.withSkeleton { leftBytes.elementsEqual($0) } }
        }

        /// Orders keys as their ``text`` orders (by bytes: the text is ASCII).
        public static func < (left: Self, right: Self) -> Bool {
            left.withSkeleton { leftBytes in right.withSkeleton { leftBytes.lexicographicallyPrecedes($0) } }
        }

        /// Hashes the skeleton's bytes, as a `String` of ``text`` would feed them.
        public func hash(into hasher: inout Hasher) {
            withSkeleton { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                hasher.combine(0xFF as UInt8)
            }
        }

        /// Calls `body` with the skeleton's bytes: the name's own, or written on the stack.
        func withSkeleton<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            normalized.withUTF8Bytes { bytes in
                maps ? UsernameLookalikes.withSkeleton(of: bytes, body) : body(bytes)
            }
        }
    }
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

    /// The key's text of a normalised username (ASCII, lowercase), its marks found again.
    static func key(_ normalized: String) -> String {
        Username.LookalikeKey(normalized: normalized, maps: normalized.withUTF8Bytes(marks).hasLookalikeByte).text
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
        normalized.withUTF8Bytes { bytes in
            withSkeleton(of: bytes) { skeleton in
                // Up to 15 bytes, the string is made in place and, being ASCII, not validated.
                String(unsafeUninitializedCapacity: skeleton.count) { string in
                    string.baseAddress!.update(from: skeleton.baseAddress!, count: skeleton.count)
                    return skeleton.count
                }
            }
        }
    }

    /// Calls `body` with the skeleton of normalised bytes, written without a branch a byte:
    /// each byte's skeleton (itself, or up to 3 bytes) is stored as four bytes on the stack, and
    /// the next one starts where its length ends.
    static func withSkeleton<Result>(
        of bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        packedSkeletons.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count &* 3 &+ 1) { buffer in
                let output = UnsafeMutableRawPointer(buffer.baseAddress!)
                var written = 0
                for byte in bytes {
                    let packed = table[Int(byte)]
                    output.storeBytes(of: packed, toByteOffset: written, as: UInt32.self)
                    written &+= Int(packed >> 24)
                }
                return body(UnsafeBufferPointer(start: buffer.baseAddress!, count: written))
            }
        }
    }
}
