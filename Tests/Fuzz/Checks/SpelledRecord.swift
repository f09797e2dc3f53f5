import KiiIdentity
import KiiIdentityExport

/// A user record as the Registration fuzzer spells it: the export reader's ``ExportRecord``,
/// each member present or absent, with at most one custom field.
extension ExportRecord {
    /// The value the fuzzer gives its one custom field.
    static let spelledCustomValue = JSONValue.string("custom value")

    /// Reads a presence byte, then NUL-separated members: username, email, phone, password,
    /// display name, country, locale, and the name of one custom field.
    init(spelledBy input: inout FuzzInput) {
        self.init()
        let present = input.byte()
        var parts = input.rest().split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        func next(_ bit: UInt8) -> String? {
            let value = parts.isEmpty ? "" : parts.removeFirst()
            return present & (1 << bit) == 0 ? nil : value
        }
        username = next(0)
        email = next(1)
        phone = next(2)
        password = next(3)
        displayName = next(4)
        country = next(5)
        locale = next(6)
        custom = next(7).map { [$0: Self.spelledCustomValue] }
    }

    /// The name of the one custom field, if any.
    var customName: String? { custom?.keys.first }

    /// The identifiers, the phone number read as typed input with `typedPhone`.
    func identity(typedPhone: Bool) -> IdentityData {
        typedPhone ? IdentityData(username: username, email: email, typedPhone: phone) : identity
    }

    /// The record as a sign-up body's JSON members.
    func json(password: String?) -> [String: JSONValue] {
        var object = custom ?? [:]
        let members = [
            ("loginName", username), ("emailAddress", email), ("phoneNumber", phone), ("password", password),
            ("displayName", displayName), ("country", country), ("locale", locale),
        ]
        for case (let name, let value?) in members { object[name] = .string(value) }
        return object
    }
}
