import NIOConcurrencyHelpers

/// What the service acknowledged to the clients of a fault test, and when: the promises the test
/// checks afterwards. Only answers count; a request whose answer was lost promised nothing.
final class ChaosLedger: Sendable {
    /// One person's acknowledged steps: sign-up (201), login (200), update (200), deletion (204).
    struct Person: Sendable {
        var userID: String
        var token: String?
        var displayName: String?
        /// A deletion was sent (whether or not it was answered).
        var deletionSent = false
        var deleted = false
    }

    private struct State {
        var people: [String: Person] = [:]
        var statuses: [Int: Int] = [:]
        var unanswered = 0
        /// Sign-ups answered 503 whose retry was answered 409: the first attempt was done.
        var doneBeforeRetry: [String] = []
        /// When each fault was over (the service gone, the database halted, a new primary
        /// promoted), and the first 201 to a request sent after it.
        var faults: [(at: ContinuousClock.Instant, firstSignUp: ContinuousClock.Instant?)] = []
        /// Every 201 to a sign-up: when it was sent and when it came. A fault may be recorded
        /// after the 201s that followed it (a promotion is known once the failover is over).
        var signUps: [(sent: ContinuousClock.Instant, at: ContinuousClock.Instant)] = []
    }
    private let state = NIOLockedValueBox(State())

    /// Records a status answered to any step.
    func answered(_ status: Int) { state.withLockedValue { $0.statuses[status, default: 0] += 1 } }

    /// Records a request that got no answer (refused or cut connection).
    func unanswered() { state.withLockedValue { $0.unanswered += 1 } }

    /// Records a 201 to a sign-up sent at `sent`.
    func signedUp(_ name: String, userID: String, sent: ContinuousClock.Instant) {
        let now = ContinuousClock.now
        state.withLockedValue { state in
            state.people[name] = Person(userID: userID)
            state.signUps.append((sent, now))
            for index in state.faults.indices where state.faults[index].firstSignUp == nil {
                if sent > state.faults[index].at { state.faults[index].firstSignUp = now }
            }
        }
    }

    /// Records a sign-up answered 503 (its outcome unknown) whose retry was answered 409.
    func signUpDoneBeforeRetry(_ name: String) { state.withLockedValue { $0.doneBeforeRetry.append(name) } }

    /// Sign-ups answered 503 and then, retried, 409: each must be stored once.
    var signUpsDoneBeforeRetry: [String] { state.withLockedValue { $0.doneBeforeRetry } }

    /// Records a 200 to a login.
    func loggedIn(_ name: String, token: String) { state.withLockedValue { $0.people[name]?.token = token } }

    /// Records a 200 to an update of the display name.
    func updated(_ name: String, displayName: String) {
        state.withLockedValue { $0.people[name]?.displayName = displayName }
    }

    /// Records that a deletion is being sent: its answer may be lost after it was done.
    func deleting(_ name: String) { state.withLockedValue { $0.people[name]?.deletionSent = true } }

    /// Records a 204 to a deletion.
    func deleted(_ name: String) { state.withLockedValue { $0.people[name]?.deleted = true } }

    /// Records that a fault is over (now, or `at`).
    func faultOver(at instant: ContinuousClock.Instant = .now) {
        state.withLockedValue { state in
            let first = state.signUps.filter { $0.sent > instant }.map(\.at).min()
            state.faults.append((instant, first))
        }
    }

    /// Whether `count` faults are over and each was followed by a 201.
    func recovered(from count: Int) -> Bool {
        state.withLockedValue { state in
            state.faults.count >= count && state.faults.allSatisfy { $0.firstSignUp != nil }
        }
    }

    /// Waits for fault `number`'s turn among `count` spread over `seconds` from `start`, and for
    /// the service's recovery from the one before (a 201 after it), until `deadline`.
    func turn(
        of number: Int,
        among count: Int,
        from start: ContinuousClock.Instant,
        over seconds: Double,
        _ deadline: ContinuousClock.Instant
    ) async throws {
        try await Task.sleep(until: start + .seconds(seconds * Double(number + 1) / Double(count + 1)))
        while !recovered(from: number) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The people with an acknowledged sign-up, by name.
    var people: [String: Person] { state.withLockedValue { $0.people } }

    /// Count of each status answered.
    var statuses: [Int: Int] { state.withLockedValue { $0.statuses } }

    /// Requests without an answer.
    var unansweredCount: Int { state.withLockedValue { $0.unanswered } }

    /// For each fault, the time from its end to the first 201 after it (`nil`: none came).
    var recoveries: [Duration?] {
        state.withLockedValue { state in state.faults.map { fault in fault.firstSignUp.map { $0 - fault.at } } }
    }
}
