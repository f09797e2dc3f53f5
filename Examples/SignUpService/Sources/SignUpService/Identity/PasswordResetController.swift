import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's password reset, anonymous (the app's key is required):
///
/// - `POST /api/apps/{appID}/users/{user}/password/request-reset`, `{user}` an `EMAIL:`,
///   `PHONE:` or `LOGIN_NAME:` address or a user ID, with an optional body
///   (``ResetPasswordRequest``): a six-digit code goes to the user's email address (by default)
///   or phone (`SMS`) through the delivery point (logged only in development mode), which must
///   be verified (with verification off, every address is). Kii's emailed link is a page of
///   Kii's own: here the mail carries the code too. Every request that sends a code is counted
///   like a failed login (a mailbox or phone cannot be flooded from one address).
/// - `POST …/password/complete-reset` (``CompletePasswordResetRequest``): sets the password,
///   revokes every token of the user and uses the code up. Wrong codes are throttled like logins.
struct PasswordResetController {
    let service: ServiceContext

    /// Adds the routes to `password`, a user's `password` behind the app's check.
    func addRoutes(to password: RouterGroup<ServiceRequestContext>) {
        password.post("request-reset") { request, context in try await requestReset(request, context) }
        password.post("complete-reset") { request, context in try await completeReset(request, context) }
    }

    // MARK: POST …/password/request-reset

    func requestReset(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        var method = "EMAIL"
        if let bytes = try await service.bodies.bytes(
            of: request,
            accepting: ResetPasswordRequest.mediaTypes,
            allowEmpty: true
        ), !bytes.isEmpty {
            method = try ResetPasswordRequest(bytes: bytes).notificationMethod ?? method
            guard method == "EMAIL" || method == "SMS" else {
                throw ServiceFailure(.notificationMethod, .unknownResetMethod)
            }
        }
        let user = try await target(of: context)
        let channel: LoginKind = method == "SMS" ? .phone : .email
        guard let address = user.record.uniquenessKeys[channel] else {
            throw ServiceFailure(ValidationError(channel.field, .missing))
        }
        guard user.verified(channel) == true else { throw ServiceFailure(channel.field, .unverifiedAddress) }
        let attempt = try await service.throttle.takeCodeRequest(
            of: user.userID,
            request,
            context: context,
            field: channel.field
        )
        let code = VerificationCode()
        do {
            try await service.codes.issueResetCode(
                hash: code.resetHash(userID: user.userID),
                expiresAt: service.clock() + service.configuration.verificationCodeLifetime,
                of: user.userID
            )
        } catch {
            try? await service.throttle.notAFailure(attempt)
            throw error
        }
        service.delivery.deliver(
            CodeMessage(userID: user.userID, purpose: .passwordReset, channel: channel, address: address, code: code)
        )
        return .empty()
    }

    // MARK: POST …/password/complete-reset

    func completeReset(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let body = try await service.bodies.read(CompletePasswordResetRequest.self, from: request)
        let newPassword = try Password.new(body.newPassword)
        let user = try await target(of: context)
        let attempt = try await service.throttle.take(
            ["reset:\(user.userID)"],
            of: request,
            context: context,
            field: .pinCode
        )
        let codeHash = VerificationCode(digits: body.pinCode).resetHash(userID: user.userID)
        let hash = try await service.hasher.hash(newPassword.rawValue)
        let now = service.clock()
        do {
            try await service.users.setPassword(of: user.userID, to: hash, now: now, keepingTokenHash: nil) {
                _,
                database in
                guard try await CodeStore.matchesResetCode(of: user.userID, codeHash: codeHash, now: now, in: database)
                else { throw ServiceFailure(.pinCode, .wrongCode) }
            }
        } catch let failure as ServiceFailure where failure.error.contains(ServiceProblem.wrongCode.code) {
            throw failure
        } catch {
            // Not a wrong code (the database failed, say): not the caller's failure.
            try? await service.throttle.notAFailure(attempt)
            throw error
        }
        try await service.throttle.succeeded(attempt)
        return .empty()
    }

    /// The user the path names, who must have a password to reset.
    private func target(of context: ServiceRequestContext) async throws -> StoredUser {
        let found: StoredUser?
        switch try UserReference(segment: try context.parameters.require("user"), policy: service.policy) {
        case .me, .nobody: found = nil
        case .id(let userID): found = try await service.users.user(userID)
        case .holder(let key): found = try await service.users.user(holding: key)
        }
        guard let user = found else { throw ServiceFailure(.userID, .userNotFound) }
        guard user.passwordHash != nil else { throw ServiceFailure(.userID, .noPassword) }
        return user
    }
}
