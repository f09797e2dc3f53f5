import HTTPTypes
public import Hummingbird
import KiiIdentity
import NIOCore

/// What every request and answer goes through before and after the routes: Kii's method
/// override in, `X-HTTP-Status-Code` and CORS out. Kii's Unity SDK inside Unity (its `unity/http`
/// transport, over Unity's `WWW`) can send only a GET without headers or a POST with a body, and
/// cannot read an error's status; Kii's servers serve it by these two rules, and so does this one.
///
/// - A `POST` with `X-HTTP-Method-Override: GET|PUT|DELETE|HEAD` is that method on that path
///   (an override to a method the path does not take is 405 as any such request). `GET`,
///   `DELETE` and `HEAD` take no body: the SDK's dummy `{"_method":"GET"}` is dropped whatever
///   its `Content-Type` (`WWW` sends `application/x-www-form-urlencoded` when none is set). A
///   `PUT` keeps its body. On the wire the request is a `POST`, so the answer to an override to
///   `HEAD` has the `HEAD`'s status and headers and no body, with `Content-Length: 0` (the
///   `GET`'s length would leave the client waiting for bytes that never come). Any other value, or the header more than once, is 405 naming the
///   methods an override may be; the header on another method than `POST` is ignored, and no
///   other way of overriding (a `_method` member or query item, `X-HTTP-Method`) is read.
/// - A `POST` of `Content-Type: application/X-Dummy-Content` (the SDK's `{"_method":"POST"}`,
///   since `WWW` cannot post an empty body) is a `POST` without a body.
/// - Every answer, errors and CORS preflights too, carries `X-HTTP-Status-Code` with its status,
///   `X-Content-Type-Options: nosniff` and `Cache-Control: no-store` (unless it has its own),
///   and an answer to a request with `Origin` names it in `Access-Control-Expose-Headers`.
/// - Every request is read to its end before it is answered (``WholeRequest``).
public struct KiiWireResponder<Routes: HTTPResponder>: HTTPResponder
where Routes.Context == ServiceRequestContext {
    public typealias Context = ServiceRequestContext

    /// The router.
    let routes: Routes
    /// Preflights answered, `Access-Control-*` on every answer.
    let cors: CORSMiddleware<ServiceRequestContext>
    /// `Access-Control-Expose-Headers` of an answer to a request with `Origin` (Hummingbird's
    /// CORS middleware names them in preflights only; browsers read them on the answer).
    let exposedHeaders: String

    /// The longest body (`MAX_BODY_BYTES`): a request is read whole before it is answered
    /// (``WholeRequest``).
    let maximumBodyBytes: Int

    public func respond(to original: Request, context: Context) async throws -> Response {
        // The body first, whole; a request that cannot be read so is answered through CORS too.
        let whole = await WholeRequest.read(original, maximumBytes: maximumBodyBytes)
        let request = (try? whole.get()) ?? original
        var response: Response
        do {
            response = try await cors.handle(request, context: context) { request, context in
                let language = ValidationError.Language(acceptLanguage: request.headers.value(.acceptLanguage))
                if case .failure(let failure) = whole { return failure.response(in: language) }
                switch MethodOverride.apply(to: request) {
                case .success(let request): return try await routes.respond(to: request, context: context)
                case .failure(let failure): return failure.response(in: language)
                }
            }
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if MethodOverride.isHeadOverride(request), response.status != .methodNotAllowed {
            response = response.createHeadResponse()
            response.headers[.contentLength] = "0"
        }
        return finish(response, to: request)
    }

    /// `response` with `X-HTTP-Status-Code`, the headers a browser's script may read named,
    /// `X-Content-Type-Options: nosniff`, and `Cache-Control: no-store` unless it says otherwise
    /// (the page's files do: `no-cache`): a user's record, a token or an error is never kept by a
    /// cache (RFC 6749, 5.1, for tokens). To a `HEAD` on the wire, without its body.
    private func finish(_ response: Response, to request: Request) -> Response {
        var response = request.method == .head ? response.createHeadResponse() : response
        response.headers[.httpStatusCode] = String(response.status.code)
        response.headers[.xContentTypeOptions] = "nosniff"
        if !response.headers.contains(.cacheControl) { response.headers[.cacheControl] = "no-store" }
        if request.headers.value(.origin) != nil, !response.headers.contains(.accessControlExposeHeaders) {
            response.headers[.accessControlExposeHeaders] = exposedHeaders
        }
        return response
    }
}

/// Kii's method override (see ``KiiWireResponder``).
enum MethodOverride {
    /// The methods a `POST` may be overridden to.
    static let overridable: [HTTPRequest.Method] = [.get, .put, .delete, .head]

    /// Whether `request` is a `POST` overridden to `HEAD`: the routes answer it as a `HEAD`,
    /// the wire carries a `POST`'s answer.
    static func isHeadOverride(_ request: Request) -> Bool {
        request.method == .post && request.headers[values: .httpMethodOverride].map { $0.trimmingSpaces() } == ["HEAD"]
    }

    /// The request as the routes see it: `request` itself, the method it overrides to, or the
    /// empty `POST` its dummy content stands for; or the refusal of an override.
    static func apply(to request: Request) -> Result<Request, ServiceFailure> {
        guard request.method == .post else { return .success(request) }
        guard request.headers.contains(.httpMethodOverride) else {
            if let contentType = request.headers.value(.contentType), MediaType.dummyContent.matches(contentType) {
                return .success(withoutBody(request, method: .post))
            }
            return .success(request)
        }
        let overrides = request.headers[values: .httpMethodOverride]
        guard let value = overrides.first else { return .success(request) }
        let allowed = overridable.map(\.rawValue)
        // `Allow` names the methods an override may be (RFC 9110 wants it on every 405).
        let allow: HTTPFields = [.allow: allowed.joined(separator: ", ")]
        guard overrides.count == 1 else {
            return .failure(
                ServiceFailure(
                    .methodOverride,
                    .repeatedOverride(count: overrides.count, allowed: allowed),
                    headers: allow
                )
            )
        }
        guard let method = overridable.first(where: { $0.rawValue == value.trimmingSpaces() }) else {
            return .failure(
                ServiceFailure(.methodOverride, .methodNotAllowed(method: value, allowed: allowed), headers: allow)
            )
        }
        if method == .put {
            var head = request.head
            head.method = .put
            head.headerFields[.httpMethodOverride] = nil
            return .success(Request(head: head, body: request.body))
        }
        return .success(withoutBody(request, method: method))
    }

    /// `request` as `method` without its body, nor the headers that describe it (the body was
    /// read whole before: ``WholeRequest``).
    private static func withoutBody(_ request: Request, method: HTTPRequest.Method) -> Request {
        var head = request.head
        head.method = method
        for name in [HTTPField.Name.httpMethodOverride, .contentType, .contentLength, .transferEncoding] {
            head.headerFields[name] = nil
        }
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }
}

extension MediaType {
    /// `application/X-Dummy-Content`: the Unity SDK's stand-in for an empty `POST` body.
    static let dummyContent = MediaType(name: "application/X-Dummy-Content")
}

extension HTTPField.Name {
    /// `X-HTTP-Method-Override`: the method a `POST` stands for.
    static let httpMethodOverride = Self("X-HTTP-Method-Override")!
    /// `X-HTTP-Status-Code`: the answer's status, for clients that cannot read it.
    static let httpStatusCode = Self("X-HTTP-Status-Code")!
    /// `userID`: the user a request of Kii's C# SDK is about (sent, read by nothing here).
    static let kiiUserID = Self("userID")!
}

extension ValidationError.Field {
    /// The request's `X-HTTP-Method-Override` header.
    static let methodOverride = Self(rawValue: "X-HTTP-Method-Override")
}
