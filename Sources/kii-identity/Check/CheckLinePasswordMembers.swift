import KiiIdentity
import KiiIdentityExport

/// The members of a `check --jsonl` line that judge a password: `passwordPolicy` and `context`.
extension CheckLine {
    /// The forms of `passwordPolicy`, as a reason lists them: those `PasswordPolicy`'s `Codable`
    /// reads, the minimum from 8 to 64.
    static let passwordPolicyForms = ["kii", "nist", #"{"rule": "nist", "minimumLength": 8 to 64}"#]
    /// The members of `passwordPolicy`'s object form.
    static let passwordPolicyMemberNames = ["rule", "minimumLength"]
    /// The members of `context`, each optional.
    static let contextMemberNames = ["username", "email", "displayName", "words"]

    /// The policy `value` names: `"kii"`, `"nist"` or `{"rule": "nist", "minimumLength": N}`
    /// (`null`: none). `nil` with a problem appended for any other value, an unknown member of
    /// the object, or a minimum outside 8 to 64 (`Codable` would clamp it; a line says so).
    static func passwordPolicy(_ value: JSONValue, problems: inout [ValidationError.Problem]) -> PasswordPolicy? {
        func problem(_ detail: any ValidationError.Detail) -> PasswordPolicy? {
            problems.append(ValidationError.Problem(field: .line, detail))
            return nil
        }
        switch value {
        case .null:
            return nil
        case .string(let name):
            guard let rule = PasswordPolicy.Rule(rawValue: name) else {
                return problem(
                    ValidationError.ExportDetail.memberNotOneOf(member: "passwordPolicy", allowed: passwordPolicyForms)
                )
            }
            return rule == .kii ? .kii : .nist
        case .object(let members):
            if members.keys.contains(where: { !passwordPolicyMemberNames.contains($0) }) {
                return problem(
                    CheckLineDetail.unexpectedMemberOf(member: "passwordPolicy", allowed: passwordPolicyMemberNames)
                )
            }
            let rule: PasswordPolicy.Rule
            switch members["rule"] ?? .null {
            case .null: return problem(ValidationError.ExportDetail.memberMissing(member: "passwordPolicy.rule"))
            case .string(let name):
                guard let named = PasswordPolicy.Rule(rawValue: name) else {
                    let names = PasswordPolicy.Rule.allCases.map(\.rawValue)
                    return problem(
                        ValidationError.ExportDetail.memberNotOneOf(member: "passwordPolicy.rule", allowed: names)
                    )
                }
                rule = named
            default: return problem(ValidationError.ExportDetail.memberNotAString(member: "passwordPolicy.rule"))
            }
            var minimum = PasswordPolicy.nist.minimumLength
            switch members["minimumLength"] ?? .null {
            case .null: break
            case .integer(let given) where PasswordPolicy.toolMinimumLengths.contains(given): minimum = given
            default:
                let range = PasswordPolicy.toolMinimumLengths
                return problem(
                    CheckLineDetail.integerOutOfRange(
                        member: "passwordPolicy.minimumLength",
                        minimum: range.lowerBound,
                        maximum: range.upperBound
                    )
                )
            }
            return rule == .kii ? .kii : .nist(minimumLength: minimum)
        default:
            return problem(
                ValidationError.ExportDetail.memberNotOneOf(member: "passwordPolicy", allowed: passwordPolicyForms)
            )
        }
    }

    /// The context `value` holds: an object of `username`, `email`, `displayName` (strings) and
    /// `words` (an array of strings), every member optional and `null` counting as absent.
    /// ``PasswordContext/none`` with a problem appended for any other shape.
    static func context(_ value: JSONValue, problems: inout [ValidationError.Problem]) -> PasswordContext {
        func problem(_ detail: any ValidationError.Detail) {
            problems.append(ValidationError.Problem(field: .line, detail))
        }
        guard case .object(let members) = value else {
            if value != .null { problem(CheckLineDetail.notAnObject(member: "context")) }
            return .none
        }
        let count = problems.count
        if members.keys.contains(where: { !contextMemberNames.contains($0) }) {
            problem(CheckLineDetail.unexpectedMemberOf(member: "context", allowed: contextMemberNames))
        }
        func string(_ name: String) -> String? {
            switch members[name] ?? .null {
            case .null: return nil
            case .string(let text): return text
            default:
                problem(ValidationError.ExportDetail.memberNotAString(member: "context.\(name)"))
                return nil
            }
        }
        let username = string("username")
        let email = string("email")
        let displayName = string("displayName")
        var words: [String] = []
        switch members["words"] ?? .null {
        case .null: break
        case .array(let values):
            words = values.compactMap(\.stringValue)
            if words.count != values.count { problem(CheckLineDetail.notAnArrayOfStrings(member: "context.words")) }
        default: problem(CheckLineDetail.notAnArrayOfStrings(member: "context.words"))
        }
        guard problems.count == count else { return .none }
        return PasswordContext(username: username, email: email, displayName: displayName, words: words)
    }
}
