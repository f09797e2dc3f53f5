import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

/// `POST /checks` (outside Kii's `/api`, no app key: it reads nothing stored): a sign-up form's
/// members, any of `loginName`, `emailAddress`, `phoneNumber`, `country`, `displayName`,
/// `password`, `locale` and custom fields, as a sign-up's body; answered 200 with each given
/// member's problems in the request's `Accept-Language` (English or Japanese), in the shape of
/// Kii's `errors`:
///
/// ```json
/// {"errors":[{"field":"loginName","code":"too_short","reason":"is too short (minimum 3 characters)",
///             "message":"username is too short (minimum 3 characters)"}]}
/// ```
///
/// `{"errors":[]}` when they are all fine. A body that is not a JSON object is 400 as a
/// sign-up's; see ``FormCheck``. A `password` is judged under the service's `PASSWORD_POLICY`
/// with the `loginName`, `emailAddress` and `displayName` sent with it and the app's ID as its
/// context (the sign-up page sends it as it is typed); the answer holds its codes and reasons,
/// never the password. No throttle: nothing stored is read, and what a check tells is no
/// one's secret.
struct ChecksController {
    let context: ControllerContext

    /// Adds `POST /checks` to `router`.
    func addRoutes(to router: some RouterMethods<ServiceRequestContext>) {
        router.post("checks") { request, _ in try await check(request) }
    }

    func check(_ request: Request) async throws -> Response {
        let bytes = try await context.bodies.bytes(of: request, accepting: [.json]) ?? []
        let body = try KiiUserBody(bytes: bytes, update: false)
        let problems = FormCheck(policy: context.accounts.policy, passwords: context.accounts.passwordJudge).problems(
            of: body.members
        )
        let language = ValidationError.Language(acceptLanguage: request.headers.value(.acceptLanguage))
        var text = #"{"errors":"#
        if problems.isEmpty {
            text += "[]"
        } else {
            ValidationError(problems).appendJSONProblems(in: language, to: &text)
        }
        text += "}"
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .contentLanguage: language.rawValue,
                .vary: "Accept-Language",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
