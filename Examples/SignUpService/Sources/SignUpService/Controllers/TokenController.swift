import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's token endpoint, `POST /api/oauth2/token` (and `/api/apps/{appID}/oauth2/token`): a
/// user's login with a password (``OauthTokenRequest``) → `{id, access_token, expires_in,
/// token_type}`, with `refresh_token` when the login gives `expiresAt`; a refresh
/// (``RefreshTokenRequest``, `grant_type` `refresh_token`) → the same members, new tokens.
/// `username` is every form Kii takes: a username, an email address, `+…`, `EMAIL:…`,
/// `PHONE:+…`, `PHONE:JP-090…`, and local digits with this service's `country` member. See
/// ``UserAccounts/logIn(_:password:expiresAt:refreshExpiresAt:from:)`` and
/// ``UserAccounts/refresh(_:now:)``.
struct TokenController {
    let context: ControllerContext

    /// Adds the route to `token`, a token endpoint behind the app's check.
    func addRoutes(to token: RouterGroup<ServiceRequestContext>) {
        token.post { request, context in try await grant(request, context) }
    }

    /// A login or a refresh, by the body's `grant_type`.
    func grant(_ request: Request, _ route: ServiceRequestContext) async throws -> Response {
        let bytes = try await context.bodies.bytes(of: request, accepting: OauthTokenRequest.mediaTypes) ?? []
        let members = try BodyReader.members(of: bytes)
        let now = context.accounts.clock()
        let grant: TokenGrant
        if members["grant_type"] == .string("refresh_token") {
            let body = try RefreshTokenRequest(members: members)
            grant = try await context.accounts.refresh(AccessToken(text: body.refreshToken), now: now)
        } else {
            grant = try await logIn(try OauthTokenRequest(members: members), now: now, request, route)
        }
        return .json(.ok, grant.members(now: now))
    }

    func logIn(
        _ body: OauthTokenRequest,
        now: Int64,
        _ request: Request,
        _ route: ServiceRequestContext
    ) async throws -> TokenGrant {
        let accounts = context.accounts
        if let grant = body.grantType, grant != "password" {
            throw ServiceFailure(.grantType, .unsupportedGrantType)
        }
        let expiresAt = try Self.expiry(body.expiresAt, now: now, lifetime: accounts.configuration.tokenLifetime)
        let lookup: LoginLookup
        do throws(ValidationError) {
            lookup = try LoginLookup(body.username, country: body.country, policy: accounts.policy)
        } catch {
            throw ServiceFailure(error)
        }
        // A login that asks for an expiry gets a refresh token (Kii's: with a token expiration).
        let asksForExpiry = body.expiresAt != nil && body.expiresAt != .null
        return try await accounts.logIn(
            lookup,
            password: body.password,
            expiresAt: expiresAt,
            refreshExpiresAt: asksForExpiry ? now + accounts.configuration.refreshTokenLifetime : nil,
            from: context.clientAddress(of: request, context: route)
        )
    }

    /// When the token expires, in Unix seconds: `expiresAt` (milliseconds, as the SDKs send an
    /// app's token expiration) when it is sooner than the service's lifetime, else the lifetime.
    ///
    /// - Throws: ``ServiceFailure`` `invalid_expiry`: ``ServiceProblem/expiryNotATime`` for another
    ///   JSON type (`"abc"`), ``ServiceProblem/expiryPassed`` for a time that has passed.
    static func expiry(_ value: JSONValue?, now: Int64, lifetime: Int64) throws -> Int64 {
        let longest = now + lifetime
        guard let value, value != .null else { return longest }
        guard case .integer(let milliseconds) = value else {
            throw ServiceFailure(.expiresAt, .expiryNotATime)
        }
        let seconds = Int64(milliseconds / 1_000)
        guard seconds > now else { throw ServiceFailure(.expiresAt, .expiryPassed) }
        return min(seconds, longest)
    }
}
