/// The fields with an English name of their own, found from a field's raw value: the name as a
/// `String` for a message, or as the literal's bytes for a JSON body (plain ASCII words, which
/// need no escape).
enum EnglishLabel {
    case username, emailAddress, phoneNumber, displayName, identifier, customFields, json, userID, internalUserID
    case emailAddressVerified, phoneNumberVerified

    /// The label of `field`, or `nil` for a field named by its raw value.
    init?(_ field: ValidationError.Field) {
        // Each known field is compared only at its own length: a failed comparison of two
        // strings is a call into the standard library, a string's length is not.
        switch field.rawValue.utf8.count {
        case 9 where field == .username: self = .username
        case 12 where field == .emailAddress: self = .emailAddress
        case 11 where field == .phoneNumber: self = .phoneNumber
        case 11 where field == .displayName: self = .displayName
        case 10 where field == .identifier: self = .identifier
        case 6 where field == .customFields: self = .customFields
        case 4 where field == .json: self = .json
        case 6 where field == .userID: self = .userID
        case 14 where field == .internalUserID: self = .internalUserID
        case 20 where field == .emailAddressVerified: self = .emailAddressVerified
        case 19 where field == .phoneNumberVerified: self = .phoneNumberVerified
        default: return nil
        }
    }

    /// The name: "username", "email address", ...
    var text: String {
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
        }
    }

    /// The name's bytes, as ``text``.
    var bytes: StaticString {
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
        }
    }
}
