/// Well-formed UTF-8, one sequence at a time: what the JSON readers accept in a string.
enum UTF8Sequence {
    /// The length of the well-formed UTF-8 sequence of 2 to 4 bytes at `offset`, or `nil` when
    /// the bytes there are not one (Unicode table 3-7: no overlong forms, no surrogates, nothing
    /// past U+10FFFF).
    @inline(__always)
    static func length(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xED: (length, high) = (3, 0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF4: (length, high) = (4, 0x8F)
        case 0xF1...0xF3: length = 4
        default: return nil
        }
        guard bytes.count - offset >= length else { return nil }
        let second = bytes[offset + 1]
        var valid = second >= low && second <= high
        for position in offset + 2..<offset + length { valid = valid && bytes[position] & 0xC0 == 0x80 }
        return valid ? length : nil
    }
}
