import KiiIdentity

/// A user body as Kii's SDKs send it, sorted by ``UserMember`` before the library reads it:
///
/// - The server's members are dropped from an update (Kii ignores them, and the SDKs echo what
///   they read: `userID`, `emailAddressVerified`, `createdAt`, `_hasPassword`, ...); a sign-up
///   drops the service's own (`createdAt`, `modifiedAt`, `_` members: "will be ignored and not
///   be stored") and leaves Kii's predefined server members to the library, which refuses them.
/// - An update's predefined members that are absent stay as they are; its custom fields are the
///   whole set: a custom field the user has and the body does not is removed (Kii's rule, which
///   is how an SDK's `removeFields` reach the server).
struct KiiUserBody {
    /// The members the library reads.
    var members: [String: JSONValue]

    /// The identifiers and the password: an upgrade's members.
    static let upgradeMembers: Set<String> = [
        PredefinedMember.loginName.rawValue, PredefinedMember.emailAddress.rawValue,
        PredefinedMember.phoneNumber.rawValue, PredefinedMember.password.rawValue,
    ]

    /// A body of `members` as they are.
    init(members: [String: JSONValue]) { self.members = members }

    /// Reads a body; `update` drops every server member, a sign-up the service's own.
    ///
    /// - Throws: ``ServiceFailure``: the JSON reader's problem, or `not_an_object`.
    init(bytes: [UInt8], update: Bool) throws {
        var members = try BodyReader.members(of: bytes)
        for name in members.keys where UserMember.isIgnored(name, update: update) {
            members[name] = nil
        }
        self.members = members
    }

    /// Whether the body sets an identifier or a password (on a pseudo user: an upgrade).
    var hasUpgradeMembers: Bool { members.keys.contains { Self.upgradeMembers.contains($0) } }

    /// The custom fields of `user` that the body leaves out: removed by the update.
    func removedCustomFields(of user: UserRecord) -> Set<String> {
        Set(user.custom.keys.filter { members[$0] == nil })
    }

    /// The update of a stored user (not an upgrade).
    func update(of user: UserRecord, policy: RegistrationPolicy) throws(ValidationError) -> UserUpdate {
        try UserUpdate(of: user, json: members, removing: removedCustomFields(of: user), policy: policy)
    }

    /// A pseudo user's upgrade with fields: the fields are updated first (so that a country in
    /// the body reads a local phone number), then the identifiers and the password are checked
    /// on the result, whose ``PseudoUserUpgrade/updated`` is the user to store; every problem of
    /// both comes back at once.
    func upgrade(
        of pseudoUser: UserRecord,
        policy: RegistrationPolicy
    ) throws(ValidationError) -> PseudoUserUpgrade {
        let identity = members.filter { Self.upgradeMembers.contains($0.key) }
        let fields = members.filter { !Self.upgradeMembers.contains($0.key) }
        var problems: [ValidationError.Problem] = []
        var updated: UserUpdate?
        do throws(ValidationError) {
            updated = try UserUpdate(
                of: pseudoUser,
                json: fields,
                removing: removedCustomFields(of: pseudoUser),
                policy: policy
            )
        } catch {
            problems += error.problems
        }
        do throws(ValidationError) {
            let upgrade = try PseudoUserUpgrade(of: updated?.updated ?? pseudoUser, json: identity, policy: policy)
            if problems.isEmpty { return upgrade }
        } catch {
            problems += error.problems
        }
        throw ValidationError(problems)
    }
}
