import KiiIdentity

/// `OauthTokenRequest` (`POST /api/oauth2/token`): a login with a password.
struct OauthTokenRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("OauthTokenRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable {
        case username, password, expiresAt
        case grantType = "grant_type"
        case country
    }
    /// Every form Kii takes: a username, an address, `EMAIL:…`, `PHONE:…`, local digits.
    var username: String
    var password: String
    /// Milliseconds since 1970, as the SDKs send an app's token expiration (checked by the login).
    var expiresAt: JSONValue?
    /// `password`, when given (`refresh_token` is a ``RefreshTokenRequest``).
    var grantType: String?
    /// This service's: the country of local digits in `username`.
    var country: String?
}

/// `OauthTokenRequest` with `grant_type` `refresh_token` (`POST /api/oauth2/token`): a refresh
/// token for a new access token, in the login's media types.
struct RefreshTokenRequest: KiiRequestBody {
    static let mediaTypes = OauthTokenRequest.mediaTypes
    enum CodingKeys: String, CodingKey, CaseIterable {
        case grantType = "grant_type"
        case refreshToken = "refresh_token"
    }
    /// `refresh_token`.
    var grantType: String
    /// The `refresh_token` of a login or of the last refresh.
    var refreshToken: String
}

/// `AddressVerificationRequest` (`POST …/users/me/{email-address|phone-number}/verify`).
struct AddressVerificationRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("AddressVerificationRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case verificationCode }
    var verificationCode: String
}

/// `ChangePasswordRequest` (`PUT …/users/{user}/password`).
struct ChangePasswordRequest: KiiRequestBody, SettingPassword {
    static let mediaTypes: [MediaType] = [.json, .kii("ChangePasswordRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case oldPassword, newPassword }
    /// The current password, checked (and throttled) like a login's.
    var oldPassword: String
    var newPassword: String
}

/// `EmailAddressModificationRequest` (`PUT …/users/{user}/email-address`).
typealias EmailAddressModificationRequest = IdentifierModificationRequest<EmailAddressMember>

/// `PhoneNumberModificationRequest` (`PUT …/users/{user}/phone-number`): a local number is read
/// in the user's country.
typealias PhoneNumberModificationRequest = IdentifierModificationRequest<PhoneNumberMember>

/// `ResetPasswordRequest` (`POST …/users/{user}/password/request-reset`): the body may be left
/// out.
struct ResetPasswordRequest: KiiRequestBody {
    static let mediaTypes: [MediaType] = [.json, .kii("ResetPasswordRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case notificationMethod, smsResetMethod }
    /// `EMAIL` (the default) or `SMS`.
    var notificationMethod: String?
    /// Kii's link-or-code choice for SMS: taken, not read (the code is always sent).
    var smsResetMethod: String?
}

/// `CompletePasswordResetRequest` (`POST …/users/{user}/password/complete-reset`).
struct CompletePasswordResetRequest: KiiRequestBody, SettingPassword {
    static let mediaTypes: [MediaType] = [.json, .kii("CompletePasswordResetRequest")]
    enum CodingKeys: String, CodingKey, CaseIterable { case pinCode, newPassword }
    /// The code the reset sent.
    var pinCode: String
    /// The new password, by the library's rules.
    var newPassword: String
}
