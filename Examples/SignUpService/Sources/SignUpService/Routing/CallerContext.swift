import Hummingbird
import NIOCore

/// The context of a user's route: the request's, with the caller that ``RouteCheck/caller(_:accounts:)``
/// resolved (``RouteCheck/caller(_:accounts:)``; Hummingbird's child context, made once per request before the group's routes).
struct CallerContext: ChildRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's peer (see ``ClientAddress``).
    let remoteAddress: SocketAddress?
    /// The user the token names.
    let caller: Caller

    init(context: ServiceRequestContext) throws {
        // Only reached behind RouteCheck.caller, which sets it.
        guard let caller = context.caller else { throw ServiceFailure(.service, .internalError) }
        coreContext = context.coreContext
        remoteAddress = context.remoteAddress
        self.caller = caller
    }
}

/// The user a request's token names, and that token's hash (kept when the user changes the
/// password).
struct Caller: Sendable, Hashable {
    var userID: String
    var tokenHash: String
}
