import Foundation
import KiiIdentity

/// A fast path for the common shape of an export line: one flat JSON object whose members are
/// strings, `true`, `false` or `null`, plus an optional `custom` object.
///
/// Anything else (numbers or arrays at the top level, `\u` escapes, repeated members, broken
/// syntax) is left to `JSONDecoder`: ``parse(_:)`` returns `nil` and the caller decodes the line
/// the ordinary way, so the result and the problems reported are the same either way.
struct FastRecordParser {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The record of a line in the common shape, or `nil` to decode it with `JSONDecoder`.
    ///
    /// - Parameter decoder: decodes the `custom` object's bytes.
    static func parse(_ bytes: [UInt8], decoder: JSONDecoder) -> ExportRecord? {
        var parser = FastRecordParser(bytes)
        return parser.record(decoder: decoder)
    }

    private mutating func record(decoder: JSONDecoder) -> ExportRecord? {
        var record = ExportRecord()
        var seen: [String] = []
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if take(UInt8(ascii: "}")) { return finish(record) }
        while true {
            skipSpace()
            guard let name = string() else { return nil }
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let value = string() else { return nil }
                switch name {
                case "custom", "pseudo",
                    _ where !ExportRecord.memberNames.contains(name):
                    return nil
                default:
                    _ = record.setString(value, forMember: name)
                }
            case UInt8(ascii: "n"):
                guard literal("null") else { return nil }
                guard ExportRecord.memberNames.contains(name) else { return nil }
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                let value = bytes[index] == UInt8(ascii: "t")
                guard literal(value ? "true" : "false"), name == "pseudo" else { return nil }
                record.pseudo = value
            case UInt8(ascii: "{"):
                guard name == "custom", let end = endOfObject() else { return nil }
                let slice = Data(bytes[index..<end])
                guard case .object(let members)? = try? decoder.decode(JSONValue.self, from: slice) else { return nil }
                record.custom = members
                index = end
            default:
                return nil
            }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            return finish(record)
        }
    }

    /// The record, if only white space follows the object.
    private mutating func finish(_ record: ExportRecord) -> ExportRecord? {
        skipSpace()
        return index == bytes.count ? record : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D
                || bytes[index] == 0x0A
        {
            index += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: String) -> Bool {
        var position = index
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        index = position
        return true
    }

    /// A string without `\u` escapes or control characters; `nil` otherwise.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var hasEscape = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                hasEscape = true
                index += 1
                guard index < bytes.count, Self.simpleEscapes.contains(bytes[index]) else { return nil }
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let end = index
        index += 1
        guard hasEscape else { return String(decoding: bytes[start..<end], as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(end - start)
        var position = start
        while position < end {
            var byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                position += 1
                switch bytes[position] {
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "t"): byte = 0x09
                default: byte = bytes[position]
                }
            }
            unescaped.append(byte)
            position += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The escapes handled here: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`.
    private static let simpleEscapes: [UInt8] = Array("\"\\/bfnrt".utf8)

    /// The index just past the object that starts at `index` (strings skipped), or `nil`.
    private func endOfObject() -> Int? {
        var depth = 0
        var position = index
        var inString = false
        while position < bytes.count {
            let byte = bytes[position]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return position + 1 }
            }
            position += 1
        }
        return nil
    }
}
