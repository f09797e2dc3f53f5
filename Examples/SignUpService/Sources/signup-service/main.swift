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
            let line = "signup-service listening on \(configuration.host):\(port), database \(configuration.database)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    )
    try await server.application.runService()
} catch let error as ConfigurationError {
    logger.critical("cannot start: \(error)")
    exit(2)
}
