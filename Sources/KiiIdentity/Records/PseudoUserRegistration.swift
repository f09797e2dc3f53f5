/// A validated pseudo-user sign-up: a user with user fields only, no identifier and no password.
///
/// Kii creates a pseudo user from its fields alone and hands back an access token; it becomes a
/// normal user with a ``PseudoUserUpgrade``.
///
/// ```swift
/// let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest", country: "JP"))
/// pseudo.body.json   // ["displayName": "Guest", "country": "JP"]
/// ```
public struct PseudoUserRegistration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The request body: the user fields, with Kii's names.
    public let body: UserRecord

    /// Validates a pseudo-user sign-up.
    ///
    /// `identity` and `password` exist so a handler can pass on whatever it received: any
    /// identifier or password given is an error (the password's value is never inspected).
    ///
    /// - Throws: ``ValidationError`` with `not_allowed_for_pseudo_user` for each identifier and
    ///   for a password, and every problem of the fields.
    public init(
        fields: UserFields = UserFields(),
        identity: IdentityData = IdentityData(),
        password: String? = nil,
        displayNamePolicy: DisplayNamePolicy = .kii
    ) throws(ValidationError) {
        var checker = RecordChecker(displayNamePolicy: displayNamePolicy)
        for kind in identity.givenKinds {
            checker.add(kind.field, .notAllowedForPseudoUser)
        }
        if password != nil { checker.add(.password, .notAllowedForPseudoUser) }
        let country = RecordChecker.Country(fields.country)
        let checked = checker.userFields(fields, country: country)
        try checker.finish()
        body = UserRecord(username: nil, email: nil, phone: nil, fields: checked)
    }

    /// Validates a pseudo-user sign-up body as JSON members (see ``Registration/init(json:policy:)-([String:JSONValue],_)``).
    ///
    /// - Throws: ``ValidationError``; a predefined identifier member or `password` is
    ///   `not_allowed_for_pseudo_user`, whatever its value.
    public init(json object: [String: JSONValue], displayNamePolicy: DisplayNamePolicy = .kii) throws(ValidationError) {
        var split = RecordJSON(object)
        for member in PredefinedMember.allCases {
            guard let kind = member.loginKind, object[member.rawValue] != nil else { continue }
            split.problems.removeAll { $0.field == member.field }
            switch kind {
            case .username: split.identity.username = split.identity.username ?? ""
            case .email: split.identity.email = split.identity.email ?? ""
            case .phone: split.identity.phone = split.identity.phone ?? ""
            }
        }
        if object[PredefinedMember.password.rawValue] != nil {
            split.problems.removeAll { $0.field == .password }
            split.password = split.password ?? ""
        }
        var checker = RecordChecker()
        checker.add(split.problems)
        let registration = checker.check { () throws(ValidationError) in
            try PseudoUserRegistration(
                fields: split.fields,
                identity: split.identity,
                password: split.password,
                displayNamePolicy: displayNamePolicy
            )
        }
        try checker.finish()
        self = registration!
    }

    /// Validates a pseudo-user sign-up body given as JSON text, read by RFC 8259 exactly (see
    /// ``JSONValue/init(parsing:allowingByteOrderMark:maximumBytes:)-(String,_,_)``).
    ///
    /// - Throws: ``ValidationError``: one problem under ``ValidationError/Field/json`` for text
    ///   that is not a JSON object, or the problems of
    ///   ``init(json:displayNamePolicy:)-([String:JSONValue],_)``.
    public init(json text: String, displayNamePolicy: DisplayNamePolicy = .kii) throws(ValidationError) {
        try self.init(json: try JSONValue.object(parsing: text), displayNamePolicy: displayNamePolicy)
    }

    /// Validates a pseudo-user sign-up body given as UTF-8 bytes (a request's body as received),
    /// as ``init(json:displayNamePolicy:)-(String,_)`` does; bytes that are not UTF-8 are `invalid_utf8`.
    public init(json bytes: [UInt8], displayNamePolicy: DisplayNamePolicy = .kii) throws(ValidationError) {
        try self.init(json: try JSONValue.object(parsing: bytes), displayNamePolicy: displayNamePolicy)
    }

    /// `PseudoUserRegistration({"displayName":"Guest"})`.
    public var description: String { "PseudoUserRegistration(\(body))" }

    private enum CodingKeys: String, CodingKey {
        case body
    }

    /// Decodes `{"body": {...}}` and checks the body has no identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let body = try container.decode(UserRecord.self, forKey: .body)
        guard body.isPseudoUser else {
            throw DecodingError.dataCorruptedError(
                forKey: .body,
                in: container,
                debugDescription: "a pseudo user has no username, email address or phone number"
            )
        }
        self.body = body
    }
}
