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
    /// only users themselves change their data. An address is a lookup, checked and counted as
    /// a read's (``UserAccounts/checkLookup(by:caller:from:)``): its 403 and 404 tell whether
    /// someone holds it.
    ///
    /// - Throws: ``ServiceFailure`` `not_owner` (403) for another user, `user_not_found` (404) for
    ///   an address nobody holds, `malformed_user_id` (400), `lookup_not_allowed` (403),
    ///   `too_many_lookups` (429).
    static func owner(_ accounts: UserAccounts) -> Self {
        Self { request, context in
            let segment = try context.parameters.require("user")
            let reference = try UserReference(segment: segment, policy: accounts.policy)
            if let kind = UserReference.lookupKind(of: segment) {
                let address = ClientAddress.of(
                    request,
                    context: context,
                    trustedHeader: accounts.configuration.trustedProxyHeader
                )
                try await accounts.checkLookup(by: kind, caller: context.caller, from: address)
            }
            try await accounts.checkOwner(reference, caller: context.caller)
        }
    }
}
