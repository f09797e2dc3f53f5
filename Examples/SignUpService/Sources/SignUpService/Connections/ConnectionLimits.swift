import HummingbirdCore
import Logging
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one client, or all of them, may hold of the service's connections: at most
/// `MAX_CONNECTIONS_PER_ADDRESS` open from one address (``AddressConnectionLimit``), at most
/// `MAX_CONNECTIONS` in all, below the process's file-descriptor limit so that the database, the
/// log and a new client's connection always find one (Hummingbird stops accepting at the cap, and
/// starts again once a connection closes), and `REQUEST_TIMEOUT_SECONDS` for a request's head
/// and body (``RequestDeadline``). Bad framing is answered by ``FramingGuard``.
struct ConnectionLimits: Sendable {
    /// File descriptors kept out of the connections' share: the database's files or its pool,
    /// the log, the listening socket, and the accepts in flight.
    static let reservedDescriptors = 256

    /// The connections of each address.
    let perAddress: AddressConnectionLimit.Counts
    /// The most connections in all.
    let total: Int
    /// The request's deadline.
    let requestTimeout: TimeAmount
    private let logger: Logger

    init(configuration: ServiceConfiguration, logger: Logger) {
        let bound = max(Self.descriptorLimit() - Self.reservedDescriptors, 1)
        total = min(configuration.maxConnections ?? bound, bound)
        // One address never takes every connection.
        perAddress = AddressConnectionLimit.Counts(maximum: min(configuration.maxConnectionsPerAddress, total))
        requestTimeout = .seconds(configuration.requestTimeout)
        self.logger = logger
    }

    /// The handlers each connection's pipeline gets after the HTTP decoder.
    func channelHandlers() -> [any RemovableChannelHandler] {
        [
            AddressConnectionLimit(counts: perAddress, logger: logger),
            FramingGuard(logger: logger),
            RequestDeadline(timeout: requestTimeout, logger: logger),
        ]
    }

    /// Hummingbird's delegate that stops accepting at ``total``.
    var acceptance: MaximumAvailableConnections { MaximumAvailableConnections(total, logger: logger) }

    /// The process's file-descriptor limit (its soft limit, raised to the hard limit first).
    static func descriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // No limit (`RLIM_INFINITY`, all ones) counts as a million.
        return Int(min(limit.rlim_cur, 1_048_576))
    }
}
