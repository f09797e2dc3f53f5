import Foundation
import Logging
import SQLKit

@testable import SignUpService

/// A database as an earlier version of the schema left it, with rows a test inserts as literal
/// statements: an SQLite file, or a PostgreSQL schema of its own. A service started on it
/// migrates it.
struct OlderDatabase: Sendable {
    let location: DatabaseLocation
    let file: String?
    let database: TestDatabase?

    /// The tables of `version` (its migrations' statements and its `signup_schema` row), then
    /// `rows`.
    static func make(_ backend: Backend, version: Int, rows: [String]) async throws -> OlderDatabase {
        let statements =
            Array(Schema.migrations[0..<version].joined()) + [
                "CREATE TABLE signup_schema (version INTEGER NOT NULL)",
                "INSERT INTO signup_schema (version) VALUES (\(version))",
            ] + rows
        switch backend {
        case .sqlite:
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag()).sqlite")
                .path
            let pool = try await SQLitePool(file: file, logger: Logger(label: "signup-tests"))
            try await pool.transaction { database in
                for statement in statements { try await database.raw("\(unsafeRaw: statement)").run() }
            }
            try await pool.close()
            return OlderDatabase(location: .sqliteFile(path: file), file: file, database: nil)
        case .postgres:
            let database = try await TestDatabase.make(.postgres)
            guard case .postgres(let location) = database.location else { throw PostgresMissing() }
            do {
                for statement in statements { try await TestDatabase.execute(statement, at: location) }
            } catch {
                await database.drop()
                throw error
            }
            return OlderDatabase(location: database.location, file: nil, database: database)
        }
    }

    /// Runs `body` with a service started on the database (which migrates it), then removes the
    /// database.
    func withService(
        _ backend: Backend,
        _ settings: Setting...,
        body: @escaping @Sendable (Harness) async throws -> Void
    ) async throws {
        do {
            try await SignUpServiceTests.withService(backend, settings: [.database(location)] + settings, body: body)
        } catch {
            await remove()
            throw error
        }
        await remove()
    }

    /// Deletes the file, or drops the schema.
    func remove() async {
        if let file {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        }
        await database?.drop()
    }

    /// `text` as an SQL string literal.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
}
