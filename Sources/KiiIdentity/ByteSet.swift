/// A set of byte values as a 256-bit map: one shift and one mask a lookup, no branches.
struct ByteSet: Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The bytes for which `predicate` holds.
    init(_ predicate: (UInt8) -> Bool) {
        var words: [UInt64] = [0, 0, 0, 0]
        for byte in 0...255 where predicate(UInt8(byte)) {
            words[byte >> 6] |= 1 << UInt64(byte & 63)
        }
        self.words = (words[0], words[1], words[2], words[3])
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return (word >> UInt64(byte & 63)) & 1 == 1
    }

    /// Whether every byte of `bytes` is in the set.
    @inline(__always)
    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // ASCII sets only: a byte ≥ 0x80 is never a member, so the two low words decide.
        var missing: UInt64 = 0
        for byte in bytes {
            let word = byte < 64 ? words.0 : words.1
            missing |= ~(word >> UInt64(byte & 63)) & 1
            missing |= UInt64(byte >> 7)
        }
        return missing == 0
    }

    /// The index of the first byte not in the set, if any.
    func firstNonMember(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.firstIndex { !contains($0) }
    }
}

extension ByteSet {
    static let letters = ByteSet { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    static let digits = ByteSet { (0x30...0x39).contains($0) }
    static let alphanumerics = ByteSet { letters.contains($0) || digits.contains($0) }
    static let upperCaseLetters = ByteSet { (0x41...0x5A).contains($0) }
    static let printableASCII = ByteSet { (0x20...0x7E).contains($0) }
}
