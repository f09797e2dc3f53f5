import KiiIdentity

/// A JSON value as the tool writes it: every output line is one, serialised compactly.
///
/// Objects keep their members in order, so output lines have a fixed, documented key order;
/// custom fields read from input are sorted by name, so output is stable.
enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A number from input, written exactly as it was read.
    case number(JSONNumber)
    case string(String)
    case array([JSONOutput])
    case object([(key: String, value: JSONOutput)])
    /// A value already written as compact JSON text (a long array written element by element,
    /// so that no tree of it is held at once).
    case written(String)

    /// The value as compact JSON text (no spaces, no trailing newline).
    var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value as compact JSON text.
    func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .number(let value):
            output += value.text
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .written(let text):
            output += text
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Appends `value` as a JSON string literal: `"` and `\` escaped, control characters as
    /// escapes, everything else as UTF-8.
    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONOutput {
    /// A value read from input (a custom field), objects sorted by member name.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .int(Int64(value))
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSONOutput.init))
        case .object(let members):
            self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: JSONOutput($0.value)) })
        }
    }
}
