import Foundation
public import Hummingbird
import KiiIdentity
public import Logging
import NIOCore
import ServiceLifecycle

/// The service put together: the database pool, the stores, Kii's routes under `/api` and the
/// application that runs them, ready for `runService()` (SIGTERM and SIGINT stop it gracefully:
/// the server stops accepting, finishes the requests in flight, then the pool closes).
///
/// ```swift
/// let server = try await SignUpServer(configuration: ServiceConfiguration(environment: environment))
/// try await server.application.runService()
/// ```
public struct SignUpServer: Sendable {
    /// The application (a `Service`): run it with `runService()`, or test it with HummingbirdTesting.
    public let application: Application<KiiWireResponder<RouterResponder<ServiceRequestContext>>>
    /// The users and their keys, for tests and tools.
    public let users: UserStore
    /// The settings it runs with.
    public let configuration: ServiceConfiguration

    /// The database pool.
    public let pool: any DatabasePool
    /// How passwords are hashed (tests read a ``PasswordHasher``'s ``PasswordHasher/mostAtOnce``).
    package let hasher: any PasswordHashing
    /// What a login takes before its password is judged (the benchmark's executable times it).
    package let loginLimits: LoginLimits

    /// Opens the database and builds the application; the schema is migrated, and the phone
    /// engine warmed up, before the server accepts its first request.
    ///
    /// - Parameters:
    ///   - delivery: where verification and reset codes go; by default they are logged in
    ///     development mode and dropped otherwise (a deployment sends mail or SMS here).
    ///   - hasher: how passwords are hashed; ``PasswordHasher`` of the configured parameters by default.
    ///   - storeHook: a test's failure injection (see ``StoreStep``).
    ///   - clock: Unix seconds now (tests move time forward); the rate limits then count in its
    ///     whole seconds. `nil`: the system's clock, the rate limits in microseconds.
    ///   - middleware: wraps every route, outermost first (the benchmark's executable times
    ///     requests here).
    ///   - routes: adds routes of the caller's own, outside `/api`, after the service's (the
    ///     benchmark's executable adds its baselines here).
    ///   - onServerRunning: called with the bound port once the server listens.
    public init(
        configuration: ServiceConfiguration,
        logger: Logger = Logger(label: "signup-service"),
        delivery: VerificationDelivery? = nil,
        hasher: (any PasswordHashing)? = nil,
        storeHook: (@Sendable (StoreStep) throws -> Void)? = nil,
        clock: (@Sendable () -> Int64)? = nil,
        middleware: [any MiddlewareProtocol<Request, Response, ServiceRequestContext>] = [],
        routes: (Router<ServiceRequestContext>, any DatabasePool) -> Void = { _, _ in },
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        self.configuration = configuration
        // The page's files first: a missing one stops the start before a pool is open.
        let page = try SignUpPage(app: configuration.app, passwordPolicy: configuration.policy.passwordPolicy)
        let pool = try await Self.makePool(configuration, logger: logger)
        let hasher =
            hasher
            ?? PasswordHasher(
                parameters: configuration.hashParameters,
                concurrency: configuration.hashing.concurrency,
                maxWaiting: configuration.hashing.maxWaiting
            )
        let codeKey = CodeKey(configured: configuration.codeSecret, pool: pool)
        let limitClock: @Sendable () -> Int64
        if let clock {
            limitClock = { clock() * 1_000_000 }
        } else {
            limitClock = { Self.unixMicroseconds() }
        }
        let clock: @Sendable () -> Int64 = clock ?? { Self.unixTime() }
        let accounts = UserAccounts(
            store: SQLDataStore(pool: pool, hook: storeHook),
            hasher: hasher,
            configuration: configuration,
            delivery: delivery ?? Self.defaultDelivery(development: configuration.development, logger: logger),
            codeKey: codeKey,
            clock: clock,
            limitClock: limitClock
        )
        users = UserStore(store: accounts.store)
        self.pool = pool
        self.hasher = hasher
        loginLimits = accounts.loginLimits

        // `HEAD` wherever `GET` is served (``RouteTable/addMethodNotAllowed()``).
        let router = Router(context: ServiceRequestContext.self, options: .autoGenerateHeadEndpoints)
        for outer in middleware { router.add(middleware: outer) }
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: RequestLogMiddleware())
        let table = RouteTable(router: router)
        Self.addRoutes(to: table, accounts: accounts)
        HealthController(pool: pool).addRoutes(to: table)
        PageController(page: page).addRoutes(to: table)
        table.addMethodNotAllowed()
        routes(router, pool)

        let limits = ConnectionLimits(configuration: configuration, logger: logger)
        var application = Application(
            responder: KiiWireResponder(
                routes: router.buildResponder(),
                cors: Self.cors,
                exposedHeaders: Self.exposedHeaders.joined(separator: ", "),
                maximumBodyBytes: configuration.maxBodyBytes
            ),
            // A connection that delivers no complete request part within the idle time is closed;
            // the limits' handlers cap connections and requests (``ConnectionLimits``).
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: limits.channelHandlers(),
                    idleTimeout: .seconds(configuration.idleTimeout)
                )
            ),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                availableConnectionsDelegate: limits.acceptance
            ),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        application.addServices(
            pool,
            Housekeeping(pool: pool, logger: logger, clock: clock, hasher: hasher),
            HasherShutdown(hasher: hasher)
        )
        application.beforeServerStarts {
            try await Schema.migrate(
                pool,
                displayNamePolicy: configuration.policy.displayNamePolicy,
                logger: logger
            )
            try await hasher.storedHashes(StoredHashCosts.counted(in: pool))
            // The codes' key (generated by the first instance on this database), read once.
            _ = try await codeKey.current()
            PhoneNumber.warmUp()
        }
        self.application = application
    }

    /// Kii's routes, each group mounted once: the app's users (anonymous), a user (a signed-in
    /// caller; the caller's own for changes), the identity of one's own user, the password
    /// reset (anonymous), the token endpoint (anonymous, with or without the app in the path) and
    /// the end of a session (the caller's token).
    static func addRoutes(to table: RouteTable, accounts: UserAccounts) {
        let context = ControllerContext(
            accounts: accounts,
            bodies: BodyReader(maximumBytes: accounts.configuration.maxBodyBytes)
        )
        let credentials = AppCredentials(app: accounts.configuration.app)
        let anonymous = AppCheck(credentials: credentials)
        let caller = RouteCheck.caller(credentials, accounts: accounts)
        let app = table.group("api/apps/:appID")

        UsersController(context: context).addRoutes(to: app.group("users").add(middleware: anonymous))
        func user() -> RouterGroup<CallerContext> {
            app.group("users/:user").add(middleware: caller).group(context: CallerContext.self)
        }
        let own = user().add(middleware: RouteCheck.owner(accounts))
        UserController(context: context).addRoutes(to: user(), own: own)
        IdentityController(context: context).addRoutes(to: own)
        PasswordResetController(context: context).addRoutes(
            to: app.group("users/:user/password").add(middleware: anonymous)
        )
        SessionController(context: context).addRoutes(
            to: app.group("oauth2/revoke").add(middleware: caller).group(context: CallerContext.self)
        )
        let tokens = TokenController(context: context)
        tokens.addRoutes(to: table.group("api/oauth2/token").add(middleware: anonymous))
        tokens.addRoutes(to: app.group("oauth2/token").add(middleware: anonymous))
        // Outside Kii's routes: a form's checks, for the page and any client.
        ChecksController(context: context).addRoutes(to: table)
    }

    /// What a browser's SDK needs: preflights answered, `Access-Control-Allow-Origin: *` on every
    /// answer (errors too), Kii's headers allowed (the Unity SDK's in a WebGL build too: its
    /// method override and `userID`), `X-HTTP-Status-Code` exposed.
    static var cors: CORSMiddleware<ServiceRequestContext> {
        CORSMiddleware(
            allowOrigin: .all,
            allowHeaders: [
                .accept, .acceptLanguage, .authorization, .contentType, .origin, .kiiAppID, .kiiAppKey, .kiiSDK,
                .httpMethodOverride, .kiiUserID,
            ],
            allowMethods: [.get, .head, .post, .put, .delete, .options],
            exposedHeaders: exposedHeaders,
            maxAge: .seconds(600)
        )
    }

    /// The answer's headers a browser's script may read: named in preflights and, since that is
    /// where browsers look, on every answer to a request with `Origin` (``KiiWireResponder``).
    static let exposedHeaders = ["Location", "Retry-After", "Content-Language", "X-HTTP-Status-Code"]

    /// The pool `configuration` names.
    static func makePool(_ configuration: ServiceConfiguration, logger: Logger) async throws -> any DatabasePool {
        switch configuration.database {
        case .sqliteFile(let path): try await SQLitePool(file: path, logger: logger)
        case .sqliteMemory: try await SQLitePool(file: nil, logger: logger)
        case .postgres(let location):
            PostgresPool(
                location: location,
                maxConnections: configuration.postgresMaxConnections,
                timeout: .seconds(configuration.databaseTimeout),
                logger: logger
            )
        }
    }

    /// Logs codes at notice level in development mode; drops them otherwise (nothing sends them).
    static func defaultDelivery(development: Bool, logger: Logger) -> VerificationDelivery {
        VerificationDelivery { message in
            if development {
                logger.notice(
                    "code (development mode only)",
                    metadata: [
                        "userID": "\(message.userID)", "purpose": "\(message.purpose.rawValue)",
                        "channel": "\(message.channel)", "code": "\(message.code.digits)",
                    ]
                )
            } else {
                logger.info(
                    "code issued (not sent: no delivery configured)",
                    metadata: ["purpose": "\(message.purpose.rawValue)", "channel": "\(message.channel)"]
                )
            }
        }
    }

    /// Unix seconds now.
    public static func unixTime() -> Int64 { Int64(Date().timeIntervalSince1970) }

    /// Unix microseconds now (the rate limits' clock).
    public static func unixMicroseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1_000_000).rounded(.down)) }
}
