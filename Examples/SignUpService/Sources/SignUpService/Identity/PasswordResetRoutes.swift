import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's password reset, anonymous (the app's key is required):
///
/// - `POST /api/apps/{appID}/users/{user}/password/request-reset`, `{user}` an `EMAIL:`,
///   `PHONE:` or `LOGIN_NAME:` address or a user ID, with an optional body
///   `{"notificationMethod": "EMAIL"|"SMS", "smsResetMethod": …}`: a six-digit code goes to the
///   user's email address (by default) or phone (`SMS`) through the delivery point (logged only
///   in development mode), which must be verified (with verification off, every address is).
///   Kii's emailed link is a page of Kii's own: here the mail carries the code too. Every
///   request that sends a code is counted like a failed login (a mailbox or phone cannot be
///   flooded from one address).
/// - `POST …/password/complete-reset` `{pinCode, newPassword}`: sets the password, revokes every
///   token of the user and uses the code up. Wrong codes are throttled like logins.
struct PasswordResetRoutes {
    let service: ServiceContext

    static let base = "/api/apps/:appID/users/:user/password"
    static let resetRequest = MediaType.kii("ResetPasswordRequest")
    static let completion = MediaType.kii("CompletePasswordResetRequest")

    func add(to routes: inout Routes) {
        routes.add(.post, Self.base + "/request-reset") { request, context in try await requestReset(request, context) }
        routes.add(.post, Self.base + "/complete-reset") { request, context in
            try await completeReset(request, context)
        }
    }

    // MARK: POST …/password/request-reset

    func requestReset(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        try service.checkAnonymous(request, pathAppID: context.parameters.get("appID"))
        let bytes = try await RequestJSON.bytes(
            of: request,
            accepting: [.json, Self.resetRequest],
            maximumBytes: service.configuration.maxBodyBytes,
            allowEmpty: true
        )
        var method = "EMAIL"
        if let bytes, !bytes.isEmpty {
            let names = ["notificationMethod", "smsResetMethod"]
            let given = try RequestJSON.strings(names, of: try RequestJSON.members(of: bytes, allowed: names))
            method = given["notificationMethod"] ?? method
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
        let attempt = try await service.takeCodeRequest(of: user.userID, request, context, field: channel.field)
        let code = VerificationCode()
        do {
            try await service.codes.issueResetCode(
                hash: code.resetHash(userID: user.userID),
                expiresAt: service.clock() + service.configuration.verificationCodeLifetime,
                of: user.userID
            )
        } catch {
            try? await service.notAFailure(attempt)
            throw error
        }
        service.delivery.deliver(
            CodeMessage(userID: user.userID, purpose: .passwordReset, channel: channel, address: address, code: code)
        )
        return .empty()
    }

    // MARK: POST …/password/complete-reset

    func completeReset(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        try service.checkAnonymous(request, pathAppID: context.parameters.get("appID"))
        let bytes = try await service.body(of: request, accepting: [.json, Self.completion])
        let names = ["pinCode", "newPassword"]
        let given = try RequestJSON.strings(
            names,
            of: try RequestJSON.members(of: bytes, allowed: names),
            required: names,
            fields: ["pinCode": .pinCode, "newPassword": .newPassword]
        )
        let newPassword = try IdentityRoutes.password(given["newPassword"] ?? "")
        let user = try await target(of: context)
        let attempt = try await service.takeAttempt(
            ["reset:\(user.userID)"],
            from: service.clientAddress(of: request, context: context),
            field: .pinCode
        )
        let codeHash = VerificationCode(digits: given["pinCode"] ?? "").resetHash(userID: user.userID)
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
            try? await service.notAFailure(attempt)
            throw error
        }
        try await service.succeeded(attempt)
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
