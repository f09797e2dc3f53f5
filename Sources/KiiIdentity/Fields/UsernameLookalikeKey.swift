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
    /// The skeleton of each byte that has one other than itself.
    static let skeletons: [[UInt8]?] = {
        var table = [[UInt8]?](repeating: nil, count: 128)
        for (character, skeleton) in UnicodeTables.usernameLookalikes {
            table[Int(character)] = Array(
                UnsafeBufferPointer(start: skeleton.utf8Start, count: skeleton.utf8CodeUnitCount)
            )
        }
        return table
    }()

    /// The bytes that have a skeleton (`m`, `0` and `1` in Unicode 17.0's data).
    static let mappedBytes: [UInt8] = UnicodeTables.usernameLookalikes.map(\.character)

    /// Whether some byte of `bytes` has a skeleton: 16 bytes at a time.
    @inline(__always)
    static func hasMappedByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let mapped = mappedBytes
        return !ByteChunks.allSatisfy(bytes) { chunk in
            var any = ByteChunks.lanes(of: chunk, equalTo: mapped[0])
            for byte in mapped.dropFirst() {
                any .|= ByteChunks.lanes(of: chunk, equalTo: byte)
            }
            return .!any
        }
    }

    /// The key of a normalised username (ASCII, lowercase): the string itself when no byte
    /// maps, else one string of the exact length (inline, without a heap allocation, up to 15
    /// bytes).
    static func key(_ normalized: String) -> String {
        var text = normalized
        return text.withUTF8 { bytes in
            guard hasMappedByte(bytes) else { return normalized }
            var extra = 0
            for byte in bytes where byte < 0x80 { extra += (skeletons[Int(byte)]?.count ?? 1) - 1 }
            return String(unsafeUninitializedCapacity: bytes.count + extra) { output in
                var written = 0
                for byte in bytes {
                    if byte < 0x80, let skeleton = skeletons[Int(byte)] {
                        for part in skeleton {
                            output[written] = part
                            written += 1
                        }
                    } else {
                        output[written] = byte
                        written += 1
                    }
                }
                return written
            }
        }
    }
}
