/// A validated user, as a service stores it and as Kii's JSON names it, without a password.
///
/// It encodes to the members of Kii's user body: `loginName` (lowercased), `emailAddress`
/// (domain lowercased), `phoneNumber` (E.164), `displayName`, `country`, `locale` (normalised
/// BCP 47) and the custom fields at the top level. Absent fields are omitted. Decoding
/// (``init(json:)-(String)``, `Decodable`) re-validates every member.
///
/// A record comes from a ``Registration`` (its ``Registration/record``), a ``PseudoUserRegistration``,
/// a body validated with ``init(json:)-([String:JSONValue])``, or the text of ``json`` that a
/// service stored, read back by its shape with ``init(storedJSON:)-(String)`` (no rule and no
/// phone engine runs). A record without any identifier is a pseudo user.
///
/// ```swift
/// let record = registration.record
/// record.uniquenessKeys.username   // "user_1"
/// ```
public struct UserRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The username, or `nil`. Stored as `loginName`, lowercased.
    public let username: Username?
    /// The email address, or `nil`. Stored as `emailAddress`, domain lowercased (its key,
    /// ``UniquenessKeys/email``, is lowercased whole).
    public let email: EmailAddress?
    /// The phone number, or `nil`. Stored as `phoneNumber`, in E.164.
    public let phone: PhoneNumber?
    /// The display name, or `nil`.
    public let displayName: DisplayName?
    /// The country, or `nil`. Never filled in from the phone number.
    public let country: CountryCode?
    /// The locale, or `nil`. Stored normalised (`en-US`).
    public let locale: LocaleTag?
    /// The custom fields (never a predefined name or a name starting with `_`).
    public let custom: [String: JSONValue]

    /// The user fields of a record, checked.
    struct Fields: Sendable, Hashable {
        var displayName: DisplayName?
        var country: CountryCode?
        var locale: LocaleTag?
        var custom: [String: JSONValue]

        static let none = Fields(displayName: nil, country: nil, locale: nil, custom: [:])
    }

    init(username: Username?, email: EmailAddress?, phone: PhoneNumber?, fields: Fields) {
        self.username = username
        self.email = email
        self.phone = phone
        self.displayName = fields.displayName
        self.country = fields.country
        self.locale = fields.locale
        self.custom = fields.custom
    }

    /// Validates a stored user body (Kii's member names; custom fields at the top level).
    ///
    /// The phone number may be in any strict form (a local one is read in the record's
    /// `country`); any valid number is accepted, whatever the phone policy was.
    ///
    /// - Throws: ``ValidationError`` with every problem; a `password` member is
    ///   `reserved_name` (a record never holds a password; its value is not inspected).
    public init(json object: [String: JSONValue]) throws(ValidationError) {
        let split = RecordJSON(object, acceptsTypedPhone: false)
        var checker = RecordChecker(storedBody: split, of: object)
        let country = RecordChecker.Country(split.fields.country)
        let username = checker.field(Username.self, split.identity.username)
        let email = checker.field(EmailAddress.self, split.identity.email)
        let phone = checker.phone(
            split.identity.phone,
            typed: false,
            country: country.value,
            countryGiven: split.fields.country != nil,
            policy: .anyValidNumber
        )
        let fields = checker.userFields(split.fields, country: country)
        try checker.finish()
        self.init(username: username, email: email, phone: phone, fields: fields)
    }

    /// Validates a stored user body given as JSON text, read by RFC 8259 exactly (see
    /// ``JSONValue/init(parsing:allowingByteOrderMark:maximumBytes:)-(String,_,_)``), as
    /// ``init(json:)-([String:JSONValue])`` does.
    ///
    /// ```swift
    /// let stored = try UserRecord(json: #"{"loginName":"ann","country":"JP"}"#)
    /// ```
    ///
    /// - Throws: ``ValidationError``: one problem under ``ValidationError/Field/json`` for text
    ///   that is not a JSON object (`too_long` past ``JSONValue/maximumTextBytes`` without
    ///   reading it, `malformed_json`, `duplicate_member`, ...), or the record's problems.
    public init(json text: String) throws(ValidationError) {
        try self.init(json: try JSONValue.object(parsing: text))
    }

    /// Validates a stored user body given as UTF-8 bytes (a database column or a request's
    /// body as received), as ``init(json:)-(String)`` does; bytes that are not UTF-8 are
    /// `invalid_utf8`, never repaired.
    public init(json bytes: [UInt8]) throws(ValidationError) {
        try self.init(json: try JSONValue.object(parsing: bytes))
    }

    /// The kinds of identifier the record has, in table order.
    public var identifierKinds: [LoginKind] {
        var kinds: [LoginKind] = []
        if username != nil { kinds.append(.username) }
        if email != nil { kinds.append(.email) }
        if phone != nil { kinds.append(.phone) }
        return kinds
    }

    /// Whether the record has no username, email address or phone number: a pseudo user.
    public var isPseudoUser: Bool { username == nil && email == nil && phone == nil }

    /// The uniqueness keys of the record's identifiers.
    public var uniquenessKeys: UniquenessKeys { UniquenessKeys(username: username, email: email, phone: phone) }

    /// The record's identifiers as a REST login body names them: the lowercased username,
    /// `EMAIL:<email>`, `PHONE:<E.164>`.
    public var loginIdentifiers: [LoginIdentifier] {
        uniquenessKeys.all.compactMap { entry in
            switch entry.kind {
            case .username: try? LoginIdentifier(qualified: entry.key)
            // The address as stored (its key is lowercased whole).
            case .email: email.flatMap { try? LoginIdentifier(qualified: LoginIdentifier.emailPrefix + $0.normalized) }
            case .phone:
                try? LoginIdentifier(qualified: LoginIdentifier.phonePrefix + entry.key, policy: .anyValidNumber)
            }
        }
    }

    /// The record as JSON members, with Kii's names and normalised values.
    public var json: [String: JSONValue] {
        var object = custom
        if let username { object[PredefinedMember.loginName.rawValue] = .string(username.normalized) }
        if let email { object[PredefinedMember.emailAddress.rawValue] = .string(email.normalized) }
        if let phone { object[PredefinedMember.phoneNumber.rawValue] = .string(phone.e164) }
        if let displayName { object[PredefinedMember.displayName.rawValue] = .string(displayName.normalized) }
        if let country { object[PredefinedMember.country.rawValue] = .string(country.rawValue) }
        if let locale { object[PredefinedMember.locale.rawValue] = .string(locale.normalized) }
        return object
    }

    /// The JSON members, sorted by name: `{"country":"JP","loginName":"user_1"}`.
    public var description: String { JSONValue.object(json).description }

    /// Decodes a JSON object and validates it with ``init(json:)-([String:JSONValue])``.
    public init(from decoder: any Decoder) throws {
        let object = try [String: JSONValue](from: decoder)
        do {
            try self.init(json: object)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
