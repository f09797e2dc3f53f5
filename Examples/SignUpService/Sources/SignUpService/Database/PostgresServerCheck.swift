import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// What one server of a ``PostgresLocation`` says of itself when the pool looks for the one to
/// use: whether it accepts writes now (`transaction_read_only`) and whether it is a standby
/// (`pg_is_in_recovery()`), asked on a connection of its own, as libpq does for
/// `target_session_attrs`.
struct PostgresServerCheck: Sendable {
    /// `SHOW transaction_read_only` is `on`: writes fail with 25006. A server just promoted is
    /// out of recovery but still read-only for a few seconds.
    var readOnly: Bool
    /// `pg_is_in_recovery()`: a standby.
    var inRecovery: Bool

    /// Whether the service may use this server under `attributes` (for `prefer-standby`, as a
    /// standby: a server that is not one is taken only when no standby answers).
    func suits(_ attributes: TargetSessionAttributes) -> Bool {
        switch attributes {
        case .any: true
        case .readWrite: !readOnly
        case .primary: !inRecovery
        case .preferStandby: inRecovery
        }
    }

    /// Numbers the checks' connections, for PostgresNIO's log.
    private static let connectionIDs = NIOLockedValueBox(0)

    /// Connects to the server `configuration` names, asks, and closes; `nil` when it cannot be
    /// reached or does not answer within `timeout`.
    static func ask(
        _ configuration: PostgresConnection.Configuration,
        timeout: Duration,
        logger: Logger
    ) async
        -> PostgresServerCheck?
    {
        let id = connectionIDs.withLockedValue { id in
            id += 1
            return id
        }
        return try? await DatabaseUnavailable.within(timeout) {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
            do {
                let rows = try await connection.query(
                    "SELECT current_setting('transaction_read_only') AS read_only, pg_is_in_recovery() AS in_recovery",
                    logger: logger
                )
                var found: PostgresServerCheck?
                for try await (readOnly, inRecovery) in rows.decode((String, Bool).self) {
                    found = PostgresServerCheck(readOnly: readOnly == "on", inRecovery: inRecovery)
                }
                try? await connection.close()
                guard let found else { throw DatabaseUnavailable(reason: "no answer to the server check") }
                return found
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }
}
