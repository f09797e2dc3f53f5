/// A validated change of a normal user's identifiers: a new email address, a new phone number,
/// or a username for a user that has none.
///
/// - The username cannot change once registered: the same username in another case is no
///   change; a different one is `immutable`. A user without one may add one.
/// - A new email address or phone number is validated and, when that verification is on,
///   listed in ``awaitingVerification`` (Kii keeps the old value until the new one is verified).
/// - A pseudo user (a record without any identifier) is upgraded with ``PseudoUserUpgrade``,
///   not updated: `pseudo_user_must_upgrade`.
///
/// ```swift
/// let update = try IdentityUpdate(
///     of: registration.record,
///     changes: IdentityData(email: "new@example.com"),
///     policy: RegistrationPolicy(emailVerification: true)
/// )
/// update.changedKinds           // [.email]
/// update.awaitingVerification   // [.email]
/// update.body                   // ["emailAddress": "new@example.com"]
/// ```
public struct IdentityUpdate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The user before the update.
    public let previous: UserRecord

    /// The user with the new values.
    public let updated: UserRecord

    /// The identifiers whose value changes, in table order.
    public let changedKinds: [LoginKind]

    /// The policy the update was checked under.
    public let policy: RegistrationPolicy

    /// The changed identifiers that wait for verification before they can be used to log in.
    public var awaitingVerification: [LoginKind] { changedKinds.filter(policy.requiresVerification) }

    /// The update request body: the changed members only, with Kii's names and normalised values.
    public var body: [String: JSONValue] {
        let json = updated.json
        return Dictionary(uniqueKeysWithValues: changedKinds.map { ($0.field.rawValue, json[$0.field.rawValue]!) })
    }

    /// The keys of the changed identifiers, to check against the other users before saving.
    public var uniquenessKeys: UniquenessKeys {
        UniquenessKeys(
            username: changedKinds.contains(.username) ? updated.username : nil,
            email: changedKinds.contains(.email) ? updated.email : nil,
            phone: changedKinds.contains(.phone) ? updated.phone : nil
        )
    }

    /// Validates an update of `user`'s identifiers.
    ///
    /// - Parameters:
    ///   - user: the stored user.
    ///   - changes: the new values; `nil` members stay as they are.
    ///   - country: the country a local phone number is read in; by default the user's.
    ///   - policy: verification settings and phone rules.
    /// - Throws: ``ValidationError`` with every problem: the new values', `immutable` for a
    ///   different username, `needs_country`, and `pseudo_user_must_upgrade` (field `user`).
    public init(
        of user: UserRecord,
        changes: IdentityData,
        country: String? = nil,
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        var checker = RecordChecker()
        let givenCountry = RecordChecker.country(country)
        let change = checker.identifierChange(
            of: user,
            to: changes,
            country: country == nil ? user.country : givenCountry.value,
            countryGiven: country != nil,
            policy: policy.phonePolicy
        )
        checker.add(givenCountry.problems)
        if user.isPseudoUser {
            checker.add(.user, .pseudoUserMustUpgrade)
        }
        try checker.finish()
        previous = user
        updated = UserRecord(
            username: change.username,
            email: change.email,
            phone: change.phone,
            fields: UserRecord.Fields(
                displayName: user.displayName,
                country: user.country,
                locale: user.locale,
                custom: user.custom
            )
        )
        changedKinds = change.changedKinds
        self.policy = policy
    }

    /// `IdentityUpdate(changed [email], awaiting verification [email])`.
    public var description: String {
        "IdentityUpdate(\(JSONValue.object(body)), changed \(changedKinds), awaiting verification \(awaitingVerification))"
    }

    private enum CodingKeys: String, CodingKey {
        case previous, updated, changedKinds, policy, awaitingVerification, body, uniquenessKeys
    }

    /// Decodes the records, the changed kinds and the policy, and checks they agree: the
    /// previous user is not a pseudo user, the username did not change, and exactly the
    /// listed identifiers differ.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        previous = try container.decode(UserRecord.self, forKey: .previous)
        updated = try container.decode(UserRecord.self, forKey: .updated)
        changedKinds = try container.decode([LoginKind].self, forKey: .changedKinds)
        policy = try container.decode(RegistrationPolicy.self, forKey: .policy)
        let differing = LoginKind.allCases.filter { previous.uniquenessKeys[$0] != updated.uniquenessKeys[$0] }
        let usernameKept = previous.username == nil || previous.username == updated.username
        guard !previous.isPseudoUser, usernameKept, differing == changedKinds else {
            throw DecodingError.dataCorruptedError(
                forKey: .changedKinds,
                in: container,
                debugDescription: "the changed identifiers do not agree with the previous and updated users"
            )
        }
    }

    /// Encodes the records, the changed kinds, the policy and the derived members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(previous, forKey: .previous)
        try container.encode(updated, forKey: .updated)
        try container.encode(changedKinds, forKey: .changedKinds)
        try container.encode(policy, forKey: .policy)
        try container.encode(awaitingVerification, forKey: .awaitingVerification)
        try container.encode(body, forKey: .body)
        try container.encode(uniquenessKeys, forKey: .uniquenessKeys)
    }
}

/// The identifiers of a user after an update, checked: the username kept or added, a new email
/// address or phone number in place of the old one.
struct IdentifierChange {
    var username: Username?
    var email: EmailAddress?
    var phone: PhoneNumber?
    /// The identifiers whose value changes, in table order.
    var changedKinds: [LoginKind]
}

extension RecordChecker {
    /// The identifiers of `user` with `changes` applied: a different username is `immutable`
    /// (another case is no change; a user without one may add one), and new values equal to the
    /// stored ones are no change.
    ///
    /// - Parameters:
    ///   - country: the country a local phone number is read in.
    ///   - countryGiven: a country was given for this update (its own problems are reported
    ///     by the caller), so a local number adds no `needs_country` problem.
    mutating func identifierChange(
        of user: UserRecord,
        to changes: IdentityData,
        country: CountryCode?,
        countryGiven: Bool,
        policy: PhonePolicy
    ) -> IdentifierChange {
        var change = IdentifierChange(username: user.username, email: user.email, phone: user.phone, changedKinds: [])
        if let raw = changes.username {
            if let current = user.username {
                if (try? Username(raw)) != current {
                    add(.username, .usernameImmutable(current: current.normalized))
                }
            } else if let new = field(Username.self, raw) {
                change.username = new
                change.changedKinds.append(.username)
            }
        }
        if let new = field(EmailAddress.self, changes.email), new != user.email {
            change.email = new
            change.changedKinds.append(.email)
        }
        if let new = phone(
            of: changes,
            country: country,
            countryGiven: countryGiven,
            policy: policy
        ), new != user.phone {
            change.phone = new
            change.changedKinds.append(.phone)
        }
        return change
    }
}
