import HTTPTypes
import Hummingbird
import KiiIdentity

/// A user's identity under `/api/apps/{appID}/users/{user}`: the password, the email address and
/// the phone number, and their verification (`…/verify`, `…/resend-verification`). Only users
/// themselves reach these.
struct IdentityRoutes {
    let service: ServiceContext

    static let user = "/api/apps/:appID/users/:user"
    static let passwordChange = MediaType.kii("ChangePasswordRequest")
    static let emailChange = MediaType.kii("EmailAddressModificationRequest")
    static let phoneChange = MediaType.kii("PhoneNumberModificationRequest")
    static let verification = MediaType.kii("AddressVerificationRequest")

    func add(to routes: inout Routes) {
        routes.add(.put, Self.user + "/password") { request, context in try await changePassword(request, context) }
        routes.add(.put, Self.user + "/email-address") { request, context in
            try await changeAddress(.email, request, context)
        }
        routes.add(.put, Self.user + "/phone-number") { request, context in
            try await changeAddress(.phone, request, context)
        }
        for address in Address.allCases {
            routes.add(.post, Self.user + "/\(address.rawValue)/verify") { request, context in
                try await verify(address.kind, request, context)
            }
            routes.add(.post, Self.user + "/\(address.rawValue)/resend-verification") { request, context in
                try await resendVerification(address.kind, request, context)
            }
        }
    }

    /// The two addresses, as their path segments name them.
    enum Address: String, CaseIterable {
        case email = "email-address"
        case phone = "phone-number"

        var kind: LoginKind { self == .email ? .email : .phone }
    }

    // MARK: PUT …/password

    /// `{oldPassword, newPassword}`: the current password must be right (failures are throttled
    /// like logins); the user's other tokens are revoked, the caller's stays.
    func changePassword(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let caller = try await service.callerItself(request, context: context)
        let bytes = try await service.body(of: request, accepting: [.json, Self.passwordChange])
        let names = ["oldPassword", "newPassword"]
        let given = try RequestJSON.strings(
            names,
            of: try RequestJSON.members(of: bytes, allowed: names),
            required: names,
            fields: ["oldPassword": .oldPassword, "newPassword": .newPassword]
        )
        guard let old = given["oldPassword"], let new = given["newPassword"] else {
            throw ServiceFailure(.service, .internalError)
        }
        let newPassword = try Self.password(new)
        let attempt = try await service.takeAttempt(
            ["password:\(caller.userID)"],
            from: service.clientAddress(of: request, context: context),
            field: .oldPassword
        )
        let current = try await service.users.user(caller.userID)
        guard try await service.hasher.verify(old, against: current?.passwordHash) else {
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
        try await service.succeeded(attempt)
        return .empty()
    }

    /// A new password by the library's rules, its problems under `newPassword`.
    static func password(_ text: String) throws -> Password {
        do throws(ValidationError) {
            return try Password(text)
        } catch {
            throw ServiceFailure(ValidationError(error.problems.map { $0.reported(under: .newPassword) }))
        }
    }

    // MARK: PUT …/email-address, …/phone-number

    /// `{"emailAddress": …}` or `{"phoneNumber": …}` (a local number in the user's country): the
    /// update of that one identifier, with its verification when the policy asks for it.
    func changeAddress(_ kind: LoginKind, _ request: Request, _ context: ServiceRequestContext) async throws -> Response
    {
        let caller = try await service.callerItself(request, context: context)
        let member = kind == .email ? PredefinedMember.emailAddress : .phoneNumber
        let bytes = try await service.body(
            of: request,
            accepting: [.json, kind == .email ? Self.emailChange : Self.phoneChange]
        )
        let members = try RequestJSON.members(of: bytes, allowed: [member.rawValue])
        guard members[member.rawValue] != nil else {
            throw ServiceFailure(ValidationError(member.field, .missing))
        }
        let policy = service.policy
        let now = service.clock()
        let lifetime = service.configuration.verificationCodeLifetime
        let userID = caller.userID
        let (_, codes) = try await service.users.change(userID: userID, now: now) { current in
            let update = try UserUpdate(of: current.record, json: members, policy: policy)
            return UserRoutes.change(applying: update, to: current, userID: userID, now: now, lifetime: lifetime)
        }
        service.deliver(codes, to: userID)
        return .empty()
    }

    // MARK: POST …/{email-address|phone-number}/verify

    /// `{"verificationCode": …}`: marks the address verified when the code is the user's
    /// current one for the address the user has now (throttled like logins).
    func verify(_ kind: LoginKind, _ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let caller = try await service.callerItself(request, context: context)
        let bytes = try await service.body(of: request, accepting: [.json, Self.verification])
        let names = ["verificationCode"]
        let given = try RequestJSON.strings(
            names,
            of: try RequestJSON.members(of: bytes, allowed: names),
            required: names,
            fields: ["verificationCode": .verificationCode]
        )
        let code = VerificationCode(digits: given["verificationCode"] ?? "")
        let attempt = try await service.takeAttempt(
            ["verify:\(caller.userID):\(kind.rawValue)"],
            from: service.clientAddress(of: request, context: context),
            field: .verificationCode
        )
        let codeHash = code.hash(userID: caller.userID, kind: kind)
        guard
            try await service.users.verify(userID: caller.userID, kind: kind, codeHash: codeHash, now: service.clock())
        else { throw ServiceFailure(.verificationCode, .wrongCode) }
        try await service.succeeded(attempt)
        return .empty()
    }

    // MARK: POST …/{email-address|phone-number}/resend-verification

    /// A new code for an address waiting for verification (the earlier one stops working),
    /// counted like a failed login: an address a user wrote in cannot be flooded with codes.
    func resendVerification(
        _ kind: LoginKind,
        _ request: Request,
        _ context: ServiceRequestContext
    ) async throws -> Response {
        let caller = try await service.callerItself(request, context: context)
        guard let user = try await service.users.user(caller.userID), user.verified(kind) == false else {
            throw ServiceFailure(.address, .nothingToVerify)
        }
        let attempt = try await service.takeCodeRequest(of: user.userID, request, context, field: kind.field)
        let codes = service.issueCodes(for: [kind], of: user.record, userID: user.userID, now: service.clock())
        do {
            try await service.codes.issue(codes.map(\.issued), of: user.userID)
        } catch {
            try? await service.notAFailure(attempt)
            throw error
        }
        service.deliver(codes, to: user.userID)
        return .empty()
    }
}
