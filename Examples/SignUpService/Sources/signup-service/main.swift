import Foundation
import Logging
import SignUpService

// The service from the environment (see ServiceConfiguration): `swift run` starts it on
// signup.sqlite at port 8080. SIGTERM or SIGINT stops it after the requests in flight.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    return handler
}
let logger = Logger(label: "signup-service")
do {
    let configuration = try ServiceConfiguration(environment: ProcessInfo.processInfo.environment)
    let server = try await SignUpServer(
        configuration: configuration,
        logger: logger,
        onServerRunning: { port in
            // Unbuffered, so that a supervisor (or a test) reading the output sees it at once.
            let app = configuration.app
            let development = app == .development ? " (development defaults: set KII_APP_ID and KII_APP_KEY)" : ""
            let lines = """
                signup-service listening on \(configuration.host):\(port), database \(configuration.database)
                Kii app ID \(app.id), app key \(app.key)\(development); SDK base URL http://\(configuration.host):\(port)/api
                \(configuration.passwordSummary)

                """
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
    )
    try await server.application.runService()
} catch let error as ConfigurationError {
    logger.critical("cannot start: \(error)")
    exit(2)
} catch {
    // The database cannot be opened, the port is taken, ...: a message and a status, not a trap.
    logger.critical("cannot start: \(error)")
    exit(1)
}
