import Foundation
import Logging
import PostgresKit
import SignUpService
import Testing

/// The databases the suites run on: SQLite always; PostgreSQL when `SIGNUP_POSTGRES_URL` is set,
/// and also when `SIGNUP_REQUIRE_POSTGRES=1` without it, so that CI fails instead of skipping.
enum Backend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static let environment = ProcessInfo.processInfo.environment
    static let postgresURL = environment["SIGNUP_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let postgresRequired = environment["SIGNUP_REQUIRE_POSTGRES"] == "1"

    /// The backends of this run.
    static var enabled: [Backend] { postgresURL != nil || postgresRequired ? [.sqlite, .postgres] : [.sqlite] }

    /// The PostgreSQL backend alone, when enabled.
    static var postgresOnly: [Backend] { enabled.filter { $0 == .postgres } }

    var testDescription: String { rawValue }
}

/// A database of one test's own: SQLite in memory, or a new PostgreSQL schema (dropped after).
struct TestDatabase: Sendable {
    let location: DatabaseLocation
    private let dropSchema: (@Sendable () async throws -> Void)?

    static func make(_ backend: Backend) async throws -> TestDatabase {
        switch backend {
        case .sqlite:
            return TestDatabase(location: .sqliteMemory, dropSchema: nil)
        case .postgres:
            guard let url = Backend.postgresURL else { throw PostgresMissing() }
            var location = try PostgresLocation(url: url)
            let schema = "signup_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try await execute("CREATE SCHEMA \(schema)", at: location)
            location.searchPath = schema
            let base = try PostgresLocation(url: url)
            return TestDatabase(location: .postgres(location)) {
                try await execute("DROP SCHEMA \(schema) CASCADE", at: base)
            }
        }
    }

    /// Drops the test's schema (PostgreSQL); nothing for SQLite in memory.
    func drop() async {
        try? await dropSchema?()
    }

    /// Runs one statement on a connection of its own.
    static func execute(_ sql: String, at location: PostgresLocation) async throws {
        var configuration = PostgresConnection.Configuration(
            host: location.host,
            port: location.port,
            username: location.username,
            password: location.password,
            database: location.database,
            tls: .disable
        )
        // A test's own schema (set after `CREATE SCHEMA`): its statements run there.
        if let searchPath = location.searchPath {
            configuration.options.additionalStartupParameters = [("search_path", searchPath)]
        }
        let connection = try await PostgresConnection.connect(
            configuration: configuration,
            id: 1,
            logger: Logger(label: "signup-tests")
        )
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "signup-tests"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

/// The error of every PostgreSQL test when CI asks for PostgreSQL and gives no URL.
struct PostgresMissing: Error, CustomStringConvertible {
    var description: String {
        "SIGNUP_REQUIRE_POSTGRES=1 but SIGNUP_POSTGRES_URL is not set: start a server (Scripts/postgres-throwaway.sh)"
    }
}
