import HTTPTypes
import SignUpService
import Testing

/// What every answer says about itself (issue 49, item 8): `Cache-Control: no-store` and
/// `X-Content-Type-Options: nosniff` on every API answer, tokens and errors too (the page's files
/// keep their own `no-cache`); `HEAD` wherever `GET` is served, without a body on the wire; and
/// `Allow` on every 405, naming `HEAD` beside `GET`.
@Suite struct AnswerHeadersTests {
    @Test(arguments: Backend.enabled)
    func everyAPIAnswerIsNotStoredNorSniffed(backend: Backend) async throws {
        try await withService(backend) { service in
            let signUp = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"store_1","password":"correct horse"}"#,
                contentType: KiiType.registration
            )
            let login = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("store_1"))
            let token = try #require(login.string("access_token"))
            let answers = [
                ("sign-up", signUp), ("login", login),
                ("me", try await service.send(.get, service.userPath("me"), token: token)),
                (
                    "refused login",
                    try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("store_1", "wrong one"))
                ),
                ("no route", try await service.send(.get, "/api/nothing")),
                ("405", try await service.send(.patch, service.userPath("me"), token: token)),
                ("health", try await service.send(.get, "/health")),
            ]
            #expect(answers.map(\.1.status) == [201, 200, 200, 400, 404, 405, 200])
            for (name, answer) in answers {
                #expect(answer.headers[.cacheControl] == "no-store", "\(name)")
                #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(name)")
            }
            let page = try await service.send(.get, "/", app: .none)
            #expect(page.headers[.cacheControl] == "no-cache")
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test(arguments: Backend.enabled)
    func headIsServedWhereverGetIsAndEvery405SaysAllow(backend: Backend) async throws {
        try await withService(backend, live: true) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"head_1","password":"correct horse"}"#,
                as: "head_1"
            )
            for path in ["/health", "/", service.userPath("me"), service.userPath(user.id)] {
                let get = try await service.send(.get, path, token: user.token)
                let head = try await service.send(.head, path, token: user.token)
                #expect(get.status == 200, "\(path)")
                #expect(head.status == 200, "\(path)")
                #expect(head.text.isEmpty, "\(path)")
                #expect(head.headers[.contentLength] == get.headers[.contentLength], "\(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
            }
            // A HEAD on a route that refuses the caller: its status and headers, no body.
            let unauthorized = try await service.send(.head, service.userPath("me"))
            #expect(unauthorized.status == 401)
            #expect(unauthorized.text.isEmpty)
            for (method, path, allow) in [
                (HTTPRequest.Method.patch, service.userPath("me"), "GET, HEAD, POST, DELETE"),
                (.head, service.usersPath, "POST"), (.get, Harness.tokenPath, "POST"),
                (.delete, "/health", "GET, HEAD"),
            ] {
                let answer = try await service.send(method, path, token: user.token)
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer.headers[.allow] == allow, "\(method) \(path)")
            }
        }
    }
}
