import HTTPTypes
import Hummingbird

/// The routes of the service, registered so that a known path with another method is 405 (with
/// `Allow`) and an unknown path 404, both in Kii's error shape. Each resource adds its own
/// (``UserRoutes``, ``TokenRoutes``, ...), beside its handlers.
struct Routes {
    let router: Router<ServiceRequestContext>
    private var methods: [String: [HTTPRequest.Method]] = [:]
    private var order: [String] = []

    init(router: Router<ServiceRequestContext>) { self.router = router }

    /// Adds `handler` for `method` on `path` (Hummingbird's syntax: `/users/:userID`).
    mutating func add(
        _ method: HTTPRequest.Method,
        _ path: String,
        _ handler: @escaping @Sendable (Request, ServiceRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        if methods[path] == nil { order.append(path) }
        methods[path, default: []].append(method)
    }

    /// Answers 405 for every other common method on each path added.
    func addMethodNotAllowed() {
        let common: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
        for path in order {
            let allowed = methods[path] ?? []
            let allowHeader = allowed.map(\.rawValue).joined(separator: ", ")
            for method in common where !allowed.contains(method) {
                router.on(RouterPath(path), method: method) { request, _ -> Response in
                    throw ServiceFailure(
                        .method,
                        .methodNotAllowed(method: request.method.rawValue, allowed: allowed.map(\.rawValue)),
                        headers: [.allow: allowHeader]
                    )
                }
            }
        }
    }
}
