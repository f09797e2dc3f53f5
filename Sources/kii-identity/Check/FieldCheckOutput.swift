import KiiIdentity

extension FieldCheck {
    /// The JSON Lines result: `{"valid", "kind"?, "normalized"?, "phone"?, "errors"}`, reasons in `language`.
    func json(in language: ValidationError.Language) -> JSONOutput {
        var members: [(key: String, value: JSONOutput)] = [("valid", .bool(isValid))]
        if let kind { members.append(("kind", .string(kind.rawValue))) }
        if let normalized { members.append(("normalized", .string(normalized))) }
        if let phone { members.append(("phone", .object(phone.outputs.map { (key: $0.name, value: $0.value) }))) }
        members.append(("errors", .array(problems.map { $0.codeAndReason(in: language) })))
        return .object(members)
    }

    /// The human result: `valid` or `invalid`, then `name: value` lines (kind, normalised value,
    /// every phone output) or one `code: message` line per problem, messages in `language`.
    func text(in language: ValidationError.Language) -> String {
        var lines = [isValid ? "valid" : "invalid"]
        if let kind { lines.append("kind: \(kind.rawValue)") }
        if let phone {
            lines += phone.outputs.map { output in
                if case .string(let text) = output.value { return "\(output.name): \(text)" }
                return "\(output.name): \(output.value.serialized)"
            }
        } else if let normalized {
            lines.append("normalized: \(normalized)")
        }
        if couldBeLocalPhoneNumber {
            lines.append("hint: " + ToolWords.localPhoneHint(in: language))
        }
        lines += problems.map { "\($0.code.rawValue): \($0.message(in: language))" }
        return lines.joined(separator: "\n")
    }
}

extension ValidationError.Problem {
    /// `{"code", "reason"}`, as in `check` output, the reason in `language`.
    func codeAndReason(in language: ValidationError.Language) -> JSONOutput {
        .object([("code", .string(code.rawValue)), ("reason", .string(reason(in: language)))])
    }

    /// `{"field", "code", "reason"}`, as in `register` and `lint` output, the reason in `language`.
    func fieldCodeAndReason(in language: ValidationError.Language) -> JSONOutput {
        .object([
            ("field", .string(field.rawValue)), ("code", .string(code.rawValue)),
            ("reason", .string(reason(in: language))),
        ])
    }
}
