import HTTPTypes
import Hummingbird
import KiiIdentity

/// A user, `/api/apps/{appID}/users/{user}`: the read (`me`, an ID, `LOGIN_NAME:`/`EMAIL:`/
/// `PHONE:`), and for the user itself the update (a pseudo user's upgrade when it sets
/// identifiers and a password) and the deletion.
struct UserController {
    let service: ServiceContext

    static let update = MediaType.kii("UserUpdateRequest")

    /// Adds the routes: the read to `user` (any signed-in caller), the others to `own` (the
    /// caller's own `{user}` only).
    func addRoutes(to user: RouterGroup<CallerContext>, own: RouterGroup<CallerContext>) {
        user.get { _, context in try await read(context) }
        own.post { request, context in try await update(request, context) }
        own.delete { _, context in try await delete(context) }
    }

    // MARK: GET

    /// The user as the caller may see it: everything for the user itself, the visibility rule
    /// for others.
    func read(_ context: CallerContext) async throws -> Response {
        let caller = context.caller
        let found: StoredUser?
        switch try UserReference(segment: try context.parameters.require("user"), policy: service.policy) {
        case .me: found = try await service.users.user(caller.userID)
        case .id(let userID): found = try await service.users.user(userID)
        case .holder(let key): found = try await service.users.user(holding: key)
        case .nobody: found = nil
        }
        guard let user = found else { throw ServiceFailure(.userID, .userNotFound) }
        let members =
            user.userID == caller.userID
            ? UserJSON.owner(user)
            : UserJSON.others(user, exposeFullUserData: service.policy.exposeFullUserData)
        return .json(.ok, members, contentType: "application/vnd.kii.UserDataRetrievalResponse+json")
    }

    // MARK: POST

    /// Kii's update (`UserUpdateRequest`): predefined members set, custom fields replaced;
    /// answers `{"modifiedAt": …}`. On a pseudo user, identifiers with a password are the
    /// upgrade (an SDK's `putIdentity`).
    func update(_ request: Request, _ context: CallerContext) async throws -> Response {
        let bytes = try await service.bodies.bytes(of: request, accepting: [.json, Self.update]) ?? []
        let body = try KiiUserBody(bytes: bytes, update: true)
        let userID = context.caller.userID
        let policy = service.policy
        // bcrypt is slow: an upgrade's password is hashed before the transaction, and the
        // upgrade checked again on the user as locked, which another request may have changed.
        var hash: String?
        if body.hasUpgradeMembers, let password = body.members[PredefinedMember.password.rawValue]?.stringValue,
            try await service.users.user(userID)?.isPseudoUser == true
        {
            hash = try await service.hasher.hash(password)
        }
        let now = service.clock()
        let lifetime = service.configuration.verificationCodeLifetime
        let newHash = hash
        let (updated, codes) = try await service.users.change(userID: userID, now: now) { current in
            if current.isPseudoUser, current.passwordHash == nil, body.hasUpgradeMembers {
                let upgrade = try body.upgrade(of: current.record, policy: policy)
                // Hashed above whenever the body has a password and the user was a pseudo user;
                // a user never becomes a pseudo user again.
                guard let newHash else { throw ServiceFailure(.service, .internalError) }
                let codes = ServiceContext.issueCodes(
                    for: upgrade.awaitingVerification,
                    of: upgrade.updated,
                    userID: userID,
                    now: now,
                    lifetime: lifetime
                )
                let change = UserChange(
                    record: upgrade.updated,
                    passwordHash: newHash,
                    emailVerified: upgrade.emailAddressVerified,
                    phoneVerified: upgrade.phoneNumberVerified,
                    newKeys: upgrade.uniquenessKeys.keys,
                    codes: codes.map(\.issued)
                )
                return (change, codes)
            }
            let update = try body.update(of: current.record, policy: policy)
            return UserChange.applying(update, to: current, now: now, codeLifetime: lifetime)
        }
        service.deliver(codes, to: userID)
        return .json(
            .ok,
            ["modifiedAt": .integer(Int(updated.modifiedAt) * 1_000)],
            contentType: "application/vnd.kii.UserUpdateResponse+json"
        )
    }

    // MARK: DELETE

    /// Deletes the user; its identifiers are free at once, its tokens and codes gone.
    func delete(_ context: CallerContext) async throws -> Response {
        guard try await service.users.delete(userID: context.caller.userID) else { throw BearerToken.invalid }
        return .empty()
    }
}
