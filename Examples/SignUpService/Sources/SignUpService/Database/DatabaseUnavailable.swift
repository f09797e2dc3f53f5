import NIOConcurrencyHelpers

/// The database could not be reached, or did not answer within the configured time
/// (`DATABASE_TIMEOUT_SECONDS`): the request is answered 503 with Kii's `SERVICE_UNAVAILABLE`,
/// never 500, and nothing it asked for was done unless the database had committed it.
public struct DatabaseUnavailable: Error, Sendable, CustomStringConvertible {
    /// What happened, for the log (never a query or a value).
    public var reason: String

    /// An outage for `reason`.
    public init(reason: String) { self.reason = reason }

    public var description: String { "database unavailable: \(reason)" }

    /// Runs `body`, failing with ``DatabaseUnavailable`` when it takes longer than `timeout`;
    /// with no timeout, as long as it takes.
    ///
    /// The caller gets its answer at the timeout even when `body` ignores the cancellation it is
    /// then sent: `body` runs in a task of its own, which is cancelled and left to end by itself.
    /// (A task group would wait for it, and a PostgresNIO operation on a connection lost while
    /// the server restarted in immediate mode did not end: requests hung for minutes.) A body
    /// left behind may still commit; the answer, 503, promises nothing either way.
    static func within<Result: Sendable>(
        _ timeout: Duration?,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        guard let timeout else { return try await body() }
        return try await firstOf(body, or: at(.now + timeout, of: timeout))
    }

    /// A rival that fails as ``DatabaseUnavailable`` at `deadline`, the end of an operation's
    /// `timeout` (see ``firstOf(_:or:in:)``).
    static func at(
        _ deadline: ContinuousClock.Instant,
        of timeout: Duration
    ) -> @Sendable () async throws -> Never {
        {
            try? await Task.sleep(until: deadline, clock: .continuous)
            throw DatabaseUnavailable(reason: "no answer within \(timeout)")
        }
    }

    /// The outcome of `body` or of `rival`, or the one `race` is given from outside (a
    /// ``PostgresPool`` that leaves the client an operation waits on), whichever comes first;
    /// the others are cancelled and left to end by themselves (see ``within(_:_:)``). Without a
    /// rival, `body` still runs in a task of its own, so that `race` can answer for it.
    static func firstOf<Result: Sendable>(
        _ body: @escaping @Sendable () async throws -> Result,
        or rival: (@Sendable () async throws -> Never)?,
        in race: FirstOutcome<Result> = FirstOutcome()
    ) async throws -> Result {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation) {
                    let work = Task {
                        do {
                            race.finish(with: .success(try await body()))
                        } catch {
                            race.finish(with: .failure(error))
                        }
                    }
                    guard let rival else { return [work] }
                    let other = Task {
                        do {
                            _ = try await rival()
                        } catch {
                            race.finish(with: .failure(error))
                        }
                    }
                    return [work, other]
                }
            }
        } onCancel: {
            race.finish(with: .failure(CancellationError()))
        }
    }
}

/// The first of several outcomes, given to a continuation once; the tasks that race to give it
/// are cancelled when it is given. One given before the continuation waits is kept for it.
final class FirstOutcome<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var tasks: [Task<Void, Never>] = []
        /// Given before the continuation was there (a cancellation at once).
        var early: Result<Value, any Error>?
        var done = false
    }
    private let state = NIOLockedValueBox(State())

    /// Waits with `continuation` and starts the racing tasks.
    func start(_ continuation: CheckedContinuation<Value, any Error>, tasks: () -> [Task<Void, Never>]) {
        let early: Result<Value, any Error>? = state.withLockedValue { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(with: early)
            return
        }
        let started = tasks()
        let finished = state.withLockedValue { state in
            state.tasks = started
            return state.done
        }
        if finished { for task in started { task.cancel() } }
    }

    /// Gives `outcome` if none was given yet, and cancels the racing tasks.
    func finish(with outcome: Result<Value, any Error>) {
        let (continuation, tasks): (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) =
            state.withLockedValue { state in
                guard !state.done else { return (nil, []) }
                state.done = true
                guard let continuation = state.continuation else {
                    state.early = outcome
                    return (nil, [])
                }
                state.continuation = nil
                return (continuation, state.tasks)
            }
        continuation?.resume(with: outcome)
        for task in tasks { task.cancel() }
    }
}
