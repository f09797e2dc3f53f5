/// The user fields of a record as given: display name, country, locale and custom fields.
///
/// Nothing is validated until a registration reads it, so every problem is reported at once.
/// Custom fields are JSON values flattened into the request body; their names may not be a
/// predefined field name (see ``reservedNames``), start with `_`, or be empty.
///
/// ```swift
/// let fields = UserFields(displayName: "Ann", country: "JP", custom: ["age": 30])
/// ```
public struct UserFields: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The display name as given, or `nil`.
    public var displayName: String?
    /// The country as given (`JP`), or `nil`. It is how a local phone number is read.
    public var country: String?
    /// The locale as given (`en-US`), or `nil`.
    public var locale: String?
    /// The custom fields, by JSON member name.
    public var custom: [String: JSONValue]

    /// Creates user fields.
    public init(
        displayName: String? = nil,
        country: String? = nil,
        locale: String? = nil,
        custom: [String: JSONValue] = [:]
    ) {
        self.displayName = displayName
        self.country = country
        self.locale = locale
        self.custom = custom
    }

    /// The JSON member names a custom field may not use: Kii's predefined user fields
    /// (every ``PredefinedMember``).
    public static let reservedNames = Set(PredefinedMember.allCases.map(\.rawValue))

    /// Whether `name` may name a custom field: not empty, not predefined, not starting with `_`.
    public static func isAllowedCustomName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.first != UInt8(ascii: "_") && !reservedNames.contains(name)
    }

    /// Decodes `{"displayName": ..., "country": ..., "locale": ..., "custom": {...}}`, every
    /// member optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            locale: try container.decodeIfPresent(String.self, forKey: .locale),
            custom: try container.decodeIfPresent([String: JSONValue].self, forKey: .custom) ?? [:]
        )
    }

    private enum CodingKeys: String, CodingKey {
        case displayName, country, locale, custom
    }

    /// Whether no field is given.
    public var isEmpty: Bool { displayName == nil && country == nil && locale == nil && custom.isEmpty }

    /// `UserFields(displayName: "Ann", country: "JP", locale: nil, custom: {"age":30})`.
    public var description: String {
        func show(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }
        return "UserFields(displayName: \(show(displayName)), country: \(show(country)), "
            + "locale: \(show(locale)), custom: \(JSONValue.object(custom)))"
    }
}
