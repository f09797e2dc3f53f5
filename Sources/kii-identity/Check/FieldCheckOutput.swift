@_spi(ToolInternals) import KiiIdentity

extension FieldCheck {
    /// The JSON Lines result: `{"valid", "kind"?, "normalized"?, "lookalikeKey"?, "phone"?, "errors"}`,
    /// reasons in `language`.
    func write(to writer: inout JSONWriter, in language: ValidationError.Language) {
        writer.object { object in
            object.member("valid", .bool(isValid))
            if let kind { object.member("kind", .string(kind.rawValue)) }
            if let normalized { object.member("normalized", .string(normalized)) }
            if let lookalikeKey { object.member("lookalikeKey", .string(lookalikeKey)) }
            if let phone {
                object.member("phone") { writer in
                    writer.object { members in
                        for output in phone.outputs { members.member(output.name, output.value) }
                    }
                }
            }
            object.member("errors") { writer in
                writer.array(problems) { writer, problem in problem.writeCodeAndReason(to: &writer, in: language) }
            }
        }
    }

    /// The human result: `valid` or `invalid`, then `name: value` lines (kind, normalised value,
    /// a username's lookalike key, every phone output) or one `code: message` line per problem,
    /// messages in `language`.
    func text(in language: ValidationError.Language) -> String {
        var lines = [isValid ? "valid" : "invalid"]
        if let kind { lines.append("kind: \(kind.rawValue)") }
        if let phone {
            lines += phone.outputs.map { output in
                if case .string(let text) = output.value { return "\(output.name): \(text)" }
                return "\(output.name): \(output.value)"
            }
        } else if let normalized {
            lines.append("normalized: \(normalized)")
        }
        if let lookalikeKey { lines.append("lookalikeKey: \(lookalikeKey)") }
        if couldBeLocalPhoneNumber {
            lines.append("hint: " + ToolWords.localPhoneHint(in: language))
        }
        lines += problems.map { "\($0.code.rawValue): \($0.message(in: language))" }
        return lines.joined(separator: "\n")
    }
}

extension ValidationError.Problem {
    /// `{"code", "reason"}`, as in `check` output, the reason in `language`.
    func writeCodeAndReason(to writer: inout JSONWriter, in language: ValidationError.Language) {
        writer.object { object in
            object.member("code", .string(code.rawValue))
            object.member("reason", .string(reason(in: language)))
        }
    }

    /// `{"field", "code", "reason"}`, as in `register` and `lint` output, the reason in `language`.
    func writeFieldCodeAndReason(to writer: inout JSONWriter, in language: ValidationError.Language) {
        writer.object { object in
            object.member("field", .string(field.rawValue))
            object.member("code", .string(code.rawValue))
            object.member("reason", .string(reason(in: language)))
        }
    }
}
