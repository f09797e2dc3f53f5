public import Logging
import PostgresKit
import PostgresNIO
public import SQLKit
import ServiceLifecycle

/// PostgresNIO's `PostgresClient` (a pool of connections) seen through SQLKit.
public final class PostgresPool: DatabasePool {
    public var flavour: SQLFlavour { .postgres }

    private let client: PostgresClient

    /// A pool for `location`, of at most `maxConnections` connections.
    public init(location: PostgresLocation, maxConnections: Int, logger: Logger) {
        var configuration = PostgresClient.Configuration(
            host: location.host,
            port: location.port,
            username: location.username,
            password: location.password,
            database: location.database,
            tls: Self.tls(location.sslMode)
        )
        configuration.options.maximumConnections = maxConnections
        if let searchPath = location.searchPath {
            configuration.options.additionalStartupParameters = [("search_path", searchPath)]
        }
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    private static func tls(_ mode: PostgresLocation.SSLMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    public func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection { connection in
            try await body(connection.sql(queryLogLevel: nil))
        }
    }

    /// Runs the pool until the graceful shutdown (the application stops it after the server).
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await self.client.run()
        }
    }
}
