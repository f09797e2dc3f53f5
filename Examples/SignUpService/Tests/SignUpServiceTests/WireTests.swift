import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// What every route shares on the wire: CORS for a browser's SDK, `?disable_cache=` ignored,
/// each route's media types, 405 with `Allow`, 404 in Kii's error shape.
@Suite struct WireTests {
    static let origin: HTTPFields = [.origin: "https://app.example.com"]

    @Test(arguments: [false, true])
    func preflightIsAnswered204WithKiisHeadersAllowed(live: Bool) async throws {
        try await withService(.sqlite, live: live) { service in
            for path in [
                service.usersPath, service.userPath("me"), Harness.tokenPath, service.userPath("me") + "/password",
                service.userPath("EMAIL:a@example.com") + "/password/request-reset",
            ] {
                let answer = try await service.send(
                    .options,
                    path,
                    app: .none,
                    headers: [
                        .origin: "https://app.example.com", .accessControlRequestMethod: "POST",
                        .accessControlRequestHeaders:
                            "authorization, content-type, x-kii-appid, x-kii-appkey, x-kii-sdk",
                    ]
                )
                #expect(answer.status == 204, "\(path)")
                #expect(answer.headers[.accessControlAllowOrigin] == "*", "\(path)")
                let allowed = Set(
                    (answer.headers[.accessControlAllowHeaders] ?? "").lowercased().split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                )
                #expect(
                    allowed.isSuperset(of: [
                        "authorization", "content-type", "accept", "x-kii-appid", "x-kii-appkey", "x-kii-sdk",
                    ]),
                    "\(path)"
                )
                let methods = Set(
                    (answer.headers[.accessControlAllowMethods] ?? "").split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                )
                #expect(methods.isSuperset(of: ["GET", "POST", "PUT", "DELETE"]), "\(path)")
                #expect(answer.headers[.accessControlExposeHeaders]?.contains("Location") == true, "\(path)")
                #expect(answer.headers[.accessControlMaxAge] == "600", "\(path)")
            }
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test func optionsWithoutOriginIs405WithAllow() async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(.options, service.usersPath)
            #expect(answer.status == 405)
            #expect(answer.headers[.allow] == "POST")
            #expect(answer.headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test(arguments: Backend.enabled)
    func everyAnswerToARequestWithOriginAllowsAnyOrigin(backend: Backend) async throws {
        try await withService(backend, .loginFailuresPerMinute(1), .maxBodyBytes(256)) { service in
            let body = #"{"loginName":"cors_1","password":"correct horse"}"#
            var statuses: [Int] = []
            func send(
                _ method: HTTPRequest.Method,
                _ path: String,
                json: String? = nil,
                token: String? = nil,
                contentType: String? = "application/json",
                app: AppHeaders = .kii
            ) async throws -> Answer {
                let answer = try await service.send(
                    method,
                    path,
                    json: json,
                    token: token,
                    contentType: contentType,
                    app: app,
                    headers: Self.origin
                )
                #expect(answer.headers[.accessControlAllowOrigin] == "*", "\(answer)")
                statuses.append(answer.status)
                return answer
            }
            _ = try await send(.post, service.usersPath, json: body)
            let token = try #require(
                try await send(.post, Harness.tokenPath, json: Harness.loginBody("cors_1")).string("access_token")
            )
            _ = try await send(
                .put,
                service.userPath("me") + "/password",
                json: #"{"oldPassword":"correct horse","newPassword":"correct horse"}"#,
                token: token
            )
            _ = try await send(.post, service.usersPath, json: #"{"loginName":"x"}"#)
            _ = try await send(.get, service.userPath("me"))
            _ = try await send(.get, service.userPath("me"), token: "unknown")
            _ = try await send(.get, "/api/apps/signupdev/nothing")
            _ = try await send(.patch, service.userPath("me"), json: "{}")
            _ = try await send(.post, service.usersPath, json: body)
            _ = try await send(.post, service.usersPath, json: String(repeating: " ", count: 300) + "{}")
            _ = try await send(.post, service.usersPath, json: body, contentType: "text/plain")
            _ = try await send(.post, Harness.tokenPath, json: Harness.loginBody("cors_1", "wrong"))
            _ = try await send(.post, Harness.tokenPath, json: Harness.loginBody("cors_1"))
            service.failWrites(at: .afterUserRow)
            _ = try await send(.post, service.usersPath, json: #"{"loginName":"cors_2","password":"correct horse"}"#)
            #expect(statuses == [201, 200, 204, 400, 401, 403, 404, 405, 409, 413, 415, 400, 429, 500])
        }
    }

    @Test(arguments: Backend.enabled)
    func disableCacheIsIgnoredOnEveryRoute(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            func bust(_ path: String) -> String { path + "?disable_cache=\(Harness.start * 1_000 + 123)" }
            let created = try await service.send(
                .post,
                bust(service.usersPath),
                json:
                    #"{"loginName":"cache_1","emailAddress":"cache@example.com","password":"correct horse","country":"JP"}"#,
                contentType: KiiType.registration
            )
            #expect(created.status == 201)
            let userID = try #require(created.string("userID"))
            let login = try await service.send(.post, bust(Harness.tokenPath), json: Harness.loginBody("cache_1"))
            #expect(login.status == 200)
            let appLogin = try await service.send(.post, bust(service.appTokenPath), json: Harness.loginBody("cache_1"))
            #expect(appLogin.status == 200)
            let token = try #require(login.string("access_token"))
            let pseudo = try await service.send(
                .post,
                bust(service.usersPath),
                json: "{}",
                contentType: KiiType.pseudoRegistration
            )
            #expect(pseudo.status == 201)
            #expect(pseudo["_accessToken"] != nil)
            let me = service.userPath(userID)
            let steps: [(HTTPRequest.Method, String, String?, Int)] = [
                (.get, me, nil, 200),
                (.get, service.userPath("EMAIL:cache@example.com"), nil, 200),
                (.post, me, #"{"displayName":"Cache"}"#, 200),
                (.post, me + "/email-address/resend-verification", nil, 204),
                (.put, me + "/phone-number", #"{"phoneNumber":"09012345678"}"#, 204),
                (.put, me + "/email-address", #"{"emailAddress":"cache.new@example.com"}"#, 204),
            ]
            for (method, path, body, status) in steps {
                let answer = try await service.send(method, bust(path), json: body, token: token)
                #expect(answer.status == status, "\(method) \(path): \(answer)")
            }
            let code = try #require(service.code(.email, of: userID))
            let verified = try await service.send(
                .post,
                bust(me + "/email-address/verify"),
                json: #"{"verificationCode":"\#(code)"}"#,
                token: token
            )
            #expect(verified.status == 204)
            let changed = try await service.send(
                .put,
                bust(me + "/password"),
                json: #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#,
                token: token
            )
            #expect(changed.status == 204)
            let requested = try await service.send(.post, bust(me + "/password/request-reset"), json: "{}")
            #expect(requested.status == 204)
            let pin = try #require(service.resetCode(of: userID))
            let completed = try await service.send(
                .post,
                bust(me + "/password/complete-reset"),
                json: #"{"pinCode":"\#(pin)","newPassword":"third horse"}"#
            )
            #expect(completed.status == 204)
            let token2 = try await service.logIn("cache_1", "third horse")
            let deleted = try await service.send(.delete, bust(me), token: token2)
            #expect(deleted.status == 204)
            let health = try await service.send(.get, bust("/health"))
            #expect(health.status == 200)
            #expect(try await service.rowCounts()[.users] == 1)  // the pseudo user
        }
    }

    /// Each JSON route takes `application/json` and its own Kii type, with or without parameters,
    /// and answers 415 naming both for any other (another route's Kii type too).
    @Test(arguments: Backend.enabled)
    func eachRouteTakesItsOwnKiiTypeAndJSON(backend: Backend) async throws {
        try await withService(
            backend,
            .emailVerification,
            // Codes are asked for again and again here: the throttle is not under test.
            .loginFailuresPerMinute(1_000),
            .addressFailuresPerMinute(1_000)
        ) { service in
            let kim = try await service.signUpAndLogIn(
                #"{"loginName":"kim_1","emailAddress":"kim@example.com","password":"correct horse","country":"JP"}"#,
                as: "kim_1"
            )
            let me = service.userPath(kim.id)
            let routes: [(String, HTTPRequest.Method, String, String, String?)] = [
                (
                    KiiType.registration, .post, service.usersPath,
                    #"{"loginName":"reg_1","password":"correct horse"}"#, nil
                ),
                (KiiType.token, .post, Harness.tokenPath, Harness.loginBody("kim_1"), nil),
                (KiiType.userUpdate, .post, me, #"{"displayName":"Kim"}"#, kim.token),
                (KiiType.emailChange, .put, me + "/email-address", #"{"emailAddress":"kim@example.com"}"#, kim.token),
                (KiiType.phoneChange, .put, me + "/phone-number", #"{"phoneNumber":"09012345678"}"#, kim.token),
                (
                    KiiType.changePassword, .put, me + "/password",
                    #"{"oldPassword":"correct horse","newPassword":"correct horse"}"#, kim.token
                ),
                // SMS: the phone number set above is verified (phone verification off); the email waits.
                (KiiType.resetRequest, .post, me + "/password/request-reset", #"{"notificationMethod":"SMS"}"#, nil),
            ]
            for (type, method, path, body, token) in routes {
                let other = type == KiiType.userUpdate ? KiiType.registration : KiiType.userUpdate
                let refused = try await service.send(method, path, json: body, token: token, contentType: other)
                #expect(refused.status == 415, "\(path) \(other)")
                #expect(refused.errorCode == "UNSUPPORTED_MEDIA_TYPE", "\(path)")
                #expect(refused.problems == ["Content-Type:unsupported_media_type"], "\(path)")
                #expect(refused.messages.first?.contains(type) == true, "\(path): \(refused)")
                #expect(refused.messages.first?.contains("application/json") == true, "\(path)")
                for accepted in [type, type + "; charset=utf-8", "application/json", "application/json;charset=utf-8"] {
                    let answer = try await service.send(method, path, json: body, token: token, contentType: accepted)
                    #expect((200...299).contains(answer.status), "\(path) \(accepted): \(answer)")
                    if method == .post && path == service.usersPath {
                        // a new username each time
                        break
                    }
                }
            }
            // The verification and the reset's completion, with a real code each time.
            for accepted in [KiiType.verification, "application/json"] {
                #expect(
                    try await service.send(.post, me + "/email-address/resend-verification", token: kim.token).status
                        == 204
                )
                let code = try #require(service.code(.email, of: kim.id))
                let refused = try await service.send(
                    .post,
                    me + "/email-address/verify",
                    json: #"{"verificationCode":"\#(code)"}"#,
                    token: kim.token,
                    contentType: KiiType.completeReset
                )
                #expect(refused.status == 415)
                let answer = try await service.send(
                    .post,
                    me + "/email-address/verify",
                    json: #"{"verificationCode":"\#(code)"}"#,
                    token: kim.token,
                    contentType: accepted
                )
                #expect(answer.status == 204, "\(accepted): \(answer)")
                #expect(
                    try await service.send(
                        .put,
                        me + "/email-address",
                        json: #"{"emailAddress":"kim\#(accepted.count)@example.com"}"#,
                        token: kim.token
                    )
                    .status == 204
                )
            }
            for accepted in [KiiType.completeReset, "application/json"] {
                #expect(
                    try await service.send(
                        .post,
                        me + "/password/request-reset",
                        json: #"{"notificationMethod":"SMS"}"#
                    )
                    .status == 204
                )
                let pin = try #require(service.resetCode(of: kim.id))
                let body = #"{"pinCode":"\#(pin)","newPassword":"battery staple"}"#
                let refused = try await service.send(
                    .post,
                    me + "/password/complete-reset",
                    json: body,
                    contentType: KiiType.verification
                )
                #expect(refused.status == 415)
                let answer = try await service.send(
                    .post,
                    me + "/password/complete-reset",
                    json: body,
                    contentType: accepted
                )
                #expect(answer.status == 204, "\(accepted): \(answer)")
            }
        }
    }

    @Test(arguments: [false, true])
    func unknownPathsAre404AndOtherMethods405WithAllow(live: Bool) async throws {
        try await withService(.sqlite, live: live) { service in
            // The old ad-hoc routes are gone.
            for (method, path) in [
                (HTTPRequest.Method.post, "/users"), (.post, "/users/pseudo"), (.post, "/oauth2/token"),
                (.patch, "/users/me"), (.get, "/api/apps/signupdev"), (.get, "/api/apps/signupdev/things"),
                (.get, "/api/apps/signupdev/users/me/unknown"), (.get, "/nothing/here"),
            ] {
                let answer = try await service.send(method, path, json: method == .get ? nil : "{}")
                #expect(answer.status == 404, "\(method) \(path)")
                #expect(answer.errorCode == "NOT_FOUND", "\(method) \(path)")
                #expect(answer.problems == ["path:not_found"], "\(method) \(path)")
            }
            let me = service.userPath("me")
            let allowed: [(String, String, HTTPRequest.Method)] = [
                (service.usersPath, "POST", .get),
                (me, "GET, HEAD, POST, DELETE", .patch),
                (me, "GET, HEAD, POST, DELETE", .put),
                (Harness.tokenPath, "POST", .get),
                (service.appTokenPath, "POST", .delete),
                (me + "/password", "PUT", .post),
                (me + "/email-address", "PUT", .post),
                (me + "/phone-number", "PUT", .get),
                (me + "/email-address/verify", "POST", .put),
                (me + "/phone-number/resend-verification", "POST", .get),
                (me + "/password/request-reset", "POST", .put),
                (me + "/password/complete-reset", "POST", .get),
                ("/health", "GET, HEAD", .post),
            ]
            for (path, allow, method) in allowed {
                let answer = try await service.send(method, path, json: method == .get ? nil : "{}")
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer.headers[.allow] == allow, "\(method) \(path)")
                #expect(answer.errorCode == "METHOD_NOT_ALLOWED", "\(method) \(path)")
                #expect(answer.problems == ["method:method_not_allowed"], "\(method) \(path)")
            }
        }
    }
}
