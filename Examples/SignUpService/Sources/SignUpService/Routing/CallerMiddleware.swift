import Hummingbird

/// Resolves the caller of a user's route once, for every route of the group: the app checked
/// (its key not required), then the Bearer token, into the request context that
/// ``CallerContext`` takes it from.
///
/// - Throws: ``ServiceFailure``: `APP_NOT_FOUND`, `UNAUTHORIZED` (no token), `WRONG_TOKEN`.
struct CallerMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let credentials: AppCredentials
    let tokens: TokenStore
    let clock: @Sendable () -> Int64

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try credentials.check(request, pathAppID: context.parameters.get("appID"), anonymous: false)
        guard let token = BearerToken.of(request) else { throw BearerToken.missing }
        let hash = token.hash
        guard let userID = try await tokens.userID(forTokenHash: hash, now: clock()) else { throw BearerToken.invalid }
        var context = context
        context.caller = Caller(userID: userID, tokenHash: hash)
        return try await next(request, context)
    }
}
