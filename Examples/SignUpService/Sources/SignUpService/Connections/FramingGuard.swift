import HTTPTypes
import KiiIdentity
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Bad framing is the client's fault, and an answer that ends a connection ends it. In each
/// connection's pipeline, after the HTTP/1.1 decoder:
///
/// - NIO's `HTTPParserError` (a malformed chunk, a body shorter than its `Content-Length`
///   before the client closed its side, a head that does not parse or is past the decoder's
///   limits) while no request is open is answered here: 400 in Kii's error shape
///   (``ServiceProblem/malformedRequest``, ``ServiceProblem/headTooLarge``) with
///   `Connection: close`, logged at debug. While a request's body is read, the error goes on to
///   ``WholeRequest``, which answers it the same way; after a request was read whole and before
///   it is answered, the connection closes after its answer.
/// - An answer with `Connection: close` (those, and a 413) is written and flushed, then the
///   connection's output is closed and what the client still sends is read past and dropped for
///   at most ``lingerTime`` before it is closed whole: closing at once, with the client's bytes
///   unread, would reset the connection and could destroy the answer before the client reads it.
final class FramingGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The most bytes of header fields the decoder takes (Hummingbird's default, 80 KiB).
    static let maximumHeadBytes = 80 * 1_024
    /// How long a connection whose answer closed it is read past before it is closed whole.
    static let lingerTime = TimeAmount.seconds(2)

    private let logger: Logger
    /// Requests whose head was read and whose answer is not written whole yet.
    private var openRequests = 0
    /// Whether a request's head was read and its end not yet.
    private var readingBody = false
    /// Whether the answer being written (or the next one) ends the connection.
    private var closeAfterAnswer = false
    /// Whether the connection is ending: its answer is written, what comes in is dropped.
    private var closing = false

    init(logger: Logger) { self.logger = logger }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head:
            openRequests += 1
            readingBody = true
        case .body: break
        case .end: readingBody = false
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !closing else { return }
        logger.debug("malformed request", metadata: ["error": "\(parserError)"])
        if readingBody {
            // The request's reader answers it (``WholeRequest``).
            context.fireErrorCaught(error)
        } else if openRequests > 0 {
            // A request was read whole and waits for its answer: the connection ends after it.
            closeAfterAnswer = true
        } else {
            answer(ServiceFailure(framing: parserError), context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.headerFields[.connection]?.lowercased() == "close" { closeAfterAnswer = true }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            openRequests = max(openRequests - 1, 0)
            guard closeAfterAnswer else {
                context.write(data, promise: promise)
                return
            }
            closing = true
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(data, promise: written)
            linger(after: written.futureResult, context: context)
        }
    }

    /// Writes `failure`'s answer (in English: no request says otherwise), then ends the connection.
    private func answer(_ failure: ServiceFailure, context: ChannelHandlerContext) {
        closing = true
        let body = failure.body(in: .english)
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLanguage] = ValidationError.Language.english.rawValue
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        fields[.httpStatusCode] = String(failure.status.code)
        let head = HTTPResponse(status: failure.status, headerFields: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        linger(after: written.futureResult, context: context)
    }

    /// Once `written` completes: the output closed, and the whole connection ``lingerTime`` later
    /// (or when the client closes first).
    private func linger(after written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        let channel = context.channel
        written.whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.lingerTime) { channel.close(promise: nil) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if closing, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
