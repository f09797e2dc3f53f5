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
    /// A refresh token that is unknown, used, expired or revoked.
    case invalidRefreshToken
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
    /// `X-HTTP-Method-Override` given more than once (`count` times).
    case repeatedOverride(count: Int, allowed: [String])
    /// A body longer than the limit.
    case bodyTooLarge(maximum: Int)
    /// A body whose content type the route does not take.
    case unsupportedMediaType(accepted: [String])
    /// A request not framed as HTTP/1.1 says: a malformed chunk, a body shorter than its
    /// `Content-Length` (the client closed its side first), a head that does not parse.
    case malformedRequest
    /// A request head past the limits (its fields' bytes or count).
    case headTooLarge(maximum: Int)
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
    /// A `grant_type` other than `password` and `refresh_token`.
    case unsupportedGrantType
    /// A login's `expiresAt` that is not a whole number of milliseconds.
    case expiryNotATime
    /// A login's `expiresAt` that has passed.
    case expiryPassed
    /// A password reset's `notificationMethod` other than `EMAIL` and `SMS`.
    case unknownResetMethod
    /// A failure of the service itself (logged, never detailed to the client).
    case internalError
    /// The database cannot be reached (health check and requests).
    case databaseUnavailable
    /// Too many lookups of users by identifier in a minute, by one caller or from one address.
    case tooManyLookups(retryAfter: Int64)
    /// A pseudo user looking another user up by email address or phone number.
    case lookupNotAllowed
    /// Too many sign-ups (or pseudo sign-ups) from one client address for now.
    case tooManySignUps(retryAfter: Int64)
    /// Too many codes sent to one destination, or to one user, for now.
    case tooManyCodes(retryAfter: Int64)
    /// Too many new password hashes wait for the hasher's threads: try again in a second.
    case hashingBusy

    /// The problem's name (``Kind``'s raw value): how a problem is encoded under `detail`.
    public var name: String { kind.rawValue }
    /// The stable machine code.
    public var code: ValidationError.Code { ValidationError.Code(rawValue: declaration.facts.code) }
    /// The HTTP status of the problem.
    public var httpStatus: Int { declaration.facts.status }
    /// Kii Cloud's `errorCode` for the problem (the SDKs show it and branch on some).
    public var kiiErrorCode: String { declaration.facts.kiiErrorCode }

    /// The reason in `language`: the kind's words with its parameters filled in.
    public func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
        let words = declaration
        return language.phrase(
            fill(words.english, in: language),
            (words.japanese.particle, fill(words.japanese.reason, in: language))
        )
    }

    /// The problem named `name` with `parameters`, or `nil` (another name, a parameter missing).
    public init?(name: String, parameters: [String: String]) {
        guard let problem = Kind(rawValue: name)?.problem(parameters) else { return nil }
        self = problem
    }

    /// The problem's kind.
    public var kind: Kind { declaration.facts.kind }

    /// The values the reason needs, by name (a list's items joined by commas); none for a case
    /// without values.
    public var parameters: [(name: String, value: String)] {
        switch self {
        case .appNotFound(let appID): [("appID", appID)]
        case .noRoute(let path): [("path", path)]
        case .methodNotAllowed(let method, let allowed):
            [("method", method), ("allowed", allowed.joined(separator: ","))]
        case .repeatedOverride(let count, let allowed):
            [("count", String(count)), ("allowed", allowed.joined(separator: ","))]
        case .bodyTooLarge(let maximum), .headTooLarge(let maximum): [("maximum", String(maximum))]
        case .unsupportedMediaType(let accepted): [("accepted", accepted.joined(separator: ","))]
        case .tooManyAttempts(let retryAfter), .tooManyLookups(let retryAfter), .tooManySignUps(let retryAfter),
            .tooManyCodes(let retryAfter):
            [("retryAfter", String(retryAfter))]
        case .unknownMember(let member, let allowed): [("name", member), ("allowed", allowed.joined(separator: ","))]
        default: []
        }
    }

    /// `template` with each `{name}` replaced by the parameter of that name: a list's items
    /// (``Kind/lists``) joined as `language` joins them (`, `, `、`). A hole that names no
    /// parameter stays as written, so that the test over every kind sees it.
    private func fill(_ template: String, in language: ValidationError.Language) -> String {
        guard template.contains("{") else { return template }
        let values = parameters
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values.first(where: { $0.name == name })?.value {
                text += Kind.lists.contains(name) ? Kind.items(value).joined(separator: language.listSeparator) : value
            } else {
                text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// Each case's declaration, in one place: its kind, code, HTTP status, Kii's `errorCode` and
    /// words. A case left out does not compile; a new problem is its case, this, its values
    /// (``parameters``, if it has any) and its kind's reading (``Kind/problem(_:)``), all in
    /// this file.
    var declaration: Declaration {
        switch self {
        case .invalidCredentials:
            Declaration(
                (.invalidCredentials, "invalid_credentials", 400, "invalid_grant"),
                "is wrong, or no user has that identifier",
                ("が", "正しくないか、その ID のユーザーがいません")
            )
        case .notVerified:
            Declaration(
                (.notVerified, "not_verified", 400, "invalid_grant"),
                "is not verified yet: verify it with its code before logging in with it",
                ("は", "まだ確認されていません。確認コードで確認してからログインしてください")
            )
        case .missingToken:
            Declaration(
                (.missingToken, "missing_token", 401, "UNAUTHORIZED"),
                "needs an access token (Bearer): log in first",
                ("に", "アクセストークン (Bearer) が必要です。先にログインしてください")
            )
        case .invalidToken:
            Declaration(
                (.invalidToken, "invalid_token", 403, "WRONG_TOKEN"),
                "is not a valid access token (unknown, revoked or expired): log in again",
                ("が", "有効なアクセストークンではありません（不明、無効化済み、または期限切れ）。もう一度ログインしてください")
            )
        case .invalidRefreshToken:
            Declaration(
                (.invalidRefreshToken, "invalid_refresh_token", 403, "WRONG_REFRESH_TOKEN"),
                "is not a valid refresh token (unknown, used, revoked or expired): log in again",
                ("が", "有効なリフレッシュトークンではありません（不明、使用済み、無効化済み、または期限切れ）。もう一度ログインしてください")
            )
        case .notOwner:
            Declaration(
                (.notOwner, "not_owner", 403, "ACCESS_DENIED"),
                "names another user: only users themselves can do this",
                ("が", "別のユーザーを指しています。この操作はユーザー本人しかできません")
            )
        case .userNotFound:
            Declaration(
                (.userNotFound, "user_not_found", 404, "USER_NOT_FOUND"),
                "names no user",
                ("の", "ユーザーは存在しません")
            )
        case .appNotFound:
            Declaration(
                (.appNotFound, "app_not_found", 404, "APP_NOT_FOUND"),
                "'{appID}' is not the app of this service",
                ("の", "'{appID}' はこのサービスのアプリではありません")
            )
        case .missingAppCredentials:
            Declaration(
                (.missingAppCredentials, "missing_app_credentials", 401, "UNAUTHORIZED"),
                "must name the app: X-Kii-AppID and X-Kii-AppKey, or Authorization: Basic",
                ("で", "アプリを指定してください（X-Kii-AppID と X-Kii-AppKey、または Authorization: Basic）")
            )
        case .wrongAppKey:
            Declaration(
                (.wrongAppKey, "wrong_app_key", 401, "UNAUTHORIZED"),
                "key is not the key of this service's app",
                ("の", "キーがこのサービスのアプリのキーではありません")
            )
        case .wrongPassword:
            Declaration(
                (.wrongPassword, "wrong_password", 400, "WRONG_PASSWORD"),
                "is not the current password",
                ("が", "現在のパスワードと一致しません")
            )
        case .noRoute:
            Declaration(
                (.noRoute, "not_found", 404, "NOT_FOUND"),
                "{path} is not a route of this service",
                ("の", "{path} はこのサービスのルートではありません")
            )
        case .methodNotAllowed:
            Declaration(
                (.methodNotAllowed, "method_not_allowed", 405, "METHOD_NOT_ALLOWED"),
                "{method} is not allowed here (allowed: {allowed})",
                ("の", "{method} はここでは使えません（使えるのは {allowed}）")
            )
        case .repeatedOverride:
            Declaration(
                (.repeatedOverride, "method_not_allowed", 405, "METHOD_NOT_ALLOWED"),
                "must be given once, not {count} times (one of {allowed})",
                ("は", "{count} 回ではなく 1 回だけ指定してください（{allowed} のいずれか）")
            )
        case .bodyTooLarge:
            Declaration(
                (.bodyTooLarge, "too_large", 413, "REQUEST_TOO_LARGE"),
                "is too large (maximum {maximum} bytes)",
                ("が", "大きすぎます（最大 {maximum} バイト）")
            )
        case .malformedRequest:
            Declaration(
                (.malformedRequest, "malformed_request", 400, "INVALID_INPUT_DATA"),
                "is not framed as HTTP/1.1 requires (a malformed chunk, a body shorter than its Content-Length, or a head that does not parse): send it again on a new connection",
                ("が", "HTTP/1.1 の形式になっていません（チャンクの誤り、Content-Length より短い本文、または読めないヘッダー）。新しい接続で送り直してください")
            )
        case .headTooLarge:
            Declaration(
                (.headTooLarge, "head_too_large", 400, "INVALID_INPUT_DATA"),
                "is too large (maximum {maximum} bytes of header fields)",
                ("が", "大きすぎます（ヘッダーは最大 {maximum} バイト）")
            )
        case .unsupportedMediaType:
            Declaration(
                (.unsupportedMediaType, "unsupported_media_type", 415, "UNSUPPORTED_MEDIA_TYPE"),
                "must be one of {accepted}",
                ("は", "{accepted} のいずれかにしてください")
            )
        case .tooManyAttempts:
            Declaration(
                (.tooManyAttempts, "too_many_attempts", 429, "TOO_MANY_REQUESTS"),
                "has had too many failed attempts: try again in {retryAfter} seconds",
                ("の", "失敗が多すぎます。{retryAfter} 秒後にもう一度お試しください")
            )
        case .wrongCode:
            Declaration(
                (.wrongCode, "wrong_code", 400, "INVALID_VERIFICATION_CODE"),
                "is wrong, expired or already used",
                ("が", "正しくないか、期限切れか、使用済みです")
            )
        case .nothingToVerify:
            Declaration(
                (.nothingToVerify, "nothing_to_verify", 400, "INVALID_INPUT_DATA"),
                "is not an address of the user waiting for verification",
                ("は", "確認待ちのアドレスではありません")
            )
        case .malformedUserID:
            Declaration(
                (.malformedUserID, "malformed_user_id", 400, "INVALID_INPUT_DATA"),
                "must be a user ID, me, or LOGIN_NAME:, EMAIL: or PHONE: and an address",
                ("は", "ユーザー ID、me、または LOGIN_NAME:、EMAIL:、PHONE: とアドレスにしてください")
            )
        case .unknownMember:
            Declaration(
                (.unknownMember, "unknown_member", 400, "INVALID_INPUT_DATA"),
                "has a member '{name}' this route does not take (it takes {allowed})",
                ("に", "このルートで使えないメンバー '{name}' があります（使えるのは {allowed}）")
            )
        case .unsupportedGrantType:
            Declaration(
                (.unsupportedGrantType, "unsupported_grant_type", 400, "unsupported_grant_type"),
                "must be password or refresh_token",
                ("は", "password か refresh_token にしてください")
            )
        case .expiryNotATime:
            Declaration(
                (.expiryNotATime, "invalid_expiry", 400, "INVALID_INPUT_DATA"),
                "must be a whole number of milliseconds since 1970",
                ("は", "1970 年からのミリ秒を表す整数にしてください")
            )
        case .expiryPassed:
            Declaration(
                (.expiryPassed, "invalid_expiry", 400, "INVALID_INPUT_DATA"),
                "has passed: it must be a time in the future",
                ("は", "過ぎています。未来の時刻にしてください")
            )
        case .unknownResetMethod:
            Declaration(
                (.unknownResetMethod, "unknown_method", 400, "INVALID_INPUT_DATA"),
                "must be EMAIL or SMS",
                ("は", "EMAIL か SMS にしてください")
            )
        case .internalError:
            Declaration(
                (.internalError, "internal_error", 500, "INTERNAL_SERVER_ERROR"),
                "failed; the request was not carried out",
                ("で", "障害が起きました。リクエストは実行されていません")
            )
        case .databaseUnavailable:
            Declaration(
                (.databaseUnavailable, "unavailable", 503, "SERVICE_UNAVAILABLE"),
                "cannot be reached",
                ("に", "接続できません")
            )
        case .tooManyLookups:
            Declaration(
                (.tooManyLookups, "too_many_lookups", 429, "TOO_MANY_REQUESTS"),
                "is one lookup by identifier too many this minute: try again in {retryAfter} seconds",
                ("は", "この 1 分間の ID による検索の上限を超えています。{retryAfter} 秒後にもう一度お試しください")
            )
        case .lookupNotAllowed:
            Declaration(
                (.lookupNotAllowed, "lookup_not_allowed", 403, "ACCESS_DENIED"),
                "is an email address or phone number, which a pseudo user cannot look up: set an identifier and a password first",
                ("は", "メールアドレスか電話番号です。疑似ユーザーはこれで検索できません。先に ID とパスワードを設定してください")
            )
        case .tooManySignUps:
            Declaration(
                (.tooManySignUps, "too_many_sign_ups", 429, "TOO_MANY_REQUESTS"),
                "has signed up too many users for now: try again in {retryAfter} seconds",
                ("からの", "ユーザー登録が多すぎます。{retryAfter} 秒後にもう一度お試しください")
            )
        case .tooManyCodes:
            Declaration(
                (.tooManyCodes, "too_many_codes", 429, "TOO_MANY_REQUESTS"),
                "has been sent too many codes for now: try again in {retryAfter} seconds",
                ("に", "送ったコードが多すぎます。{retryAfter} 秒後にもう一度お試しください")
            )
        case .hashingBusy:
            Declaration(
                (.hashingBusy, "busy", 503, "SERVICE_UNAVAILABLE"),
                "is busy hashing other passwords: try again in a second",
                ("は", "ほかのパスワードの処理で混み合っています。1 秒後にもう一度お試しください")
            )
        }
    }

    /// What a case declares: its kind, code, HTTP status and Kii's `errorCode`, and its words in
    /// English and in Japanese (the particle after the field's name, then the reason), where
    /// `{name}` stands for the parameter of that name.
    struct Declaration {
        /// ``ServiceProblem/kind``, ``ServiceProblem/code``'s raw value,
        /// ``ServiceProblem/httpStatus`` and ``ServiceProblem/kiiErrorCode``.
        var facts: (kind: Kind, code: String, status: Int, kiiErrorCode: String)
        /// The English reason.
        var english: String
        /// The Japanese particle and reason.
        var japanese: (particle: String, reason: String)

        init(
            _ facts: (kind: Kind, code: String, status: Int, kiiErrorCode: String),
            _ english: String,
            _ japanese: (particle: String, reason: String)
        ) {
            self.facts = facts
            self.english = english
            self.japanese = japanese
        }
    }

    /// The cases without their values, by name: how a problem is found by name
    /// (``init(name:parameters:)``) and the list a test enumerates.
    public enum Kind: String, CaseIterable, Sendable {
        case invalidCredentials, notVerified, missingToken, invalidToken, invalidRefreshToken, notOwner, userNotFound
        case appNotFound, missingAppCredentials, wrongAppKey, wrongPassword, noRoute, methodNotAllowed, bodyTooLarge
        case malformedRequest, headTooLarge, repeatedOverride, expiryPassed
        case unsupportedMediaType, tooManyAttempts, wrongCode, nothingToVerify, malformedUserID, unknownMember
        case unsupportedGrantType, expiryNotATime, unknownResetMethod, internalError
        case databaseUnavailable
        case tooManyLookups, lookupNotAllowed
        case tooManySignUps, tooManyCodes, hashingBusy

        /// The parameters whose values are lists, their items joined by commas.
        static let lists: Set = ["allowed", "accepted"]

        /// A list parameter's items.
        static func items(_ value: String?) -> [String] { value?.split(separator: ",").map(String.init) ?? [] }

        /// The problem of this kind with `parameters` (as ``ServiceProblem/parameters`` gives
        /// them), or `nil` when one is missing or malformed.
        public func problem(_ parameters: [String: String]) -> ServiceProblem? {
            switch self {
            case .invalidCredentials: .invalidCredentials
            case .notVerified: .notVerified
            case .missingToken: .missingToken
            case .invalidToken: .invalidToken
            case .invalidRefreshToken: .invalidRefreshToken
            case .notOwner: .notOwner
            case .userNotFound: .userNotFound
            case .appNotFound: parameters["appID"].map { .appNotFound(appID: $0) }
            case .missingAppCredentials: .missingAppCredentials
            case .wrongAppKey: .wrongAppKey
            case .wrongPassword: .wrongPassword
            case .noRoute: parameters["path"].map { .noRoute(path: $0) }
            case .methodNotAllowed:
                parameters["method"].map { .methodNotAllowed(method: $0, allowed: Self.items(parameters["allowed"])) }
            case .bodyTooLarge: parameters["maximum"].flatMap { Int($0) }.map { .bodyTooLarge(maximum: $0) }
            case .unsupportedMediaType: .unsupportedMediaType(accepted: Self.items(parameters["accepted"]))
            case .malformedRequest: .malformedRequest
            case .repeatedOverride:
                parameters["count"].flatMap { Int($0) }.map {
                    .repeatedOverride(count: $0, allowed: Self.items(parameters["allowed"]))
                }
            case .expiryPassed: .expiryPassed
            case .headTooLarge: parameters["maximum"].flatMap { Int($0) }.map { .headTooLarge(maximum: $0) }
            case .tooManyAttempts:
                parameters["retryAfter"].flatMap { Int64($0) }.map { .tooManyAttempts(retryAfter: $0) }
            case .wrongCode: .wrongCode
            case .nothingToVerify: .nothingToVerify
            case .malformedUserID: .malformedUserID
            case .unknownMember:
                parameters["name"].map { .unknownMember(name: $0, allowed: Self.items(parameters["allowed"])) }
            case .unsupportedGrantType: .unsupportedGrantType
            case .expiryNotATime: .expiryNotATime
            case .unknownResetMethod: .unknownResetMethod
            case .internalError: .internalError
            case .databaseUnavailable: .databaseUnavailable
            case .tooManyLookups:
                parameters["retryAfter"].flatMap { Int64($0) }.map { .tooManyLookups(retryAfter: $0) }
            case .lookupNotAllowed: .lookupNotAllowed
            case .tooManySignUps:
                parameters["retryAfter"].flatMap { Int64($0) }.map { .tooManySignUps(retryAfter: $0) }
            case .tooManyCodes:
                parameters["retryAfter"].flatMap { Int64($0) }.map { .tooManyCodes(retryAfter: $0) }
            case .hashingBusy: .hashingBusy
            }
        }
    }
}

extension ValidationError.Language {
    /// How a list's items are joined in a reason.
    fileprivate var listSeparator: String { self == .japanese ? "、" : ", " }
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
    /// The request as a whole (its framing).
    static let request = Self(rawValue: "request")
    /// The request's head (its start line and header fields).
    static let head = Self(rawValue: "head")
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
    /// The `refresh_token` member of a refresh's body.
    static let refreshToken = Self(rawValue: "refresh_token")
    /// The address a verification is for (the path's `email-address` or `phone-number`).
    static let address = Self(rawValue: "address")
    /// The service itself.
    static let service = Self(rawValue: "service")
    /// The database.
    static let database = Self(rawValue: "database")
    /// The client's address, as the throttle counts it (``ClientAddress``).
    static let clientAddress = Self(rawValue: "clientAddress")
}
