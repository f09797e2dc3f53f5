import Foundation
import HTTPTypes
import Hummingbird
import KiiIdentity
import Logging
import NIOCore

/// Turns what a route throws into the answer, in the language of the request's
/// `Accept-Language`, and logs one line per request: method, path, status, problem codes and
/// duration. Never a body, a header value, a password, a token or a code.
///
/// - ``APIFailure``: its status, headers and problems.
/// - `ValidationError` (a library call a route did not catch): 400, or 409 for taken keys.
/// - ``StoreError``: 409 naming the taken kinds (`already_taken`), 404 for a user deleted
///   meanwhile.
/// - Hummingbird's `HTTPError(.notFound)` for a path no route serves: 404 in the same shape.
/// - Anything else: 500 `internal_error`, logged with the error's type only.
struct AnswerMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Sums the requests' times (and the library's, for error bodies) in benchmark mode.
    let timings: BenchmarkTimings

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response: Response
        var codes = ""
        do {
            response = try await next(request, context)
        } catch {
            let failure = Self.failure(for: error, request: request, logger: context.logger)
            codes = failure.codes
            let language = ValidationError.Language(acceptLanguage: request.headers[.acceptLanguage])
            response = timings.library.measure { Self.response(failure, in: language) }
        }
        let elapsed = ContinuousClock.now - start
        timings.request.add(elapsed)
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
    static func failure(for error: any Error, request: Request, logger: Logger) -> APIFailure {
        switch error {
        case let failure as APIFailure:
            return failure
        case let error as ValidationError:
            return APIFailure(error)
        case StoreError.taken(let kinds):
            return APIFailure(ValidationError(alreadyTaken: kinds))
        case StoreError.userNotFound:
            return APIFailure(.notFound, .userID, .userNotFound)
        case let error as HTTPError where error.status == .notFound:
            return APIFailure(.notFound, .path, .noRoute(path: request.uri.path))
        default:
            logger.error("request failed", metadata: ["error.type": "\(String(reflecting: type(of: error)))"])
            return APIFailure(.internalServerError, .service, .internalError)
        }
    }

    /// The response of `failure` in `language`.
    static func response(_ failure: APIFailure, in language: ValidationError.Language) -> Response {
        var headers = failure.headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        return Response(
            status: failure.status,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: failure.body(in: language)))
        )
    }
}
