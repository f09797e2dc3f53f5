/// A validated update of a user's identity data and user fields together, as Kii's
/// `update(withIdentityData:userFields:)` does, with removals of fields by name.
///
/// - Identifiers: the username cannot change (`immutable`; the same username in another case is
///   no change, a user without one may add one); a new email address or phone number is
///   validated and, when its verification is on, listed in ``awaitingVerification`` (Kii keeps
///   the old value until the new one is verified). An update of identity data alone changes
///   only the identifiers: ``changedKinds`` lists them and ``body`` holds them.
/// - The display name, country and locale are validated and set; custom fields are set (their
///   names validated) or removed by name. A member left out stays as it is.
/// - A local phone number is read in its own ``IdentityData/phoneCountry`` when given (the
///   user's country stays as it is), else in the update's country, else the user's (unless the
///   update removes it); without any it is `needs_country`.
/// - A pseudo user may change its user fields; its identifiers come with an upgrade
///   (``PseudoUserUpgrade``), so identity data for it is `pseudo_user_must_upgrade`.
/// - Removing: `displayName`, `country`, `locale` and custom fields may be removed; the member
///   is then absent, as if never set. `loginName` is `immutable`; `emailAddress`,
///   `phoneNumber`, `password` and the server's members (`userID`, `internalUserID`,
///   `emailAddressVerified`, `phoneNumberVerified`) are `not_removable`. Removing a member the
///   user does not have is no change. A member both set and removed is `set_and_removed`.
///
/// ```swift
/// let update = try UserUpdate(
///     of: stored,
///     identity: IdentityData(email: "new@example.com"),
///     fields: UserFields(displayName: "Player 1", custom: ["HighScore": 0]),
///     removing: ["app_flag"],
///     policy: RegistrationPolicy(emailVerification: true)
/// )
/// update.body                   // ["emailAddress": "new@example.com", "displayName": "Player 1", "HighScore": 0]
/// update.removedMembers         // ["app_flag"]
/// update.awaitingVerification   // [.email]
/// update.uniquenessKeys.email   // "new@example.com"
/// ```
public struct UserUpdate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The user before the update.
    public let previous: UserRecord

    /// The user with the new values.
    public let updated: UserRecord

    /// The policy the update was checked under.
    public let policy: RegistrationPolicy

    /// The update request body: the members whose value is new, with Kii's names and
    /// normalised values (a value equal to the stored one is not a change).
    public var body: [String: JSONValue] {
        let before = previous.json
        return updated.json.filter { before[$0.key] != $0.value }
    }

    /// The members the update removes from the stored user, in name order (only members the
    /// user had).
    public var removedMembers: [String] {
        let after = updated.json
        return previous.json.keys.filter { after[$0] == nil }.sorted()
    }

    /// Whether the update changes nothing: no new value and no removal.
    public var isEmpty: Bool { previous.json == updated.json }

    /// The identifiers whose value changes, in table order.
    public var changedKinds: [LoginKind] {
        LoginKind.allCases.filter { previous.uniquenessKeys[$0] != updated.uniquenessKeys[$0] }
    }

    /// The changed identifiers that wait for verification before they can be used to log in
    /// (Kii keeps the old value until the new one is verified).
    public var awaitingVerification: [LoginKind] { changedKinds.filter(policy.requiresVerification) }

    /// The keys of the changed identifiers, to check against the other users before saving.
    public var uniquenessKeys: UniquenessKeys {
        let changed = changedKinds
        return UniquenessKeys(
            username: changed.contains(.username) ? updated.username : nil,
            email: changed.contains(.email) ? updated.email : nil,
            phone: changed.contains(.phone) ? updated.phone : nil
        )
    }

    /// Validates an update of `user`.
    ///
    /// - Parameters:
    ///   - user: the stored user (a normal or a pseudo user).
    ///   - identity: new identifiers; `nil` members stay as they are.
    ///   - fields: new display name, country, locale and custom fields; `nil` members and
    ///     custom fields not named stay as they are. The country also reads a local phone number.
    ///   - removing: the names of the members to remove (custom fields, `displayName`,
    ///     `country`, `locale`).
    ///   - policy: verification settings and phone rules.
    /// - Throws: ``ValidationError`` with every problem: the new values', custom-field names
    ///   (`reserved_name`, `empty_field_name`), `immutable`, `needs_country`, `not_removable`,
    ///   `set_and_removed`, and `pseudo_user_must_upgrade` (field `user`).
    public init(
        of user: UserRecord,
        identity: IdentityData = IdentityData(),
        fields: UserFields = UserFields(),
        removing: Set<String> = [],
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        try self.init(
            checking: user,
            identity: identity,
            fields: fields,
            removing: removing,
            policy: policy,
            after: RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        )
    }

    /// Validates an update body as JSON members, Kii's names for the predefined fields
    /// (`loginName`, `emailAddress`, `phoneNumber`, `displayName`, `country`, `locale`), every
    /// other member a custom field to set.
    ///
    /// - Throws: ``ValidationError`` as ``init(of:identity:fields:removing:policy:)``, plus
    ///   `not_a_string` for a predefined member of another JSON type and `reserved_name` for a
    ///   `password` member (its value is not inspected) or a server-set member.
    public init(
        of user: UserRecord,
        json object: [String: JSONValue],
        removing: Set<String> = [],
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        let split = RecordJSON(object)
        var checker = RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        checker.add(split.problems.filter { $0.field != .password })
        if object[PredefinedMember.password.rawValue] != nil {
            checker.add(.password, .passwordNotInUpdate)
        }
        try self.init(
            checking: user,
            identity: split.identity,
            fields: split.fields,
            removing: removing,
            policy: policy,
            after: checker
        )
    }

    /// Validates an update body given as UTF-8 bytes (a request's body as received), read by
    /// RFC 8259 exactly like ``Registration/init(json:policy:)-([UInt8],_)``: a repeated member
    /// is `duplicate_member`, bytes that are not UTF-8 are `invalid_utf8`, never repaired.
    ///
    /// - Throws: ``ValidationError``: one problem under ``ValidationError/Field/json`` for text
    ///   that is not a JSON object, or the problems of ``init(of:json:removing:policy:)-(_,[String:JSONValue],_,_)``.
    public init(
        of user: UserRecord,
        json bytes: [UInt8],
        removing: Set<String> = [],
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        try self.init(of: user, json: try JSONValue.object(parsing: bytes), removing: removing, policy: policy)
    }

    /// Runs ``check(user:identity:fields:removing:policy:into:)`` after the problems `checker`
    /// already holds, and throws them all or keeps the updated record.
    private init(
        checking user: UserRecord,
        identity: IdentityData,
        fields: UserFields,
        removing: Set<String>,
        policy: RegistrationPolicy,
        after checker: RecordChecker
    ) throws(ValidationError) {
        var checker = checker
        let record = Self.check(
            user: user,
            identity: identity,
            fields: fields,
            removing: removing,
            policy: policy,
            into: &checker
        )
        try checker.finish()
        self.init(previous: user, updated: record!, policy: policy)
    }

    private init(previous: UserRecord, updated: UserRecord, policy: RegistrationPolicy) {
        self.previous = previous
        self.updated = updated
        self.policy = policy
    }

    /// The checks shared by both entry points: the updated record, or `nil` when a problem was
    /// found. Problems come in field order: identifiers, user fields, removals, conflicts, the
    /// user as a whole.
    static func check(
        user: UserRecord,
        identity: IdentityData,
        fields: UserFields,
        removing: Set<String>,
        policy: RegistrationPolicy,
        into checker: inout RecordChecker
    ) -> UserRecord? {
        let country = RecordChecker.Country(fields.country)
        let removesCountry = removing.contains(PredefinedMember.country.rawValue)
        let identifiers = checker.identifierChange(
            of: user,
            to: identity,
            country: fields.country != nil ? country.value : (removesCountry ? nil : user.country),
            countryGiven: fields.country != nil,
            policy: policy.phonePolicy
        )
        let given = checker.userFields(fields, country: country)
        checker.removals(removing)
        checker.conflicts(set: fields, removing: removing)
        if user.isPseudoUser, !identity.isEmpty {
            checker.add(.user, .pseudoUserIdentifiersNeedUpgrade)
        }
        guard checker.problems.isEmpty else { return nil }
        var custom = user.custom.filter { !removing.contains($0.key) }
        custom.merge(given.custom) { _, new in new }
        return UserRecord(
            username: identifiers.username,
            email: identifiers.email,
            phone: identifiers.phone,
            fields: UserRecord.Fields(
                displayName: given.displayName
                    ?? (removing.contains(PredefinedMember.displayName.rawValue) ? nil : user.displayName),
                country: given.country ?? (removesCountry ? nil : user.country),
                locale: given.locale ?? (removing.contains(PredefinedMember.locale.rawValue) ? nil : user.locale),
                custom: custom
            )
        )
    }

    /// `UserUpdate({"displayName":"Player 1"}, removed ["app_flag"], awaiting verification [])`.
    public var description: String {
        "UserUpdate(\(JSONValue.object(body)), removed \(removedMembers), awaiting verification \(awaitingVerification))"
    }

    private enum CodingKeys: String, CodingKey {
        case previous, updated, policy, body, removedMembers, changedKinds, awaitingVerification, uniquenessKeys
    }

    /// Decodes the records and the policy (the other members are derived from them) and checks
    /// the records are one update apart: the username kept (or added), no email address or
    /// phone number removed, and a pseudo user still without identifiers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let previous = try container.decode(UserRecord.self, forKey: .previous)
        let updated = try container.decode(UserRecord.self, forKey: .updated)
        let usernameKept = previous.username == nil || previous.username == updated.username
        let emailKept = previous.email == nil || updated.email != nil
        let phoneKept = previous.phone == nil || updated.phone != nil
        guard usernameKept, emailKept, phoneKept, !previous.isPseudoUser || updated.isPseudoUser else {
            throw DecodingError.dataCorruptedError(
                forKey: .updated,
                in: container,
                debugDescription: "the updated user is not an update of the previous one"
            )
        }
        self.init(
            previous: previous,
            updated: updated,
            policy: try container.decode(RegistrationPolicy.self, forKey: .policy)
        )
    }

    /// Encodes the records, the policy and the derived members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(previous, forKey: .previous)
        try container.encode(updated, forKey: .updated)
        try container.encode(policy, forKey: .policy)
        try container.encode(body, forKey: .body)
        try container.encode(removedMembers, forKey: .removedMembers)
        try container.encode(changedKinds, forKey: .changedKinds)
        try container.encode(awaitingVerification, forKey: .awaitingVerification)
        try container.encode(uniquenessKeys, forKey: .uniquenessKeys)
    }
}

extension RecordChecker {
    /// The problem of an update that removes `member`, or `nil` for a user field (display name,
    /// country, locale), which may be removed.
    static func removalProblem(_ member: PredefinedMember) -> ValidationError.RecordDetail? {
        if member.isSetByServer { return .serverFieldNotRemovable }
        return switch member {
        case .loginName: .usernameNotRemovable
        case .emailAddress, .phoneNumber: .identifierNotRemovable
        case .password: .passwordNotRemovable
        default: nil
        }
    }

    /// The members an update may not remove, in name order: `loginName` is `immutable`; the
    /// other identifiers, the password and the server's members are `not_removable`; other
    /// names are custom fields, checked like the names of fields to set.
    mutating func removals(_ names: Set<String>) {
        var custom: [String] = []
        for name in names.sorted() {
            if let member = PredefinedMember(rawValue: name) {
                if let problem = Self.removalProblem(member) { add(member.field, problem) }
            } else {
                custom.append(name)
            }
        }
        customNames(custom)
    }

    /// Every member an update both sets and removes, in name order.
    mutating func conflicts(set fields: UserFields, removing: Set<String>) {
        let predefined: [(member: PredefinedMember, given: Bool)] = [
            (.country, fields.country != nil),
            (.displayName, fields.displayName != nil),
            (.locale, fields.locale != nil),
        ]
        for entry in predefined where entry.given && removing.contains(entry.member.rawValue) {
            add(entry.member.field, .setAndRemoved)
        }
        for name in fields.custom.keys.sorted() where removing.contains(name) {
            add(.customFields, .customFieldSetAndRemoved(name: name))
        }
    }
}
