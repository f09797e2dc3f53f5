import Foundation
public import Hummingbird
import KiiIdentity
public import Logging
import NIOCore
import ServiceLifecycle

/// The service put together: the database pool, the store, the routes and the application
/// that runs them, ready for `runService()` (SIGTERM and SIGINT stop it gracefully: the server
/// stops accepting, finishes the requests in flight, then the pool closes).
///
/// ```swift
/// let server = try await SignUpServer(configuration: ServiceConfiguration(environment: environment))
/// try await server.application.runService()
/// ```
public struct SignUpServer: Sendable {
    /// The application (a `Service`): run it with `runService()`, or test it with HummingbirdTesting.
    public let application: Application<RouterResponder<BasicRequestContext>>
    /// The store, for tests and tools.
    public let store: UserStore
    /// The settings it runs with.
    public let configuration: ServiceConfiguration
    /// Where requests' time goes, in benchmark mode.
    public let timings: BenchmarkTimings

    /// Opens the database and builds the application; the schema is migrated, and the phone
    /// engine warmed up, before the server accepts its first request.
    ///
    /// - Parameters:
    ///   - delivery: where verification codes go; by default they are logged in development
    ///     mode and dropped otherwise (a deployment sends mail or SMS here).
    ///   - storeHook: a test's failure injection (see ``StoreStep``).
    ///   - clock: Unix seconds now (tests move time forward).
    ///   - onServerRunning: called with the bound port once the server listens.
    public init(
        configuration: ServiceConfiguration,
        logger: Logger = Logger(label: "signup-service"),
        delivery: VerificationDelivery? = nil,
        storeHook: (@Sendable (StoreStep) throws -> Void)? = nil,
        clock: @escaping @Sendable () -> Int64 = { SignUpServer.unixTime() },
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        self.configuration = configuration
        let pool = try await Self.makePool(configuration, logger: logger)
        store = UserStore(pool: pool, hook: storeHook)
        timings = BenchmarkTimings(enabled: configuration.benchmarkRoutes)
        let hasher = PasswordHasher(
            cost: configuration.bcryptCost,
            timing: timings.bcrypt,
            hashes: !configuration.benchmarkWithoutHashing
        )
        let api = SignUpAPI(
            store: store,
            hasher: hasher,
            configuration: configuration,
            delivery: delivery ?? Self.defaultDelivery(development: configuration.development, logger: logger),
            clock: clock,
            timings: timings
        )

        let router = Router()
        router.add(middleware: AnswerMiddleware(timings: timings))
        var routes = Routes(router: router)
        routes.add(.post, "/users") { request, _ in try await api.signUp(request) }
        routes.add(.post, "/users/pseudo") { request, _ in try await api.createPseudoUser(request) }
        routes.add(.put, "/users/me/identity") { request, _ in try await api.upgrade(request) }
        routes.add(.post, "/oauth2/token") { request, _ in try await api.logIn(request) }
        routes.add(.get, "/users/me") { request, _ in try await api.readMe(request) }
        routes.add(.patch, "/users/me") { request, _ in try await api.update(request) }
        routes.add(.delete, "/users/me") { request, _ in try await api.deleteMe(request) }
        routes.add(.post, "/users/me/verify") { request, _ in try await api.verify(request) }
        routes.add(.get, "/users/:userID") { request, context in
            try await api.readUser(request, userID: try context.parameters.require("userID"))
        }
        routes.add(.get, "/health") { _, _ in try await api.health() }
        if configuration.benchmarkRoutes {
            BenchmarkRoutes(store: store, timings: timings).add(to: &routes)
        }
        routes.addMethodNotAllowed()

        var application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        application.addServices(
            pool,
            Housekeeping(store: store, logger: logger, clock: clock),
            HasherShutdown(hasher: hasher)
        )
        let benchmark = configuration.benchmarkRoutes
        application.beforeServerStarts {
            try await Schema.migrate(pool, logger: logger)
            if benchmark { try await BenchmarkRoutes.createTable(pool) }
            PhoneNumber.warmUp()
        }
        self.application = application
    }

    /// The pool `configuration` names.
    static func makePool(_ configuration: ServiceConfiguration, logger: Logger) async throws -> any DatabasePool {
        switch configuration.database {
        case .sqliteFile(let path): try await SQLitePool(file: path, logger: logger)
        case .sqliteMemory: try await SQLitePool(file: nil, logger: logger)
        case .postgres(let location):
            PostgresPool(location: location, maxConnections: configuration.postgresMaxConnections, logger: logger)
        }
    }

    /// Logs codes at notice level in development mode; drops them otherwise (nothing sends them).
    static func defaultDelivery(development: Bool, logger: Logger) -> VerificationDelivery {
        VerificationDelivery { userID, kind, code in
            if development {
                logger.notice(
                    "verification code (development mode only)",
                    metadata: ["userID": "\(userID)", "kind": "\(kind)", "code": "\(code.digits)"]
                )
            } else {
                logger.info(
                    "verification code issued (not sent: no delivery configured)",
                    metadata: ["kind": "\(kind)"]
                )
            }
        }
    }

    /// Unix seconds now.
    public static func unixTime() -> Int64 { Int64(Date().timeIntervalSince1970) }
}
