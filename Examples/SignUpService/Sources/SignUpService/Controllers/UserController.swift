import HTTPTypes
import Hummingbird
import KiiIdentity

/// A user, `/api/apps/{appID}/users/{user}`: the read (`me`, an ID, `LOGIN_NAME:`/`EMAIL:`/
/// `PHONE:`), and for the user itself the update (a pseudo user's upgrade when it sets
/// identifiers and a password) and the deletion.
struct UserController {
    let context: ControllerContext

    /// What an update takes.
    static let updateTypes: [MediaType] = [.json, .kii("UserUpdateRequest")]

    /// Adds the routes: the read to `user` (any signed-in caller), the others to `own` (the
    /// caller's own `{user}` only).
    func addRoutes(to user: RouterGroup<CallerContext>, own: RouterGroup<CallerContext>) {
        user.get { request, context in try await read(request, context) }
        own.post { request, context in try await update(request, context) }
        own.delete { _, context in
            try await self.context.accounts.delete(context.caller)
            return Response.empty()
        }
    }

    /// The user as the caller may see it: everything for the user itself, the visibility rule
    /// for others. A lookup by identifier is checked first (``UserAccounts/checkLookup(by:caller:from:)``).
    func read(_ request: Request, _ route: CallerContext) async throws -> Response {
        let accounts = context.accounts
        let segment = try route.parameters.require("user")
        let reference = try UserReference(segment: segment, policy: accounts.policy)
        if let kind = UserReference.lookupKind(of: segment) {
            try await accounts.checkLookup(
                by: kind,
                caller: route.caller,
                from: context.clientAddress(of: request, context: route)
            )
        }
        guard let user = try await accounts.user(reference, caller: route.caller.userID) else {
            throw ServiceFailure(.userID, .userNotFound)
        }
        let members =
            user.userID == route.caller.userID
            ? UserJSON.owner(user)
            : UserJSON.others(user, exposeFullUserData: accounts.policy.exposeFullUserData)
        return .json(.ok, members, contentType: "application/vnd.kii.UserDataRetrievalResponse+json")
    }

    /// Kii's update (`UserUpdateRequest`): answers `{"modifiedAt": …}`.
    func update(_ request: Request, _ caller: CallerContext) async throws -> Response {
        let bytes = try await context.bodies.bytes(of: request, accepting: Self.updateTypes) ?? []
        let updated = try await context.accounts.update(
            caller.caller.userID,
            by: try KiiUserBody(bytes: bytes, update: true),
            from: context.clientAddress(of: request, context: caller)
        )
        return .json(
            .ok,
            ["modifiedAt": .integer(Int(updated.modifiedAt) * 1_000)],
            contentType: "application/vnd.kii.UserUpdateResponse+json"
        )
    }
}
