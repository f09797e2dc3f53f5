import Foundation
import Hummingbird
import KiiIdentity
import SQLKit

/// The routes that exist only in benchmark mode (`SIGNUP_BENCHMARK=1`), to measure the
/// service's routes beside what bounds them:
///
/// - `GET /bench/trivial`: a fixed JSON answer through the same middleware (the framework's rate);
/// - `POST /bench/insert`: the body read as a sign-up's is (content type, size), then one row
///   inserted through the same pool in one transaction (the database's rate);
/// - `GET /bench/stats`: where the requests' time went since the last read (``BenchmarkTimings``;
///   `?reset=1` starts again).
struct BenchmarkRoutes {
    let store: UserStore
    let timings: BenchmarkTimings

    func add(to routes: inout Routes) {
        let store = store
        let timings = timings
        routes.add(.get, "/bench/trivial") { _, _ in .json(.ok, ["ok": true]) }
        routes.add(.post, "/bench/insert") { request, _ in
            let bytes = try await RequestJSON.bytes(of: request, maximumBytes: 65_536) ?? []
            let id = UUID().uuidString.lowercased()
            let body = String(decoding: bytes, as: UTF8.self)
            try await store.pool.transaction { database in
                try await database.raw("INSERT INTO bench_rows (id, body) VALUES (\(bind: id), \(bind: body))").run()
            }
            return .json(.created, ["id": .string(id)])
        }
        routes.add(.get, "/bench/stats") { request, _ in
            let reset = request.uri.queryParameters["reset"] == "1"
            return .json(.ok, timings.json(reset: reset))
        }
    }

    /// The bare insert's table.
    static func createTable(_ pool: any DatabasePool) async throws {
        try await pool.transaction { database in
            try await database.raw("CREATE TABLE IF NOT EXISTS bench_rows (id TEXT PRIMARY KEY, body TEXT NOT NULL)")
                .run()
        }
    }
}
