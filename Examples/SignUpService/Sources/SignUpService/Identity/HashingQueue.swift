import Synchronization

/// Who may run on the hasher's threads next, and how many may wait: ``PasswordHasher``'s
/// ceiling on hashing work. At most ``slots`` run at once (the pool's threads); past them a
/// password check (a login's, a change's current password) waits in a queue of its own that goes
/// first, and a new hash (a sign-up's, a change's, a reset's, an upgrade's) in another; each
/// queue holds at most ``maxWaiting``. A new hash past its queue's bound is refused at once
/// (``HashingBusy``, 503 with `Retry-After: 1`), so a burst of sign-ups costs neither unbounded
/// memory nor the logins' turn: a login waits for at most one running hash a thread, whatever
/// waits behind it. Checks past their own bound are refused alike.
///
/// A waiting request is not cancelled: it runs when its turn comes (the queues are short).
final class HashingQueue: Sendable {
    /// The two kinds of work, in the order they are served.
    enum Work: Sendable {
        /// A password checked against a stored hash (or a decoy): served first.
        case check
        /// A new hash of a password.
        case newHash
    }

    /// The work that may run at once.
    let slots: Int
    /// The most that may wait, in each queue.
    let maxWaiting: Int

    private struct State {
        var running = 0
        var checks: [CheckedContinuation<Bool, Never>] = []
        var newHashes: [CheckedContinuation<Bool, Never>] = []
        var mostWaiting = 0
    }

    private let state = Mutex(State())

    /// A queue of `slots` running at once and `maxWaiting` waiting of each kind (each at least 1
    /// and 0).
    init(slots: Int, maxWaiting: Int) {
        self.slots = max(1, slots)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// The most new hashes that waited at once so far.
    var mostNewHashesWaiting: Int { state.withLock { $0.mostWaiting } }

    /// The `work` waiting now.
    func waiting(_ work: Work) -> Int {
        state.withLock { work == .check ? $0.checks.count : $0.newHashes.count }
    }

    /// Runs `body` once `work` has a slot, then hands the slot on (checks first).
    ///
    /// - Throws: ``HashingBusy`` when `work`'s queue is full (nothing ran); what `body` throws.
    func run<Value>(_ work: Work, _ body: () async throws -> Value) async throws -> Value {
        guard await enter(work) else { throw HashingBusy() }
        defer { leave() }
        return try await body()
    }

    /// Takes a slot now, or waits for one in `work`'s queue: `false` when that queue is full.
    private func enter(_ work: Work) async -> Bool {
        await withCheckedContinuation { (turn: CheckedContinuation<Bool, Never>) in
            state.withLock { state in
                if state.running < slots {
                    state.running += 1
                    turn.resume(returning: true)
                    return
                }
                switch work {
                case .check where state.checks.count < maxWaiting: state.checks.append(turn)
                case .newHash where state.newHashes.count < maxWaiting:
                    state.newHashes.append(turn)
                    state.mostWaiting = max(state.mostWaiting, state.newHashes.count)
                default: turn.resume(returning: false)
                }
            }
        }
    }

    /// Hands the slot to the first waiting check, else the first waiting new hash, else frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if !state.checks.isEmpty { return state.checks.removeFirst() }
            if !state.newHashes.isEmpty { return state.newHashes.removeFirst() }
            state.running -= 1
            return nil
        }
        next?.resume(returning: true)
    }
}
