import Hummingbird
import KiiIdentity

/// A check a route group makes before its routes, once per request: it may refuse the request
/// (by throwing) or add to its context. The service's are the caller's token
/// (``caller(_:accounts:)``) and the caller's own `{user}` (``owner(_:)``); the app of an
/// anonymous group is ``AppCheck``'s.
struct RouteCheck<Context: RequestContext>: RouterMiddleware {
    /// Checks `request`, adding to `context` what the routes read.
    let check: @Sendable (Request, inout Context) async throws -> Void

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var checked = context
        try await check(request, &checked)
        return try await next(request, checked)
    }
}

extension RouteCheck where Context == ServiceRequestContext {
    /// The caller of a user's route, resolved once for every route of the group: the app checked
    /// (its key not required), then the Bearer token, into the context that ``CallerContext``
    /// takes it from.
    ///
    /// - Throws: ``ServiceFailure``: `APP_NOT_FOUND`, `UNAUTHORIZED` (no token), `WRONG_TOKEN`.
    static func caller(_ credentials: AppCredentials, accounts: UserAccounts) -> Self {
        Self { request, context in
            let pathAppID = AppCredentials.pathAppID(in: context.parameters)
            try credentials.check(request, pathAppID: pathAppID, anonymous: false)
            guard let token = BearerToken.of(request) else { throw BearerToken.missing }
            context.caller = try await accounts.caller(of: token)
        }
    }
}

extension RouteCheck where Context == CallerContext {
    /// Only the caller's own `{user}` (`me`, the caller's ID, or an address the caller holds):
    /// only users themselves change their data.
    ///
    /// - Throws: ``ServiceFailure`` `not_owner` (403) for another user, `user_not_found` (404) for
    ///   an address nobody holds, `malformed_user_id` (400).
    static func owner(_ accounts: UserAccounts) -> Self {
        Self { _, context in
            let reference = try UserReference(segment: try context.parameters.require("user"), policy: accounts.policy)
            try await accounts.checkOwner(reference, caller: context.caller)
        }
    }
}
