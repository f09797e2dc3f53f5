import HTTPTypes
import Hummingbird
import KiiIdentity

/// A user's identity under `/api/apps/{appID}/users/{user}`: the password, the email address and
/// the phone number, and their verification (`…/verify`, `…/resend-verification`). Only users
/// themselves reach these.
struct IdentityController {
    let context: ControllerContext

    /// The two addresses, as their path segments name them.
    enum Address: String, CaseIterable {
        case email = "email-address"
        case phone = "phone-number"

        var kind: LoginKind { self == .email ? .email : .phone }
    }

    /// Adds the routes to `own`, the caller's own `{user}`.
    func addRoutes(to own: RouterGroup<CallerContext>) {
        let accounts = context.accounts
        let bodies = context.bodies
        own.put("password") { request, context in
            let body = try await bodies.read(ChangePasswordRequest.self, from: request)
            try await accounts.changePassword(
                of: context.caller,
                from: body.oldPassword,
                to: body.newPassword,
                address: self.context.clientAddress(of: request, context: context)
            )
            return Response.empty()
        }
        own.put("email-address") { request, context in
            try await changeIdentifier(EmailAddressMember.self, request, context)
        }
        own.put("phone-number") { request, context in
            try await changeIdentifier(PhoneNumberMember.self, request, context)
        }
        for address in Address.allCases {
            own.post("\(address.rawValue)/verify") { request, context in
                let body = try await bodies.read(AddressVerificationRequest.self, from: request)
                try await accounts.verify(
                    address.kind,
                    of: context.caller.userID,
                    code: body.verificationCode,
                    from: self.context.clientAddress(of: request, context: context)
                )
                return Response.empty()
            }
            own.post("\(address.rawValue)/resend-verification") { request, context in
                try await accounts.resendVerification(
                    address.kind,
                    of: context.caller.userID,
                    from: self.context.clientAddress(of: request, context: context)
                )
                return Response.empty()
            }
        }
    }

    /// `PUT …/email-address` or `…/phone-number`: the change of that identifier.
    func changeIdentifier<Member: ModifiedIdentifier>(
        _ member: Member.Type,
        _ request: Request,
        _ caller: CallerContext
    ) async throws -> Response {
        let body = try await context.bodies.read(IdentifierModificationRequest<Member>.self, from: request)
        try await context.accounts.changeAddress(of: caller.caller.userID, Member.predefined, to: body.value)
        return .empty()
    }
}
