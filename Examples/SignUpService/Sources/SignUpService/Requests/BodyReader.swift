import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

/// Reads a request's JSON body: the content type, the size limit, then the library's strict
/// reader (RFC 8259, a repeated member is an error) into the route's typed body
/// (``KiiRequestBody``).
struct BodyReader: Sendable {
    /// A longer body is 413 (`MAX_BODY_BYTES`).
    let maximumBytes: Int

    /// The body of `request` as `Body`.
    ///
    /// - Throws: ``ServiceFailure``: 415, 413, the reader's problems, `not_an_object`,
    ///   `unknown_member`, and the members' problems (all at once).
    func read<Body: KiiRequestBody>(_ type: Body.Type, from request: Request) async throws -> Body {
        try Body(bytes: try await bytes(of: request, accepting: Body.mediaTypes) ?? [])
    }

    /// The body's bytes, after the checks a JSON route makes before reading any of it.
    ///
    /// - Parameters:
    ///   - accepting: the media types the route takes (``MediaType/json`` and Kii's own).
    ///   - allowEmpty: an empty body without a content type is `nil` (a password reset's request
    ///     as the SDK sends it).
    /// - Throws: ``ServiceFailure``: 415 for another content type, 413 past ``maximumBytes`` (from
    ///   `Content-Length` before reading, or while reading).
    func bytes(of request: Request, accepting types: [MediaType], allowEmpty: Bool = false) async throws -> [UInt8]? {
        let contentType = request.headers.value(.contentType)
        let declaredLength = request.headers.value(.contentLength).flatMap { Int($0) }
        if allowEmpty, contentType == nil, declaredLength == nil || declaredLength == 0 {
            let buffer = try await collect(request)
            if buffer.readableBytes == 0 { return nil }
        }
        guard let contentType, types.contains(where: { $0.matches(contentType) }) else {
            throw ServiceFailure(.contentType, .unsupportedMediaType(accepted: types.map(\.name)))
        }
        if let declaredLength, declaredLength > maximumBytes {
            throw ServiceFailure(.body, .bodyTooLarge(maximum: maximumBytes))
        }
        var buffer = try await collect(request, declaredLength: declaredLength)
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    /// The body, at most ``maximumBytes`` (413 past it). A body that came whole in its first part
    /// (as long as its `Content-Length`, `declaredLength`) is not awaited past (behind
    /// ``KiiWireResponder``, the body is in memory already: ``WholeRequest``).
    private func collect(_ request: Request, declaredLength: Int? = nil) async throws -> ByteBuffer {
        var parts = request.body.makeAsyncIterator()
        guard var body = try await parts.next() else { return ByteBuffer() }
        while body.readableBytes <= maximumBytes, body.readableBytes != declaredLength,
            var part = try await parts.next()
        {
            body.writeBuffer(&part)
        }
        guard body.readableBytes <= maximumBytes else {
            throw ServiceFailure(.body, .bodyTooLarge(maximum: maximumBytes))
        }
        return body
    }

    /// The members of a JSON object body, as the library's reader reads them.
    ///
    /// - Throws: ``ServiceFailure``: the reader's problem, or `not_an_object`.
    static func members(of bytes: [UInt8]) throws -> [String: JSONValue] {
        let value: JSONValue
        do throws(ValidationError) {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw ServiceFailure(error)
        }
        guard case .object(let members) = value else { throw ServiceFailure(ValidationError(.json, .notAnObject)) }
        return members
    }
}
