import Hummingbird

/// Checks the request's app (``AppCredentials``) before an anonymous group's routes (sign-up,
/// login, password reset), whose requests must give the app's key. (A user's group checks the
/// app with the caller: ``RouteCheck/caller(_:accounts:)``.) A type of its own, not a
/// ``RouteCheck``: the rejected sign-up that `make bench-signup` times goes through it.
struct AppCheck: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let credentials: AppCredentials

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try credentials.check(request, pathAppID: AppCredentials.pathAppID(in: context.parameters), anonymous: true)
        return try await next(request, context)
    }
}
