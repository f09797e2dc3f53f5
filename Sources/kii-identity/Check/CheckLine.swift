import KiiIdentity
import KiiIdentityExport

/// One line of `check --jsonl` input: `{"field": F, "value": V, "country": C?, "displayNamePolicy": P?,
/// "passwordPolicy": R?, "context": {"username", "email", "displayName", "words"}?}`.
///
/// Problems with the line's shape are kept in ``problems`` with reasons that name the member,
/// since `check` output gives reasons without field names.
struct CheckLine {
    var field: FieldCheck.Field?
    var value: String?
    var country: String?
    /// The rule of a display name: `nil` when the line does not name one.
    var displayNamePolicy: DisplayNamePolicy?
    /// The rule of a password: `nil` when the line does not name one.
    var passwordPolicy: PasswordPolicy?
    /// What is known of the password's owner (``PasswordPolicy/nist`` refuses their words).
    var context: PasswordContext = .none
    var problems: [ValidationError.Problem] = []

    private static let memberNames = [
        "field", "value", "country", "displayNamePolicy", "passwordPolicy", "context",
    ]

    /// The request of a JSON object's members (read by the library's strict JSON reader).
    init(members: [String: JSONValue]) {
        func string(_ name: String) -> String? {
            guard let value = members[name], value != .null else { return nil }
            if let text = value.stringValue { return text }
            problem(.memberNotAString(member: name))
            return nil
        }
        let fieldName = string("field")
        value = string("value")
        country = string("country")
        if let policyName = string("displayNamePolicy") {
            displayNamePolicy = DisplayNamePolicy(rawValue: policyName)
            if displayNamePolicy == nil {
                problem(
                    .memberNotOneOf(member: "displayNamePolicy", allowed: DisplayNamePolicy.allCases.map(\.rawValue))
                )
            }
        }
        if let policy = members["passwordPolicy"] {
            passwordPolicy = Self.passwordPolicy(policy, problems: &problems)
        }
        if let context = members["context"] {
            self.context = Self.context(context, problems: &problems)
        }
        for name in members.keys where !Self.memberNames.contains(name) {
            problem(.unexpectedMember(allowed: Self.memberNames))
            break
        }
        if let fieldName {
            field = FieldCheck.Field(rawValue: fieldName)
            if field == nil {
                problem(.memberNotOneOf(member: "field", allowed: FieldCheck.Field.allCases.map(\.rawValue)))
            }
        } else if !problems.contains(where: { $0.member == "field" }) {
            problem(.memberMissing(member: "field"))
        }
        if value == nil && !problems.contains(where: { $0.member == "value" }) {
            problem(.memberMissing(member: "value"))
        }

        func problem(_ detail: ValidationError.ExportDetail) {
            problems.append(ValidationError.Problem(field: .line, detail))
        }
    }
}

extension ValidationError.Problem {
    /// The member of an input line a detail names ("field" in `"field" is missing`), if any.
    var member: String? {
        switch detail as? ValidationError.ExportDetail {
        case .memberNotAString(let member), .memberNotOneOf(let member, _), .memberMissing(let member): member
        default: nil
        }
    }

    /// Whether the reason names its own subject (`"field" is missing`, `the line has ...`), so
    /// it is shown without the field's name.
    var namesItsSubject: Bool {
        switch detail as? ValidationError.ExportDetail {
        case .memberNotAString, .memberNotOneOf, .memberMissing, .unexpectedMember: true
        default: detail is CheckLineDetail
        }
    }
}
