public import HTTPTypes
public import KiiIdentity

/// An answer other than success, thrown by a route and turned into a response by
/// ``AnswerMiddleware`` in the request's language: a status, the problems, and any headers
/// (`Retry-After`, `Allow`, `WWW-Authenticate`).
public struct APIFailure: Error, Sendable {
    /// The problems of the body.
    public enum Problems: Sendable {
        /// The library's problems (400, or 409 for taken keys), with its own JSON body.
        case validation(ValidationError)
        /// The service's own.
        case service([ServiceProblem])
    }

    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The problems.
    public var problems: Problems
    /// Headers to add.
    public var headers: HTTPFields

    /// A failure with the service's own problems.
    init(_ status: HTTPResponse.Status, _ problems: ServiceProblem..., headers: HTTPFields = [:]) {
        self.status = status
        self.problems = .service(problems)
        self.headers = headers
    }

    /// A failure with the library's problems; the status is the error's own (400 or 409).
    init(_ error: ValidationError) {
        status = HTTPResponse.Status(code: error.httpStatus)
        problems = .validation(error)
        headers = [:]
    }

    /// The body: `{"errors":[{"field","code","reason","message"}, ...]}` in `language`.
    func body(in language: ValidationError.Language) -> String {
        switch problems {
        case .validation(let error): error.jsonBody(in: language)
        case .service(let problems): ServiceProblem.body(problems, in: language)
        }
    }

    /// The codes of the problems, for the log (never their values).
    var codes: String {
        switch problems {
        case .validation(let error): error.problems.map(\.code.rawValue).joined(separator: ",")
        case .service(let problems): problems.map(\.code).joined(separator: ",")
        }
    }
}
