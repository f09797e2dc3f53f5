public import Logging
import NIOCore
import NIOPosix
public import SQLKit
import SQLiteKit
import ServiceLifecycle

/// A pool of one SQLite connection: each caller waits its turn (first come, first served) and
/// has the connection to itself until its closure returns.
///
/// One connection, because SQLite has one writer at a time anyway, and because an in-memory
/// database (`sqlite::memory:`) exists only inside the connection that opened it: a second
/// connection would see another, empty database. Two callers sharing one connection without a
/// lease would interleave their `BEGIN ... COMMIT`s. For a file, `busy_timeout` makes another
/// process's lock a wait, not an error (sqlite-nio's own busy handler would spin forever).
public final class SQLitePool: DatabasePool {
    public var flavour: SQLFlavour { .sqlite }

    private let connection: SQLiteConnection
    private let turns = Turnstile()
    private let logger: Logger

    /// Opens the database and sets up the connection. A new file is created readable and
    /// writable by its owner only (0600), and SQLite gives its `-wal` and `-shm` files the same
    /// mode; an existing file keeps the mode it has.
    ///
    /// - Parameters:
    ///   - file: the database file, or `nil` for one in memory.
    ///   - busyTimeoutMilliseconds: how long a statement waits for another process's lock.
    public init(file: String?, busyTimeoutMilliseconds: Int = 5_000, logger: Logger) async throws {
        self.logger = logger
        if let file { try DatabaseFile.createPrivately(file) }
        connection = try await SQLiteConnection.open(
            storage: file.map { .file(path: $0) } ?? .memory,
            threadPool: .singleton,
            logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any()
        ).get()
        do {
            try await Self.configure(
                connection.sql(queryLogLevel: nil),
                file: file != nil,
                busyTimeoutMilliseconds: busyTimeoutMilliseconds
            )
        } catch {
            // A connection dropped open is a trap in SQLiteNIO: close it, then say why.
            try? await connection.close().get()
            throw error
        }
    }

    /// The connection's settings. Switching a new file to WAL takes a lock that `busy_timeout`
    /// does not wait for (two instances starting at once on one new file): the switch is tried
    /// again for up to the timeout.
    private static func configure(
        _ database: any SQLDatabase,
        file: Bool,
        busyTimeoutMilliseconds: Int
    ) async throws {
        try await database.raw("PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))").run()
        try await database.raw("PRAGMA foreign_keys = ON").run()
        guard file else { return }
        let deadline = ContinuousClock.now + .milliseconds(busyTimeoutMilliseconds)
        while true {
            do {
                try await database.raw("PRAGMA journal_mode = WAL").run()
                break
            } catch let error where ContinuousClock.now < deadline && "\(error)".contains("locked") {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        try await database.raw("PRAGMA synchronous = NORMAL").run()
    }

    /// Runs `body` on the connection when its turn comes (SQLite has no server to lose: no time
    /// limit, `bounded` or not).
    public func withConnection<Result: Sendable>(
        bounded: Bool,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        await turns.enter()
        defer { turns.leave() }
        return try await body(connection.sql(queryLogLevel: nil))
    }

    /// Waits for the graceful shutdown, then closes the connection (after the server's last
    /// request, since the application stops its services in reverse order).
    public func run() async throws {
        try? await gracefulShutdown()
        try await close()
    }

    /// Closes the connection (after the last caller); a pool that is not run as a service (a
    /// tool, a test) closes itself with this.
    public func close() async throws {
        await turns.enter()
        defer { turns.leave() }
        try await connection.close().get()
    }
}
