/// A JSON value: the type of a user's custom fields.
///
/// Numbers keep every digit. Integers that fit in an `Int` are ``integer(_:)``; every other
/// number (a fraction, an exponent, an integer of any size, `-0`) is ``number(_:)`` with its
/// text as written (``JSONNumber``), so `12345678901234567890123` and `0.10` leave as they came.
/// Numbers compare and hash by value, as JSON does: `.integer(2)` equals `.number(2.0)`.
///
/// Read JSON text with ``init(parsing:allowingByteOrderMark:maximumBytes:)-(String,_,_)``: RFC 8259 exactly,
/// repeated members rejected. Through another `Decoder` or `Encoder` (Foundation's
/// `JSONDecoder`), numbers are only as exact as that coder's `Int64`, `UInt64` and `Double`; see
/// ``init(from:)`` and ``encode(to:)``.
///
/// ```swift
/// let custom: [String: JSONValue] = ["age": 30, "nickname": "Ally", "tags": ["a", "b"]]
/// ```
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in an `Int`.
    case integer(Int)
    /// Any other number, as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes a value through any `Decoder`.
    ///
    /// A generic decoder hands out numbers as `Int64`, `UInt64` or `Double` only, so the digits
    /// are those types' own: an integer is exact, a `Double` becomes its shortest text
    /// (`0.1`). A `Double` of magnitude 2^53 or more (always whole) is refused (`number_not_exact` in
    /// the error's description), since the decoder may have rounded it. To keep every digit,
    /// read the text with ``init(parsing:allowingByteOrderMark:maximumBytes:)-(String,_,_)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .number(JSONNumber(checked: String(value)))
        } else if let value = try? container.decode(Double.self) {
            guard let number = JSONNumber(value), value.magnitude < 0x1p53
            else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "\(ValidationError.Code.numberNotExact): the decoder gave \(value), "
                        + "which may have been rounded; read the text with JSONValue(parsing:) to keep every digit"
                )
            }
            self = .number(number)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value through any `Encoder`.
    ///
    /// A ``number(_:)`` is encoded as an `Int`, or as the `Double` whose shortest text has the
    /// same value (`0.1`, `2.5e-8`); a number that neither holds exactly
    /// (`12345678901234567890123`, `0.1000000000000000000001`) throws `EncodingError`
    /// (`number_not_exact`) instead of being rounded. ``description`` and the `kii-identity`
    /// tool write every number's own text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value):
            if let whole = value.intValue, value.text == String(whole) {
                try container.encode(whole)
            } else if let double = Double(value.text), JSONNumber(double) == value {
                try container.encode(double)
            } else {
                throw EncodingError.invalidValue(
                    value.text,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "\(ValidationError.Code.numberNotExact): \(value.text) has no exact "
                            + "Int or Double form for this encoder"
                    )
                )
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Equal when of the same JSON type and value; numbers compare by value.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): JSONNumber(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes consistently with `==`: every number hashes its value.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(JSONNumber(value))
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        }
    }

    /// The string, for ``string(_:)``; `nil` otherwise.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The name of the value's JSON type: `null`, `boolean`, `number`, `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Compact JSON text, members of objects sorted by name: `{"age":30,"name":"Ann"}`.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A number, written as the shortest text that reads back as the `Double` (`0.1`).
    public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// A coding key for any JSON member name: a predefined member's or another.
struct JSONMemberKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(_ member: PredefinedMember) { stringValue = member.rawValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
