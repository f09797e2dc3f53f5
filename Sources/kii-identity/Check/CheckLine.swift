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
            problem(.notAString, "\"\(name)\" must be a string")
            return nil
        }
        let fieldName = string("field")
        value = string("value")
        country = string("country")
        for key in container.allKeys where CodingKeys(rawValue: key.stringValue) == nil {
            problem(.unknownField, "the line has a member other than \"field\", \"value\" and \"country\"")
            break
        }
        if let fieldName {
            field = FieldCheck.Field(rawValue: fieldName)
            if field == nil {
                let names = FieldCheck.Field.allCases.map(\.rawValue).joined(separator: ", ")
                problem(.unknownField, "\"field\" must be one of \(names)")
            }
        } else if !problems.contains(where: { $0.reason.hasPrefix("\"field\"") }) {
            problem(.missing, "\"field\" is missing")
        }
        if value == nil && !problems.contains(where: { $0.reason.hasPrefix("\"value\"") }) {
            problem(.missing, "\"value\" is missing")
        }

        func problem(_ code: ValidationError.Code, _ reason: String) {
            problems.append(ValidationError.Problem(field: .line, code: code, reason: reason))
        }
    }
}
