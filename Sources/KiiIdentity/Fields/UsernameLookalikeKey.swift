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

    /// Bytes that map, as a set for the scan.
    static let mapped = ByteSet { skeletons[Int($0 & 0x7F)] != nil && $0 < 0x80 }

    /// The key of a normalised username (ASCII, lowercase).
    static func key(_ normalized: String) -> String {
        var text = normalized
        return text.withUTF8 { bytes in
            guard bytes.contains(where: mapped.contains) else { return normalized }
            var key: [UInt8] = []
            key.reserveCapacity(bytes.count + 8)
            for byte in bytes {
                if let skeleton = skeletons[Int(byte & 0x7F)], byte < 0x80 { key += skeleton } else { key.append(byte) }
            }
            return String(decoding: key, as: UTF8.self)
        }
    }
}
