import KiiIdentity

/// One user record checked against the registration rules (or, with `"pseudo": true`, the
/// pseudo-user rules): what `register` prints and `lint` counts.
struct RecordCheck {
    /// Every problem: the input's own first, then the registration's.
    var problems: [ValidationError.Problem]
    /// What the user can log in with, in table order.
    var loginKinds: [LoginKind] = []
    /// The initial `emailAddressVerified` flag; `nil` without an email address.
    var emailAddressVerified: Bool?
    /// The initial `phoneNumberVerified` flag; `nil` without a phone number.
    var phoneNumberVerified: Bool?
    /// The uniqueness keys of a valid record.
    var keys: UniquenessKeys?
    /// The request body without the password, for a valid record.
    var body: [String: JSONValue]?

    /// Whether the record is valid.
    var isValid: Bool { problems.isEmpty }

    /// A line that could not be read as a record.
    init(unreadable problems: [ValidationError.Problem]) {
        self.problems = problems
    }

    /// Checks `record` under `policy`.
    init(_ record: ExportRecord, policy: RegistrationPolicy) {
        problems = record.inputProblems
        let fields = UserFields(
            displayName: record.displayName,
            country: record.country,
            locale: record.locale,
            custom: record.custom ?? [:]
        )
        let identity = IdentityData(username: record.username, email: record.email, phone: record.phone)
        do throws(ValidationError) {
            if record.pseudo == true {
                let pseudo = try PseudoUserRegistration(fields: fields, identity: identity, password: record.password)
                guard problems.isEmpty else { return }
                keys = UniquenessKeys()
                body = pseudo.body.json
            } else {
                let registration = try Registration(
                    identity: identity,
                    password: record.password ?? "",
                    fields: fields,
                    policy: policy
                )
                guard problems.isEmpty else { return }
                loginKinds = registration.loginKinds
                emailAddressVerified = registration.emailAddressVerified
                phoneNumberVerified = registration.phoneNumberVerified
                keys = registration.uniquenessKeys
                body = registration.body.jsonWithoutPassword
            }
        } catch {
            // An identifier given with the wrong JSON type still counts as given.
            let identityMembers: Set<ValidationError.Field> = [.username, .emailAddress, .phoneNumber]
            let hadIdentifier = problems.contains { identityMembers.contains($0.field) }
            problems += error.problems.filter { !(hadIdentifier && $0.code == .noIdentifier) }
        }
    }

    /// The predefined members of a body, in the order they are printed; custom fields follow, sorted.
    static let bodyOrder = ["loginName", "emailAddress", "phoneNumber", "displayName", "country", "locale"]

    /// `{"valid", "loginWith", "emailAddressVerified", "phoneNumberVerified", "keys", "body",
    /// "errors"}`; an invalid record has only `valid` and `errors`.
    var json: JSONOutput {
        let errors: (key: String, value: JSONOutput) = ("errors", .array(problems.map(\.fieldCodeAndReason)))
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
