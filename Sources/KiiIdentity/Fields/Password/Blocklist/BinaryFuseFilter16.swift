/// A 3-wise binary fuse filter of 16-bit fingerprints (Graf and Lemire, "Binary Fuse Filters:
/// Fast and Smaller Than Xor Filters", 2022): whether a key hash may be in a set, never wrong
/// for a member, wrong for about 1 in 65,536 others.
///
/// The fingerprints are `segmentCount + 2` segments of `segmentLength` (a power of two). A key's
/// hash `k` (its ``PasswordBlocklistHash`` mixed with the seed through the finaliser) picks
/// `p0 = (k * segmentCount * segmentLength) >> 64`, `p1 = (p0 + segmentLength) ^ ((k >> 18) & mask)`
/// and `p2 = (p0 + 2 * segmentLength) ^ (k & mask)`, one in each of three consecutive segments;
/// the key is a member when the fingerprints there XOR to `(k ^ (k >> 32))` truncated to 16 bits.
/// Scripts/password-blocklist/generate.py builds the fingerprints by the same positions.
struct BinaryFuseFilter16: Sendable {
    /// Mixed into every key hash.
    let seed: UInt64
    /// Fingerprints a segment holds: a power of two.
    let segmentLength: Int
    /// Segments a key's first position may fall in.
    let segmentCount: Int
    /// `(segmentCount + 2) * segmentLength` fingerprints.
    let fingerprints: [UInt16]

    /// Whether a filter of this shape is whole: a power-of-two segment length, at least one
    /// segment, and the fingerprints that shape needs.
    static func isWhole(segmentLength: Int, segmentCount: Int, fingerprintCount: Int) -> Bool {
        guard segmentLength > 0, segmentLength <= 1 << 30, segmentLength & (segmentLength - 1) == 0,
            segmentCount > 0, segmentCount <= 1 << 30
        else { return false }
        return fingerprintCount == (segmentCount + 2) * segmentLength
    }

    /// Whether the key whose ``PasswordBlocklistHash`` is `keyHash` may be in the set.
    @inline(__always)
    func mayContain(keyHash: UInt64) -> Bool {
        let key = PasswordBlocklistHash.finalise(keyHash &+ seed)
        let span = UInt64(truncatingIfNeeded: segmentCount &* segmentLength)
        let first = Int(truncatingIfNeeded: key.multipliedFullWidth(by: span).high)
        let mask = UInt64(truncatingIfNeeded: segmentLength &- 1)
        let second = (first &+ segmentLength) ^ Int(truncatingIfNeeded: (key >> 18) & mask)
        let third = (first &+ 2 &* segmentLength) ^ Int(truncatingIfNeeded: key & mask)
        let fingerprint = UInt16(truncatingIfNeeded: key ^ (key >> 32))
        return fingerprints.withUnsafeBufferPointer { stored in
            fingerprint == stored[first] ^ stored[second] ^ stored[third]
        }
    }
}
