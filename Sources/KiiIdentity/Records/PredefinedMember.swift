/// Kii's predefined members of a user, in one table: the JSON member name of each (the raw
/// value), the field its problems are reported under, and the identifier it is, if any.
///
/// Every reader and writer of Kii's JSON in this package (sign-up, upgrade and update bodies,
/// stored records, the export reader, `lint` and the tool's output) names the predefined members
/// from here; a member of any other name is a custom field, which may not take one of these
/// names (``UserFields/reservedNames``).
///
/// | Member | Given in | Login kind | ``isSetByServer`` |
/// |---|---|---|---|
/// | `loginName`, `emailAddress`, `phoneNumber` | bodies and records | ``LoginKind/username``, ``LoginKind/email``, ``LoginKind/phone`` | |
/// | `password` | sign-up and upgrade bodies only | | |
/// | `displayName`, `country`, `locale` | bodies and records | | |
/// | `userID`, `internalUserID`, `emailAddressVerified`, `phoneNumberVerified` | never: the server sets them | | yes |
///
/// ```swift
/// PredefinedMember.loginName.rawValue                  // "loginName"
/// PredefinedMember(rawValue: "displayName")?.field     // ValidationError.Field.displayName
/// PredefinedMember.phoneNumber.loginKind               // .phone
/// PredefinedMember.emailAddressVerified.isSetByServer  // true
/// ```
public enum PredefinedMember: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The username.
    case loginName
    /// The email address.
    case emailAddress
    /// The phone number: E.164 in a record, any strict form or a typed number in a body.
    case phoneNumber
    /// The password: in a sign-up or upgrade body, never in a record or an update.
    case password
    /// The display name.
    case displayName
    /// The country: a two-letter region, also the one a local phone number is read in.
    case country
    /// The locale: a language tag.
    case locale
    /// The user ID, set by the server.
    case userID
    /// The internal user ID, set by the server.
    case internalUserID
    /// Whether the email address is verified, set by the server.
    case emailAddressVerified
    /// Whether the phone number is verified, set by the server.
    case phoneNumberVerified

    /// The field that problems with this member are reported under (``ValidationError/Field``
    /// of the same name: `loginName` is ``ValidationError/Field/username``).
    public var field: ValidationError.Field { ValidationError.Field(rawValue: rawValue) }

    /// The identifier this member is, or `nil` for the password, the user fields and the
    /// server's members.
    public var loginKind: LoginKind? {
        switch self {
        case .loginName: .username
        case .emailAddress: .email
        case .phoneNumber: .phone
        case .password, .displayName, .country, .locale, .userID, .internalUserID, .emailAddressVerified,
            .phoneNumberVerified:
            nil
        }
    }

    /// Whether only the server sets this member (`userID`, `internalUserID`,
    /// `emailAddressVerified`, `phoneNumberVerified`): a client never gives it in a body, and an
    /// update may not remove it. A service that answers with these members and reads an SDK's
    /// echo of them back drops them from the body before the library reads it (Kii ignores them
    /// in an update); the library refuses them as `reserved_name` wherever it meets them.
    public var isSetByServer: Bool {
        switch self {
        case .userID, .internalUserID, .emailAddressVerified, .phoneNumberVerified: true
        case .loginName, .emailAddress, .phoneNumber, .password, .displayName, .country, .locale: false
        }
    }

    /// The JSON member name.
    public var description: String { rawValue }
}
