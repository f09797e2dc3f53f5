/// A JSON object read in place: members whose values are strings without escapes, `true`,
/// `false` or `null`, the common shape of an export line, visited without building a
/// ``JSONValue``, a dictionary or a string; any other value (a number, an array, an object) is
/// read by the strict reader and handed over built.
///
/// It is strict where the full reader is (white space, UTF-8, control characters, nothing after
/// the object, nesting) and gives up on everything else: an escape in a name or a string member,
/// a syntax error. When ``forEachMember(in:_:)`` returns `true`, ``JSONValue/init(parsing:allowingByteOrderMark:maximumBytes:)``
/// reads the same bytes as an object with the same members, except for a repeated name, which
/// the caller must refuse itself; when it returns `false`, read the text with that reader (for
/// the value or the reason).
package enum FlatJSONObject {
    /// A member's value.
    package enum Value {
        /// A string, as its UTF-8 bytes (no escapes, so the bytes are the string).
        case string(UnsafeBufferPointer<UInt8>)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
        /// Any other value (a number, an array, an object), as the strict reader reads it.
        case other(JSONValue)
    }

    /// Calls `body` with each member's name (its UTF-8 bytes) and value, in order.
    ///
    /// - Returns: `false` when the bytes are not such an object (it stops there) or `body`
    ///   returned `false`; `true` when every member was visited and the object is the whole text.
    @inline(__always)
    package static func forEachMember(
        in bytes: UnsafeBufferPointer<UInt8>,
        _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: Value) -> Bool
    ) -> Bool {
        var index = skipWhiteSpace(bytes, 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index = skipWhiteSpace(bytes, index + 1)
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "}") { return skipWhiteSpace(bytes, index + 1) == bytes.count }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
                let nameEnd = stringEnd(bytes, index + 1)
            else { return false }
            let name = UnsafeBufferPointer(rebasing: bytes[index + 1..<nameEnd])
            index = skipWhiteSpace(bytes, nameEnd + 1)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index = skipWhiteSpace(bytes, index + 1)
            guard index < bytes.count else { return false }
            let value: Value
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, index + 1) else { return false }
                value = .string(UnsafeBufferPointer(rebasing: bytes[index + 1..<end]))
                index = end + 1
            case UInt8(ascii: "t"):
                guard matches(bytes, index, "true") else { return false }
                value = .bool(true)
                index += 4
            case UInt8(ascii: "f"):
                guard matches(bytes, index, "false") else { return false }
                value = .bool(false)
                index += 5
            case UInt8(ascii: "n"):
                guard matches(bytes, index, "null") else { return false }
                value = .null
                index += 4
            default:
                guard let (other, end) = JSONParser.value(in: bytes, at: index, depth: 1) else { return false }
                value = .other(other)
                index = end
            }
            guard body(name, value) else { return false }
            index = skipWhiteSpace(bytes, index)
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index = skipWhiteSpace(bytes, index + 1)
            case UInt8(ascii: "}"):
                return skipWhiteSpace(bytes, index + 1) == bytes.count
            default:
                return false
            }
        }
    }

    @inline(__always)
    private static func skipWhiteSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// The index of the closing quote of a string whose content starts at `start`, or `nil` for
    /// an escape, a control character, bytes that are not UTF-8 or no closing quote.
    @inline(__always)
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte < 0x80 {
                index += 1
            } else {
                guard let length = UTF8Sequence.length(in: bytes, at: index) else { return nil }
                index += length
            }
        }
        return nil
    }

    /// Whether the literal `word` is at `index`.
    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        return true
    }
}
