import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// Every request is read to its end before it is answered: a client that writes its body after
/// its head (Kii's Unity SDK under Mono writes the method override's 20-byte dummy body so)
/// never sees an answer arrive while it is still writing, which Mono's `HttpWebRequest` takes
/// for a cancelled request. The routes then read the body from memory.
///
/// A body past `MAX_BODY_BYTES` is read to its end and dropped, then answered 413; one past
/// ``discardLimit(_:)`` (by its `Content-Length`, before it is read, or as it arrives) is
/// answered 413 at once, and bad framing 400 (``ServiceFailure/init(framing:)``): those two with
/// `Connection: close`, and ``FramingGuard`` ends the connection after the answer, as HTTP
/// requires of an answer sent before the request's end.
enum WholeRequest {
    /// The most bytes of a body past `MAX_BODY_BYTES` read and dropped before its 413, so that
    /// the connection can carry the next request: four times the limit, at least 1 MiB. A longer
    /// body (by its `Content-Length`, or as it arrives) is answered at once and its connection
    /// closed.
    static func discardLimit(_ maximumBytes: Int) -> Int { max(4 * maximumBytes, 1_048_576) }

    /// `request` with its body in memory, or the failure that answers it.
    static func read(_ request: Request, maximumBytes: Int) async -> Result<Request, ServiceFailure> {
        let discardLimit = discardLimit(maximumBytes)
        let tooLarge = ServiceFailure(.body, .bodyTooLarge(maximum: maximumBytes))
        if let declared = request.headers.value(.contentLength).flatMap({ Int($0) }), declared > discardLimit {
            return .failure(tooLarge.closing)
        }
        var body = ByteBuffer()
        var received = 0
        do {
            for try await var part in request.body {
                received += part.readableBytes
                if received > discardLimit { return .failure(tooLarge.closing) }
                // Past the limit, the rest is read to its end and dropped.
                guard received <= maximumBytes else { continue }
                if body.readableBytes == 0 {
                    body = part
                } else {
                    body.writeBuffer(&part)
                }
            }
        } catch let error as HTTPParserError {
            return .failure(ServiceFailure(framing: error))
        } catch {
            // The connection closed under the body (its deadline): nobody reads the answer.
            return .failure(ServiceFailure(.request, .malformedRequest).closing)
        }
        if received > maximumBytes { return .failure(tooLarge) }
        return .success(Request(head: request.head, body: RequestBody(buffer: body)))
    }
}

extension ServiceFailure {
    /// The failure with `Connection: close`: the connection ends after its answer.
    var closing: ServiceFailure {
        var failure = self
        failure.headers[.connection] = "close"
        return failure
    }
}
