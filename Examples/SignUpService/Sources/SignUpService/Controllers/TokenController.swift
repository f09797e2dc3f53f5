import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's token endpoint, `POST /api/oauth2/token` (and `/api/apps/{appID}/oauth2/token`): a
/// user's login with a password (``OauthTokenRequest``) → `{id, access_token, expires_in,
/// token_type}`. `username` is every form Kii takes: a username, an email address, `+…`,
/// `EMAIL:…`, `PHONE:+…`, `PHONE:JP-090…`, and local digits with this service's `country`
/// member. See ``UserAccounts/logIn(_:password:expiresAt:from:)``.
struct TokenController {
    let context: ControllerContext

    /// Adds the route to `token`, a token endpoint behind the app's check.
    func addRoutes(to token: RouterGroup<ServiceRequestContext>) {
        token.post { request, context in try await logIn(request, context) }
    }

    func logIn(_ request: Request, _ route: ServiceRequestContext) async throws -> Response {
        let accounts = context.accounts
        let body = try await context.bodies.read(OauthTokenRequest.self, from: request)
        if let grant = body.grantType, grant != "password" {
            throw ServiceFailure(.grantType, .unsupportedGrantType)
        }
        let now = accounts.clock()
        let expiresAt = try Self.expiry(body.expiresAt, now: now, lifetime: accounts.configuration.tokenLifetime)
        let lookup: LoginLookup
        do throws(ValidationError) {
            lookup = try LoginLookup(body.username, country: body.country, policy: accounts.policy)
        } catch {
            throw ServiceFailure(error)
        }
        let (userID, token) = try await accounts.logIn(
            lookup,
            password: body.password,
            expiresAt: expiresAt,
            from: context.clientAddress(of: request, context: route)
        )
        return .json(
            .ok,
            [
                "id": .string(userID), "access_token": .string(token.text),
                "expires_in": .integer(Int(expiresAt - now)), "token_type": "Bearer",
            ]
        )
    }

    /// When the token expires, in Unix seconds: `expiresAt` (milliseconds, as the SDKs send an
    /// app's token expiration) when it is sooner than the service's lifetime, else the lifetime.
    ///
    /// - Throws: ``ServiceFailure`` `invalid_expiry` for another JSON type or a time that has
    ///   passed.
    static func expiry(_ value: JSONValue?, now: Int64, lifetime: Int64) throws -> Int64 {
        let longest = now + lifetime
        guard let value, value != .null else { return longest }
        guard case .integer(let milliseconds) = value else {
            throw ServiceFailure(.expiresAt, .expiryNotATime)
        }
        let seconds = Int64(milliseconds / 1_000)
        guard seconds > now else { throw ServiceFailure(.expiresAt, .expiryNotATime) }
        return min(seconds, longest)
    }
}
