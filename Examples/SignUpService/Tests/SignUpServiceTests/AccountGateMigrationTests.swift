import SQLKit
import Testing

@testable import SignUpService

/// Schema version 9 (``Schema/accountGatesVersion``) on a database version 8 wrote:
/// `account_gates` and `remembered_addresses` are created empty (logged on PostgreSQL, so a
/// standby has them), the rate limits stay, and the first login is counted and remembered.
@Suite struct AccountGateMigrationTests {
    @Test(arguments: Backend.enabled)
    func versionEightGainsAccountGatesAndKeepsItsLimits(backend: Backend) async throws {
        let older = try await OlderDatabase.make(
            backend,
            version: Schema.accountGatesVersion - 1,
            rows: [
                """
                INSERT INTO rate_limits (limit_key, tat, emission, tolerance, admitted)
                VALUES ('address:192.0.2.1', \((Harness.start + 600) * 1_000_000), 3000000, 57000000, TRUE)
                """
            ]
        )
        try await older.withService(backend, .trustedProxyHeader(ThrottleTests.forwarded)) { service in
            let pool = service.server.pool
            func count(_ table: String) async throws -> Int? { try await pool.rowCount(of: table) }
            let version = try await pool.recordedSchemaVersion()
            #expect(version == Schema.accountGatesVersion)
            #expect(try await count("account_gates") == 0)
            #expect(try await count("remembered_addresses") == 0)
            #expect(try await count("rate_limits") == 1)
            if backend == .postgres {
                for table in ["account_gates", "remembered_addresses"] {
                    #expect(try await pool.isLogged(table), "\(table)")
                }
            }
            // The address kept its limit; a failure counts in the account's streak, a success
            // ends it and remembers the address.
            let limited = try await ThrottleTests.logIn(service, "nobody", "guess", from: "192.0.2.1")
            #expect(limited.status == 429)
            try await service.signUp(#"{"loginName":"owner_1","password":"correct horse"}"#)
            #expect(try await ThrottleTests.logIn(service, "owner_1", "guess", from: "198.51.100.7").status == 400)
            #expect(try await count("account_gates") == 1)
            #expect(
                try await ThrottleTests.logIn(service, "owner_1", "correct horse", from: "198.51.100.7").status == 200
            )
            #expect(try await count("account_gates") == 0)
            #expect(try await count("remembered_addresses") == 1)
            #expect(try await Schema.migrate(pool, logger: .init(label: "signup-tests")) == Schema.version)
        }
    }
}
