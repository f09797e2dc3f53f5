/// The 64-bit hash a password blocklist keys its entries by: Scripts/password-blocklist/generate.py
/// computes the same, bit for bit.
///
/// The state starts as the length times a constant; each 8-byte little-endian word (the last
/// padded with zero bytes) is mixed in by `h = (h ^ word) &* wordMultiplier; h ^= h >> 29`, and
/// the result goes through MurmurHash3's finaliser. Every step is a bijection of the state, so
/// two keys of one length never share a hash.
enum PasswordBlocklistHash {
    static let wordMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let lengthMultiplier: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// The hash of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var state = UInt64(truncatingIfNeeded: count) &* lengthMultiplier
        guard let base = bytes.baseAddress else { return finalise(state) }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            state = (state ^ word) &* wordMultiplier
            state ^= state >> 29
            index &+= 8
        }
        if index < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                word |= UInt64(base[index]) << shift
                shift &+= 8
                index &+= 1
            }
            state = (state ^ word) &* wordMultiplier
            state ^= state >> 29
        }
        return finalise(state)
    }

    /// MurmurHash3's 64-bit finaliser, a bijection of 64-bit integers.
    @inline(__always)
    static func finalise(_ value: UInt64) -> UInt64 {
        var state = value
        state ^= state >> 33
        state = state &* 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        state = state &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 33)
    }
}
