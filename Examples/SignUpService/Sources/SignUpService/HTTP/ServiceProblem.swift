public import KiiIdentity

/// A problem of the service's own (not of the library's rules): bad credentials, a missing
/// token, a wrong verification code, a body too large, ... With a field, a stable code and a
/// reason and message in each language the library speaks, in the same JSON shape as a
/// `ValidationError`'s problems.
public struct ServiceProblem: Sendable, Hashable {
    /// The member or part of the request it is about (`password`, `Authorization`, `body`, ...).
    public var field: String
    /// The stable machine code.
    public var code: String
    private var english: (reason: String, message: String)
    private var japanese: (reason: String, message: String)

    init(field: String, code: String, english: (String, String), japanese: (String, String)) {
        self.field = field
        self.code = code
        self.english = english
        self.japanese = japanese
    }

    /// The reason in `language`, without the field's name.
    public func reason(in language: ValidationError.Language) -> String {
        language == .japanese ? japanese.reason : english.reason
    }

    /// The whole sentence in `language`.
    public func message(in language: ValidationError.Language) -> String {
        language == .japanese ? japanese.message : english.message
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.field == rhs.field && lhs.code == rhs.code && lhs.english == rhs.english && lhs.japanese == rhs.japanese
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(code)
        hasher.combine(english.message)
    }

    /// The problem as a member of `{"errors": [...]}`, its members in the order of
    /// `ValidationError.jsonBody(in:)`: field, code, reason, message.
    func json(in language: ValidationError.Language) -> String {
        let members = [
            ("field", field), ("code", code), ("reason", reason(in: language)), ("message", message(in: language)),
        ]
        return "{" + members.map { "\(JSONValue.string($0.0)):\(JSONValue.string($0.1))" }.joined(separator: ",") + "}"
    }

    /// `{"errors":[...]}` of `problems` in `language`.
    static func body(_ problems: [ServiceProblem], in language: ValidationError.Language) -> String {
        #"{"errors":["# + problems.map { $0.json(in: language) }.joined(separator: ",") + "]}"
    }

    // MARK: The catalog

    /// A wrong password, an unknown identifier or a user without a password: one answer for all.
    static let invalidCredentials = ServiceProblem(
        field: "password",
        code: "invalid_credentials",
        english: ("is wrong, or no user has that identifier", "the identifier or the password is wrong"),
        japanese: ("が正しくないか、その ID のユーザーがいません", "ログイン ID またはパスワードが正しくありません")
    )

    /// A right password for an identifier that waits for verification.
    static func notVerified(_ kind: LoginKind) -> ServiceProblem {
        let (english, japanese) = kind == .email ? ("email address", "メールアドレス") : ("phone number", "電話番号")
        return ServiceProblem(
            field: kind.field.rawValue,
            code: "not_verified",
            english: (
                "is not verified yet: verify it with its code before logging in with it",
                "\(english) is not verified yet: verify it with its code before logging in with it"
            ),
            japanese: (
                "はまだ確認されていません。確認コードで確認してからログインしてください",
                "\(japanese)はまだ確認されていません。確認コードで確認してからログインしてください"
            )
        )
    }

    /// No `Authorization: Bearer`, or a token that is unknown or expired.
    static let unauthorized = ServiceProblem(
        field: "Authorization",
        code: "invalid_token",
        english: (
            "needs a valid access token (Bearer)",
            "Authorization needs a valid access token (Bearer): log in again"
        ),
        japanese: ("に有効なアクセストークン (Bearer) が必要です", "有効なアクセストークンがありません。もう一度ログインしてください")
    )

    /// A user ID that names no user.
    static let userNotFound = ServiceProblem(
        field: "userID",
        code: "user_not_found",
        english: ("names no user", "user ID names no user"),
        japanese: ("のユーザーは存在しません", "そのユーザー ID のユーザーは存在しません")
    )

    /// A path the service does not serve.
    static func noRoute(_ path: String) -> ServiceProblem {
        ServiceProblem(
            field: "path",
            code: "not_found",
            english: ("\(path) is not a route of this service", "path \(path) is not a route of this service"),
            japanese: ("\(path) はこのサービスのルートではありません", "パス \(path) はこのサービスのルートではありません")
        )
    }

    /// A method the path does not take.
    static func methodNotAllowed(_ method: String, allowed: [String]) -> ServiceProblem {
        let list = allowed.joined(separator: ", ")
        return ServiceProblem(
            field: "method",
            code: "method_not_allowed",
            english: (
                "\(method) is not allowed here (allowed: \(list))",
                "method \(method) is not allowed here (allowed: \(list))"
            ),
            japanese: ("\(method) はここでは使えません（使えるのは \(list)）", "メソッド \(method) はここでは使えません（使えるのは \(list)）")
        )
    }

    /// A body longer than the limit.
    static func bodyTooLarge(maximum: Int) -> ServiceProblem {
        ServiceProblem(
            field: "body",
            code: "too_large",
            english: (
                "is too large (maximum \(maximum) bytes)", "request body is too large (maximum \(maximum) bytes)"
            ),
            japanese: ("が大きすぎます（最大 \(maximum) バイト）", "リクエストの本文が大きすぎます（最大 \(maximum) バイト）")
        )
    }

    /// A body that is not `application/json`.
    static let unsupportedMediaType = ServiceProblem(
        field: "Content-Type",
        code: "unsupported_media_type",
        english: ("must be application/json", "Content-Type must be application/json"),
        japanese: ("は application/json にしてください", "Content-Type は application/json にしてください")
    )

    /// Too many failed attempts for one identifier (or one verification) in a minute.
    static func tooManyAttempts(field: String, retryAfter: Int64) -> ServiceProblem {
        ServiceProblem(
            field: field,
            code: "too_many_attempts",
            english: (
                "has had too many failed attempts: try again in \(retryAfter) seconds",
                "too many failed attempts for this \(field): try again in \(retryAfter) seconds"
            ),
            japanese: (
                "の失敗が多すぎます。\(retryAfter) 秒後にもう一度お試しください",
                "失敗が多すぎます。\(retryAfter) 秒後にもう一度お試しください"
            )
        )
    }

    /// A verification code that is wrong, expired or for an identifier the user no longer has.
    static let wrongCode = ServiceProblem(
        field: "code",
        code: "wrong_code",
        english: (
            "is wrong, expired or already used",
            "verification code is wrong, expired or already used"
        ),
        japanese: ("が正しくないか、期限切れか、使用済みです", "確認コードが正しくないか、期限切れか、使用済みです")
    )

    /// A `field` of `POST /users/me/verify` that is not `emailAddress` or `phoneNumber`.
    static let notVerifiable = ServiceProblem(
        field: "field",
        code: "not_verifiable",
        english: ("must be emailAddress or phoneNumber", "field must be emailAddress or phoneNumber"),
        japanese: ("は emailAddress か phoneNumber にしてください", "field は emailAddress か phoneNumber にしてください")
    )

    /// A member the route does not take.
    static func unknownMember(_ name: String, allowed: [String]) -> ServiceProblem {
        let list = allowed.joined(separator: ", ")
        return ServiceProblem(
            field: "json",
            code: "unknown_member",
            english: (
                "has a member '\(name)' this route does not take (it takes \(list))",
                "JSON text has a member '\(name)' this route does not take (it takes \(list))"
            ),
            japanese: (
                "にこのルートで使えないメンバー '\(name)' があります（使えるのは \(list)）",
                "JSON テキストにこのルートで使えないメンバー '\(name)' があります（使えるのは \(list)）"
            )
        )
    }

    /// An upgrade of a user that already has identifiers and a password.
    static let notPseudoUser = ServiceProblem(
        field: "user",
        code: "not_a_pseudo_user",
        english: (
            "is not a pseudo user: change identifiers with PATCH /users/me",
            "user is not a pseudo user: change identifiers with PATCH /users/me"
        ),
        japanese: (
            "は匿名ユーザーではありません。ID の変更は PATCH /users/me で行ってください", "ユーザーは匿名ユーザーではありません。ID の変更は PATCH /users/me で行ってください"
        )
    )

    /// A failure of the service itself (logged, never detailed to the client).
    static let internalError = ServiceProblem(
        field: "service",
        code: "internal_error",
        english: ("failed; the request was not carried out", "the service failed; the request was not carried out"),
        japanese: ("で障害が起きました。リクエストは実行されていません", "サービスで障害が起きました。リクエストは実行されていません")
    )

    /// The database cannot be reached (health check and requests).
    static let databaseUnavailable = ServiceProblem(
        field: "database",
        code: "unavailable",
        english: ("cannot be reached", "the database cannot be reached"),
        japanese: ("に接続できません", "データベースに接続できません")
    )
}
