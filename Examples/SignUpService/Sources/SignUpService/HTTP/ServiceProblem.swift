public import KiiIdentity

/// The service's own problems (not the library's rules): bad credentials, a missing token, a
/// wrong verification code, a body too large, ... A `ValidationError.Detail` like the library's
/// own, so that each has a stable code, a reason in English and in Japanese beside it, and the
/// same JSON body (`ValidationError.jsonBody(in:)`) as every other answer.
public enum ServiceProblem: ValidationError.Detail {
    /// A wrong password, an unknown identifier or a user without a password: one answer for all.
    case invalidCredentials
    /// A right password for an identifier that waits for verification.
    case notVerified
    /// No `Authorization: Bearer`, or a token that is unknown or expired.
    case invalidToken
    /// A user ID that names no user.
    case userNotFound
    /// A path the service does not serve.
    case noRoute(path: String)
    /// A method the path does not take.
    case methodNotAllowed(method: String, allowed: [String])
    /// A body longer than the limit.
    case bodyTooLarge(maximum: Int)
    /// A body that is not `application/json`.
    case unsupportedMediaType
    /// Too many failed attempts for one identifier (or one verification) in a minute.
    case tooManyAttempts(retryAfter: Int64)
    /// A verification code that is wrong, expired or for an identifier the user no longer has.
    case wrongCode
    /// A `field` of `POST /users/me/verify` that is not `emailAddress` or `phoneNumber`.
    case notVerifiable
    /// A member the route does not take.
    case unknownMember(name: String, allowed: [String])
    /// A failure of the service itself (logged, never detailed to the client).
    case internalError
    /// The database cannot be reached (health check and requests).
    case databaseUnavailable

    public var code: ValidationError.Code {
        switch self {
        case .invalidCredentials: ValidationError.Code(rawValue: "invalid_credentials")
        case .notVerified: ValidationError.Code(rawValue: "not_verified")
        case .invalidToken: ValidationError.Code(rawValue: "invalid_token")
        case .userNotFound: ValidationError.Code(rawValue: "user_not_found")
        case .noRoute: ValidationError.Code(rawValue: "not_found")
        case .methodNotAllowed: ValidationError.Code(rawValue: "method_not_allowed")
        case .bodyTooLarge: ValidationError.Code(rawValue: "too_large")
        case .unsupportedMediaType: ValidationError.Code(rawValue: "unsupported_media_type")
        case .tooManyAttempts: ValidationError.Code(rawValue: "too_many_attempts")
        case .wrongCode: ValidationError.Code(rawValue: "wrong_code")
        case .notVerifiable: ValidationError.Code(rawValue: "not_verifiable")
        case .unknownMember: ValidationError.Code(rawValue: "unknown_member")
        case .internalError: ValidationError.Code(rawValue: "internal_error")
        case .databaseUnavailable: ValidationError.Code(rawValue: "unavailable")
        }
    }

    public var name: String {
        switch self {
        case .invalidCredentials: "invalidCredentials"
        case .notVerified: "notVerified"
        case .invalidToken: "invalidToken"
        case .userNotFound: "userNotFound"
        case .noRoute: "noRoute"
        case .methodNotAllowed: "methodNotAllowed"
        case .bodyTooLarge: "bodyTooLarge"
        case .unsupportedMediaType: "unsupportedMediaType"
        case .tooManyAttempts: "tooManyAttempts"
        case .wrongCode: "wrongCode"
        case .notVerifiable: "notVerifiable"
        case .unknownMember: "unknownMember"
        case .internalError: "internalError"
        case .databaseUnavailable: "databaseUnavailable"
        }
    }

    public var parameters: [(name: String, value: String)] {
        switch self {
        case .noRoute(let path): [("path", path)]
        case .methodNotAllowed(let method, let allowed):
            [("method", method), ("allowed", allowed.joined(separator: ","))]
        case .bodyTooLarge(let maximum): [("maximum", String(maximum))]
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
        case .invalidToken:
            language.phrase(
                "needs a valid access token (Bearer): log in again",
                ("に", "有効なアクセストークン (Bearer) が必要です。もう一度ログインしてください")
            )
        case .userNotFound: language.phrase("names no user", ("の", "ユーザーは存在しません"))
        case .noRoute(let path):
            language.phrase("\(path) is not a route of this service", ("の", "\(path) はこのサービスのルートではありません"))
        case .methodNotAllowed(let method, let allowed):
            language.phrase(
                "\(method) is not allowed here (allowed: \(allowed.joined(separator: ", ")))",
                ("の", "\(method) はここでは使えません（使えるのは \(allowed.joined(separator: "、"))）")
            )
        case .bodyTooLarge(let maximum):
            language.phrase("is too large (maximum \(maximum) bytes)", ("が", "大きすぎます（最大 \(maximum) バイト）"))
        case .unsupportedMediaType:
            language.phrase("must be application/json", ("は", "application/json にしてください"))
        case .tooManyAttempts(let retryAfter):
            language.phrase(
                "has had too many failed attempts: try again in \(retryAfter) seconds",
                ("の", "失敗が多すぎます。\(retryAfter) 秒後にもう一度お試しください")
            )
        case .wrongCode:
            language.phrase("is wrong, expired or already used", ("が", "正しくないか、期限切れか、使用済みです"))
        case .notVerifiable:
            language.phrase("must be emailAddress or phoneNumber", ("は", "emailAddress か phoneNumber にしてください"))
        case .unknownMember(let name, let allowed):
            language.phrase(
                "has a member '\(name)' this route does not take (it takes \(allowed.joined(separator: ", ")))",
                ("に", "このルートで使えないメンバー '\(name)' があります（使えるのは \(allowed.joined(separator: "、"))）")
            )
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
        case "invalidToken": self = .invalidToken
        case "userNotFound": self = .userNotFound
        case "noRoute":
            guard let path = parameters["path"] else { return nil }
            self = .noRoute(path: path)
        case "methodNotAllowed":
            guard let method = parameters["method"] else { return nil }
            self = .methodNotAllowed(method: method, allowed: list("allowed"))
        case "bodyTooLarge":
            guard let maximum = parameters["maximum"].flatMap({ Int($0) }) else { return nil }
            self = .bodyTooLarge(maximum: maximum)
        case "unsupportedMediaType": self = .unsupportedMediaType
        case "tooManyAttempts":
            guard let retryAfter = parameters["retryAfter"].flatMap({ Int64($0) }) else { return nil }
            self = .tooManyAttempts(retryAfter: retryAfter)
        case "wrongCode": self = .wrongCode
        case "notVerifiable": self = .notVerifiable
        case "unknownMember":
            guard let member = parameters["name"] else { return nil }
            self = .unknownMember(name: member, allowed: list("allowed"))
        case "internalError": self = .internalError
        case "databaseUnavailable": self = .databaseUnavailable
        default: return nil
        }
    }
}

extension ValidationError.Field {
    /// The request's `Authorization` header.
    static let authorization = Self(rawValue: "Authorization")
    /// The request's `Content-Type` header.
    static let contentType = Self(rawValue: "Content-Type")
    /// The request's path.
    static let path = Self(rawValue: "path")
    /// The request's method.
    static let method = Self(rawValue: "method")
    /// The request's body.
    static let body = Self(rawValue: "body")
    /// A verification code.
    static let code = Self(rawValue: "code")
    /// The `username` member of a login body: what the user typed.
    static let loginUsername = Self(rawValue: "username")
    /// The member naming what to verify.
    static let verificationTarget = Self(rawValue: "field")
    /// The service itself.
    static let service = Self(rawValue: "service")
    /// The database.
    static let database = Self(rawValue: "database")
}
