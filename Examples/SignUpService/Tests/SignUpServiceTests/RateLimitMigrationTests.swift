import SQLKit
import Testing

@testable import SignUpService

/// Schema version 8 (``Schema/rateLimitsVersion``) on a database version 7 wrote: `rate_limits`
/// is created (logged on PostgreSQL, so a standby has it), `login_failures` stays for the
/// instances of version 7 still running until the housekeeping empties it, and the budgets
/// start full.
@Suite struct RateLimitMigrationTests {
    static let owner = #"{"loginName":"owner_1","password":"correct horse"}"#

    @Test(arguments: Backend.enabled)
    func versionSevenGainsRateLimitsAndKeepsItsWindowsForOlderInstances(backend: Backend) async throws {
        let older = try await OlderDatabase.make(
            backend,
            version: Schema.rateLimitsVersion - 1,
            rows: [
                """
                INSERT INTO login_failures (throttle_key, window_start, failures)
                VALUES ('address:192.0.2.1', \(Harness.start), 20)
                """
            ]
        )
        try await older.withService(backend) { service in
            let pool = service.server.pool
            func count(_ table: String) async throws -> Int? { try await pool.rowCount(of: table) }
            let version = try await pool.recordedSchemaVersion()
            #expect(version == Schema.version)
            #expect(try await count("rate_limits") == 0)
            #expect(try await count("login_failures") == 1)
            if backend == .postgres {
                #expect(try await pool.isLogged("rate_limits"))
            }

            // The new limit at work: five wrong passwords judged, the sixth refused for 12 s.
            try await service.signUp(Self.owner)
            var statuses: [Int] = []
            for _ in 0..<6 {
                statuses.append(
                    try await service.send(
                        .post,
                        Harness.tokenPath,
                        json: Harness.loginBody("owner_1", "wrong horse")
                    ).status
                )
            }
            #expect(statuses == [400, 400, 400, 400, 400, 429])
            #expect(try await count("rate_limits") == 2)
            // The old windows go an hour on; a second migration finds nothing to do.
            try await Housekeeping.sweep(pool, now: Harness.start + 3_600)
            #expect(try await count("login_failures") == 0)
            #expect(try await Schema.migrate(pool, logger: .init(label: "signup-tests")) == Schema.version)
        }
    }
}
