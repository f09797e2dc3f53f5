import HTTPTypes
import Hummingbird
import KiiIdentity
import Logging

/// Logs one line per request: method, path, status, the problems' codes and the duration; and
/// why a request failed as 503 (the outage's reason) or 500 (the error's type). Never a body, a
/// header value, a password, a token or a code. It runs inside ``ProblemMiddleware``, and throws
/// on what it logged as the ``ServiceFailure`` that answers it.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Logs the request once `next` has answered it or thrown.
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, problems: nil, since: start, logger: context.logger)
            return response
        } catch {
            let failure = ServiceFailure(answering: error, path: request.uri.path)
            switch error {
            case is ServiceFailure: break
            case let outage as DatabaseUnavailable:
                context.logger.warning("database unavailable", metadata: ["reason": "\(outage.reason)"])
            case _ where failure.status == .internalServerError:
                context.logger.error(
                    "request failed",
                    metadata: ["error.type": "\(String(reflecting: type(of: error)))"]
                )
            default: break
            }
            log(request, status: failure.status.code, problems: failure.codes, since: start, logger: context.logger)
            throw failure
        }
    }

    private func log(
        _ request: Request,
        status: Int,
        problems: String?,
        since start: ContinuousClock.Instant,
        logger: Logger
    ) {
        logger.info(
            "request",
            metadata: {
                var metadata: Logger.Metadata = [
                    "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(status)",
                    "ms": "\(((ContinuousClock.now - start) / .microseconds(1)).rounded() / 1_000)",
                ]
                if let problems, !problems.isEmpty { metadata["problems"] = "\(problems)" }
                return metadata
            }()
        )
    }
}
