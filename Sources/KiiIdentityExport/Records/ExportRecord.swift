public import KiiIdentity

/// One user record of an export or a `register` input line, as read from a JSON Lines object or a CSV row.
///
/// Every member is optional. Problems with the input itself (a number where a string belongs,
/// an unknown member) are kept in ``inputProblems`` and reported with the record's own.
public struct ExportRecord: Sendable, Hashable {
    /// The members a record may have, in the order they are documented.
    public static let memberNames = Member.all.map(\.name)

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
        Member(name: name)?.field ?? ValidationError.Field(rawValue: name)
    }

    /// Sets the predefined member `member` to `value`.
    mutating func set(_ member: PredefinedMember, to value: String) {
        switch member {
        case .loginName: username = value
        case .emailAddress: email = value
        case .phoneNumber: phone = value
        case .password: password = value
        case .displayName: displayName = value
        case .country: country = value
        case .locale: locale = value
        case .userID, .internalUserID, .emailAddressVerified, .phoneNumberVerified:
            preconditionFailure("\(member) is set by the server, not a member of an export record")
        }
    }

    /// Keeps `problem` (of reading `member`'s value) under the member's field.
    mutating func addProblem(member: Member, _ problem: ValidationError.Problem) {
        inputProblems.append(problem.reported(under: member.field))
    }

    /// Keeps a problem of reading `member`.
    mutating func addProblem(member: Member, _ detail: ValidationError.ExportDetail) {
        inputProblems.append(ValidationError.Problem(field: member.field, detail))
    }

    /// Keeps a problem of `member`'s shape in a record.
    mutating func addProblem(member: Member, _ detail: ValidationError.RecordDetail) {
        inputProblems.append(ValidationError.Problem(field: member.field, detail))
    }
}

extension ExportRecord {
    /// The record of a JSON object's members; `null` members count as absent, and members of
    /// the wrong type or unknown names are kept as ``inputProblems``.
    public init(members: [String: JSONValue]) {
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            if value == .null { continue }
            guard let member = Member(name: name) else {
                inputProblems.append(
                    ValidationError.Problem(field: ValidationError.Field(rawValue: name), .notRecordMember)
                )
                continue
            }
            switch (member, value) {
            case (.custom, .object(let custom)):
                self.custom = custom
            case (.custom, _):
                addProblem(member: member, .wrongType(expected: .object, found: .init(of: value)))
            case (.pseudo, .bool(let pseudo)):
                self.pseudo = pseudo
            case (.pseudo, _):
                addProblem(member: member, .wrongType(expected: .boolean, found: .init(of: value)))
            case (.predefined(let predefined), .string(let text)):
                set(predefined, to: text)
            case (.predefined, _):
                addProblem(member: member, .notAString(found: .init(of: value)))
            }
        }
    }
}
