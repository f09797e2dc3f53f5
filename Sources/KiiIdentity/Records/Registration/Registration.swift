/// A validated sign-up: the request body to send, what the user can log in with, the initial
/// verification flags and the uniqueness keys.
///
/// Creating one checks the whole record and reports every problem at once: each identifier,
/// the password, the user fields, the custom field names, and Kii's registration table (see
/// ``RegistrationTable``) under the policy's verification settings.
///
/// ```swift
/// let registration = try Registration(
///     identity: IdentityData(username: "User_1", email: "ann@Example.com"),
///     password: "correct horse",
///     fields: UserFields(country: "JP"),
///     policy: RegistrationPolicy(emailVerification: true)
/// )
/// registration.loginKinds             // [.username, .email]
/// registration.awaitingVerification   // [.email]
/// registration.emailAddressVerified   // false
/// registration.uniquenessKeys.email   // "ann@example.com"
/// ```
///
/// The description and reflection never show the password; the encoding holds it only as the
/// ``body``'s `password` member. Store or log ``record`` instead.
public struct Registration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The request body, with the password.
    public let body: RegistrationRequestBody

    /// The policy the sign-up was checked under.
    public let policy: RegistrationPolicy

    /// What the user can log in with once verified: every identifier given, in table order.
    public let loginKinds: [LoginKind]

    /// The identifiers that wait for verification (email and/or phone, when that verification
    /// is on) before they can be used to log in.
    public let awaitingVerification: [LoginKind]

    /// The initial `emailAddressVerified`: `false` when email verification is on, `true` when it
    /// is off, `nil` without an email address.
    public let emailAddressVerified: Bool?

    /// The initial `phoneNumberVerified`: `false` when phone verification is on, `true` when it
    /// is off, `nil` without a phone number.
    public let phoneNumberVerified: Bool?

    /// The keys to keep unique: lowercased username, normalised email, E.164 phone.
    public let uniquenessKeys: UniquenessKeys

    /// The body without the password: what a service stores and may log.
    public var record: UserRecord { body.record }

    /// What the user can log in with right after signing up, before any verification.
    /// Never empty: that is what the table's footnotes guarantee.
    public var immediateLoginKinds: [LoginKind] { loginKinds.filter { !awaitingVerification.contains($0) } }

    /// The identifiers as a REST login body names them (lowercased username, `EMAIL:<email>`,
    /// `PHONE:<E.164>`), for every kind in ``loginKinds``.
    public var loginIdentifiers: [LoginIdentifier] { record.loginIdentifiers }

    /// Validates a sign-up.
    ///
    /// - Parameters:
    ///   - identity: username, email and/or phone number as given; at least one.
    ///   - password: the password as given.
    ///   - fields: display name, country, locale, custom fields. The country also reads a
    ///     local phone number.
    ///   - policy: verification settings and phone rules.
    /// - Throws: ``ValidationError`` with every problem of the record: field problems under
    ///   their JSON names, custom-field problems under `custom`, `no_identifier` and the table's
    ///   `verification_conflict` under `user`.
    public init(
        identity: IdentityData,
        password: String,
        fields: UserFields = UserFields(),
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        var checker = RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        let body = try Self.checked(identity: identity, password: password, fields: fields, policy: policy, &checker)
        self.init(body: body, policy: policy)
    }

    /// Validates a sign-up as ``init(identity:password:fields:policy:)`` does, with its phone
    /// verdicts from `phoneVerdicts` (libphonenumber itself reads the system metadata, whatever
    /// the policy's).
    @_spi(Probes)
    public init(
        identity: IdentityData,
        password: String,
        fields: UserFields = UserFields(),
        policy: RegistrationPolicy = RegistrationPolicy(),
        phoneVerdicts: PhoneEngineProbe.Engine
    ) throws(ValidationError) {
        var policy = policy
        var checker = RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        if phoneVerdicts == .libphonenumber {
            policy.phoneMetadata = .system
            checker.phoneEngine = .libphonenumber
        }
        let body = try Self.checked(identity: identity, password: password, fields: fields, policy: policy, &checker)
        self.init(body: body, policy: policy)
    }

    /// The body of a valid sign-up; every problem, the table's included, thrown.
    @inline(__always)
    private static func checked(
        identity: IdentityData,
        password: String,
        fields: UserFields,
        policy: RegistrationPolicy,
        _ checker: inout RecordChecker
    ) throws(ValidationError) -> RegistrationRequestBody {
        let body = check(identity: identity, password: password, fields: fields, policy: policy, into: &checker)
        if let problem = RegistrationTable.problem(
            username: identity.username != nil,
            email: identity.email != nil,
            phone: identity.phone != nil,
            policy: policy
        ) {
            checker.add(problem)
        }
        try checker.finish()
        return body!
    }

    /// Validates a sign-up request body as JSON members: Kii's names for the predefined
    /// fields (`loginName`, `emailAddress`, `phoneNumber`, `password`, `displayName`,
    /// `country`, `locale`), every other member a custom field.
    ///
    /// - Throws: ``ValidationError`` as ``init(identity:password:fields:policy:)``, plus
    ///   `not_a_string` for a predefined member of another JSON type and `missing` without
    ///   a password.
    public init(
        json object: [String: JSONValue],
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        let split = RecordJSON(object)
        var checker = RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        checker.add(split.problems)
        let password = split.password ?? (split.hasProblem(for: .password) ? nil : "")
        let body = Self.check(
            identity: split.identity,
            password: password,
            fields: split.fields,
            policy: policy,
            into: &checker
        )
        // The identifiers given, those of another JSON type than a string included.
        if let problem = RegistrationTable.problem(
            username: split.identity.username != nil || split.hasProblem(for: .username),
            email: split.identity.email != nil || split.hasProblem(for: .emailAddress),
            phone: split.identity.phone != nil || split.hasProblem(for: .phoneNumber),
            policy: policy
        ) {
            checker.add(problem)
        }
        try checker.finish()
        self.init(body: body!, policy: policy)
    }

    /// Validates a sign-up request body given as JSON text, read by RFC 8259 exactly (see
    /// ``JSONValue/init(parsing:allowingByteOrderMark:maximumBytes:)-(String,_,_)``): numbers in custom
    /// fields keep every digit, and a repeated member is an error, not a silent choice.
    ///
    /// ```swift
    /// let registration = try Registration(json: #"{"loginName": "ann", "password": "pw123456"}"#)
    /// ```
    ///
    /// - Throws: ``ValidationError``: one problem under ``ValidationError/Field/json``
    ///   (`too_long` past ``JSONValue/maximumTextBytes`` without reading the text,
    ///   `malformed_json`, `duplicate_member`, `invalid_utf8`, `not_an_object`, ...), or the
    ///   record's problems as the `[String: JSONValue]` form reports them.
    public init(json text: String, policy: RegistrationPolicy = RegistrationPolicy()) throws(ValidationError) {
        try self.init(json: try JSONValue.object(parsing: text), policy: policy)
    }

    /// Validates a sign-up request body given as UTF-8 bytes (a request's body as received), as
    /// ``init(json:policy:)-(String,_)`` does; bytes that are not UTF-8 are `invalid_utf8`,
    /// never repaired.
    public init(json bytes: [UInt8], policy: RegistrationPolicy = RegistrationPolicy()) throws(ValidationError) {
        try self.init(json: try JSONValue.object(parsing: bytes), policy: policy)
    }

    /// The checks shared by both entry points; `nil` when a problem was found.
    static func check(
        identity: IdentityData,
        password: String?,
        fields: UserFields,
        policy: RegistrationPolicy,
        into checker: inout RecordChecker
    ) -> RegistrationRequestBody? {
        let country = RecordChecker.Country(fields.country)
        let username = checker.field(Username.self, identity.username)
        let email = checker.field(EmailAddress.self, identity.email)
        let phone = checker.phone(
            of: identity,
            country: country.value,
            countryGiven: fields.country != nil,
            policy: policy.phonePolicy
        )
        let checkedPassword = checker.password(password, policy: policy.passwordPolicy) {
            PasswordContext(username: identity.username, email: identity.email, displayName: fields.displayName)
        }
        let checkedFields = checker.userFields(fields, country: country)
        guard checker.problems.isEmpty, let checkedPassword else { return nil }
        let record = UserRecord(username: username, email: email, phone: phone, fields: checkedFields)
        return RegistrationRequestBody(record: record, password: checkedPassword)
    }

    /// A registration of an already validated body that obeys the table.
    init(body: RegistrationRequestBody, policy: RegistrationPolicy) {
        let kinds = RegistrationTable.Kinds(of: body.record)
        self.body = body
        self.policy = policy
        loginKinds = kinds.inTableOrder
        awaitingVerification = RegistrationTable.awaitingVerification(for: kinds, policy: policy)
        emailAddressVerified = RegistrationTable.verifiedFlag(.email, of: kinds, policy: policy)
        phoneNumberVerified = RegistrationTable.verifiedFlag(.phone, of: kinds, policy: policy)
        uniquenessKeys = body.record.uniquenessKeys
    }

    /// `Registration(user_1: login with [username, email], awaiting [email], password <redacted>)`.
    public var description: String {
        "Registration(\(record), login with \(loginKinds), awaiting verification \(awaitingVerification), "
            + "password <redacted>)"
    }

    private enum CodingKeys: String, CodingKey {
        case body, policy, loginKinds, awaitingVerification, emailAddressVerified, phoneNumberVerified
        case uniquenessKeys, loginIdentifiers
    }

    /// Decodes the body and the policy, checks the table again, and checks that the derived
    /// members (login kinds, flags, keys) agree with them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let body = try container.decode(RegistrationRequestBody.self, forKey: .body)
        let policy = try container.decode(RegistrationPolicy.self, forKey: .policy)
        if let problem = RegistrationTable.problem(for: body.record.identifierKinds, policy: policy) {
            throw DecodingError.dataCorruptedError(forKey: .body, in: container, debugDescription: problem.message)
        }
        self.init(body: body, policy: policy)
        let derivedAgree =
            try container.decode([LoginKind].self, forKey: .loginKinds) == loginKinds
            && container.decode([LoginKind].self, forKey: .awaitingVerification) == awaitingVerification
            && container.decodeIfPresent(Bool.self, forKey: .emailAddressVerified) == emailAddressVerified
            && container.decodeIfPresent(Bool.self, forKey: .phoneNumberVerified) == phoneNumberVerified
            && container.decode(UniquenessKeys.self, forKey: .uniquenessKeys) == uniquenessKeys
        guard derivedAgree else {
            throw DecodingError.dataCorruptedError(
                forKey: .loginKinds,
                in: container,
                debugDescription: "the login kinds, flags or keys do not follow from the body and the policy"
            )
        }
    }

    /// Encodes the body (with its password), the policy and the derived members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        try container.encode(policy, forKey: .policy)
        try container.encode(loginKinds, forKey: .loginKinds)
        try container.encode(awaitingVerification, forKey: .awaitingVerification)
        try container.encodeIfPresent(emailAddressVerified, forKey: .emailAddressVerified)
        try container.encodeIfPresent(phoneNumberVerified, forKey: .phoneNumberVerified)
        try container.encode(uniquenessKeys, forKey: .uniquenessKeys)
        try container.encode(loginIdentifiers, forKey: .loginIdentifiers)
    }
}
