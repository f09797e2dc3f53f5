import HTTPTypes
import Hummingbird
import KiiIdentity

/// Answers what a route throws, in one place: Kii's error body (``ServiceFailure``, see
/// ``ServiceFailure/init(answering:path:)``) in the request's `Accept-Language`.
struct ProblemMiddleware: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let failure = error as? ServiceFailure ?? ServiceFailure(answering: error, path: request.uri.path)
            return failure.response(
                in: ValidationError.Language(acceptLanguage: request.headers.value(.acceptLanguage))
            )
        }
    }

    typealias Context = ServiceRequestContext
}
