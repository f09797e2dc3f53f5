import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

extension Response {
    /// A JSON answer.
    static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value.description))
        )
    }

    /// An answer without a body (204).
    static func empty(_ status: HTTPResponse.Status = .noContent) -> Response {
        Response(status: status)
    }
}
