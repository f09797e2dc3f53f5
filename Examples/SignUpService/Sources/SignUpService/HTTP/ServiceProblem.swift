public import KiiIdentity

/// The service's own problems (not the library's rules): bad credentials, tokens, apps, codes,
/// limits, routes. A `ValidationError.Detail` like the library's own, so that each has a stable
/// code, a reason in English and in Japanese, its HTTP status and Kii's `errorCode` beside it,
/// and one body shape (``ServiceFailure``) with every other answer.
public enum ServiceProblem: ValidationError.Detail {
    /// A wrong password, an unknown identifier or a user without a password: one answer for all.
    case invalidCredentials
    /// A right password for an identifier that waits for verification.
    case notVerified
    /// No `Authorization: Bearer` on a route that needs a user.
    case missingToken
    /// A token that is unknown, revoked or expired.
    case invalidToken
    /// A token of another user than the one the path names.
    case notOwner
    /// A user ID or address that names no user.
    case userNotFound
    /// An app ID other than this service's (in the path, `X-Kii-AppID` or `Authorization: Basic`).
    case appNotFound(appID: String)
    /// An anonymous request that does not name its app with its key.
    case missingAppCredentials
    /// An app key other than this service's.
    case wrongAppKey
    /// A wrong current password when changing it.
    case wrongPassword
    /// A path the service does not serve.
    case noRoute(path: String)
    /// A method the path does not take.
    case methodNotAllowed(method: String, allowed: [String])
    /// A body longer than the limit.
    case bodyTooLarge(maximum: Int)
    /// A body whose content type the route does not take.
    case unsupportedMediaType(accepted: [String])
    /// Too many failed attempts for one identifier (or one verification) in a minute.
    case tooManyAttempts(retryAfter: Int64)
    /// A verification or reset code that is wrong, expired, used or for an address the user no
    /// longer has.
    case wrongCode
    /// A verification asked for an address the user does not have, or has verified already.
    case nothingToVerify
    /// A user ID in the path that is not the caller's (or `me`), or a qualified ID of another
    /// kind than `LOGIN_NAME:`, `EMAIL:` and `PHONE:`.
    case malformedUserID
    /// A member the route does not take.
    case unknownMember(name: String, allowed: [String])
    /// A `grant_type` other than `password`.
    case unsupportedGrantType
    /// A login's `expiresAt` that is not a whole number of milliseconds in the future.
    case expiryNotATime
    /// A password reset's `notificationMethod` other than `EMAIL` and `SMS`.
    case unknownResetMethod
    /// A password reset by an address that is not verified (Kii sends codes to verified ones only).
    case unverifiedAddress
    /// A password reset for a user who has no password (a pseudo user).
    case noPassword
    /// A failure of the service itself (logged, never detailed to the client).
    case internalError
    /// The database cannot be reached (health check and requests).
    case databaseUnavailable

    /// The HTTP status of the problem.
    public var httpStatus: Int {
        switch self {
        case .invalidCredentials, .notVerified, .wrongPassword, .wrongCode, .nothingToVerify, .malformedUserID,
            .unknownMember, .unsupportedGrantType, .expiryNotATime,
            .unknownResetMethod, .unverifiedAddress:
            400
        case .missingToken, .missingAppCredentials, .wrongAppKey: 401
        case .invalidToken, .notOwner: 403
        case .userNotFound, .appNotFound, .noRoute, .noPassword: 404
        case .methodNotAllowed: 405
        case .bodyTooLarge: 413
        case .unsupportedMediaType: 415
        case .tooManyAttempts: 429
        case .internalError: 500
        case .databaseUnavailable: 503
        }
    }

    /// Kii Cloud's `errorCode` for the problem (the SDKs show it and branch on some).
    public var kiiErrorCode: String {
        switch self {
        case .invalidCredentials, .notVerified: "invalid_grant"
        case .unsupportedGrantType: "unsupported_grant_type"
        case .missingToken, .missingAppCredentials, .wrongAppKey: "UNAUTHORIZED"
        case .invalidToken: "WRONG_TOKEN"
        case .notOwner: "ACCESS_DENIED"
        case .userNotFound, .noPassword: "USER_NOT_FOUND"
        case .appNotFound: "APP_NOT_FOUND"
        case .wrongPassword: "WRONG_PASSWORD"
        case .wrongCode: "INVALID_VERIFICATION_CODE"
        case .nothingToVerify, .malformedUserID, .unknownMember, .expiryNotATime, .unknownResetMethod,
            .unverifiedAddress:
            "INVALID_INPUT_DATA"
        case .noRoute: "NOT_FOUND"
        case .methodNotAllowed: "METHOD_NOT_ALLOWED"
        case .bodyTooLarge: "REQUEST_TOO_LARGE"
        case .unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE"
        case .tooManyAttempts: "TOO_MANY_REQUESTS"
        case .internalError: "INTERNAL_SERVER_ERROR"
        case .databaseUnavailable: "SERVICE_UNAVAILABLE"
        }
    }

    public var code: ValidationError.Code {
        switch self {
        case .invalidCredentials: ValidationError.Code(rawValue: "invalid_credentials")
        case .notVerified: ValidationError.Code(rawValue: "not_verified")
        case .missingToken: ValidationError.Code(rawValue: "missing_token")
        case .invalidToken: ValidationError.Code(rawValue: "invalid_token")
        case .notOwner: ValidationError.Code(rawValue: "not_owner")
        case .userNotFound: ValidationError.Code(rawValue: "user_not_found")
        case .appNotFound: ValidationError.Code(rawValue: "app_not_found")
        case .missingAppCredentials: ValidationError.Code(rawValue: "missing_app_credentials")
        case .wrongAppKey: ValidationError.Code(rawValue: "wrong_app_key")
        case .wrongPassword: ValidationError.Code(rawValue: "wrong_password")
        case .noRoute: ValidationError.Code(rawValue: "not_found")
        case .methodNotAllowed: ValidationError.Code(rawValue: "method_not_allowed")
        case .bodyTooLarge: ValidationError.Code(rawValue: "too_large")
        case .unsupportedMediaType: ValidationError.Code(rawValue: "unsupported_media_type")
        case .tooManyAttempts: ValidationError.Code(rawValue: "too_many_attempts")
        case .wrongCode: ValidationError.Code(rawValue: "wrong_code")
        case .nothingToVerify: ValidationError.Code(rawValue: "nothing_to_verify")
        case .malformedUserID: ValidationError.Code(rawValue: "malformed_user_id")
        case .unknownMember: ValidationError.Code(rawValue: "unknown_member")
        case .unsupportedGrantType: ValidationError.Code(rawValue: "unsupported_grant_type")
        case .expiryNotATime: ValidationError.Code(rawValue: "invalid_expiry")
        case .unknownResetMethod: ValidationError.Code(rawValue: "unknown_method")
        case .unverifiedAddress: ValidationError.Code(rawValue: "address_not_verified")
        case .noPassword: ValidationError.Code(rawValue: "no_password")
        case .internalError: ValidationError.Code(rawValue: "internal_error")
        case .databaseUnavailable: ValidationError.Code(rawValue: "unavailable")
        }
    }

    public var name: String {
        switch self {
        case .invalidCredentials: "invalidCredentials"
        case .notVerified: "notVerified"
        case .missingToken: "missingToken"
        case .invalidToken: "invalidToken"
        case .notOwner: "notOwner"
        case .userNotFound: "userNotFound"
        case .appNotFound: "appNotFound"
        case .missingAppCredentials: "missingAppCredentials"
        case .wrongAppKey: "wrongAppKey"
        case .wrongPassword: "wrongPassword"
        case .noRoute: "noRoute"
        case .methodNotAllowed: "methodNotAllowed"
        case .bodyTooLarge: "bodyTooLarge"
        case .unsupportedMediaType: "unsupportedMediaType"
        case .tooManyAttempts: "tooManyAttempts"
        case .wrongCode: "wrongCode"
        case .nothingToVerify: "nothingToVerify"
        case .malformedUserID: "malformedUserID"
        case .unknownMember: "unknownMember"
        case .unsupportedGrantType: "unsupportedGrantType"
        case .expiryNotATime: "expiryNotATime"
        case .unknownResetMethod: "unknownResetMethod"
        case .unverifiedAddress: "unverifiedAddress"
        case .noPassword: "noPassword"
        case .internalError: "internalError"
        case .databaseUnavailable: "databaseUnavailable"
        }
    }

    public var parameters: [(name: String, value: String)] {
        switch self {
        case .appNotFound(let appID): [("appID", appID)]
        case .noRoute(let path): [("path", path)]
        case .methodNotAllowed(let method, let allowed):
            [("method", method), ("allowed", allowed.joined(separator: ","))]
        case .bodyTooLarge(let maximum): [("maximum", String(maximum))]
        case .unsupportedMediaType(let accepted): [("accepted", accepted.joined(separator: ","))]
        case .tooManyAttempts(let retryAfter): [("retryAfter", String(retryAfter))]
        case .unknownMember(let name, let allowed): [("name", name), ("allowed", allowed.joined(separator: ","))]
        default: []
        }
    }

    public func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
        switch self {
        case .invalidCredentials:
            language.phrase(
                "is wrong, or no user has that identifier",
                ("が", "正しくないか、その ID のユーザーがいません")
            )
        case .notVerified:
            language.phrase(
                "is not verified yet: verify it with its code before logging in with it",
                ("は", "まだ確認されていません。確認コードで確認してからログインしてください")
            )
        case .missingToken:
            language.phrase(
                "needs an access token (Bearer): log in first",
                ("に", "アクセストークン (Bearer) が必要です。先にログインしてください")
            )
        case .invalidToken:
            language.phrase(
                "is not a valid access token (unknown, revoked or expired): log in again",
                ("が", "有効なアクセストークンではありません（不明、無効化済み、または期限切れ）。もう一度ログインしてください")
            )
        case .notOwner:
            language.phrase(
                "names another user: only users themselves can do this",
                ("が", "別のユーザーを指しています。この操作はユーザー本人しかできません")
            )
        case .userNotFound: language.phrase("names no user", ("の", "ユーザーは存在しません"))
        case .appNotFound(let appID):
            language.phrase(
                "'\(appID)' is not the app of this service",
                ("の", "'\(appID)' はこのサービスのアプリではありません")
            )
        case .missingAppCredentials:
            language.phrase(
                "must name the app: X-Kii-AppID and X-Kii-AppKey, or Authorization: Basic",
                ("で", "アプリを指定してください（X-Kii-AppID と X-Kii-AppKey、または Authorization: Basic）")
            )
        case .wrongAppKey:
            language.phrase("is not this app's key", ("は", "このアプリのキーではありません"))
        case .wrongPassword:
            language.phrase("is not the current password", ("が", "現在のパスワードと一致しません"))
        case .noRoute(let path):
            language.phrase("\(path) is not a route of this service", ("の", "\(path) はこのサービスのルートではありません"))
        case .methodNotAllowed(let method, let allowed):
            language.phrase(
                "\(method) is not allowed here (allowed: \(allowed.joined(separator: ", ")))",
                ("の", "\(method) はここでは使えません（使えるのは \(allowed.joined(separator: "、"))）")
            )
        case .bodyTooLarge(let maximum):
            language.phrase("is too large (maximum \(maximum) bytes)", ("が", "大きすぎます（最大 \(maximum) バイト）"))
        case .unsupportedMediaType(let accepted):
            language.phrase(
                "must be \(accepted.joined(separator: " or "))",
                ("は", "\(accepted.joined(separator: " か ")) にしてください")
            )
        case .tooManyAttempts(let retryAfter):
            language.phrase(
                "has had too many failed attempts: try again in \(retryAfter) seconds",
                ("の", "失敗が多すぎます。\(retryAfter) 秒後にもう一度お試しください")
            )
        case .wrongCode:
            language.phrase("is wrong, expired or already used", ("が", "正しくないか、期限切れか、使用済みです"))
        case .nothingToVerify:
            language.phrase(
                "is not an address of the user waiting for verification",
                ("は", "確認待ちのアドレスではありません")
            )
        case .malformedUserID:
            language.phrase(
                "must be a user ID, me, or LOGIN_NAME:, EMAIL: or PHONE: and an address",
                ("は", "ユーザー ID、me、または LOGIN_NAME:、EMAIL:、PHONE: とアドレスにしてください")
            )
        case .unknownMember(let name, let allowed):
            language.phrase(
                "has a member '\(name)' this route does not take (it takes \(allowed.joined(separator: ", ")))",
                ("に", "このルートで使えないメンバー '\(name)' があります（使えるのは \(allowed.joined(separator: "、"))）")
            )
        case .unsupportedGrantType:
            language.phrase("must be password", ("は", "password にしてください"))
        case .expiryNotATime:
            language.phrase(
                "must be a time in the future, in milliseconds since 1970",
                ("は", "未来の時刻（1970 年からのミリ秒）にしてください")
            )
        case .unknownResetMethod:
            language.phrase("must be EMAIL or SMS", ("は", "EMAIL か SMS にしてください"))
        case .unverifiedAddress:
            language.phrase(
                "is not verified: a reset code goes to a verified address only",
                ("は", "確認されていません。再設定コードは確認済みのアドレスにだけ送られます")
            )
        case .noPassword:
            language.phrase("has no password to reset", ("には", "再設定するパスワードがありません"))
        case .internalError:
            language.phrase("failed; the request was not carried out", ("で", "障害が起きました。リクエストは実行されていません"))
        case .databaseUnavailable: language.phrase("cannot be reached", ("に", "接続できません"))
        }
    }

    public init?(name: String, parameters: [String: String]) {
        func list(_ key: String) -> [String] { parameters[key]?.split(separator: ",").map(String.init) ?? [] }
        switch name {
        case "invalidCredentials": self = .invalidCredentials
        case "notVerified": self = .notVerified
        case "missingToken": self = .missingToken
        case "invalidToken": self = .invalidToken
        case "notOwner": self = .notOwner
        case "userNotFound": self = .userNotFound
        case "appNotFound":
            guard let appID = parameters["appID"] else { return nil }
            self = .appNotFound(appID: appID)
        case "missingAppCredentials": self = .missingAppCredentials
        case "wrongAppKey": self = .wrongAppKey
        case "wrongPassword": self = .wrongPassword
        case "noRoute":
            guard let path = parameters["path"] else { return nil }
            self = .noRoute(path: path)
        case "methodNotAllowed":
            guard let method = parameters["method"] else { return nil }
            self = .methodNotAllowed(method: method, allowed: list("allowed"))
        case "bodyTooLarge":
            guard let maximum = parameters["maximum"].flatMap({ Int($0) }) else { return nil }
            self = .bodyTooLarge(maximum: maximum)
        case "unsupportedMediaType": self = .unsupportedMediaType(accepted: list("accepted"))
        case "tooManyAttempts":
            guard let retryAfter = parameters["retryAfter"].flatMap({ Int64($0) }) else { return nil }
            self = .tooManyAttempts(retryAfter: retryAfter)
        case "wrongCode": self = .wrongCode
        case "nothingToVerify": self = .nothingToVerify
        case "malformedUserID": self = .malformedUserID
        case "unknownMember":
            guard let member = parameters["name"] else { return nil }
            self = .unknownMember(name: member, allowed: list("allowed"))
        case "unsupportedGrantType": self = .unsupportedGrantType
        case "expiryNotATime": self = .expiryNotATime
        case "unknownResetMethod": self = .unknownResetMethod
        case "unverifiedAddress": self = .unverifiedAddress
        case "noPassword": self = .noPassword
        case "internalError": self = .internalError
        case "databaseUnavailable": self = .databaseUnavailable
        default: return nil
        }
    }
}

extension ValidationError.Field {
    /// The request's `Authorization` header.
    static let authorization = Self(rawValue: "Authorization")
    /// The request's app (`X-Kii-AppID`, `X-Kii-AppKey`, `Authorization: Basic`, or the path).
    static let app = Self(rawValue: "app")
    /// The request's `Content-Type` header.
    static let contentType = Self(rawValue: "Content-Type")
    /// The request's path.
    static let path = Self(rawValue: "path")
    /// The request's method.
    static let method = Self(rawValue: "method")
    /// The request's body.
    static let body = Self(rawValue: "body")
    /// A verification code (`verificationCode`).
    static let verificationCode = Self(rawValue: "verificationCode")
    /// A password reset's code (`pinCode`).
    static let pinCode = Self(rawValue: "pinCode")
    /// The current password of a change (`oldPassword`).
    static let oldPassword = Self(rawValue: "oldPassword")
    /// The new password of a change or a reset (`newPassword`).
    static let newPassword = Self(rawValue: "newPassword")
    /// The `username` member of a login body: what the user typed.
    static let loginUsername = Self(rawValue: "username")
    /// The `notificationMethod` member of a password reset's request.
    static let notificationMethod = Self(rawValue: "notificationMethod")
    /// The `expiresAt` member of a login body.
    static let expiresAt = Self(rawValue: "expiresAt")
    /// The `grant_type` member of a login body.
    static let grantType = Self(rawValue: "grant_type")
    /// The address a verification is for (the path's `email-address` or `phone-number`).
    static let address = Self(rawValue: "address")
    /// The service itself.
    static let service = Self(rawValue: "service")
    /// The database.
    static let database = Self(rawValue: "database")
}
