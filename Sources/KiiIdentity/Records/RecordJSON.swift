/// Splits a JSON object in Kii's body shape into identity data, a password and user fields.
///
/// Predefined members (`loginName`, `emailAddress`, `phoneNumber`, `password`, `displayName`,
/// `country`, `locale`) must be strings, but for a phone number as a person typed it with the
/// country a form selected: `"phoneNumber": {"number": "090-1234-5678", "country": "JP"}`
/// (`country` optional). Every other member is a custom field, so the server-set names
/// (`userID`, `emailAddressVerified`, ...) and names starting with `_` are reported as reserved
/// when the fields are checked.
struct RecordJSON: ~Copyable {
    var identity = IdentityData()
    var password: String?
    var fields = UserFields()
    var problems: [ValidationError.Problem] = []

    /// Splits `object`; `acceptsTypedPhone: false` (a stored record) takes the phone number as
    /// a string only.
    init(_ object: [String: JSONValue], acceptsTypedPhone: Bool = true) {
        // In the dictionary's order, which changes from process to process; the problems are
        // put in the members' name order afterwards (sorting the whole object first cost more:
        // Performance.md, "Figures behind the code's choices").
        for (name, value) in object {
            // The table's names as patterns: the switch compares the name with constant strings,
            // where `PredefinedMember(rawValue:)` searched them (slower: Performance.md, "Figures
            // behind the code's choices"), each only at its own length (a failed comparison of
            // two strings is a call into the standard library, a string's length is not).
            switch (name.utf8.count, name) {
            case (9, PredefinedMember.loginName.rawValue): identity.username = string(value, .username)
            case (12, PredefinedMember.emailAddress.rawValue): identity.email = string(value, .emailAddress)
            case (11, PredefinedMember.phoneNumber.rawValue):
                if acceptsTypedPhone, case .object(let members) = value {
                    typedPhone(members)
                } else {
                    identity.phone = string(value, .phoneNumber)
                }
            case (8, PredefinedMember.password.rawValue): password = string(value, .password)
            case (11, PredefinedMember.displayName.rawValue): fields.displayName = string(value, .displayName)
            case (7, PredefinedMember.country.rawValue): fields.country = string(value, .country)
            case (6, PredefinedMember.locale.rawValue): fields.locale = string(value, .locale)
            default: fields.custom[name] = value
            }
        }
        if problems.count > 1 { problems = Self.inMemberOrder(problems) }
    }

    /// `problems` ordered by their member's name (a problem's field is its member's), those of
    /// one member in the order they were found.
    private static func inMemberOrder(_ problems: [ValidationError.Problem]) -> [ValidationError.Problem] {
        problems.enumerated()
            .sorted { ($0.element.field.rawValue, $0.offset) < ($1.element.field.rawValue, $1.offset) }
            .map(\.element)
    }

    /// The string of a predefined member; for another JSON type, a problem that names the type
    /// (never the value, which could be a password) and `nil`.
    private mutating func string(_ value: JSONValue, _ field: ValidationError.Field) -> String? {
        if let string = value.stringValue { return string }
        problems.append(ValidationError.Problem(field: field, .notAString(found: .init(of: value))))
        return nil
    }

    /// A typed phone number, `{"number": "...", "country": "JP"}`: `number` is required, both
    /// are strings, no other member.
    private mutating func typedPhone(_ members: [String: JSONValue]) {
        identity.phoneIsTyped = true
        if members["number"] == nil {
            problems.append(ValidationError.Problem(field: .phoneNumber, .missing))
        }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "number": identity.phone = string(value, .phoneNumber)
            case "country": identity.phoneCountry = string(value, .country)
            default: problems.append(ValidationError.Problem(field: .phoneNumber, .notTypedPhoneMember(name: name)))
            }
        }
    }

    /// Whether a predefined member was present but not a string.
    func hasProblem(for field: ValidationError.Field) -> Bool {
        problems.contains { $0.field == field }
    }
}
