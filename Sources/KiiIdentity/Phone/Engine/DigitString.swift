/// Up to 32 ASCII digits held inline: the number being parsed, which the parse steps shorten
/// and rewrite without touching the heap.
struct DigitString {
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// How many digits are held.
    private(set) var count = 0

    static let capacity = 32

    /// No digits.
    init() {}

    /// The digits of `bytes`; `nil` when there are more than ``capacity``.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.capacity else { return nil }
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        count = bytes.count
    }

    /// The digits, for the length of `body`.
    @inline(__always)
    func withDigits<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: storage) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The digit at `index`, as an ASCII byte.
    subscript(index: Int) -> UInt8 {
        withDigits { $0[index] }
    }

    /// Whether the digits start with the decimal form of `value`; its length when they do.
    func prefixLength(ofDecimal value: Int) -> Int? {
        withDigits { Self.prefixLength(ofDecimal: value, in: $0) }
    }

    /// Whether `digits` start with the decimal form of `value` (not negative); its length when
    /// they do.
    static func prefixLength(ofDecimal value: Int, in digits: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = decimalLength(value)
        guard length <= digits.count else { return nil }
        var rest = value
        for index in stride(from: length - 1, through: 0, by: -1) {
            guard digits[index] == UInt8(truncatingIfNeeded: 0x30 + rest % 10) else { return nil }
            rest /= 10
        }
        return length
    }

    /// How many decimal digits `value` (not negative) has: 1 for 0, 2 for 81.
    static func decimalLength(_ value: Int) -> Int {
        var digits = 0
        var rest = value
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
        return digits
    }

    /// The digits after the first `length`.
    func dropping(_ length: Int) -> DigitString {
        withDigits { DigitString(UnsafeBufferPointer(rebasing: $0[length...]))! }
    }

    /// `prefix` then the digits after the first `length` of these; `nil` past ``capacity``.
    func replacingPrefix(_ length: Int, with prefix: DigitString) -> DigitString? {
        guard prefix.count + count - length <= Self.capacity else { return nil }
        var result = prefix
        withDigits { digits in
            withUnsafeMutableBytes(of: &result.storage) { raw in
                for index in length..<digits.count { raw[prefix.count + index - length] = digits[index] }
            }
        }
        result.count = prefix.count + count - length
        return result
    }

    /// Appends `bytes`; `false` past ``capacity``.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count + bytes.count <= Self.capacity else { return false }
        let start = count
        withUnsafeMutableBytes(of: &storage) { raw in
            for (offset, byte) in bytes.enumerated() { raw[start + offset] = byte }
        }
        count += bytes.count
        return true
    }

    /// The digits as a string.
    var string: String {
        withDigits { String(decoding: $0, as: UTF8.self) }
    }
}
