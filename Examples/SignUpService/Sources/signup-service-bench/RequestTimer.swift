import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import SignUpService

/// Sums the time of requests inside the server (from the outermost middleware's start to its
/// answer), so that the library's share of a request can be put beside it. `GET /bench/stats`
/// answers `{"requests", "nanoseconds"}` and, with `?reset=1`, starts again.
struct RequestTimer: RouterMiddleware {
    typealias Context = ServiceRequestContext

    private let sums = NIOLockedValueBox((requests: 0, nanoseconds: Int64(0)))

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let elapsed = clock.now - start
            let nanoseconds =
                elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            sums.withLockedValue {
                $0.requests += 1
                $0.nanoseconds += nanoseconds
            }
        }
        return try await next(request, context)
    }

    func addStatsRoute(to router: Router<ServiceRequestContext>) {
        let sums = sums
        router.get("/bench/stats") { request, _ in
            let reset = request.uri.queryParameters["reset"] == "1"
            let read = sums.withLockedValue { current in
                defer { if reset { current = (0, 0) } }
                return current
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string: #"{"requests":\#(read.requests),"nanoseconds":\#(read.nanoseconds)}"#
                    )
                )
            )
        }
    }
}
