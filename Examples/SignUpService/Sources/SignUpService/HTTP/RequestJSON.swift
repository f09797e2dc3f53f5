import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

/// Reading a request's JSON body: the content type, the size limit, then the library's strict
/// reader (RFC 8259, a repeated member is an error).
struct RequestJSON {
    /// The body's bytes, after the checks a JSON route makes before reading any of it.
    ///
    /// - Parameters:
    ///   - accepting: the media types the route takes (``MediaType/json`` and Kii's own).
    ///   - allowEmpty: an empty body without a content type is `nil` (a password reset's request
    ///     as the SDK sends it).
    /// - Throws: ``ServiceFailure``: 415 for another content type, 413 past `maximumBytes` (from
    ///   `Content-Length` before reading, or while reading).
    static func bytes(
        of request: Request,
        accepting types: [MediaType],
        maximumBytes: Int,
        allowEmpty: Bool = false
    ) async throws -> [UInt8]? {
        let contentType = request.headers[.contentType]
        let declaredLength = request.headers[.contentLength].flatMap { Int($0) }
        if allowEmpty, contentType == nil, declaredLength == nil || declaredLength == 0 {
            let buffer = try await collect(request, maximumBytes: maximumBytes)
            if buffer.readableBytes == 0 { return nil }
        }
        guard let contentType, types.contains(where: { $0.matches(contentType) }) else {
            throw ServiceFailure(.contentType, .unsupportedMediaType(accepted: types.map(\.name)))
        }
        if let declaredLength, declaredLength > maximumBytes {
            throw ServiceFailure(.body, .bodyTooLarge(maximum: maximumBytes))
        }
        let buffer = try await collect(request, maximumBytes: maximumBytes)
        return Array(buffer.readableBytesView)
    }

    private static func collect(_ request: Request, maximumBytes: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw ServiceFailure(.body, .bodyTooLarge(maximum: maximumBytes))
        }
    }

    /// The members of a JSON object body, for the routes whose body the library does not read
    /// as a whole (login, passwords, codes).
    ///
    /// - Parameter allowed: the members the route takes (another one is `unknown_member`), or
    ///   `nil` for any.
    /// - Throws: ``ServiceFailure``: the reader's problem, `not_an_object`, `unknown_member`.
    static func members(of bytes: [UInt8], allowed: [String]?) throws -> [String: JSONValue] {
        let value: JSONValue
        do throws(ValidationError) {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw ServiceFailure(error)
        }
        guard case .object(let members) = value else { throw ServiceFailure(ValidationError(.json, .notAnObject)) }
        if let allowed, let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ServiceFailure(.json, .unknownMember(name: unknown, allowed: allowed))
        }
        return members
    }

    /// The string members `names` of `members` (absent: `nil`), every member of another type
    /// reported at once (`not_a_string`, naming the type, never the value), and every name of
    /// `required` that is absent (`missing`).
    static func strings(
        _ names: [String],
        of members: [String: JSONValue],
        required: [String] = [],
        fields: [String: ValidationError.Field] = [:]
    ) throws -> [String: String] {
        var strings: [String: String] = [:]
        var problems: [ValidationError.Problem] = []
        for name in names {
            let field = fields[name] ?? ValidationError.Field(rawValue: name)
            guard let value = members[name], value != .null else {
                if required.contains(name) { problems.append(ValidationError.Problem(field: field, .missing)) }
                continue
            }
            if let string = value.stringValue {
                strings[name] = string
            } else {
                problems.append(ValidationError.Problem(field: field, .notAString(found: .init(of: value))))
            }
        }
        if !problems.isEmpty { throw ServiceFailure(ValidationError(problems)) }
        return strings
    }
}
