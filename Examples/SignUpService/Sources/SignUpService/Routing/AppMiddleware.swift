import Hummingbird

/// Checks the request's app (``AppCredentials``) before a group's routes: an anonymous group's
/// requests (sign-up, login, password reset) must give the app's key; a user's need not, but
/// what they give is checked.
struct AppMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let credentials: AppCredentials
    let anonymous: Bool

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try credentials.check(request, pathAppID: context.parameters.get("appID"), anonymous: anonymous)
        return try await next(request, context)
    }
}
