public import HTTPTypes
public import Hummingbird
public import KiiIdentity
import NIOCore
import NIOHTTP1

/// An answer other than success, as Kii Cloud writes it: the status and Kii's `errorCode` come
/// from the problems themselves (``ServiceProblem/httpStatus``, `ValidationError.httpStatus`),
/// never from the handler that throws it, and the body keeps every problem the engine found:
///
/// ```json
/// {"errorCode":"INVALID_INPUT_DATA",
///  "errors":[{"field":"loginName","code":"too_short","reason":"…","message":"…"}],
///  "message":"username is too short (minimum 3 characters)"}
/// ```
///
/// `message` is the first problem's, `errors` all of them, both in the request's
/// `Accept-Language` (English or Japanese). A failed login adds OAuth's `error` and
/// `error_description` (what Kii's token endpoint answers).
public struct ServiceFailure: HTTPResponseError, Sendable {
    /// The problems (the library's, or the service's own ``ServiceProblem``s).
    public let error: ValidationError
    /// Headers to add (`Retry-After`, `Allow`, `WWW-Authenticate`).
    public var headers: HTTPFields
    /// Kii's `errorCode`: the service problem's own; for the library's, `USER_ALREADY_EXISTS`
    /// when an identifier is taken, `USER_ALREADY_HAS_IDENTITY` for the upgrade of a user that
    /// is not a pseudo user, and `INVALID_INPUT_DATA` for every rule of the input.
    public let errorCode: String
    /// The status the problems declare.
    public let status: HTTPResponse.Status

    /// A failure of one of the service's own problems, about `field`.
    init(_ field: ValidationError.Field, _ problem: ServiceProblem, headers: HTTPFields = [:]) {
        self.error = ValidationError(field, problem)
        self.headers = headers
        errorCode = problem.kiiErrorCode
        status = HTTPResponse.Status(code: problem.httpStatus)
    }

    /// A failure of the library's problems. (The service's own are only ever made by
    /// ``init(_:_:headers:)``, which takes Kii's `errorCode` from the ``ServiceProblem``.)
    init(_ error: ValidationError) {
        self.error = error
        headers = HTTPFields()
        errorCode = Self.errorCode(of: error)
        status = HTTPResponse.Status(code: error.httpStatus)
    }

    /// Kii's `errorCode` of the library's problems, from their codes in one pass (a problem's
    /// code is worked out from its declaration, so each is asked once).
    private static func errorCode(of error: ValidationError) -> String {
        var notAPseudoUser = false
        for index in error.problems.indices {
            switch error.problems[index].code {
            case .alreadyTaken: return "USER_ALREADY_EXISTS"
            case .notAPseudoUser: notAPseudoUser = true
            default: break
            }
        }
        return notAPseudoUser ? "USER_ALREADY_HAS_IDENTITY" : "INVALID_INPUT_DATA"
    }

    /// What `error`, thrown by a route, is answered as (``ProblemMiddleware``):
    ///
    /// - a ``ServiceFailure``: itself;
    /// - a `ValidationError` (a library call): its problems' status;
    /// - ``StoreError``: `USER_ALREADY_EXISTS` 409 naming the taken kinds, `USER_NOT_FOUND` 404
    ///   for a user deleted meanwhile;
    /// - ``DatabaseUnavailable``: 503 `SERVICE_UNAVAILABLE` with `Retry-After: 1`;
    /// - ``HashingBusy``: 503 `busy` (`SERVICE_UNAVAILABLE`) with `Retry-After: 1`;
    /// - Hummingbird's `HTTPError(.notFound)` for a path no route serves: 404 in the same shape;
    /// - NIO's `HTTPParserError` (bad framing, the client's fault): 400 ``ServiceProblem/malformedRequest``
    ///   (or ``ServiceProblem/headTooLarge``) with `Connection: close` (see ``FramingGuard``);
    /// - anything else: 500 `internal_error` (``RequestLogMiddleware`` logs its type).
    init(answering error: any Error, path: String) {
        switch error {
        case let failure as ServiceFailure: self = failure
        case let error as ValidationError: self.init(error)
        case StoreError.taken(let kinds): self.init(ValidationError(alreadyTaken: kinds))
        case StoreError.userNotFound: self.init(.userID, .userNotFound)
        case is DatabaseUnavailable: self.init(.database, .databaseUnavailable, headers: [.retryAfter: "1"])
        case is HashingBusy: self.init(.service, .hashingBusy, headers: [.retryAfter: "1"])
        case let error as HTTPError where error.status == .notFound: self.init(.path, .noRoute(path: path))
        case let error as HTTPParserError: self = Self(framing: error)
        default: self.init(.service, .internalError)
        }
    }

    /// The answer to a request the parser refused: 400, and the connection closed after it.
    init(framing error: HTTPParserError) {
        if case .headerOverflow = error {
            self.init(.head, .headTooLarge(maximum: FramingGuard.maximumHeadBytes))
        } else {
            self.init(.request, .malformedRequest)
        }
        headers[.connection] = "close"
    }

    /// The codes of the problems, for the log (never their values).
    var codes: String { error.problems.map(\.code.rawValue).joined(separator: ",") }

    /// The answer in the language of the request's `Accept-Language`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(in: ValidationError.Language(acceptLanguage: request.headers.value(.acceptLanguage)))
    }

    /// `Content-Type` of every failure.
    private static let contentType = HTTPField(name: .contentType, value: "application/json; charset=utf-8")
    /// `Content-Language` of an answer in English.
    private static let english = HTTPField(name: .contentLanguage, value: ValidationError.Language.english.rawValue)
    /// `Content-Language` of an answer in Japanese.
    private static let japanese = HTTPField(name: .contentLanguage, value: ValidationError.Language.japanese.rawValue)

    /// The headers of a failure without its own, in English and in Japanese.
    private static let plainHeaders = (
        english: HTTPFields([contentType, english]), japanese: HTTPFields([contentType, japanese])
    )

    /// The answer in `language`.
    func response(in language: ValidationError.Language) -> Response {
        let body = body(in: language)
        var headers: HTTPFields
        if self.headers.isEmpty {
            headers = language == .japanese ? Self.plainHeaders.japanese : Self.plainHeaders.english
        } else {
            // A failure's own headers are never these two.
            headers = self.headers
            headers.append(Self.contentType)
            headers.append(language == .japanese ? Self.japanese : Self.english)
        }
        // `Content-Length` last, as `Response` would add it (through `HTTPFields`' generic setter).
        headers.append(HTTPField(name: .contentLength, value: String(body.readableBytes)))
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// Whether `errorCode` is one of OAuth's token endpoint (RFC 6749, 5.2), answered with
    /// `error` and `error_description` beside Kii's members.
    var isOAuthError: Bool { errorCode == "invalid_grant" || errorCode == "unsupported_grant_type" }

    /// The allocator of every failure's body (made once: making one makes its closures).
    private static let allocator = ByteBufferAllocator()

    /// The body: Kii's `{"errorCode","errors","message"}` (and, for OAuth, `error` and
    /// `error_description`), written by the library in one piece, then copied once into the
    /// answer's buffer.
    func body(in language: ValidationError.Language) -> ByteBuffer {
        var bytes: [UInt8] = []
        error.appendKiiErrorBody(
            errorCode: errorCode,
            in: language,
            includingOAuthMembers: isOAuthError,
            to: &bytes
        )
        var buffer = Self.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }
}
