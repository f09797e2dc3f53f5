/// Which kind of login identifier a string is: `@` makes an email address, a leading `+` a
/// phone number, digits with a country a local one, anything else a username.
public enum IdentifierKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Contains the byte `@`.
    case email
    /// Starts with `+` (and contains no `@`): an international number.
    case phone
    /// All ASCII digits, with a country given: a local number of that country.
    case localPhone
    /// Anything else.
    case username

    /// The field that problems with an identifier of this kind are reported under.
    public var field: ValidationError.Field { loginKind.field }

    /// The identifier of Kii's registration table this kind is: a local phone number is a
    /// phone number.
    public var loginKind: LoginKind {
        switch self {
        case .email: .email
        case .phone, .localPhone: .phone
        case .username: .username
        }
    }

    public var description: String { rawValue }
}
