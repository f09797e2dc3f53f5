import Hummingbird

/// What every controller has: the use cases, the body reader and how to tell the client's
/// address (for the throttle, see ``ClientAddress``).
struct ControllerContext: Sendable {
    let accounts: UserAccounts
    let bodies: BodyReader

    /// The address the throttle counts `request` against.
    func clientAddress(of request: Request, context: some RemoteAddressRequestContext) -> String {
        ClientAddress.of(request, context: context, trustedHeader: accounts.configuration.trustedProxyHeader)
    }
}
