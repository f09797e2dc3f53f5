import NIOConcurrencyHelpers
import NIOCore

/// An asynchronous lock that lets callers through one at a time, in the order they came.
///
/// ```swift
/// await turnstile.enter()
/// defer { turnstile.leave() }
/// ```
final class Turnstile: Sendable {
    private struct State {
        var occupied = false
        var waiting = CircularBuffer<CheckedContinuation<Void, Never>>()
    }

    private let state = NIOLockedValueBox(State())

    /// Waits until nobody else is inside, then goes in.
    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let goIn = state.withLockedValue { state in
                if state.occupied {
                    state.waiting.append(continuation)
                    return false
                }
                state.occupied = true
                return true
            }
            if goIn { continuation.resume() }
        }
    }

    /// Leaves, letting the caller that has waited longest in (it stays occupied for that one).
    func leave() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.occupied = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
