import KiiIdentity
import KiiIdentityExport

extension RecordCheck {
    /// The predefined members of a body, in the order they are printed; custom fields follow, sorted.
    static let bodyOrder = ["loginName", "emailAddress", "phoneNumber", "displayName", "country", "locale"]

    /// `{"valid", "loginWith", "emailAddressVerified", "phoneNumberVerified", "keys", "body",
    /// "errors"}`, reasons in `language`; an invalid record has only `valid` and `errors`.
    func json(in language: ValidationError.Language) -> JSONOutput {
        let errors: (key: String, value: JSONOutput) = (
            "errors", .array(problems.map { $0.fieldCodeAndReason(in: language) })
        )
        guard isValid, let keys, let body else { return .object([("valid", .bool(false)), errors]) }
        func flag(_ value: Bool?) -> JSONOutput { value.map(JSONOutput.bool) ?? .null }
        func key(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
        let predefined = Self.bodyOrder.compactMap { name in body[name].map { (key: name, value: JSONOutput($0)) } }
        let custom = body.filter { !Self.bodyOrder.contains($0.key) }.sorted { $0.key < $1.key }
            .map { (key: $0.key, value: JSONOutput($0.value)) }
        return .object([
            ("valid", .bool(true)),
            ("loginWith", .array(loginKinds.map { .string($0.rawValue) })),
            ("emailAddressVerified", flag(emailAddressVerified)),
            ("phoneNumberVerified", flag(phoneNumberVerified)),
            (
                "keys",
                .object([("username", key(keys.username)), ("email", key(keys.email)), ("phone", key(keys.phone))])
            ),
            ("body", .object(predefined + custom)),
            errors,
        ])
    }
}
