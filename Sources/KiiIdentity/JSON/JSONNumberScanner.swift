/// Reads one RFC 8259 number from UTF-8 bytes: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
///
/// Names what is wrong with the usual near misses (a leading zero, `+1`, `.5`, `1.`, `1e`,
/// `-Infinity`), so a reason can say it.
struct JSONNumberScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var index: Int
    /// Whether the number has no fraction and no exponent.
    private(set) var isInteger = true

    init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) {
        self.bytes = bytes
        self.index = index
    }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 &- 0x30 < 10 } ?? false }

    private func fail(_ syntax: ValidationError.JSONDetail.Syntax, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(kind: .syntax(syntax), index: offset)
    }

    /// Moves past one number.
    ///
    /// - Throws: ``JSONSyntaxError`` (`malformed_json`, or `number_out_of_range` for an exponent
    ///   of more than ``JSONNumber/maximumExponentDigits`` digits).
    mutating func scan() throws(JSONSyntaxError) {
        let start = index
        if byte(at: index) == UInt8(ascii: "-") { index += 1 }
        switch byte(at: index) {
        case UInt8(ascii: "0"):
            index += 1
            if Self.isDigit(byte(at: index)) { throw fail(.leadingZero, at: start) }
        case let first? where Self.isDigit(first):
            while Self.isDigit(byte(at: index)) { index += 1 }
        case UInt8(ascii: "I"):
            throw fail(.nanOrInfinity, at: start)
        default:
            throw fail(.minusWithoutDigits, at: start)
        }
        if byte(at: index) == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard Self.isDigit(byte(at: index)) else { throw fail(.noDigitAfterPoint, at: start) }
            while Self.isDigit(byte(at: index)) { index += 1 }
        }
        if let mark = byte(at: index), mark | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { index += 1 }
            guard Self.isDigit(byte(at: index)) else { throw fail(.exponentWithoutDigits, at: start) }
            while byte(at: index) == UInt8(ascii: "0") { index += 1 }
            let significant = index
            while Self.isDigit(byte(at: index)) { index += 1 }
            if index - significant > JSONNumber.maximumExponentDigits {
                throw JSONSyntaxError(kind: .numberOutOfRange, index: start)
            }
        }
    }
}
