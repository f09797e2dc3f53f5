import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KiiIdentity
import Logging
import NIOConcurrencyHelpers
import NIOCore
import SignUpService
import Testing

/// One service of one test: its own database, a clock the test moves, the verification codes
/// it issued, and a switch that makes the store fail at a chosen step.
final class Harness: Sendable {
    let server: SignUpServer
    let client: any TestClientProtocol
    private let state: NIOLockedValueBox<State>

    struct State {
        var now: Int64 = 1_800_000_000
        var codes: [String: String] = [:]
        var failAt: StoreStep?
    }

    init(server: SignUpServer, client: any TestClientProtocol, state: NIOLockedValueBox<State>) {
        self.server = server
        self.client = client
        self.state = state
    }

    var store: UserStore { server.store }

    /// Moves the service's clock forward.
    func advance(seconds: Int64) { state.withLockedValue { $0.now += seconds } }

    /// The last code issued for `kind` of `userID`.
    func code(_ kind: LoginKind, of userID: String) -> String? {
        state.withLockedValue { $0.codes["\(userID):\(kind)"] }
    }

    /// Makes every later write fail at `step` (`nil`: no more failures).
    func failWrites(at step: StoreStep?) { state.withLockedValue { $0.failAt = step } }

    /// Rows of every table of the service, by table.
    func rowCounts() async throws -> [UserStore.Table: Int] {
        var counts: [UserStore.Table: Int] = [:]
        for table in UserStore.Table.allCases { counts[table] = try await store.count(table) }
        return counts
    }

    // MARK: Requests

    /// Sends a request; `json` is sent as `application/json` unless `contentType` says otherwise.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method,
        _ uri: String,
        json: String? = nil,
        token: String? = nil,
        language: String? = nil,
        contentType: String? = "application/json",
        headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if json != nil, let contentType { headers[.contentType] = contentType }
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let language { headers[.acceptLanguage] = language }
        let response = try await client.executeRequest(
            uri: uri,
            method: method,
            headers: headers,
            body: json.map { ByteBuffer(string: $0) }
        )
        return Answer(response)
    }

    /// Signs a user up and requires a 201.
    @discardableResult
    func signUp(_ json: String) async throws -> Answer {
        let answer = try await send(.post, "/users", json: json)
        try #require(answer.status == 201, "sign-up failed: \(answer)")
        return answer
    }

    /// Logs in and requires a 200; returns the access token.
    func logIn(_ username: String, _ password: String = "correct horse", country: String? = nil) async throws -> String
    {
        let countryMember = country.map { #","country":"\#($0)""# } ?? ""
        let answer = try await send(
            .post,
            "/oauth2/token",
            json: #"{"username":"\#(username)","password":"\#(password)"\#(countryMember)}"#
        )
        try #require(answer.status == 200, "login failed: \(answer)")
        return try #require(answer.string("access_token"))
    }
}

/// A setting a test changes from the tests' defaults (bcrypt cost 4, verification off).
enum Setting: Sendable {
    case emailVerification
    case phoneVerification
    case exposeFullUserData
    case loginFailuresPerMinute(Int)
    case tokenLifetime(Int64)
    case maxBodyBytes(Int)

    func apply(to configuration: inout ServiceConfiguration) {
        switch self {
        case .emailVerification: configuration.policy.emailVerification = true
        case .phoneVerification: configuration.policy.phoneVerification = true
        case .exposeFullUserData: configuration.policy.exposeFullUserData = true
        case .loginFailuresPerMinute(let count): configuration.loginFailuresPerMinute = count
        case .tokenLifetime(let seconds): configuration.tokenLifetime = seconds
        case .maxBodyBytes(let bytes): configuration.maxBodyBytes = bytes
        }
    }
}

/// Runs `body` against a new service on `backend`: in process (HummingbirdTesting's router
/// framework) unless `live`, which starts a real server on a free port.
func withService(
    _ backend: Backend,
    live: Bool = false,
    _ settings: Setting...,
    body: @escaping @Sendable (Harness) async throws -> Void
) async throws {
    let database = try await TestDatabase.make(backend)
    var configuration = ServiceConfiguration()
    configuration.database = database.location
    configuration.bcryptCost = 4
    configuration.port = 0
    configuration.postgresMaxConnections = 8
    for setting in settings { setting.apply(to: &configuration) }
    let state = NIOLockedValueBox(Harness.State())
    var logger = Logger(label: "signup-tests")
    logger.logLevel = .warning
    do {
        let server = try await SignUpServer(
            configuration: configuration,
            logger: logger,
            delivery: VerificationDelivery { userID, kind, code in
                state.withLockedValue { $0.codes["\(userID):\(kind)"] = code.digits }
            },
            storeHook: { step in
                if state.withLockedValue({ $0.failAt }) == step { throw InjectedFailure(step: step) }
            },
            clock: { state.withLockedValue { $0.now } }
        )
        try await server.application.test(live ? .live : .router) { client in
            try await body(Harness(server: server, client: client, state: state))
        }
    } catch {
        await database.drop()
        throw error
    }
    await database.drop()
}
