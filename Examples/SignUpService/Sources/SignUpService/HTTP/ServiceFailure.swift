public import HTTPTypes
public import KiiIdentity

/// An answer other than success, thrown by a route and turned into a response by
/// ``AnswerMiddleware`` in the request's language: a status, the problems (the library's, or
/// the service's own ``ServiceProblem``s, in one `ValidationError`), and any headers
/// (`Retry-After`, `Allow`, `WWW-Authenticate`).
public struct APIFailure: Error, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The problems.
    public var error: ValidationError
    /// Headers to add.
    public var headers: HTTPFields

    /// A failure with one of the service's own problems, about `field`.
    init(
        _ status: HTTPResponse.Status,
        _ field: ValidationError.Field,
        _ problem: ServiceProblem,
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.error = ValidationError(field, problem)
        self.headers = headers
    }

    /// A failure with the library's problems; the status is the error's own (400, or 409 for
    /// a taken key or a user that is not a pseudo user).
    init(_ error: ValidationError) {
        status = HTTPResponse.Status(code: error.httpStatus)
        self.error = error
        headers = [:]
    }

    /// The body: `{"errors":[{"field","code","reason","message"}, ...]}` in `language`.
    func body(in language: ValidationError.Language) -> String {
        error.jsonBody(in: language)
    }

    /// The codes of the problems, for the log (never their values).
    var codes: String {
        error.problems.map(\.code.rawValue).joined(separator: ",")
    }
}
