import HTTPTypes
import Hummingbird
import KiiIdentity
import Logging

/// Logs one line per request: method, path (its identifiers redacted: ``LoggedPath``), status,
/// the problems' codes and the duration; and why a request failed as 503 (the outage's reason)
/// or 500 (the error's type). Never a body, a header value, an email address or phone number, a
/// password, a token or a code. It runs inside ``ProblemMiddleware``, and throws
/// on what it logged as the ``ServiceFailure`` that answers it. Nothing of a line is written
/// unless the logger's level takes it.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    /// Logs the request once `next` has answered it or thrown.
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // The clock is read only when the line is written.
        let start: ContinuousClock.Instant? = context.logger.logLevel <= .info ? .now : nil
        do {
            let response = try await next(request, context)
            Self.log(context.logger, request, response.status.code, nil, since: start)
            return response
        } catch {
            // The error as thrown (not a copy of it) goes on: nothing is boxed again. Its type is
            // compared, not cast (a cast of every failure showed in a rejected sign-up's profile).
            if type(of: error) == ServiceFailure.self {
                // Read out of the error only when the line is written.
                if start != nil, let failure = error as? ServiceFailure {
                    Self.log(context.logger, request, failure.status.code, failure.codes, since: start)
                }
                throw error
            }
            let logger = context.logger
            let failure = ServiceFailure(answering: error, path: request.uri.path)
            if let outage = error as? DatabaseUnavailable {
                logger.warning("database unavailable", metadata: ["reason": "\(outage.reason)"])
            } else if failure.status == .internalServerError {
                logger.error("request failed", metadata: ["error.type": "\(String(reflecting: type(of: error)))"])
            }
            Self.log(logger, request, failure.status.code, failure.codes, since: start)
            throw failure
        }
    }

    /// Writes a request's line, when the level takes it (`start`, the request's arrival, is then
    /// given); `problems` is read only then.
    private static func log(
        _ logger: Logger,
        _ request: Request,
        _ status: Int,
        _ problems: @autoclosure () -> String?,
        since start: ContinuousClock.Instant?
    ) {
        guard let start else { return }
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)", "path": "\(LoggedPath.of(request.uri.path))", "status": "\(status)",
            "ms": "\(((ContinuousClock.now - start) / .microseconds(1)).rounded() / 1_000)",
        ]
        if let problems = problems(), !problems.isEmpty { metadata["problems"] = "\(problems)" }
        logger.info("request", metadata: metadata)
    }
}
