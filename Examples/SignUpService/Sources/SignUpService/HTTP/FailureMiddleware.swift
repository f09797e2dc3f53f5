import HTTPTypes
import Hummingbird
import KiiIdentity
import Logging

/// Turns what a route throws into Kii's error answer (``ServiceFailure``) in the request's
/// language, and logs one line per request: method, path, status, problem codes and duration.
/// Never a body, a header value, a password, a token or a code.
///
/// - ``ServiceFailure``: its own status, headers and problems.
/// - `ValidationError` (a library call a route did not wrap): its problems' status.
/// - ``StoreError``: `USER_ALREADY_EXISTS` 409 naming the taken kinds, `USER_NOT_FOUND` 404 for a
///   user deleted meanwhile.
/// - ``DatabaseUnavailable``: 503 `SERVICE_UNAVAILABLE` with `Retry-After: 1`.
/// - Hummingbird's `HTTPError(.notFound)` for a path no route serves: 404 in the same shape.
/// - Anything else: 500 `internal_error`, logged with the error's type only.
struct FailureMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        var codes = ""
        do {
            response = try await next(request, context)
        } catch {
            let failure = Self.failure(for: error, request: request, logger: context.logger)
            codes = failure.codes
            response = failure.response(in: ValidationError.Language(acceptLanguage: request.headers[.acceptLanguage]))
        }
        let elapsed = ContinuousClock.now - start
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.path)",
            "status": "\(response.status.code)",
            "ms": "\((elapsed / .microseconds(1)).rounded() / 1_000)",
        ]
        if !codes.isEmpty { metadata["problems"] = "\(codes)" }
        context.logger.info("request", metadata: metadata)
        return response
    }

    /// What an error becomes.
    static func failure(for error: any Error, request: Request, logger: Logger) -> ServiceFailure {
        switch error {
        case let failure as ServiceFailure:
            return failure
        case let error as ValidationError:
            return ServiceFailure(error)
        case StoreError.taken(let kinds):
            return ServiceFailure(ValidationError(alreadyTaken: kinds))
        case StoreError.userNotFound:
            return ServiceFailure(.userID, .userNotFound)
        case let outage as DatabaseUnavailable:
            logger.warning("database unavailable", metadata: ["reason": "\(outage.reason)"])
            return ServiceFailure(.database, .databaseUnavailable, headers: [.retryAfter: "1"])
        case let error as HTTPError where error.status == .notFound:
            return ServiceFailure(.path, .noRoute(path: request.uri.path))
        default:
            logger.error("request failed", metadata: ["error.type": "\(String(reflecting: type(of: error)))"])
            return ServiceFailure(.service, .internalError)
        }
    }
}
