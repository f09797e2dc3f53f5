import Foundation
import Logging
import SQLKit
import Testing

@testable import SignUpService

/// The schema's migrations on a database a previous version wrote (an SQLite file: a
/// PostgreSQL database is migrated from empty by every PostgreSQL test).
@Suite struct SchemaTests {
    @Test func versionTwoGainsIssuedTimesAndKeepsItsTokens() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logger = Logger(label: "signup-tests")
        let pool = try await SQLitePool(file: folder.appendingPathComponent("v2.sqlite").path, logger: logger)
        // A database as version 2 left it: its tables, one user and one token.
        try await pool.transaction { database in
            for statement in Schema.migrations[0..<2].joined() {
                try await database.raw("\(unsafeRaw: statement)").run()
            }
            try await database.raw("CREATE TABLE signup_schema (version INTEGER NOT NULL)").run()
            try await database.raw("INSERT INTO signup_schema (version) VALUES (2)").run()
            try await database.raw(
                "INSERT INTO users (user_id, record, created_at, updated_at, internal_id) VALUES ('u1', '{}', 0, 0, 1)"
            ).run()
            try await database.raw(
                "INSERT INTO access_tokens (token_hash, user_id, expires_at) VALUES ('h1', 'u1', 4000000000)"
            ).run()
        }
        #expect(try await Schema.migrate(pool, logger: logger) == 2)
        #expect(try await Schema.migrate(pool, logger: logger) == Schema.version)
        let version = try await pool.withConnection { database in
            try await database.raw("SELECT version FROM signup_schema").first(decodingColumn: "version", as: Int.self)
        }
        #expect(version == Schema.version)
        let issued = try await pool.withConnection { database in
            try await database.raw("SELECT issued_at FROM access_tokens WHERE token_hash = 'h1'").first(
                decodingColumn: "issued_at",
                as: Int64.self
            )
        }
        #expect(issued == 0)
        let owner = try await SQLDataStore(pool: pool).session { tables in
            try await tables.tokens.userID(forTokenHash: "h1", now: 1_800_000_000)
        }
        #expect(owner == "u1")
        // Version 5: the old token has no refresh token, and no refresh token finds it.
        let refresh = try await pool.withConnection { database in
            try await database.raw("SELECT refresh_hash FROM access_tokens WHERE token_hash = 'h1'").first(
                decodingColumn: "refresh_hash",
                as: String?.self
            )
        }
        #expect(refresh == .some(nil))
        let taken = try await SQLDataStore(pool: pool).transaction { tables in
            try await tables.tokens.takeRefresh(SHA256Hex.of(""), now: 1_800_000_000)
        }
        #expect(taken == nil)
        try await pool.close()
    }
}
