import KiiIdentity
import KiiIdentityExport

/// One line of `check --jsonl` input: `{"field": F, "value": V, "country": C?}`.
///
/// Problems with the line's shape are kept in ``problems`` with reasons that name the member,
/// since `check` output gives reasons without field names.
struct CheckLine: Decodable {
    var field: FieldCheck.Field?
    var value: String?
    var country: String?
    var problems: [ValidationError.Problem] = []

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case field, value, country
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        func string(_ name: String) -> String? {
            let key = AnyKey(stringValue: name)
            guard container.contains(key), (try? container.decodeNil(forKey: key)) != true else { return nil }
            if let text = try? container.decode(String.self, forKey: key) { return text }
            problem(.memberNotAString(member: name))
            return nil
        }
        let fieldName = string("field")
        value = string("value")
        country = string("country")
        for key in container.allKeys where CodingKeys(rawValue: key.stringValue) == nil {
            problem(.unexpectedMember(allowed: CodingKeys.allCases.map(\.rawValue)))
            break
        }
        if let fieldName {
            field = FieldCheck.Field(rawValue: fieldName)
            if field == nil {
                problem(.memberNotOneOf(member: "field", allowed: FieldCheck.Field.allCases.map(\.rawValue)))
            }
        } else if !problems.contains(where: { $0.detail.member == "field" }) {
            problem(.memberMissing(member: "field"))
        }
        if value == nil && !problems.contains(where: { $0.detail.member == "value" }) {
            problem(.memberMissing(member: "value"))
        }

        func problem(_ detail: ValidationError.Detail) {
            problems.append(ValidationError.Problem(field: .line, detail))
        }
    }
}

extension ValidationError.Detail {
    /// The member of an input line a detail names ("field" in `"field" is missing`), if any.
    var member: String? {
        switch self {
        case .memberNotAString(let member), .memberNotOneOf(let member, _), .memberMissing(let member): member
        default: nil
        }
    }

    /// Whether the reason names its own subject (`"field" is missing`, `the line has ...`), so
    /// it is shown without the field's name.
    var namesItsSubject: Bool {
        switch self {
        case .memberNotAString, .memberNotOneOf, .memberMissing, .unexpectedMember: true
        default: false
        }
    }
}
