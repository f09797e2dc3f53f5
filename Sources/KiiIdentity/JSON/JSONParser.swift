/// The one JSON reader of the package: RFC 8259 exactly, over UTF-8 bytes, to ``JSONValue``.
///
/// Rejects everything lenient parsers take (trailing commas, comments, single quotes, `NaN`
/// and `Infinity`, leading zeros, `+1`, unescaped control characters, invalid escapes, lone
/// surrogates, bytes that are not UTF-8) and, beyond the RFC, a member repeated in an object
/// (`duplicate_member`), since two readers of one document must not see different values.
/// Numbers keep their text (``JSONNumber``). A byte order mark is accepted only where the
/// caller says (the start of a file).
///
/// - Complexity: O(*n*) in the length of the text; recursion is bounded by
///   ``JSONValue/maximumNesting``.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value of a whole JSON text: one value with only white space around it.
    ///
    /// - Parameter allowingByteOrderMark: skip a UTF-8 byte order mark at the very start
    ///   instead of rejecting it.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        allowingByteOrderMark: Bool = false
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            guard allowingByteOrderMark else {
                throw parser.fail(.byteOrderMark)
            }
            parser.index = 3
        }
        parser.skipWhiteSpace()
        if parser.index == bytes.count { throw parser.fail(.noValue, at: 0) }
        let value = try parser.value()
        parser.skipWhiteSpace()
        guard parser.index == bytes.count else { throw parser.fail(.textAfterValue) }
        return value
    }

    /// The value that starts at `start` inside a larger text whose containers already nest
    /// `depth` deep, and the index just after it; `nil` when it is not a valid value there.
    static func value(
        in bytes: UnsafeBufferPointer<UInt8>,
        at start: Int,
        depth: Int
    ) -> (value: JSONValue, end: Int)? {
        var parser = JSONParser(bytes)
        parser.index = start
        parser.depth = depth
        guard let value = try? parser.value() else { return nil }
        return (value, parser.index)
    }

    private func fail(_ syntax: ValidationError.JSONDetail.Syntax, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(kind: .syntax(syntax), index: offset ?? index)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// What an unexpected byte is, for a reason: the usual lenient extensions by name.
    private func unexpected() -> JSONSyntaxError {
        switch current {
        case nil: fail(.unexpectedEnd)
        case UInt8(ascii: "/"): fail(.comment)
        case UInt8(ascii: "'"): fail(.singleQuotedString)
        case UInt8(ascii: "N"), UInt8(ascii: "I"): fail(.nanOrInfinity)
        case UInt8(ascii: "+"): fail(.plusSign)
        case UInt8(ascii: "."): fail(.noDigitBeforePoint)
        case UInt8(ascii: ","): fail(.missingValue)
        case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
            fail(.byteOrderMark)
        default: fail(.unexpectedCharacter)
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        switch current {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || byte &- 0x30 < 10: return try number()
        default: throw unexpected()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count,
            UnsafeBufferPointer(rebasing: bytes[index..<index + expected.count]).elementsEqual(expected)
        else { throw fail(.unexpectedCharacter) }
        index += expected.count
        return value
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONValue.maximumNesting {
            throw JSONSyntaxError(kind: .nestingTooDeep, index: index)
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        skipWhiteSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([:])
        }
        // Room for a request body's members at once, copied from an empty object made once: a
        // dictionary grown from empty is rehashed at 2, 4 and 8 members, one reserved after its
        // creation goes through the standard library's unspecialised resize, and one made with
        // room looks its type up at run time each time (what each cost: Performance.md, "Figures
        // behind the code's choices").
        var members = Self.emptyObject
        while true {
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw fail(.trailingComma) }
                if current == UInt8(ascii: "/") || current == UInt8(ascii: "'") || current == nil { throw unexpected() }
                throw fail(.nameNotString)
            }
            let nameStart = index
            let name = try string(isName: true)
            skipWhiteSpace()
            guard current == UInt8(ascii: ":") else {
                throw current == UInt8(ascii: "/") || current == nil ? unexpected() : fail(.missingColon)
            }
            index += 1
            skipWhiteSpace()
            let value = try value()
            if members.updateValue(value, forKey: name) != nil {
                throw JSONSyntaxError(kind: .duplicateMember(name), index: nameStart)
            }
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhiteSpace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            case UInt8(ascii: "/"), nil: throw unexpected()
            default: throw fail(.missingCommaOrBrace)
            }
        }
    }

    /// An empty object with room for 8 members, which each object read copies on its first
    /// member. A copy keeps the hash seed of what it copies, as the standard library's own
    /// copies do; an object that outgrows it gets a new seed as it grows.
    private static let emptyObject = [String: JSONValue](minimumCapacity: 8)

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhiteSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            if current == UInt8(ascii: "]") { throw fail(.trailingComma) }
            elements.append(try value())
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhiteSpace()
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            case UInt8(ascii: "/"), nil: throw unexpected()
            default: throw fail(.missingCommaOrBracket)
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var scanner = JSONNumberScanner(bytes, from: index)
        try scanner.scan()
        index = scanner.index
        if let next = current, (next | 0x20) &- 0x61 < 26 { throw fail(.letterAfterNumber) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // An integer that an Int holds is `.integer`; "-0" keeps its sign as a number.
        if scanner.isInteger, text != "-0", let value = Int(text) { return .integer(value) }
        return .number(JSONNumber(checked: text))
    }

    /// A string's value; `index` is at its opening quote. A member's name (`isName`) that Kii's
    /// user bodies use comes from the binary (``JSONMemberNames``).
    private mutating func string(isName: Bool = false) throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes. Eight bytes at a time while they are plain ASCII (no quote,
        // backslash, control character or byte above 0x7E); the string ends at the first byte
        // that is not when it is the closing quote, else the rest goes byte by byte, UTF-8
        // checked as it goes.
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let stops = Self.nonPlainBits(word)
                if stops == 0 {
                    index += 8
                    continue
                }
                // The first byte that is not plain ASCII: the closing quote, usually.
                let end = index + stops.trailingZeroBitCount / 8
                if bytes[end] == UInt8(ascii: "\"") {
                    index = end + 1
                    let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if isName, let known = JSONMemberNames.known(text) { return known }
                    return Self.text(text)
                }
                break
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if isName, let known = JSONMemberNames.known(text) { return known }
                return Self.text(text)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail(.controlCharacter) }
            if byte < 0x80 {
                index += 1
            } else {
                index += try sequenceLength(at: index)
            }
        }
        var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &unescaped)
            case ..<0x20:
                throw fail(.controlCharacter)
            case ..<0x80:
                unescaped.append(byte)
                index += 1
            default:
                let length = try sequenceLength(at: index)
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        throw fail(.unclosedString, at: start - 1)
    }

    /// The bytes of `word` that end or escape a string, are control characters or are outside
    /// printable ASCII (JSON's escape test, with the top bit): 0 when there are none, else the
    /// lowest set bit is the top bit of the first.
    @inline(__always)
    private static func nonPlainBits(_ word: UInt64) -> UInt64 {
        word & 0x8080_8080_8080_8080 | JSONValue.escapeBits(word)
    }

    /// The string of well-formed UTF-8 `bytes`: a short one (15 bytes or fewer) is copied
    /// straight into the string's inline storage.
    @inline(__always)
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15, let source = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            ByteCopy.copy(source, to: buffer.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    /// Appends the bytes of the escape at `index` and moves past it.
    private mutating func escape(into unescaped: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard let letter = current else { throw fail(.invalidEscape, at: start) }
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(letter)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad(escapeStart: start)
            if value & 0xFC00 == 0xDC00 {
                throw fail(.loneSurrogate, at: start)
            }
            if value & 0xFC00 == 0xD800 {
                let low = index
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail(.loneSurrogate, at: start) }
                index += 2
                let second = try hexQuad(escapeStart: low)
                guard second & 0xFC00 == 0xDC00 else {
                    throw fail(.loneSurrogate, at: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (second - 0xDC00)
            }
            unescaped.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
        default:
            throw fail(.invalidEscape, at: start)
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail(.invalidEscape, at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x57
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x37
            default: throw fail(.invalidEscape, at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence of 2 to 4 bytes at `offset`.
    private func sequenceLength(at offset: Int) throws(JSONSyntaxError) -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: offset) else {
            throw JSONSyntaxError(kind: .invalidUTF8, index: offset)
        }
        return length
    }
}
