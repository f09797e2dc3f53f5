import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import SignUpService

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sums the time of requests inside the server (from the outermost middleware's start to its
/// answer), so that the library's share of a request can be put beside it. `GET /bench/stats`
/// answers `{"requests", "nanoseconds", "cpuRequests", "cpuNanoseconds"}` and, with `?reset=1`,
/// starts again.
///
/// Two clocks: the wall clock (what a client waits for, including the time the request's thread
/// was preempted by the others on the machine) and the CPU time of the request's thread (what
/// the request costs, the measure `kii-identity-bench` gives the library's share). The CPU time
/// is only summed for a request that ended on the thread it started on; `cpuRequests` counts
/// them. (One that was suspended and resumed on that thread counts what ran there meanwhile:
/// the CPU sum can overstate a request, never understate it.)
struct RequestTimer: RouterMiddleware {
    typealias Context = ServiceRequestContext

    private struct Sums {
        var requests = 0
        var nanoseconds: Int64 = 0
        var cpuRequests = 0
        var cpuNanoseconds: Int64 = 0
    }

    private let sums = NIOLockedValueBox(Sums())

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        let startThread = pthread_self()
        let startCPU = Self.threadCPUNanoseconds()
        defer {
            let endCPU = Self.threadCPUNanoseconds()
            let sameThread = pthread_equal(startThread, pthread_self()) != 0
            let elapsed = clock.now - start
            let nanoseconds =
                elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            sums.withLockedValue {
                $0.requests += 1
                $0.nanoseconds += nanoseconds
                if sameThread {
                    $0.cpuRequests += 1
                    $0.cpuNanoseconds += endCPU - startCPU
                }
            }
        }
        return try await next(request, context)
    }

    /// The CPU time the calling thread has used.
    private static func threadCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    func addStatsRoute(to router: Router<ServiceRequestContext>) {
        let sums = sums
        router.get("/bench/stats") { request, _ in
            let reset = request.uri.queryParameters["reset"] == "1"
            let read = sums.withLockedValue { current in
                defer { if reset { current = Sums() } }
                return current
            }
            let json = """
                {"requests":\(read.requests),"nanoseconds":\(read.nanoseconds),\
                "cpuRequests":\(read.cpuRequests),"cpuNanoseconds":\(read.cpuNanoseconds)}
                """
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: json))
            )
        }
    }
}
