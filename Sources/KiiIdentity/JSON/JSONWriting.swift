/// Writing JSON text: the one escaper of strings, and compact values. Every JSON text the
/// package writes (descriptions, `ValidationError.jsonBody(in:)`, the tool's output lines) goes
/// through these.
extension JSONValue {
    /// `text` as a JSON string literal: `"`, `\` and the control characters U+0000...U+001F and
    /// U+007F escaped (`\n`, `\r`, `\t`, else `\u00XX`), everything else as UTF-8.
    ///
    /// ```swift
    /// JSONValue.quoted("a\"b\n")   // "\"a\\\"b\\n\""
    /// ```
    ///
    /// - Complexity: O(*n*); a string with nothing to escape is copied whole.
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal (see ``quoted(_:)``).
    ///
    /// No `reserveCapacity` here: reserving the exact size on every call would stop the string's
    /// geometric growth, and a text written string by string would be copied whole each time.
    package static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        text.withUTF8Bytes { bytes in
            var start = 0
            while true {
                let index = nextEscape(in: bytes, from: start)
                if start == 0 && index == bytes.count {
                    output += text  // nothing to escape: the string itself, not a decoded copy
                    break
                }
                if start < index {
                    output += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                if index == bytes.count { break }
                output += escape(bytes[index])
                start = index + 1
            }
        }
        output += "\""
    }

    /// Appends `text` as a JSON string literal to UTF-8 `output` (see ``quoted(_:)``): for a
    /// service that writes its answers' bytes itself.
    ///
    /// ```swift
    /// var body = Array(#"{"message":"#.utf8)
    /// JSONValue.appendQuoted("a\"b", to: &body)   // {"message":"a\"b"
    /// ```
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped as inside a JSON string literal, without the quotes, to UTF-8
    /// `output`: the bytes between the ones to escape are copied in runs.
    package static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        text.withUTF8Bytes { bytes in
            var start = 0
            while true {
                let index = nextEscape(in: bytes, from: start)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                if index == bytes.count { break }
                output.append(contentsOf: escape(bytes[index]).utf8)
                start = index + 1
            }
        }
    }

    /// Where the next byte of UTF-8 `bytes` that a JSON string cannot hold as it is lies, from
    /// `start` on (`bytes.count` when there is none): the scan under every writer of JSON
    /// strings here. Eight bytes are read at a time; the last eight of a text of eight or more
    /// as one word too, overlapping the word before, instead of byte by byte.
    @inline(__always)
    static func nextEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let total = bytes.count
        var index = start
        // Two words a turn, one test of both.
        while index + 16 <= total,
            !hasEscape(
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self),
                UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self)
            )
        {
            index += 16
        }
        while index + 8 <= total, !hasEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index += 8
        }
        if index + 8 > total, total >= 8,
            !hasEscape(UnsafeRawPointer(base + total - 8).loadUnaligned(as: UInt64.self))
        {
            return total
        }
        while index < total, !needsEscape(base[index]) { index += 1 }
        return index
    }

    /// Whether one of the eight bytes of `word` needs an escape (below U+0020, `"`, `\\`,
    /// U+007F): the usual bit tricks for "some byte is less than n" and "some byte is zero",
    /// exact as tests of existence.
    @inline(__always)
    static func hasEscape(_ word: UInt64) -> Bool {
        escapeBits(word) != 0
    }

    /// The test of ``hasEscape(_:)``: not zero when a byte of `word` needs an escape, and its
    /// lowest set bit the top bit of the first such byte (the bits above it may be wrong).
    @inline(__always)
    static func escapeBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))
            | hasZero(word ^ (ones &* 0x7F))
    }

    /// Whether one of the sixteen bytes of `first` and `second` needs an escape: the tests of
    /// both words joined before their one branch.
    @inline(__always)
    static func hasEscape(_ first: UInt64, _ second: UInt64) -> Bool {
        escapeBits(first) | escapeBits(second) != 0
    }

    /// Whether some byte of UTF-8 `bytes` needs an escape in a JSON string: 4 to 16 bytes as two
    /// overlapping words, without a loop.
    @inline(__always)
    static func hasEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        if count >= 8 && count <= 16 {
            return hasEscape(
                raw.loadUnaligned(as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            )
        }
        if count >= 4 && count < 8 {
            let first = UInt64(raw.loadUnaligned(as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return hasEscape(first | last &<< 32)
        }
        return nextEscape(in: bytes, from: 0) != count
    }

    /// Whether a JSON string cannot hold `byte` as it is.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
    }

    /// The escape of one byte that a JSON string cannot hold as it is.
    static func escape(_ byte: UInt8) -> String {
        switch byte {
        case 0x22: "\\\""
        case 0x5C: "\\\\"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        default: "\\u00" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }
    }

    /// Appends the value as compact JSON text, members of objects sorted by name.
    package func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value): output += value.text
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += "," }
                Self.appendQuoted(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }
}

/// Writes compact JSON text in the order it is told: objects whose members keep a documented
/// order (the tool's output lines), arrays, and ``JSONValue`` values (custom fields, whose
/// members are written sorted by name). Values are ``JSONValue``: this writes, it is no second
/// model of JSON.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { object in
///     object.member("valid") { $0.value(.bool(false)) }
///     object.member("errors") { $0.array(problems) { writer, problem in writer.string(problem.code.rawValue) } }
/// }
/// writer.text   // {"valid":false,"errors":["too_short"]}
/// ```
@_spi(ToolInternals)
public struct JSONWriter {
    /// The text written so far.
    public private(set) var text = ""

    /// An empty writer.
    public init() {}

    /// Writes `value` (objects with their members sorted by name).
    public mutating func value(_ value: JSONValue) {
        value.write(to: &text)
    }

    /// Writes `string` as a JSON string literal.
    public mutating func string(_ string: String) {
        JSONValue.appendQuoted(string, to: &text)
    }

    /// Writes an object whose members `body` writes, in the order it writes them.
    ///
    /// The text moves into the members' writer and back (`swap`), so one buffer is ever
    /// referenced: a copy of the writer would share it, and the next append would copy the whole
    /// text, once per object.
    public mutating func object(_ body: (inout Members) -> Void) {
        text += "{"
        var members = Members()
        swap(&members.writer.text, &text)
        body(&members)
        swap(&members.writer.text, &text)
        text += "}"
    }

    /// Writes an array of `elements`, each written by `body`.
    public mutating func array<Elements: Sequence>(
        _ elements: Elements,
        _ body: (inout JSONWriter, Elements.Element) -> Void
    ) {
        text += "["
        var isFirst = true
        for element in elements {
            if !isFirst { text += "," }
            isFirst = false
            body(&self, element)
        }
        text += "]"
    }

    /// The members of an object being written.
    public struct Members {
        fileprivate var writer = JSONWriter()
        private var isFirst = true

        fileprivate init() {}

        /// Writes the member `name`, its value written by `body`.
        public mutating func member(_ name: String, _ body: (inout JSONWriter) -> Void) {
            writer.text += isFirst ? "" : ","
            isFirst = false
            writer.string(name)
            writer.text += ":"
            body(&writer)
        }

        /// Writes the member `name` with `value`.
        public mutating func member(_ name: String, _ value: JSONValue) {
            member(name) { $0.value(value) }
        }
    }
}
