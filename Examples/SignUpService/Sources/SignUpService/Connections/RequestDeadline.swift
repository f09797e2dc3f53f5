import Logging
import NIOCore
import NIOHTTPTypes

/// A deadline for the whole request, head and body (`REQUEST_TIMEOUT_SECONDS`): from the
/// connection's opening, or from the answer to its previous request, a connection has that long
/// to deliver a request whole, or it is closed. The idle time (`IDLE_TIMEOUT_SECONDS`) does not
/// end a connection that trickles a body a byte at a time, since every byte is a part; this does.
/// The deadline stops once a request's end is read (its answer may take as long as it takes).
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop() }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: start(context)
        case .body: break
        case .end: stop()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            // The next request's time starts with this answer (unless this request's own is
            // still running: an answer written before the request's end was read).
            start(context)
        }
        context.write(data, promise: promise)
    }

    /// Starts the deadline unless one runs.
    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let logger = logger
        let seconds = timeout.nanoseconds / 1_000_000_000
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            logger.info("request not received whole in time: connection closed", metadata: ["seconds": "\(seconds)"])
            context.close(promise: nil)
        }
    }

    private func stop() {
        deadline?.cancel()
        deadline = nil
    }
}
