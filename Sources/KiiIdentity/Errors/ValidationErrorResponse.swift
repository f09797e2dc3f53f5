/// A ``ValidationError`` as an HTTP service answers it: a status and a JSON body of every
/// problem, in the client's language.
///
/// Inside a route closure, catch the error by its type: a plain `catch` there sees `any Error`
/// (the closure also awaits the request body), and an escaped `ValidationError` becomes a 500.
///
/// ```swift
/// do throws(ValidationError) {
///     let registration = try Registration(json: body, policy: policy)
///     let keys = registration.uniquenessKeys.keys
///     // insert the user and one row per key under a UNIQUE (kind, value) constraint;
///     // the kinds whose rows were refused: throw ValidationError(alreadyTaken: kinds)
/// } catch {
///     let language = ValidationError.Language(acceptLanguage: request.headers[.acceptLanguage])
///     return Response(status: .init(code: error.httpStatus), body: error.jsonBody(in: language))
/// }
/// ```
extension ValidationError {
    /// An error naming identifiers another user already has: one `already_taken` problem per
    /// kind, under the kind's field (`loginName`, `emailAddress`, `phoneNumber`), in table order.
    ///
    /// - Precondition: `kinds` is not empty.
    public init(alreadyTaken kinds: some Sequence<LoginKind>) {
        self.init(Set(kinds).sorted().map { Problem(field: $0.field, .alreadyTaken) })
    }

    /// The HTTP status of the error: 409 (Conflict) when every problem is `already_taken`, 400
    /// (Bad Request) otherwise.
    public var httpStatus: Int {
        problems.allSatisfy { $0.code == .alreadyTaken } ? 409 : 400
    }

    /// The error as a JSON response body, every problem with its field, code, reason and
    /// message in `language`:
    ///
    /// ```json
    /// {"errors":[{"field":"loginName","code":"too_short","reason":"is too short (minimum 3 characters)",
    ///   "message":"username is too short (minimum 3 characters)"}]}
    /// ```
    ///
    /// `reason` reads after the field's name; `message` is the whole sentence, as a form shows
    /// it. Members are in that order; the text is UTF-8 JSON (non-ASCII characters as they are).
    /// Like every text of an error, it never holds a password or any part of one.
    public func jsonBody(in language: Language = .english) -> String {
        var body = #"{"errors":["#
        for (index, problem) in problems.enumerated() {
            if index > 0 { body += "," }
            body += #"{"field":"# + JSONValue.quoted(problem.field.rawValue)
            body += #","code":"# + JSONValue.quoted(problem.code.rawValue)
            body += #","reason":"# + JSONValue.quoted(problem.reason(in: language))
            body += #","message":"# + JSONValue.quoted(problem.message(in: language)) + "}"
        }
        return body + "]}"
    }
}
