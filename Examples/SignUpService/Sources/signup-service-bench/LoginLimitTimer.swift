import Foundation
import Hummingbird
import NIOCore
import SignUpService
import Synchronization

/// The limit check a login makes before its password is judged (``LoginLimits``: the
/// throttle's statement, the remembered-address read and the account gate's upsert), timed alone
/// inside the server under the benchmark's load: issue 51 bounds its p99 to 1 ms on PostgreSQL.
///
/// - `POST /bench/login-limits`: one check for a user ID and an address of its own (a new
///   account each time, so that none is refused and each costs what a first failure costs);
/// - `GET /bench/login-limits/stats`: `{"checks", "p50Microseconds", "p99Microseconds",
///   "maxMicroseconds"}`; with `?reset=1`, starts again.
///
/// The routes are added before the server exists (``SignUpServer``'s `routes`), the limits once
/// it does (``limits``).
final class LoginLimitTimer: Sendable {
    private let current = Mutex<LoginLimits?>(nil)
    private let nanoseconds = Mutex<[Int64]>([])

    /// The server's limits, set once it is built.
    var limits: LoginLimits? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/bench/login-limits") { [self] _, _ in
            guard let limits else { return Response(status: .serviceUnavailable) }
            let account = UUID().uuidString.lowercased()
            let address = "10.\(UInt8.random(in: 0...255)).\(UInt8.random(in: 0...255)).\(UInt8.random(in: 1...254))"
            let clock = ContinuousClock()
            let start = clock.now
            try await limits.takeFailure(of: account, from: address)
            let elapsed = (clock.now - start).components
            let taken = elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
            nanoseconds.withLock { $0.append(taken) }
            return Response(status: .noContent)
        }
        router.get("/bench/login-limits/stats") { [self] request, _ in
            let reset = request.uri.queryParameters["reset"] == "1"
            let sorted = nanoseconds.withLock { times in
                defer { if reset { times = [] } }
                return times.sorted()
            }
            func microseconds(_ fraction: Double) -> String {
                guard !sorted.isEmpty else { return "0" }
                let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
                return String(format: "%.1f", Double(sorted[max(index, 0)]) / 1_000)
            }
            let json = """
                {"checks":\(sorted.count),"p50Microseconds":\(microseconds(0.5)),\
                "p99Microseconds":\(microseconds(0.99)),"maxMicroseconds":\(microseconds(1))}
                """
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: json))
            )
        }
    }
}
