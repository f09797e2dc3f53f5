public import KiiIdentity

/// One user record of an export or a `register` input line, as read from a JSON Lines object or a CSV row.
///
/// Every member is optional. Problems with the input itself (a number where a string belongs,
/// an unknown member) are kept in ``inputProblems`` and reported with the record's own.
public struct ExportRecord: Sendable, Hashable {
    /// The members a record may have, in the order they are documented.
    public static let memberNames = [
        "username", "email", "phone", "country", "password", "displayName", "locale", "custom", "pseudo",
    ]

    /// `username`: the login name.
    public var username: String?
    /// `email`: the email address.
    public var email: String?
    /// `phone`: the phone number, international, REST local form, or local digits of ``country``.
    public var phone: String?
    /// `country`: the two-letter region.
    public var country: String?
    /// `password`: never printed.
    public var password: String?
    /// `displayName`.
    public var displayName: String?
    /// `locale`: a language tag.
    public var locale: String?
    /// `custom`: custom fields by name.
    public var custom: [String: JSONValue]?
    /// `pseudo`: `true` for a pseudo user (no identifier, no password).
    public var pseudo: Bool?
    /// Problems with the input's shape, found while reading it.
    public var inputProblems: [ValidationError.Problem] = []

    /// A record with no members.
    public init() {}

    /// The identifiers, for KiiIdentity's `Registration` or `PseudoUserRegistration`.
    public var identity: IdentityData {
        IdentityData(username: username, email: email, phone: phone)
    }

    /// The other predefined fields and the custom ones.
    public var fields: UserFields {
        UserFields(displayName: displayName, country: country, locale: locale, custom: custom ?? [:])
    }

    /// The field that problems with member `name` are reported under (`username` ->
    /// `loginName`, as in the request body).
    public static func field(forMember name: String) -> ValidationError.Field {
        switch name {
        case "username": .username
        case "email": .emailAddress
        case "phone": .phoneNumber
        case "country": .country
        case "password": .password
        case "displayName": .displayName
        case "locale": .locale
        case "custom": .customFields
        default: ValidationError.Field(rawValue: name)
        }
    }

    /// Sets the string member `name`; returns `false` for a name that is not a string member.
    mutating func setString(_ value: String, forMember name: String) -> Bool {
        switch name {
        case "username": username = value
        case "email": email = value
        case "phone": phone = value
        case "country": country = value
        case "password": password = value
        case "displayName": displayName = value
        case "locale": locale = value
        default: return false
        }
        return true
    }

    /// Keeps `problem` (of reading member `name`'s value) under the member's field.
    mutating func addProblem(member: String, _ problem: ValidationError.Problem) {
        inputProblems.append(problem.reported(under: Self.field(forMember: member)))
    }

    /// Keeps a problem of reading member `name`.
    mutating func addProblem(member: String, _ detail: ValidationError.ExportDetail) {
        inputProblems.append(ValidationError.Problem(field: Self.field(forMember: member), detail))
    }

    /// Keeps a problem of member `name`'s shape in a record.
    mutating func addProblem(member: String, _ detail: ValidationError.RecordDetail) {
        inputProblems.append(ValidationError.Problem(field: Self.field(forMember: member), detail))
    }
}

extension ExportRecord {
    /// The record of a JSON object's members; `null` members count as absent, and members of
    /// the wrong type or unknown names are kept as ``inputProblems``.
    public init(members: [String: JSONValue]) {
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            if value == .null { continue }
            switch (name, value) {
            case ("custom", .object(let custom)):
                self.custom = custom
            case ("custom", _):
                addProblem(member: name, .wrongType(expected: .object, found: .init(of: value)))
            case ("pseudo", .bool(let pseudo)):
                self.pseudo = pseudo
            case ("pseudo", _):
                addProblem(member: name, .wrongType(expected: .boolean, found: .init(of: value)))
            case (_, _) where !Self.memberNames.contains(name):
                addProblem(member: name, .notRecordMember)
            case (_, .string(let text)):
                _ = setString(text, forMember: name)
            default:
                addProblem(member: name, .notAString(found: .init(of: value)))
            }
        }
    }
}
