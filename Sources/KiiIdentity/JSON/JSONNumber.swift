/// A JSON number kept exactly as written: every digit of `12345678901234567890123` or `0.10`.
///
/// The text is an RFC 8259 number (`-? int frac? exp?`, no leading zeros, no `+`, no `NaN`).
/// Comparison and hashing go by value, as JSON does: `2`, `2.0`, `20e-1` and `0.2E1` are equal;
/// the text is what is written back out, so a request body carries the user's digits.
///
/// ```swift
/// let big = JSONNumber("12345678901234567890123")!
/// big.text                            // "12345678901234567890123"
/// JSONNumber("2.0") == JSONNumber("2")  // true
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The number as written in JSON.
    public let text: String

    /// An exponent past this many digits is refused (`number_out_of_range`): the value could
    /// not be compared exactly.
    static let maximumExponentDigits = 15

    /// The number written as `text`, or `nil` when `text` is not exactly one RFC 8259 number
    /// (or has an exponent of more than 15 digits).
    public init?(_ text: String) {
        let valid = text.withUTF8Bytes { bytes in
            var scanner = JSONNumberScanner(bytes, from: 0)
            return (try? scanner.scan()) != nil && scanner.index == bytes.count
        }
        guard valid else { return nil }
        self.text = text
    }

    /// Text already checked by ``JSONNumberScanner``.
    init(checked text: String) {
        self.text = text
    }

    /// The shortest text that reads back as `value` (Swift's `description`: `0.1`, `1e+22`);
    /// `nil` for infinities and NaN, which JSON cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.init(checked: value.description)
    }

    /// An integer.
    public init(_ value: Int) {
        self.init(checked: String(value))
    }

    /// An integer literal.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// A floating-point literal, written as the shortest text that reads back as the `Double`.
    public init(floatLiteral value: Double) {
        guard let number = Self(value) else { preconditionFailure("JSON has no infinities or NaN") }
        self = number
    }

    /// The text.
    public var description: String { text }

    /// The value as an `Int`, when it is a whole number that fits (`2.0` and `2e0` are 2).
    public var intValue: Int? {
        let value = DecimalValue(text)
        if value.digits.isEmpty { return 0 }
        guard value.exponent >= 0, value.digits.count + value.exponent <= 19 else { return nil }
        let whole = value.digits + [UInt8](repeating: 0x30, count: value.exponent)
        return Int((value.negative ? "-" : "") + String(decoding: whole, as: UTF8.self))
    }

    /// Equal when the values are equal, however they are written.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.text == rhs.text || DecimalValue(lhs.text) == DecimalValue(rhs.text)
    }

    /// Hashes the value, not the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(DecimalValue(text))
    }
}

/// A number's value as sign, significant digits and exponent: `-0.0250` is `-`, `25`, `-3`.
///
/// Zero has no digits and no sign, so `-0` equals `0`.
struct DecimalValue: Hashable {
    var negative = false
    /// ASCII digits, no leading or trailing zeros.
    var digits: [UInt8] = []
    var exponent = 0

    /// The value of checked number text.
    init(_ text: String) {
        var integerDigits: [UInt8] = []
        var fractionDigits = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0  // 0 integer, 1 fraction, 2 exponent
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                if part == 2 { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "+"):
                break
            case UInt8(ascii: "."):
                part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                part = 2
            default:
                if part == 2 {
                    exponent = exponent * 10 + Int(byte - 0x30)
                } else {
                    integerDigits.append(byte)
                    if part == 1 { fractionDigits += 1 }
                }
            }
        }
        let first = integerDigits.firstIndex { $0 != 0x30 }
        guard let first else {
            negative = false
            return
        }
        let last = integerDigits.lastIndex { $0 != 0x30 }!
        digits = Array(integerDigits[first...last])
        let trailingZeros = integerDigits.count - 1 - last
        self.exponent = (exponentNegative ? -exponent : exponent) - fractionDigits + trailingZeros
    }
}
