/// The fields the library reports problems under (``ValidationError/Field``'s constants), found
/// from a field's raw value: their names and English labels as literals, which a JSON body
/// copies without an escape scan (plain ASCII words) and a message makes a `String` of.
enum KnownField: CaseIterable {
    case username, emailAddress, phoneNumber, password, displayName, country, locale, identifier, customFields
    case user, line, json, userID, internalUserID, emailAddressVerified, phoneNumberVerified

    /// The known field `field` is, or `nil` for another (a custom member's name).
    @inline(__always)
    init?(_ field: ValidationError.Field) {
        // Each known field is compared only at its own length: a failed comparison of two
        // strings is a call into the standard library, a string's length is not.
        switch field.rawValue.utf8.count {
        case 4 where field == .user: self = .user
        case 4 where field == .line: self = .line
        case 4 where field == .json: self = .json
        case 6 where field == .locale: self = .locale
        case 6 where field == .customFields: self = .customFields
        case 6 where field == .userID: self = .userID
        case 7 where field == .country: self = .country
        case 8 where field == .password: self = .password
        case 9 where field == .username: self = .username
        case 10 where field == .identifier: self = .identifier
        case 11 where field == .phoneNumber: self = .phoneNumber
        case 11 where field == .displayName: self = .displayName
        case 12 where field == .emailAddress: self = .emailAddress
        case 14 where field == .internalUserID: self = .internalUserID
        case 19 where field == .phoneNumberVerified: self = .phoneNumberVerified
        case 20 where field == .emailAddressVerified: self = .emailAddressVerified
        default: return nil
        }
    }

    /// The field.
    var field: ValidationError.Field {
        switch self {
        case .username: .username
        case .emailAddress: .emailAddress
        case .phoneNumber: .phoneNumber
        case .password: .password
        case .displayName: .displayName
        case .country: .country
        case .locale: .locale
        case .identifier: .identifier
        case .customFields: .customFields
        case .user: .user
        case .line: .line
        case .json: .json
        case .userID: .userID
        case .internalUserID: .internalUserID
        case .emailAddressVerified: .emailAddressVerified
        case .phoneNumberVerified: .phoneNumberVerified
        }
    }

    /// The field's raw value, as a literal (a test holds the two equal).
    var name: StaticString {
        switch self {
        case .username: "loginName"
        case .emailAddress: "emailAddress"
        case .phoneNumber: "phoneNumber"
        case .password: "password"
        case .displayName: "displayName"
        case .country: "country"
        case .locale: "locale"
        case .identifier: "identifier"
        case .customFields: "custom"
        case .user: "user"
        case .line: "line"
        case .json: "json"
        case .userID: "userID"
        case .internalUserID: "internalUserID"
        case .emailAddressVerified: "emailAddressVerified"
        case .phoneNumberVerified: "phoneNumberVerified"
        }
    }

    /// The field's English name in a message: "username", "email address", ...; the raw value
    /// for the fields without one of their own.
    var englishLabel: StaticString {
        switch self {
        case .username: "username"
        case .emailAddress: "email address"
        case .phoneNumber: "phone number"
        case .displayName: "display name"
        case .identifier: "login identifier"
        case .customFields: "custom field"
        case .json: "JSON text"
        case .userID: "user ID"
        case .internalUserID: "internal user ID"
        case .emailAddressVerified: "email verified flag"
        case .phoneNumberVerified: "phone verified flag"
        case .password, .country, .locale, .user, .line: name
        }
    }
}
