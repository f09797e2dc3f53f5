/// An English reason as UTF-8 bytes, built from a string interpolation without a `String`:
/// literal pieces are copied from the binary, numbers and values are written in place, into
/// a buffer inside the value (on the heap only past ``inlineCapacity`` bytes).
///
/// Every detail type of the package words its English with it (``DetailDeclaration``),
/// so that a JSON body writes a reason's bytes straight into its buffer, escaped, and
/// `phrase(in:)` makes one `String` of them: in a rejected sign-up, five reasons built as
/// interpolated strings cost more than the rest of the error body.
///
/// ```swift
/// let reason: EnglishReason = "is too short (minimum \(3) \("characters"))"
/// String(reason)   // "is too short (minimum 3 characters)"
/// ```
package struct EnglishReason: ExpressibleByStringInterpolation, Sendable {
    /// The bytes kept inside the value: longer than every reason of the catalogs but those
    /// that repeat a long input.
    static let inlineCapacity = 128

    private var inline = InlineArray<128, UInt8>(repeating: 0)
    /// The bytes once they outgrow ``inlineCapacity``.
    private var spilled: [UInt8]?
    /// The bytes written inline.
    private var inlineCount = 0
    /// Whether nothing in the reason needs a JSON escape, so that a JSON body copies it as it
    /// is: the catalogs' literals need none (the catalog audit checks every case's; a quote
    /// goes in with `\(quoted:)`), numbers none, and a string appended (a value's text) is
    /// checked as it is appended.
    private(set) var isPlain = true

    /// An empty reason, to append to.
    init() {}

    /// A reason with no interpolation.
    package init(stringLiteral literal: StaticString) {
        append(literal)
    }

    /// A reason built by an interpolation.
    @inline(__always)
    package init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.reason
    }

    /// Appends the bytes of a literal.
    mutating func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a value's text (checked for bytes to escape; a literal goes in as a
    /// `StaticString`, unchecked).
    mutating func append(value text: String) {
        // The string's own bytes when it has them in one piece, without a copy of the string.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(checked: $0) }
        if done != nil { return }
        var text = text
        text.withUTF8 { append(checked: $0) }
    }

    /// Appends bytes that may need a JSON escape (a value's text), noting when one does.
    private mutating func append(checked bytes: UnsafeBufferPointer<UInt8>) {
        if isPlain, JSONValue.hasEscape(in: bytes) { isPlain = false }
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Appends one byte of ASCII.
    mutating func append(byte: UInt8) {
        if JSONValue.needsEscape(byte) { isPlain = false }
        withUnsafeBytes(of: byte) { append($0) }
    }

    /// Appends another reason's bytes.
    mutating func append(reason other: EnglishReason) {
        isPlain = isPlain && other.isPlain
        other.withBytes { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `number` in decimal.
    mutating func append(_ number: Int) {
        // One or two digits (the usual position, length or count): written at once.
        if number >= 0 && number < 100 {
            let digits = number < 10 ? (UInt8(48 + number), 0) : (UInt8(48 + number / 10), UInt8(48 + number % 10))
            let count = number < 10 ? 1 : 2
            withUnsafeBytes(of: digits) { append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            return
        }
        // The digits from the last, into 20 bytes (a 64-bit integer's most, sign included).
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var position = 20
        var rest = number.magnitude
        repeat {
            position -= 1
            digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        if number < 0 {
            position -= 1
            digits[position] = UInt8(ascii: "-")
        }
        let start = position
        digits.span.withUnsafeBufferPointer { buffer in
            append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start...]))
        }
    }

    /// Appends `bytes`, which are UTF-8: inline, where a reason's pieces go, without a call.
    @inline(__always)
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if spilled == nil, inlineCount + bytes.count <= Self.inlineCapacity {
            let offset = inlineCount
            var span = inline.mutableSpan
            span.withUnsafeMutableBufferPointer { buffer in
                ByteCopy.copy(source, to: buffer.baseAddress! + offset, count: bytes.count)
            }
            inlineCount += bytes.count
            return
        }
        appendSpilling(bytes)
    }

    /// Appends `bytes` past ``inlineCapacity``, on the heap.
    private mutating func appendSpilling(_ bytes: UnsafeRawBufferPointer) {
        if spilled == nil {
            let count = inlineCount
            spilled = inline.span.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        spilled!.append(contentsOf: bytes)
    }

    /// Calls `body` with the reason's UTF-8 bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let spilled { return spilled.withUnsafeBufferPointer(body) }
        let count = inlineCount
        return inline.span.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// The interpolation that builds a reason: literals, numbers, strings, other reasons and
    /// values' descriptions.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var reason = EnglishReason()

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: StaticString) { reason.append(literal) }
        package mutating func appendInterpolation(_ number: Int) { reason.append(number) }
        package mutating func appendInterpolation(_ text: String) { reason.append(value: text) }
        /// `"text"`: the quotes need a JSON escape, so that they are never part of a literal.
        package mutating func appendInterpolation(quoted text: String) {
            reason.append(byte: UInt8(ascii: "\""))
            reason.append(value: text)
            reason.append(byte: UInt8(ascii: "\""))
        }
        package mutating func appendInterpolation(_ other: EnglishReason) { reason.append(reason: other) }
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            reason.append(value: value.description)
        }
    }
}

extension String {
    /// The reason as a string.
    init(_ reason: borrowing EnglishReason) {
        self = reason.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
