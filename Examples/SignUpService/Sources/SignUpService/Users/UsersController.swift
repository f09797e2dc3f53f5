import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's user collection, `POST /api/apps/{appID}/users` (anonymous): a user
/// (`RegistrationRequest` or `application/json`), or a pseudo user
/// (`RegistrationAndAuthorizationRequest`).
struct UsersController {
    let service: ServiceContext

    static let registration = MediaType.kii("RegistrationRequest")
    static let pseudoRegistration = MediaType.kii("RegistrationAndAuthorizationRequest")

    /// Adds the routes to `users`, the app's `users` behind the app's check.
    func addRoutes(to users: RouterGroup<ServiceRequestContext>) {
        users.post { request, _ in try await create(request) }
    }

    /// A user, or a pseudo user by the content type.
    func create(_ request: Request) async throws -> Response {
        if let contentType = request.headers[.contentType], Self.pseudoRegistration.matches(contentType) {
            return try await createPseudoUser(request)
        }
        let bytes =
            try await service.bodies.bytes(
                of: request,
                accepting: [.json, Self.registration, Self.pseudoRegistration]
            ) ?? []
        let body = try KiiUserBody(bytes: bytes, update: false)
        let registration: Registration
        do throws(ValidationError) {
            registration = try Registration(json: body.members, policy: service.policy)
        } catch {
            throw ServiceFailure(error)
        }
        let hash = try await service.hasher.hash(registration.body.password.rawValue)
        let now = service.clock()
        let user = StoredUser(
            newUser: registration.record,
            passwordHash: hash,
            emailVerified: registration.emailAddressVerified,
            phoneVerified: registration.phoneNumberVerified,
            now: now
        )
        let codes = service.issueCodes(
            for: registration.awaitingVerification,
            of: registration.record,
            userID: user.userID,
            now: now
        )
        try await service.users.create(user, keys: registration.uniquenessKeys.keys, codes: codes.map(\.issued))
        service.deliver(codes, to: user.userID)
        return .json(
            .created,
            UserJSON.owner(user),
            contentType: "application/vnd.kii.RegistrationResponse+json",
            headers: [.location: location(of: user)]
        )
    }

    /// A pseudo user: fields only (`{}` or no body is fine), and its access token as
    /// `_accessToken`.
    private func createPseudoUser(_ request: Request) async throws -> Response {
        let bytes = try await service.bodies.bytes(of: request, accepting: [Self.pseudoRegistration]) ?? []
        let body = bytes.isEmpty ? KiiUserBody(members: [:]) : try KiiUserBody(bytes: bytes, update: false)
        let pseudo: PseudoUserRegistration
        do throws(ValidationError) {
            pseudo = try PseudoUserRegistration(json: body.members, displayNamePolicy: service.policy.displayNamePolicy)
        } catch {
            throw ServiceFailure(error)
        }
        let now = service.clock()
        let user = StoredUser(newUser: pseudo.body, passwordHash: nil, emailVerified: nil, phoneVerified: nil, now: now)
        let token = AccessToken()
        try await service.users.createPseudoUser(
            user,
            token: AccessTokenRecord(
                token: token,
                userID: user.userID,
                expiresAt: now + AccessToken.pseudoUserLifetime,
                issuedAt: now
            )
        )
        var members = UserJSON.owner(user)
        members["_accessToken"] = .string(token.text)
        return .json(
            .created,
            members,
            contentType: "application/vnd.kii.RegistrationAndAuthorizationResponse+json",
            headers: [.location: location(of: user)]
        )
    }

    /// `Location` of a new user.
    func location(of user: StoredUser) -> String {
        "/api/apps/\(service.configuration.app.id)/users/\(user.userID)"
    }
}
