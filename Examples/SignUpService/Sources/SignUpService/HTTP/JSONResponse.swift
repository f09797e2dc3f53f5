import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

extension Response {
    /// A JSON answer of Kii's `contentType` (`application/vnd.kii.…+json`), or `application/json`.
    static func json(
        _ status: HTTPResponse.Status,
        _ members: [String: JSONValue],
        contentType: String = "application/json",
        headers: HTTPFields = [:]
    ) -> Response {
        var headers = headers
        headers[.contentType] = contentType + "; charset=utf-8"
        return Response(
            status: status,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(members).description))
        )
    }

    /// An answer without a body (204).
    static func empty(_ status: HTTPResponse.Status = .noContent) -> Response {
        Response(status: status)
    }
}
