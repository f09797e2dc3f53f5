@_spi(Probes) public import KiiIdentity

/// One user record checked against the registration rules (or, with `"pseudo": true`, the
/// pseudo-user rules): what `register` prints and `lint` counts.
public struct RecordCheck: Sendable, Hashable {
    /// Every problem: the input's own first, then the registration's.
    public var problems: [ValidationError.Problem]
    /// What the user can log in with, in table order.
    public var loginKinds: [LoginKind] = []
    /// The initial `emailAddressVerified` flag; `nil` without an email address.
    public var emailAddressVerified: Bool?
    /// The initial `phoneNumberVerified` flag; `nil` without a phone number.
    public var phoneNumberVerified: Bool?
    /// The uniqueness keys of a valid record.
    public var keys: UniquenessKeys?
    /// The request body without the password, for a valid record.
    public var body: [String: JSONValue]?

    /// Whether the record is valid.
    public var isValid: Bool { problems.isEmpty }

    /// A line that could not be read as a record.
    public init(unreadable problems: [ValidationError.Problem]) {
        self.problems = problems
    }

    /// Checks `record` under `policy`.
    public init(_ record: ExportRecord, policy: RegistrationPolicy) {
        self.init(record, policy: policy, phoneVerdicts: .compiled)
    }

    /// Checks `record` under `policy`, with its phone verdicts from `phoneVerdicts` (see
    /// `Registration`'s initialiser of the same parameter).
    @_spi(Probes)
    public init(_ record: ExportRecord, policy: RegistrationPolicy, phoneVerdicts: PhoneEngineProbe.Engine) {
        problems = record.inputProblems
        let fields = record.fields
        let identity = record.identity
        do throws(ValidationError) {
            if record.pseudo == true {
                let pseudo = try PseudoUserRegistration(
                    fields: fields,
                    identity: identity,
                    password: record.password,
                    displayNamePolicy: policy.displayNamePolicy
                )
                guard problems.isEmpty else { return }
                keys = UniquenessKeys()
                body = pseudo.body.json
            } else {
                let registration = try Registration(
                    identity: identity,
                    password: record.password ?? "",
                    fields: fields,
                    policy: policy,
                    phoneVerdicts: phoneVerdicts
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
}
