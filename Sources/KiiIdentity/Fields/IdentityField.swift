/// A validated identity value: it exists only if its raw text obeys the field's rule.
///
/// Every field type (``Username``, ``EmailAddress``, ``Password``, ``DisplayName``,
/// ``CountryCode``, ``LocaleTag``) conforms. Decoding re-validates, so a decoded value is
/// always a valid one; encoding writes the text as it was given.
///
/// ```swift
/// func accept<F: IdentityField>(_ type: F.Type, _ raw: String) -> String? {
///     F.isValid(raw) ? try? F(raw).normalized : nil
/// }
/// ```
public protocol IdentityField: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The field that problems with this value are reported under.
    static var field: ValidationError.Field { get }

    /// Validates `raw` exactly as given (nothing is trimmed or repaired).
    ///
    /// - Throws: ``ValidationError`` listing every problem found.
    init(_ raw: String) throws(ValidationError)

    /// Whether `raw` is valid, without building a value or an error.
    ///
    /// Agrees with ``init(_:)``; allocates nothing for ASCII input.
    static func isValid(_ raw: String) -> Bool

    /// The text as it was given.
    var rawValue: String { get }

    /// The normalised form that is stored and compared (see each type).
    var normalized: String { get }
}

extension IdentityField {
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(raw)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

}
