@_spi(ToolInternals) import KiiIdentity
import KiiIdentityExport

extension RecordCheck {
    /// The predefined members of a body, in the order they are printed; custom fields follow, sorted.
    static let bodyOrder = [PredefinedMember.loginName, .emailAddress, .phoneNumber, .displayName, .country, .locale]
        .map(\.rawValue)

    /// `{"valid", "loginWith", "emailAddressVerified", "phoneNumberVerified", "keys", "body",
    /// "errors"}`, reasons in `language`; an invalid record has only `valid` and `errors`.
    func write(to writer: inout JSONWriter, in language: ValidationError.Language) {
        func errors(_ object: inout JSONWriter.Members) {
            object.member("errors") { writer in
                writer.array(problems) { writer, problem in problem.writeFieldCodeAndReason(to: &writer, in: language) }
            }
        }
        writer.object { object in
            guard isValid, let keys, let body else {
                object.member("valid", .bool(false))
                errors(&object)
                return
            }
            func flag(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }
            func key(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            object.member("valid", .bool(true))
            object.member("loginWith", .array(loginKinds.map { .string($0.rawValue) }))
            object.member(PredefinedMember.emailAddressVerified.rawValue, flag(emailAddressVerified))
            object.member(PredefinedMember.phoneNumberVerified.rawValue, flag(phoneNumberVerified))
            object.member("keys") { writer in
                writer.object { keysObject in
                    for kind in LoginKind.allCases { keysObject.member(kind.rawValue, key(keys[kind])) }
                }
            }
            object.member("body") { writer in
                writer.object { members in
                    for name in Self.bodyOrder { if let value = body[name] { members.member(name, value) } }
                    for (name, value) in body.filter({ !Self.bodyOrder.contains($0.key) }).sorted(by: {
                        $0.key < $1.key
                    }) {
                        members.member(name, value)
                    }
                }
            }
            errors(&object)
        }
    }
}
