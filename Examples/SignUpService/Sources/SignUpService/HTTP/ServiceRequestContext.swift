public import Hummingbird
public import NIOCore

/// The context of every request the service answers: Hummingbird's core context and the
/// address of the connection's peer, which the throttle counts failures against (see
/// ``ClientAddress``).
public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer, when the channel has one (a test's in-process channel has none).
    public let remoteAddress: SocketAddress?
    /// The caller of a user's route, once ``RouteCheck/caller(_:accounts:)`` has resolved it.
    var caller: Caller?

    /// The context of a request on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
