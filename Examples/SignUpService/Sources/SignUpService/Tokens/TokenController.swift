import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's token endpoint, `POST /api/oauth2/token` (and `/api/apps/{appID}/oauth2/token`): a
/// user's login with a password (``OauthTokenRequest``) → `{id, access_token, expires_in,
/// token_type}`.
///
/// `username` is every form Kii takes: a username, an email address, `+…`, `EMAIL:…`,
/// `PHONE:+…`, `PHONE:JP-090…`, and local digits with this service's `country` member. A
/// wrong password, an unknown identifier and a user without a password are one answer
/// (`invalid_grant`, 400); failures are throttled (429) per identifier from one client address,
/// and per address (see ``Throttle/take(_:of:context:field:)``).
struct TokenController {
    let service: ServiceContext

    /// Adds the route to `token`, a token endpoint behind the app's check.
    func addRoutes(to token: RouterGroup<ServiceRequestContext>) {
        token.post { request, context in try await logIn(request, context) }
    }

    func logIn(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let body = try await service.bodies.read(OauthTokenRequest.self, from: request)
        if let grant = body.grantType, grant != "password" {
            throw ServiceFailure(.grantType, .unsupportedGrantType)
        }
        let now = service.clock()
        let expiresAt = try Self.expiry(body.expiresAt, now: now, lifetime: service.configuration.tokenLifetime)
        let lookup: LoginLookup
        do throws(ValidationError) {
            lookup = try LoginLookup(body.username, country: body.country, policy: service.policy)
        } catch {
            throw ServiceFailure(error)
        }
        // Counted before bcrypt runs: at most the allowed attempts reach it, however many arrive.
        let attempt = try await service.throttle.take(
            lookup.keys.map { "login:\($0.kind.rawValue):\($0.value)" },
            of: request,
            context: context,
            field: .loginUsername
        )
        let found = try await service.users.user(holdingFirstOf: lookup.keys)
        let matches = try await service.hasher.verify(body.password, against: found?.user.passwordHash)
        guard matches, let found else { throw ServiceFailure(.password, .invalidCredentials) }
        guard found.user.canLogIn(with: found.key.kind, policy: service.policy) else {
            try await service.throttle.notAFailure(attempt)
            throw ServiceFailure(found.key.kind.field, .notVerified)
        }
        try await service.throttle.succeeded(attempt)
        let token = AccessToken()
        try await service.tokens.insert(
            AccessTokenRecord(token: token, userID: found.user.userID, expiresAt: expiresAt, issuedAt: now),
            keepingAtMost: service.configuration.maxTokensPerUser
        )
        return .json(
            .ok,
            [
                "id": .string(found.user.userID), "access_token": .string(token.text),
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
