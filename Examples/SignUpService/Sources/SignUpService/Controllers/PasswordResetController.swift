import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's password reset, anonymous (the app's key is required): `POST
/// /api/apps/{appID}/users/{user}/password/request-reset`, `{user}` an `EMAIL:`, `PHONE:` or
/// `LOGIN_NAME:` address or a user ID, with an optional body (``ResetPasswordRequest``): a
/// six-digit code goes to the user's verified email address (by default) or phone (`SMS`);
/// `POST …/password/complete-reset` (``CompletePasswordResetRequest``) sets the password with
/// it. See ``UserAccounts/requestPasswordReset(of:by:from:)``.
struct PasswordResetController {
    let context: ControllerContext

    /// Adds the routes to `password`, a user's `password` behind the app's check.
    func addRoutes(to password: RouterGroup<ServiceRequestContext>) {
        password.post("request-reset") { request, context in try await requestReset(request, context) }
        password.post("complete-reset") { request, context in try await completeReset(request, context) }
    }

    func requestReset(_ request: Request, _ route: ServiceRequestContext) async throws -> Response {
        var method = "EMAIL"
        if let bytes = try await context.bodies.bytes(
            of: request,
            accepting: ResetPasswordRequest.mediaTypes,
            allowEmpty: true
        ), !bytes.isEmpty {
            method = try ResetPasswordRequest(bytes: bytes).notificationMethod ?? method
            guard method == "EMAIL" || method == "SMS" else {
                throw ServiceFailure(.notificationMethod, .unknownResetMethod)
            }
        }
        try await context.accounts.requestPasswordReset(
            of: try reference(in: route),
            by: method == "SMS" ? .phone : .email,
            from: context.clientAddress(of: request, context: route)
        )
        return .empty()
    }

    func completeReset(_ request: Request, _ route: ServiceRequestContext) async throws -> Response {
        let body = try await context.bodies.read(CompletePasswordResetRequest.self, from: request)
        try await context.accounts.completePasswordReset(
            of: try reference(in: route),
            pinCode: body.pinCode,
            newPassword: body.newPassword,
            from: context.clientAddress(of: request, context: route)
        )
        return .empty()
    }

    /// The path's `{user}`.
    private func reference(in route: ServiceRequestContext) throws -> UserReference {
        try UserReference(segment: try route.parameters.require("user"), policy: context.accounts.policy)
    }
}
