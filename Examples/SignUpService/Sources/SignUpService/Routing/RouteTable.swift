import HTTPTypes
import Hummingbird

/// The service's router as the resources see it: groups are made from it as from Hummingbird's
/// router (`table.group("api/apps/:appID")`), and it keeps each path's methods, so that
/// ``addMethodNotAllowed()`` answers another method on a known path 405 with `Allow`, before
/// any group's checks; an unknown path is 404. Both in Kii's error shape.
final class RouteTable: RouterMethods {
    typealias Context = ServiceRequestContext

    private let router: Router<ServiceRequestContext>
    /// Each path added, in order, with its methods.
    private var paths: [(path: RouterPath, methods: [HTTPRequest.Method])] = []

    init(router: Router<ServiceRequestContext>) { self.router = router }

    @discardableResult
    func on<Responder: HTTPResponder>(
        _ path: RouterPath,
        method: HTTPRequest.Method,
        responder: Responder
    ) -> Self where Responder.Context == Context {
        router.on(path, method: method, responder: responder)
        if let index = paths.firstIndex(where: { $0.path.description == path.description }) {
            paths[index].methods.append(method)
        } else {
            paths.append((path, [method]))
        }
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }

    /// Answers 405 for every other common method on each path added. A path that takes `GET`
    /// takes `HEAD` too (RFC 9110, 9.3.2): the router makes it from the `GET` (the router's
    /// `autoGenerateHeadEndpoints`), and `Allow` names it.
    func addMethodNotAllowed() {
        let common: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
        for (path, methods) in paths {
            var allowed = methods
            if let get = allowed.firstIndex(of: .get), !allowed.contains(.head) { allowed.insert(.head, at: get + 1) }
            let names = allowed.map(\.rawValue)
            let allowHeader = names.joined(separator: ", ")
            for method in common where !allowed.contains(method) {
                router.on(path, method: method) { request, _ -> Response in
                    throw ServiceFailure(
                        .method,
                        .methodNotAllowed(method: request.method.rawValue, allowed: names),
                        headers: [.allow: allowHeader]
                    )
                }
            }
        }
    }
}
