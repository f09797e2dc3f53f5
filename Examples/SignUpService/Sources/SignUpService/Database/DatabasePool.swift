import Logging
public import SQLKit
public import ServiceLifecycle

/// Where the store's SQL runs: a pool that leases one connection to one caller at a time, so
/// that the statements of a transaction never interleave with another caller's.
///
/// It is a `Service`: the application runs it beside the HTTP server and stops it after the
/// server has finished its last request.
public protocol DatabasePool: Service {
    /// Which database the pool talks to: the few statements that differ (see ``SQLFlavour``).
    var flavour: SQLFlavour { get }

    /// Runs `body` with a connection that nobody else uses until `body` returns; `bounded`:
    /// within the pool's time limit, if it has one (see ``PostgresPool``), else as long as it takes
    /// (a start-up's migration, which waits for other instances' migrations).
    func withConnection<Result: Sendable>(
        bounded: Bool,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result
}

/// The statements that are not the same SQL on SQLite and PostgreSQL. Everything else the store
/// runs is one text for both (SQLKit renders the placeholders, `?` or `$1`).
public enum SQLFlavour: String, Sendable {
    /// SQLite 3.35 or later (sqlite-nio bundles its own).
    case sqlite
    /// PostgreSQL 9.5 or later.
    case postgres

    /// Begins a transaction that will write. SQLite: `BEGIN IMMEDIATE` takes the write lock at
    /// once, so that two processes on one file never both read and then fail to upgrade (their
    /// wait is the busy timeout). PostgreSQL: `BEGIN`, row locks come with the statements.
    var beginWrite: String {
        switch self {
        case .sqlite: "BEGIN IMMEDIATE"
        case .postgres: "BEGIN"
        }
    }

    /// Serialises schema migrations of several instances starting at once: PostgreSQL's
    /// `CREATE TABLE IF NOT EXISTS` is not safe against a concurrent one. SQLite's
    /// `BEGIN IMMEDIATE` already serialises them.
    var migrationLock: String? {
        switch self {
        case .sqlite: nil
        case .postgres: "SELECT pg_advisory_xact_lock(2316)"
        }
    }
}

extension DatabasePool {
    /// Runs `body` with a connection that nobody else uses until `body` returns, within the
    /// pool's time limit.
    public func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await withConnection(bounded: true, body)
    }

    /// Runs `body` in one transaction on one leased connection: committed when `body` returns,
    /// rolled back when it throws (and the error thrown on); `bounded` as for
    /// ``withConnection(bounded:_:)``.
    public func transaction<Result: Sendable>(
        bounded: Bool = true,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        let begin = flavour.beginWrite
        return try await withConnection(bounded: bounded) { database in
            try await database.raw("\(unsafeRaw: begin)").run()
            let result: Result
            do {
                result = try await body(database)
            } catch {
                do {
                    try await database.raw("ROLLBACK").run()
                } catch let rollbackError {
                    database.logger.error(
                        "rollback failed",
                        metadata: ["error.type": "\(String(reflecting: type(of: rollbackError)))"]
                    )
                }
                throw error
            }
            try await database.raw("COMMIT").run()
            return result
        }
    }
}
