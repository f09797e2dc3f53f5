import Hummingbird

/// The end of a session, outside Kii's wire (Kii's SDKs only forget their token): `POST
/// /api/apps/{appID}/oauth2/revoke` with the session's `Authorization: Bearer` token (and the
/// app's ID; no body) revokes that access token and the refresh token issued with it at once,
/// answering 204; the user's other sessions stay. The page's Log out calls it. See
/// ``UserAccounts/endSession(of:)``.
struct SessionController {
    let context: ControllerContext

    /// Adds the route to `revoke`, behind the caller's check.
    func addRoutes(to revoke: RouterGroup<CallerContext>) {
        revoke.post { _, route in
            try await context.accounts.endSession(of: route.caller)
            return Response.empty()
        }
    }
}
