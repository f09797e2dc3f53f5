import Foundation
import Hummingbird
import NIOCore
import SQLKit
import SignUpService

/// The rates that bound the service's routes, through the same server and middleware:
///
/// - `GET /bench/trivial`: a fixed JSON answer (the framework's rate);
/// - `POST /bench/insert`: the body collected as a sign-up's is, then one row inserted through
///   the same pool in one transaction (the database's rate).
struct BaselineRoutes {
    let pool: any DatabasePool

    func add(to router: Router<ServiceRequestContext>) {
        let pool = pool
        router.get("/bench/trivial") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"ok":true}"#))
            )
        }
        router.post("/bench/insert") { request, _ in
            let buffer = try await request.body.collect(upTo: 65_536)
            let id = UUID().uuidString.lowercased()
            let body = String(buffer: buffer)
            try await pool.transaction { database in
                try await database.raw("INSERT INTO bench_rows (id, body) VALUES (\(bind: id), \(bind: body))").run()
            }
            return Response(
                status: .created,
                headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"id":"\#(id)"}"#))
            )
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
