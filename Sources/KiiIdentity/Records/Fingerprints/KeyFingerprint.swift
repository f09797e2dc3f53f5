/// A 128-bit fingerprint of one uniqueness key (its kind and its normalised bytes): what a
/// compact table of keys keeps instead of the key's string.
///
/// Equal keys of one kind always have equal fingerprints; different keys have different ones
/// except with a probability of about n² / 2¹²⁹ for n keys (a chance in 10²⁴ at 22 million
/// keys). The hash is fixed (not seeded per process), so fingerprints agree across threads and
/// runs, and it is not meant to resist keys made to collide: a table that reports a match
/// re-checks the keys themselves.
package struct KeyFingerprint: Sendable, Hashable, Comparable {
    /// The high 64 bits.
    package let high: UInt64
    /// The low 64 bits.
    package let low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The fingerprint of a key of `kind` already in its normalised form
    /// (``UniquenessKeys``' strings).
    package init(_ kind: LoginKind, normalized key: String) {
        var hasher = KeyHasher(kind)
        for byte in key.utf8 { hasher.append(byte) }
        self = hasher.finish()
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// Builds a ``KeyFingerprint`` from a key's normalised bytes, one byte at a time, so that a key
/// can be normalised (lowercased) as it is hashed, without a string.
///
/// Two independent 64-bit chains, each folding 8 bytes at a time through a 64 x 64 -> 128-bit
/// multiplication (the high and low halves xored), then a final round over the length.
package struct KeyHasher {
    private var chainA: UInt64
    private var chainB: UInt64
    private var word: UInt64 = 0
    private var count = 0

    private static let multiplierA: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let multiplierB: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let finalA: UInt64 = 0x1656_67B1_9E37_79F9
    private static let finalB: UInt64 = 0xFF51_AFD7_ED55_8CCD

    /// A hasher for a key of `kind`.
    package init(_ kind: LoginKind) {
        let seed: UInt64 =
            switch kind {
            case .username: 1
            case .email: 2
            case .phone: 3
            }
        chainA = 0x243F_6A88_85A3_08D3 ^ seed
        chainB = 0x1319_8A2E_0370_7344 &+ seed
    }

    @inline(__always)
    private static func fold(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// Adds the next byte of the key.
    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        word |= UInt64(byte) << ((count & 7) &* 8)
        count += 1
        if count & 7 == 0 { flush() }
    }

    /// Adds bytes of the key.
    @inline(__always)
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { append(byte) }
    }

    @inline(__always)
    private mutating func flush() {
        chainA = Self.fold(chainA ^ word, Self.multiplierA)
        chainB = Self.fold(chainB ^ (word &+ 0x5851_F42D_4C95_7F2D), Self.multiplierB)
        word = 0
    }

    /// The fingerprint of the bytes appended.
    package mutating func finish() -> KeyFingerprint {
        if count & 7 != 0 { flush() }
        let length = UInt64(truncatingIfNeeded: count)
        let a = Self.fold(chainA ^ length, Self.finalA)
        let b = Self.fold(chainB ^ (length << 32), Self.finalB)
        return KeyFingerprint(
            high: Self.fold(a ^ (b >> 17), Self.multiplierB),
            low: Self.fold(b ^ (a >> 23), Self.multiplierA)
        )
    }
}

extension UniquenessKeys {
    /// The fingerprint of the key of `kind`, or `nil` when absent.
    package func fingerprint(_ kind: LoginKind) -> KeyFingerprint? {
        self[kind].map { KeyFingerprint(kind, normalized: $0) }
    }
}
