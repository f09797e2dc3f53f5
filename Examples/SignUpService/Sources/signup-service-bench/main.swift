import Foundation
import Hummingbird
import Logging
import SignUpService

// The sign-up service as `make bench-signup` measures it: the same server, plus what only the
// benchmark builds (none of it is in the service's own code):
//   - BaselineRoutes: GET /bench/trivial and POST /bench/insert, the rates that bound the
//     service's routes;
//   - RequestTimer: the time of each request inside the server, read from GET /bench/stats;
//   - LoginLimitTimer: POST /bench/login-limits, a login's limit check timed alone;
//   - BENCH_NO_HASHING=1: FixedHashPasswords instead of the password hash, to measure the rest of a sign-up.
// Everything else comes from the environment, as for signup-service.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}
let logger = Logger(label: "signup-service-bench")
let environment = ProcessInfo.processInfo.environment
let configuration = try ServiceConfiguration(environment: environment)
let timer = RequestTimer()
let loginLimitTimer = LoginLimitTimer()
let server = try await SignUpServer(
    configuration: configuration,
    logger: logger,
    hasher: environment["BENCH_NO_HASHING"] == "1" ? FixedHashPasswords(cost: configuration.bcryptCost) : nil,
    middleware: [timer],
    routes: { router, pool in
        BaselineRoutes(pool: pool).add(to: router)
        timer.addStatsRoute(to: router)
        loginLimitTimer.addRoutes(to: router)
    },
    onServerRunning: { port in
        FileHandle.standardOutput.write(Data("signup-service-bench listening on \(configuration.host):\(port)\n".utf8))
    }
)
loginLimitTimer.server = (server.loginLimits, server.hasher)
// The bare insert's table, once the pool runs (PostgreSQL's client leases nothing before).
var application = server.application
application.beforeServerStarts { try await BaselineRoutes.createTable(server.pool) }
try await application.runService()
