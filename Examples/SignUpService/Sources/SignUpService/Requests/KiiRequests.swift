import KiiIdentity

/// `OauthTokenRequest` (`POST /api/oauth2/token`): a login with a password. `username` is every
/// form Kii takes; `country` is this service's, for local digits.
struct OauthTokenRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("OauthTokenRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable {
        case username, password, expiresAt
        case grantType = "grant_type"
        case country
    }
    var username: String
    var password: String
    /// Milliseconds since 1970, as the SDKs send an app's token expiration (checked by the login).
    var expiresAt: JSONValue?
    var grantType: String?
    var country: String?
}

/// `ChangePasswordRequest` (`PUT …/users/{user}/password`).
struct ChangePasswordRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("ChangePasswordRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case oldPassword, newPassword }
    var oldPassword: String
    var newPassword: String
}

/// `EmailAddressModificationRequest` (`PUT …/users/{user}/email-address`): the value as JSON,
/// for the library's update to judge.
struct EmailAddressModificationRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("EmailAddressModificationRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case emailAddress }
    var emailAddress: JSONValue
}

/// `PhoneNumberModificationRequest` (`PUT …/users/{user}/phone-number`): the value as JSON
/// (a local number is read in the user's country).
struct PhoneNumberModificationRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("PhoneNumberModificationRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case phoneNumber }
    var phoneNumber: JSONValue
}

/// `AddressVerificationRequest` (`POST …/users/me/{email-address|phone-number}/verify`).
struct AddressVerificationRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("AddressVerificationRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case verificationCode }
    var verificationCode: String
}

/// `ResetPasswordRequest` (`POST …/users/{user}/password/request-reset`): the body may be left
/// out; `smsResetMethod` is taken and not read (Kii's link-or-code choice for SMS).
struct ResetPasswordRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("ResetPasswordRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case notificationMethod, smsResetMethod }
    var notificationMethod: String?
    var smsResetMethod: String?
}

/// `CompletePasswordResetRequest` (`POST …/users/{user}/password/complete-reset`).
struct CompletePasswordResetRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("CompletePasswordResetRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case pinCode, newPassword }
    var pinCode: String
    var newPassword: String
}
