import Hummingbird
import KiiIdentity

/// Lets through only the caller's own `{user}` (`me`, the caller's ID, or an address the caller
/// holds): only users themselves change their data.
///
/// - Throws: ``ServiceFailure`` `not_owner` (403) for another user, `user_not_found` (404) for
///   an address nobody holds, `malformed_user_id` (400).
struct OwnerMiddleware: RouterMiddleware {
    typealias Context = CallerContext

    let users: UserStore
    let policy: RegistrationPolicy

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let caller = context.caller
        switch try UserReference(segment: try context.parameters.require("user"), policy: policy) {
        case .me: break
        case .id(let userID) where userID == caller.userID: break
        case .id: throw ServiceFailure(.userID, .notOwner)
        case .holder(let key):
            guard let holder = try await users.user(holding: key) else { throw ServiceFailure(.userID, .userNotFound) }
            guard holder.userID == caller.userID else { throw ServiceFailure(.userID, .notOwner) }
        case .nobody: throw ServiceFailure(.userID, .userNotFound)
        }
        return try await next(request, context)
    }
}
