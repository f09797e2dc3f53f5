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
///   with `?verify=1`, followed by a password check against the decoy on the server's hasher, as
///   a failed login's (the check timed alone, under a login's load rather than the database's
///   saturation);
/// - `GET /bench/login-limits/stats`: `{"checks", "p50Microseconds", "p99Microseconds",
///   "maxMicroseconds"}`; with `?reset=1`, starts again.
///
/// The routes are added before the server exists (``SignUpServer``'s `routes`), the limits once
/// it does (``limits``).
final class LoginLimitTimer: Sendable {
    private let current = Mutex<(limits: LoginLimits, hasher: any PasswordHashing)?>(nil)
    private let nanoseconds = Mutex<[Int64]>([])

    /// The server's limits and hasher, set once it is built.
    var server: (limits: LoginLimits, hasher: any PasswordHashing)? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/bench/login-limits") { [self] request, _ in
            guard let (limits, hasher) = server else { return Response(status: .serviceUnavailable) }
            let account = UUID().uuidString.lowercased()
            let address = "10.\(UInt8.random(in: 0...255)).\(UInt8.random(in: 0...255)).\(UInt8.random(in: 1...254))"
            let clock = ContinuousClock()
            let start = clock.now
            try await limits.takeFailure(of: account, from: address)
            let elapsed = (clock.now - start).components
            let taken = elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
            nanoseconds.withLock { $0.append(taken) }
            if request.uri.queryParameters["verify"] == "1" {
                _ = try await hasher.verify("not the password", against: nil)
            }
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
