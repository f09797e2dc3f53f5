import Hummingbird
import KiiIdentity
import SQLKit

/// `GET /health` (outside Kii's `/api`): 200 `{"status":"ok","database":…}` when the database
/// answers, 503 when it does not, for a load balancer.
struct HealthController {
    let pool: any DatabasePool

    /// Adds `GET /health` to `router`.
    func addRoutes(to router: some RouterMethods<ServiceRequestContext>) {
        router.get("health") { _, _ in try await health() }
    }

    func health() async throws -> Response {
        do {
            _ = try await pool.withConnection { database in
                try await database.raw("SELECT 1 AS one").first(decodingColumn: "one", as: Int.self)
            }
        } catch {
            throw ServiceFailure(.database, .databaseUnavailable)
        }
        return .json(.ok, ["status": "ok", "database": .string(pool.flavour.rawValue)])
    }
}
