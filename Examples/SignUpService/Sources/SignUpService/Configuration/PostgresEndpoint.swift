/// One PostgreSQL server of a ``PostgresLocation``: a host name or address and a port.
public struct PostgresEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address (an IPv6 address without its brackets).
    public var host: String
    /// The port.
    public var port: Int

    /// The server at `host` and `port`.
    public init(host: String, port: Int = 5432) {
        self.host = host
        self.port = port
    }

    /// `db.internal:5432`, `[::1]:5432`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
