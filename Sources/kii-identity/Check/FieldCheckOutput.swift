import KiiIdentity

extension FieldCheck {
    /// The JSON Lines result: `{"valid", "kind"?, "normalized"?, "phone"?, "errors"}`.
    var json: JSONOutput {
        var members: [(key: String, value: JSONOutput)] = [("valid", .bool(isValid))]
        if let kind { members.append(("kind", .string(kind.rawValue))) }
        if let normalized { members.append(("normalized", .string(normalized))) }
        if let phone { members.append(("phone", .object(phone.outputs.map { (key: $0.name, value: $0.value) }))) }
        members.append(("errors", .array(problems.map(\.codeAndReason))))
        return .object(members)
    }

    /// The human result: `valid` or `invalid`, then `name: value` lines (kind, normalised value,
    /// every phone output) or one `code: message` line per problem.
    var text: String {
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
            lines.append("hint: digits only, so read as a username; with --country it is a local phone number")
        }
        lines += problems.map { "\($0.code.rawValue): \($0.message)" }
        return lines.joined(separator: "\n")
    }
}

extension ValidationError.Problem {
    /// `{"code", "reason"}`, as in `check` output.
    var codeAndReason: JSONOutput {
        .object([("code", .string(code.rawValue)), ("reason", .string(reason))])
    }

    /// `{"field", "code", "reason"}`, as in `register` and `lint` output.
    var fieldCodeAndReason: JSONOutput {
        .object([("field", .string(field.rawValue)), ("code", .string(code.rawValue)), ("reason", .string(reason))])
    }
}
