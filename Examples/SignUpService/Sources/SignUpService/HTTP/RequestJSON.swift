import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

/// Reading a request's JSON body: the content type, the size limit, then the library's strict
/// reader (RFC 8259, a repeated member is an error).
struct RequestJSON {
    /// The body's bytes, after the checks a JSON route makes before reading any of it.
    ///
    /// - Parameter allowEmpty: an empty body without a content type is `nil` (`POST /users/pseudo`).
    /// - Throws: ``APIFailure``: 415 for a content type other than `application/json`, 413 past
    ///   `maximumBytes` (from `Content-Length` before reading, or while reading).
    static func bytes(of request: Request, maximumBytes: Int, allowEmpty: Bool = false) async throws -> [UInt8]? {
        let contentType = request.headers[.contentType]
        let declaredLength = request.headers[.contentLength].flatMap { Int($0) }
        if allowEmpty, contentType == nil, declaredLength == nil || declaredLength == 0 {
            let buffer = try await collect(request, maximumBytes: maximumBytes)
            if buffer.readableBytes == 0 { return nil }
            throw APIFailure(.unsupportedMediaType, .contentType, .unsupportedMediaType)
        }
        guard let contentType, isJSON(contentType) else {
            throw APIFailure(.unsupportedMediaType, .contentType, .unsupportedMediaType)
        }
        if let declaredLength, declaredLength > maximumBytes {
            throw APIFailure(.contentTooLarge, .body, .bodyTooLarge(maximum: maximumBytes))
        }
        let buffer = try await collect(request, maximumBytes: maximumBytes)
        return Array(buffer.readableBytesView)
    }

    private static func collect(_ request: Request, maximumBytes: Int) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw APIFailure(.contentTooLarge, .body, .bodyTooLarge(maximum: maximumBytes))
        }
    }

    /// `application/json`, in any case, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingSpaces().lowercased() == "application/json"
    }

    /// The members of a JSON object body, for the routes whose body the library does not read
    /// as a whole (login, verification).
    ///
    /// - Parameter allowed: the members the route takes (another one is `unknown_member`), or
    ///   `nil` for any.
    /// - Throws: ``APIFailure``: the reader's problem (400), `not_an_object`, `unknown_member`.
    static func members(of bytes: [UInt8], allowed: [String]?) throws -> [String: JSONValue] {
        let value: JSONValue
        do throws(ValidationError) {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw APIFailure(error)
        }
        guard case .object(let members) = value else { throw APIFailure(ValidationError(.json, .notAnObject)) }
        if let allowed, let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIFailure(.badRequest, .json, .unknownMember(name: unknown, allowed: allowed))
        }
        return members
    }

    /// The string members `names` of `members` (absent: `nil`), every member of another type
    /// reported at once (`not_a_string`, naming the type, never the value).
    static func strings(
        _ names: [String],
        of members: [String: JSONValue],
        fields: [String: ValidationError.Field] = [:]
    ) throws -> [String: String] {
        var strings: [String: String] = [:]
        var problems: [ValidationError.Problem] = []
        for name in names {
            guard let value = members[name] else { continue }
            if let string = value.stringValue {
                strings[name] = string
            } else {
                let field = fields[name] ?? ValidationError.Field(rawValue: name)
                problems.append(ValidationError.Problem(field: field, .notAString(found: .init(of: value))))
            }
        }
        if !problems.isEmpty { throw APIFailure(ValidationError(problems)) }
        return strings
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (header values only; user data is never trimmed).
    fileprivate func trimmingSpaces() -> Substring {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
