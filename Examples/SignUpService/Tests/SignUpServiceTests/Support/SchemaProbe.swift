import SQLKit
import SignUpService

/// What the migration tests read of a database: its schema version, a table's rows, and
/// whether PostgreSQL logs a table (so that a standby has it and a failover keeps it).
extension DatabasePool {
    /// The version `signup_schema` records.
    func recordedSchemaVersion() async throws -> Int? {
        try await withConnection { database in
            try await database.raw("SELECT version FROM signup_schema").first(decodingColumn: "version", as: Int.self)
        }
    }

    /// How many rows `table` has.
    func rowCount(of table: String) async throws -> Int? {
        try await withConnection { database in
            try await database.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first(decodingColumn: "n", as: Int.self)
        }
    }

    /// Whether PostgreSQL writes `table` to its log (`relpersistence` `p`, not an unlogged `u`).
    func isLogged(_ table: String) async throws -> Bool {
        let persistence = try await withConnection { database in
            try await database.raw(
                "SELECT relpersistence::text AS p FROM pg_class WHERE oid = \(bind: table)::regclass"
            )
            .first(decodingColumn: "p", as: String.self)
        }
        return persistence == "p"
    }
}
