import HTTPTypes
import Hummingbird
import KiiIdentity

/// A user's identity under `/api/apps/{appID}/users/{user}`: the password, the email address and
/// the phone number, and their verification (`…/verify`, `…/resend-verification`). Only users
/// themselves reach these.
struct IdentityController {
    let service: ServiceContext

    /// The two addresses, as their path segments name them.
    enum Address: String, CaseIterable {
        case email = "email-address"
        case phone = "phone-number"

        var kind: LoginKind { self == .email ? .email : .phone }
    }

    /// Adds the routes to `own`, the caller's own `{user}`.
    func addRoutes(to own: RouterGroup<CallerContext>) {
        own.put("password") { request, context in try await changePassword(request, context) }
        own.put("email-address") { request, context in
            let body = try await service.bodies.read(EmailAddressModificationRequest.self, from: request)
            return try await changeAddress(.emailAddress, to: body.emailAddress, context)
        }
        own.put("phone-number") { request, context in
            let body = try await service.bodies.read(PhoneNumberModificationRequest.self, from: request)
            return try await changeAddress(.phoneNumber, to: body.phoneNumber, context)
        }
        for address in Address.allCases {
            own.post("\(address.rawValue)/verify") { request, context in
                try await verify(address.kind, request, context)
            }
            own.post("\(address.rawValue)/resend-verification") { request, context in
                try await resendVerification(address.kind, request, context)
            }
        }
    }

    // MARK: PUT …/password

    /// `{oldPassword, newPassword}`: the current password must be right (failures are throttled
    /// like logins); the user's other tokens are revoked, the caller's stays.
    func changePassword(_ request: Request, _ context: CallerContext) async throws -> Response {
        let caller = context.caller
        let body = try await service.bodies.read(ChangePasswordRequest.self, from: request)
        let newPassword = try Password.new(body.newPassword)
        let attempt = try await service.throttle.take(
            ["password:\(caller.userID)"],
            of: request,
            context: context,
            field: .oldPassword
        )
        let current = try await service.users.user(caller.userID)
        guard try await service.hasher.verify(body.oldPassword, against: current?.passwordHash) else {
            throw ServiceFailure(.oldPassword, .wrongPassword)
        }
        let checkedHash = current?.passwordHash
        let hash = try await service.hasher.hash(newPassword.rawValue)
        try await service.users.setPassword(
            of: caller.userID,
            to: hash,
            now: service.clock(),
            keepingTokenHash: caller.tokenHash
        ) { locked, _ in
            // Changed by another request since it was checked: that password was the one to give.
            guard locked.passwordHash == checkedHash else { throw ServiceFailure(.oldPassword, .wrongPassword) }
        }
        try await service.throttle.succeeded(attempt)
        return .empty()
    }

    // MARK: PUT …/email-address, …/phone-number

    /// The update of one identifier (a local phone number in the user's country), with its
    /// verification when the policy asks for it.
    func changeAddress(
        _ member: PredefinedMember,
        to value: JSONValue,
        _ context: CallerContext
    ) async throws
        -> Response
    {
        let policy = service.policy
        let now = service.clock()
        let lifetime = service.configuration.verificationCodeLifetime
        let userID = context.caller.userID
        let (_, codes) = try await service.users.change(userID: userID, now: now) { current in
            let update = try UserUpdate(of: current.record, json: [member.rawValue: value], policy: policy)
            return UserChange.applying(update, to: current, now: now, codeLifetime: lifetime)
        }
        service.deliver(codes, to: userID)
        return .empty()
    }

    // MARK: POST …/{email-address|phone-number}/verify

    /// `{"verificationCode": …}`: marks the address verified when the code is the user's
    /// current one for the address the user has now (throttled like logins).
    func verify(_ kind: LoginKind, _ request: Request, _ context: CallerContext) async throws -> Response {
        let userID = context.caller.userID
        let body = try await service.bodies.read(AddressVerificationRequest.self, from: request)
        let attempt = try await service.throttle.take(
            ["verify:\(userID):\(kind.rawValue)"],
            of: request,
            context: context,
            field: .verificationCode
        )
        let codeHash = VerificationCode(digits: body.verificationCode).hash(userID: userID, kind: kind)
        guard try await service.users.verify(userID: userID, kind: kind, codeHash: codeHash, now: service.clock())
        else { throw ServiceFailure(.verificationCode, .wrongCode) }
        try await service.throttle.succeeded(attempt)
        return .empty()
    }

    // MARK: POST …/{email-address|phone-number}/resend-verification

    /// A new code for an address waiting for verification (the earlier one stops working),
    /// counted like a failed login: an address a user wrote in cannot be flooded with codes.
    func resendVerification(_ kind: LoginKind, _ request: Request, _ context: CallerContext) async throws -> Response {
        guard let user = try await service.users.user(context.caller.userID), user.verified(kind) == false else {
            throw ServiceFailure(.address, .nothingToVerify)
        }
        let attempt = try await service.throttle.takeCodeRequest(
            of: user.userID,
            request,
            context: context,
            field: kind.field
        )
        let codes = service.issueCodes(for: [kind], of: user.record, userID: user.userID, now: service.clock())
        do {
            try await service.codes.issue(codes.map(\.issued), of: user.userID)
        } catch {
            try? await service.throttle.notAFailure(attempt)
            throw error
        }
        service.deliver(codes, to: user.userID)
        return .empty()
    }
}
