/// The database could not be reached, or did not answer within the configured time
/// (`DATABASE_TIMEOUT_SECONDS`): the request is answered 503 with Kii's `SERVICE_UNAVAILABLE`,
/// never 500, and nothing it asked for was done unless the database had committed it.
public struct DatabaseUnavailable: Error, Sendable, CustomStringConvertible {
    /// What happened, for the log (never a query or a value).
    public var reason: String

    /// An outage for `reason`.
    public init(reason: String) { self.reason = reason }

    public var description: String { "database unavailable: \(reason)" }

    /// Runs `body`, failing with ``DatabaseUnavailable`` when it takes longer than `timeout`
    /// (the body is cancelled); with no timeout, as long as it takes.
    static func within<Result: Sendable>(
        _ timeout: Duration?,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        guard let timeout else { return try await body() }
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw DatabaseUnavailable(reason: "no answer within \(timeout)")
            }
            return result
        }
    }
}
