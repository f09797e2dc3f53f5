import Hummingbird

/// The sign-up page, outside Kii's `/api`: `GET /` in the request's language (``SignUpPage``),
/// `GET /page/signup.js` and `GET /page/signup.css`. The page talks to the service only as a
/// Kii app does, through `/api` with the app's ID and key, and checks fields at `POST /checks`
/// (``ChecksController``).
struct PageController {
    let page: SignUpPage

    /// Adds the page's routes to `router`.
    func addRoutes(to router: some RouterMethods<ServiceRequestContext>) {
        router.get("/") { request, _ in page.document(acceptLanguage: request.headers.value(.acceptLanguage)) }
        router.get(RouterPath(SignUpPage.scriptPath)) { _, _ in
            SignUpPage.asset(page.script, contentType: "text/javascript; charset=utf-8")
        }
        router.get(RouterPath(SignUpPage.stylePath)) { _, _ in
            SignUpPage.asset(page.style, contentType: "text/css; charset=utf-8")
        }
    }
}
