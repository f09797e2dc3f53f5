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

    /// The problem's name (``Kind``'s raw value): how a problem is encoded under `detail`.
    public var name: String { kind.rawValue }
    /// The stable machine code.
    public var code: ValidationError.Code { ValidationError.Code(rawValue: declaration.code) }
    /// The HTTP status of the problem.
    public var httpStatus: Int { declaration.status }
    /// Kii Cloud's `errorCode` for the problem (the SDKs show it and branch on some).
    public var kiiErrorCode: String { declaration.kiiErrorCode }
    /// The values the reason needs, by name.
    public var parameters: [(name: String, value: String)] { declaration.parameters() }
    /// The reason in `language`.
    public func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
        declaration.words(language)
    }

    /// The problem named `name` with `parameters`, or `nil` (another name, a parameter missing).
    public init?(name: String, parameters: [String: String]) {
        guard let problem = Kind(rawValue: name)?.problem(parameters) else { return nil }
        self = problem
    }

    /// Each case's declaration, in one place: its code, status, Kii's `errorCode`, parameters and
    /// words. A case left out does not compile.
    var declaration: Declaration {
        switch self {
        case .invalidCredentials:
            Declaration("invalid_credentials", 400, "invalid_grant") {
                $0.phrase(
                    "is wrong, or no user has that identifier",
                    ("が", "正しくないか、その ID のユーザーがいません")
                )
            }
        case .notVerified:
            Declaration("not_verified", 400, "invalid_grant") {
                $0.phrase(
                    "is not verified yet: verify it with its code before logging in with it",
                    ("は", "まだ確認されていません。確認コードで確認してからログインしてください")
                )
            }
        case .missingToken:
            Declaration("missing_token", 401, "UNAUTHORIZED") {
                $0.phrase(
                    "needs an access token (Bearer): log in first",
                    ("に", "アクセストークン (Bearer) が必要です。先にログインしてください")
                )
            }
        case .invalidToken:
            Declaration("invalid_token", 403, "WRONG_TOKEN") {
                $0.phrase(
                    "is not a valid access token (unknown, revoked or expired): log in again",
                    ("が", "有効なアクセストークンではありません（不明、無効化済み、または期限切れ）。もう一度ログインしてください")
                )
            }
        case .notOwner:
            Declaration("not_owner", 403, "ACCESS_DENIED") {
                $0.phrase(
                    "names another user: only users themselves can do this",
                    ("が", "別のユーザーを指しています。この操作はユーザー本人しかできません")
                )
            }
        case .userNotFound:
            Declaration("user_not_found", 404, "USER_NOT_FOUND") {
                $0.phrase(
                    "names no user",
                    ("の", "ユーザーは存在しません")
                )
            }
        case .appNotFound(let appID):
            Declaration("app_not_found", 404, "APP_NOT_FOUND", [("appID", appID)]) {
                $0.phrase(
                    "'\(appID)' is not the app of this service",
                    ("の", "'\(appID)' はこのサービスのアプリではありません")
                )
            }
        case .missingAppCredentials:
            Declaration("missing_app_credentials", 401, "UNAUTHORIZED") {
                $0.phrase(
                    "must name the app: X-Kii-AppID and X-Kii-AppKey, or Authorization: Basic",
                    ("で", "アプリを指定してください（X-Kii-AppID と X-Kii-AppKey、または Authorization: Basic）")
                )
            }
        case .wrongAppKey:
            Declaration("wrong_app_key", 401, "UNAUTHORIZED") {
                $0.phrase(
                    "is not this app's key",
                    ("は", "このアプリのキーではありません")
                )
            }
        case .wrongPassword:
            Declaration("wrong_password", 400, "WRONG_PASSWORD") {
                $0.phrase(
                    "is not the current password",
                    ("が", "現在のパスワードと一致しません")
                )
            }
        case .noRoute(let path):
            Declaration("not_found", 404, "NOT_FOUND", [("path", path)]) {
                $0.phrase(
                    "\(path) is not a route of this service",
                    ("の", "\(path) はこのサービスのルートではありません")
                )
            }
        case .methodNotAllowed(let method, let allowed):
            Declaration(
                "method_not_allowed",
                405,
                "METHOD_NOT_ALLOWED",
                [("method", method), ("allowed", allowed.joined(separator: ","))]
            ) {
                $0.phrase(
                    "\(method) is not allowed here (allowed: \(allowed.joined(separator: ", ")))",
                    ("の", "\(method) はここでは使えません（使えるのは \(allowed.joined(separator: "、"))）")
                )
            }
        case .bodyTooLarge(let maximum):
            Declaration("too_large", 413, "REQUEST_TOO_LARGE", [("maximum", String(maximum))]) {
                $0.phrase(
                    "is too large (maximum \(maximum) bytes)",
                    ("が", "大きすぎます（最大 \(maximum) バイト）")
                )
            }
        case .unsupportedMediaType(let accepted):
            Declaration(
                "unsupported_media_type",
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                [("accepted", accepted.joined(separator: ","))]
            ) {
                $0.phrase(
                    "must be \(accepted.joined(separator: " or "))",
                    ("は", "\(accepted.joined(separator: " か ")) にしてください")
                )
            }
        case .tooManyAttempts(let retryAfter):
            Declaration("too_many_attempts", 429, "TOO_MANY_REQUESTS", [("retryAfter", String(retryAfter))]) {
                $0.phrase(
                    "has had too many failed attempts: try again in \(retryAfter) seconds",
                    ("の", "失敗が多すぎます。\(retryAfter) 秒後にもう一度お試しください")
                )
            }
        case .wrongCode:
            Declaration("wrong_code", 400, "INVALID_VERIFICATION_CODE") {
                $0.phrase(
                    "is wrong, expired or already used",
                    ("が", "正しくないか、期限切れか、使用済みです")
                )
            }
        case .nothingToVerify:
            Declaration("nothing_to_verify", 400, "INVALID_INPUT_DATA") {
                $0.phrase(
                    "is not an address of the user waiting for verification",
                    ("は", "確認待ちのアドレスではありません")
                )
            }
        case .malformedUserID:
            Declaration("malformed_user_id", 400, "INVALID_INPUT_DATA") {
                $0.phrase(
                    "must be a user ID, me, or LOGIN_NAME:, EMAIL: or PHONE: and an address",
                    ("は", "ユーザー ID、me、または LOGIN_NAME:、EMAIL:、PHONE: とアドレスにしてください")
                )
            }
        case .unknownMember(let member, let allowed):
            Declaration(
                "unknown_member",
                400,
                "INVALID_INPUT_DATA",
                [("name", member), ("allowed", allowed.joined(separator: ","))]
            ) {
                $0.phrase(
                    "has a member '\(member)' this route does not take (it takes \(allowed.joined(separator: ", ")))",
                    ("に", "このルートで使えないメンバー '\(member)' があります（使えるのは \(allowed.joined(separator: "、"))）")
                )
            }
        case .unsupportedGrantType:
            Declaration("unsupported_grant_type", 400, "unsupported_grant_type") {
                $0.phrase(
                    "must be password",
                    ("は", "password にしてください")
                )
            }
        case .expiryNotATime:
            Declaration("invalid_expiry", 400, "INVALID_INPUT_DATA") {
                $0.phrase(
                    "must be a time in the future, in milliseconds since 1970",
                    ("は", "未来の時刻（1970 年からのミリ秒）にしてください")
                )
            }
        case .unknownResetMethod:
            Declaration("unknown_method", 400, "INVALID_INPUT_DATA") {
                $0.phrase(
                    "must be EMAIL or SMS",
                    ("は", "EMAIL か SMS にしてください")
                )
            }
        case .unverifiedAddress:
            Declaration("address_not_verified", 400, "INVALID_INPUT_DATA") {
                $0.phrase(
                    "is not verified: a reset code goes to a verified address only",
                    ("は", "確認されていません。再設定コードは確認済みのアドレスにだけ送られます")
                )
            }
        case .noPassword:
            Declaration("no_password", 404, "USER_NOT_FOUND") {
                $0.phrase(
                    "has no password to reset",
                    ("には", "再設定するパスワードがありません")
                )
            }
        case .internalError:
            Declaration("internal_error", 500, "INTERNAL_SERVER_ERROR") {
                $0.phrase(
                    "failed; the request was not carried out",
                    ("で", "障害が起きました。リクエストは実行されていません")
                )
            }
        case .databaseUnavailable:
            Declaration("unavailable", 503, "SERVICE_UNAVAILABLE") {
                $0.phrase(
                    "cannot be reached",
                    ("に", "接続できません")
                )
            }
        }
    }

    /// What a problem declares besides its case.
    struct Declaration {
        /// ``ServiceProblem/code``'s raw value.
        var code: String
        /// ``ServiceProblem/httpStatus``.
        var status: Int
        /// ``ServiceProblem/kiiErrorCode``.
        var kiiErrorCode: String
        /// ``ServiceProblem/parameters``, written when asked for.
        var parameters: () -> [(name: String, value: String)]
        /// ``ServiceProblem/phrase(in:)``: only the language asked for is written.
        var words: (ValidationError.Language) -> ValidationError.Phrase

        init(
            _ code: String,
            _ status: Int,
            _ kiiErrorCode: String,
            _ parameters: @autoclosure @escaping () -> [(name: String, value: String)] = [],
            words: @escaping (ValidationError.Language) -> ValidationError.Phrase
        ) {
            self.code = code
            self.status = status
            self.kiiErrorCode = kiiErrorCode
            self.parameters = parameters
            self.words = words
        }
    }

    /// The cases without their values, by name: how a problem is found by name
    /// (``init(name:parameters:)``), and the list a test enumerates.
    public enum Kind: String, CaseIterable, Sendable {
        case invalidCredentials, notVerified, missingToken, invalidToken, notOwner, userNotFound, appNotFound
        case missingAppCredentials, wrongAppKey, wrongPassword, noRoute, methodNotAllowed, bodyTooLarge
        case unsupportedMediaType, tooManyAttempts, wrongCode, nothingToVerify, malformedUserID, unknownMember
        case unsupportedGrantType, expiryNotATime, unknownResetMethod, unverifiedAddress, noPassword, internalError
        case databaseUnavailable

        /// The problem of this kind with `parameters` (as ``ServiceProblem/parameters`` gives
        /// them), or `nil` when one is missing or malformed.
        public func problem(_ parameters: [String: String]) -> ServiceProblem? {
            func list(_ key: String) -> [String] { parameters[key]?.split(separator: ",").map(String.init) ?? [] }
            switch self {
            case .invalidCredentials: return .invalidCredentials
            case .notVerified: return .notVerified
            case .missingToken: return .missingToken
            case .invalidToken: return .invalidToken
            case .notOwner: return .notOwner
            case .userNotFound: return .userNotFound
            case .appNotFound: return parameters["appID"].map { .appNotFound(appID: $0) }
            case .missingAppCredentials: return .missingAppCredentials
            case .wrongAppKey: return .wrongAppKey
            case .wrongPassword: return .wrongPassword
            case .noRoute: return parameters["path"].map { .noRoute(path: $0) }
            case .methodNotAllowed:
                return parameters["method"].map { .methodNotAllowed(method: $0, allowed: list("allowed")) }
            case .bodyTooLarge: return parameters["maximum"].flatMap { Int($0) }.map { .bodyTooLarge(maximum: $0) }
            case .unsupportedMediaType: return .unsupportedMediaType(accepted: list("accepted"))
            case .tooManyAttempts:
                return parameters["retryAfter"].flatMap { Int64($0) }.map { .tooManyAttempts(retryAfter: $0) }
            case .wrongCode: return .wrongCode
            case .nothingToVerify: return .nothingToVerify
            case .malformedUserID: return .malformedUserID
            case .unknownMember: return parameters["name"].map { .unknownMember(name: $0, allowed: list("allowed")) }
            case .unsupportedGrantType: return .unsupportedGrantType
            case .expiryNotATime: return .expiryNotATime
            case .unknownResetMethod: return .unknownResetMethod
            case .unverifiedAddress: return .unverifiedAddress
            case .noPassword: return .noPassword
            case .internalError: return .internalError
            case .databaseUnavailable: return .databaseUnavailable
            }
        }
    }

    /// The problem's kind.
    public var kind: Kind {
        switch self {
        case .invalidCredentials: .invalidCredentials
        case .notVerified: .notVerified
        case .missingToken: .missingToken
        case .invalidToken: .invalidToken
        case .notOwner: .notOwner
        case .userNotFound: .userNotFound
        case .appNotFound: .appNotFound
        case .missingAppCredentials: .missingAppCredentials
        case .wrongAppKey: .wrongAppKey
        case .wrongPassword: .wrongPassword
        case .noRoute: .noRoute
        case .methodNotAllowed: .methodNotAllowed
        case .bodyTooLarge: .bodyTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .tooManyAttempts: .tooManyAttempts
        case .wrongCode: .wrongCode
        case .nothingToVerify: .nothingToVerify
        case .malformedUserID: .malformedUserID
        case .unknownMember: .unknownMember
        case .unsupportedGrantType: .unsupportedGrantType
        case .expiryNotATime: .expiryNotATime
        case .unknownResetMethod: .unknownResetMethod
        case .unverifiedAddress: .unverifiedAddress
        case .noPassword: .noPassword
        case .internalError: .internalError
        case .databaseUnavailable: .databaseUnavailable
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
