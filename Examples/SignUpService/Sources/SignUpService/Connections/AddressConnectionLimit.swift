import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// The cap on open connections one client address holds (`MAX_CONNECTIONS_PER_ADDRESS`): a
/// connection past it is closed as soon as it opens, before it is read, so one client can hold
/// no more of the service's connections (and their file descriptors and memory) than that,
/// whatever it sends or does not send. One handler a connection, all sharing ``Counts``.
final class AddressConnectionLimit: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// The open connections of each address, shared by every connection's handler; when a
    /// flood's connections have closed, their memory is given back (``MemoryRelease``).
    final class Counts: Sendable {
        /// The most connections one address may hold.
        let maximum: Int
        private let state = NIOLockedValueBox(State())

        private struct State {
            var open: [String: Int] = [:]
            var total = 0
            var memory = MemoryRelease()
        }

        init(maximum: Int) { self.maximum = maximum }

        /// Counts a connection of `address` in, unless it has ``maximum`` open already.
        func admit(_ address: String) -> Bool {
            state.withLockedValue { state in
                let count = state.open[address, default: 0]
                guard count < maximum else { return false }
                state.open[address] = count + 1
                state.total += 1
                state.memory.opened(state.total)
                return true
            }
        }

        /// Counts a connection of `address` out; returns whether the memory of a flood is to be
        /// given back now (``MemoryRelease``).
        func release(_ address: String) -> Bool {
            state.withLockedValue { state in
                let count = state.open[address, default: 1] - 1
                state.open[address] = count > 0 ? count : nil
                state.total -= 1
                return state.memory.shouldTrim(leaving: state.total)
            }
        }

        /// The open connections of `address`.
        func count(of address: String) -> Int { state.withLockedValue { $0.open[address, default: 0] } }
    }

    private let counts: Counts
    private let logger: Logger
    private var decided = false

    init(counts: Counts, logger: Logger) {
        self.counts = counts
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { decide(context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        decide(context.channel)
        context.fireChannelActive()
    }

    /// Counts the connection in and out once it closes, or closes it when its address is full.
    private func decide(_ channel: any Channel) {
        guard !decided else { return }
        decided = true
        let address = channel.remoteAddress?.ipAddress ?? ClientAddress.unknown
        let counts = counts
        if counts.admit(address) {
            channel.closeFuture.whenComplete { _ in
                // A second later, once the connections closing with this one are gone too.
                if counts.release(address) {
                    channel.eventLoop.scheduleTask(in: MemoryRelease.delay) { MemoryRelease.trim() }
                }
            }
        } else {
            logger.debug(
                "connection refused: its address holds the most connections",
                metadata: ["maximum": "\(counts.maximum)"]
            )
            // After the pipeline is set up, not inside its setup.
            channel.eventLoop.execute { channel.close(promise: nil) }
        }
    }
}
