import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's user collection, `POST /api/apps/{appID}/users` (anonymous): a user
/// (`RegistrationRequest` or `application/json`), or a pseudo user
/// (`RegistrationAndAuthorizationRequest`).
struct UsersController {
    let context: ControllerContext

    static let registration = MediaType.kii("RegistrationRequest")
    static let pseudoRegistration = MediaType.kii("RegistrationAndAuthorizationRequest")
    /// What a sign-up takes: a user's body in any of the three types.
    static let signUpTypes: [MediaType] = [.json, registration, pseudoRegistration]
    /// What a pseudo user's sign-up takes.
    static let pseudoSignUpTypes: [MediaType] = [pseudoRegistration]

    /// Adds the routes to `users`, the app's `users` behind the app's check.
    func addRoutes(to users: RouterGroup<ServiceRequestContext>) {
        users.post { request, context in
            try await create(request, from: self.context.clientAddress(of: request, context: context))
        }
    }

    /// A user, or a pseudo user by the content type, from the client's `address`.
    func create(_ request: Request, from address: String) async throws -> Response {
        if let contentType = request.headers.value(.contentType), Self.pseudoRegistration.matches(contentType) {
            return try await createPseudoUser(request, from: address)
        }
        let bytes = try await context.bodies.bytes(of: request, accepting: Self.signUpTypes) ?? []
        let body = try KiiUserBody(bytes: bytes, update: false)
        let registration: Registration
        do throws(ValidationError) {
            registration = try Registration(json: body.members, policy: context.accounts.policy)
        } catch {
            throw ServiceFailure(error)
        }
        let password = body.members[PredefinedMember.password.rawValue]?.stringValue
        if let problem = context.accounts.passwordJudge.appWordProblem(in: password) {
            throw ServiceFailure(ValidationError([problem]))
        }
        let user = try await context.accounts.signUp(registration, from: address)
        return .json(
            .created,
            UserJSON.owner(user),
            contentType: "application/vnd.kii.RegistrationResponse+json",
            headers: [.location: location(of: user)]
        )
    }

    /// A pseudo user: fields only (`{}` or no body is fine), and its access token as
    /// `_accessToken`.
    private func createPseudoUser(_ request: Request, from address: String) async throws -> Response {
        let bytes = try await context.bodies.bytes(of: request, accepting: Self.pseudoSignUpTypes) ?? []
        let body = bytes.isEmpty ? KiiUserBody(members: [:]) : try KiiUserBody(bytes: bytes, update: false)
        let registration: PseudoUserRegistration
        do throws(ValidationError) {
            registration = try PseudoUserRegistration(
                json: body.members,
                displayNamePolicy: context.accounts.policy.displayNamePolicy
            )
        } catch {
            throw ServiceFailure(error)
        }
        let (user, token) = try await context.accounts.signUpPseudoUser(registration, from: address)
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
        "/api/apps/\(context.accounts.configuration.app.id)/users/\(user.userID)"
    }
}
