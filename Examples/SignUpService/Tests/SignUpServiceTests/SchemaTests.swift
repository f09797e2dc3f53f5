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
        let version = try await pool.recordedSchemaVersion()
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

    /// A database as version 5 left it: a session with a refresh token (no family), three users
    /// with an email address (unverified and its code swept, unverified with a live code,
    /// verified). Version 6 frees only the first address, keeps the session refreshable, and
    /// remembers the spent refresh token with the session's own hash as its family.
    @Test func versionFiveFreesSweptUnverifiedAddressesAndKeepsItsSessions() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let logger = Logger(label: "signup-tests")
        let pool = try await SQLitePool(file: folder.appendingPathComponent("v5.sqlite").path, logger: logger)
        let refreshHash = SHA256Hex.of("refresh")
        try await pool.transaction { database in
            for statement in Schema.migrations[0..<5].joined() {
                try await database.raw("\(unsafeRaw: statement)").run()
            }
            try await database.raw("CREATE TABLE signup_schema (version INTEGER NOT NULL)").run()
            try await database.raw("INSERT INTO signup_schema (version) VALUES (5)").run()
            for (index, (userID, verified)) in [("u1", false), ("u2", false), ("u3", true)].enumerated() {
                try await database.raw(
                    """
                    INSERT INTO users (user_id, record, created_at, updated_at, internal_id, email_verified)
                    VALUES (\(bind: userID), '{}', 0, 0, \(bind: index + 1), \(bind: verified))
                    """
                ).run()
                try await database.raw(
                    """
                    INSERT INTO identity_keys (kind, value, user_id)
                    VALUES ('email', \(bind: "\(userID)@example.com"), \(bind: userID))
                    """
                ).run()
            }
            try await database.raw(
                """
                INSERT INTO verification_codes (user_id, kind, value, code_hash, expires_at)
                VALUES ('u2', 'email', 'u2@example.com', 'old-sha256', 4000000000)
                """
            ).run()
            try await database.raw(
                """
                INSERT INTO access_tokens (token_hash, user_id, expires_at, issued_at, refresh_hash, refresh_expires_at)
                VALUES ('h1', 'u3', 4000000000, 0, \(bind: refreshHash), 4000000000)
                """
            ).run()
        }
        #expect(try await Schema.migrate(pool, logger: logger) == 5)
        let keys = try await pool.withConnection { database in
            try await database.raw("SELECT value FROM identity_keys ORDER BY value").all(
                decodingColumn: "value",
                as: String.self
            )
        }
        #expect(keys == ["u2@example.com", "u3@example.com"])
        let store = SQLDataStore(pool: pool)
        let code = try await store.session { tables in try await tables.codes.code(.email, of: "u2") }
        #expect(code?.failures == 0)
        let spent = try await store.transaction { tables in
            let taken = try await tables.tokens.takeRefresh(refreshHash, now: 1_800_000_000)
            let family = try await tables.tokens.spentFamily(ofRefresh: refreshHash, now: 1_800_000_000)
            return (taken?.family, taken?.userID, family)
        }
        #expect(spent.0 == nil)
        #expect(spent.1 == "u3")
        #expect(spent.2 == "h1")
        try await pool.close()
    }
}
