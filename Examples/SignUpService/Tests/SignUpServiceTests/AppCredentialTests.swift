import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// How a request names its app, as the SDKs and Kii's REST reference do: `X-Kii-AppID` and
/// `X-Kii-AppKey` (any case) or `Authorization: Basic`; another app is 404 `APP_NOT_FOUND`, a
/// wrong key 401, an anonymous route without the key 401; a route with a user's token needs no
/// app header. And the Bearer token itself: missing 401, unknown 403.
@Suite struct AppCredentialTests {
    static let sam = #"{"loginName":"sam_1","password":"correct horse"}"#

    @Test(arguments: [false, true])
    func appHeadersInAnyCaseAndBasicIdentifyTheApp(live: Bool) async throws {
        try await withService(.sqlite, live: live, .app(KiiApp(id: "App_1", key: "Key-1"))) { service in
            #expect(service.usersPath == "/api/apps/App_1/users")
            let spellings: [HTTPFields] = [
                [.kiiAppID: "App_1", .kiiAppKey: "Key-1"],
                [HTTPField.Name("x-kii-appid")!: "App_1", HTTPField.Name("x-kii-appkey")!: "Key-1"],
                [HTTPField.Name("X-KII-APPID")!: "App_1", HTTPField.Name("X-KII-APPKEY")!: "Key-1"],
                [.authorization: AppHeaders.basic(id: "App_1", key: "Key-1")],
                [.authorization: "basic " + AppHeaders.basic(id: "App_1", key: "Key-1").dropFirst("Basic ".count)],
                [.kiiAppKey: "Key-1"],  // the path names the app
            ]
            for (index, fields) in spellings.enumerated() {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json: #"{"loginName":"app_\#(index)","password":"correct horse"}"#,
                    app: .custom(fields)
                )
                #expect(answer.status == 201, "\(fields)")
                #expect(answer.headers[.location]?.hasPrefix("/api/apps/App_1/users/") == true, "\(fields)")
            }
            for fields in spellings.dropLast() {
                let login = try await service.send(
                    .post,
                    Harness.tokenPath,
                    json: Harness.loginBody("app_0"),
                    app: .custom(fields)
                )
                #expect(login.status == 200, "\(fields)")
            }
            let keyOnly = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("app_0"),
                app: .custom([.kiiAppKey: "Key-1"])
            )
            #expect(keyOnly.status == 401)  // `/api/oauth2/token` has no app in its path
            #expect(keyOnly.errorCode == "UNAUTHORIZED")
        }
    }

    @Test(arguments: Backend.enabled)
    func anotherAppIs404AppNotFoundWhereverItIsNamed(backend: Backend) async throws {
        try await withService(backend) { service in
            let sam = try await service.signUpAndLogIn(Self.sam, as: "sam_1")
            let requests: [(String, HTTPRequest.Method, String, String?, AppHeaders, String?)] = [
                (
                    "header", .post, service.usersPath, Self.sam,
                    .custom([.kiiAppID: "other", .kiiAppKey: "signupdev-key"]), nil
                ),
                (
                    "basic", .post, service.usersPath, Self.sam,
                    .custom([.authorization: AppHeaders.basic(id: "other", key: "signupdev-key")]), nil
                ),
                ("path", .post, "/api/apps/other/users", Self.sam, .none, nil),
                ("token path", .post, "/api/apps/other/oauth2/token", Harness.loginBody("sam_1"), .none, nil),
                (
                    "token header", .post, Harness.tokenPath, Harness.loginBody("sam_1"),
                    .custom([.kiiAppID: "other", .kiiAppKey: "k"]), nil
                ),
                ("read header", .get, service.userPath("me"), nil, .custom([.kiiAppID: "other"]), sam.token),
                ("read path", .get, "/api/apps/other/users/me", nil, .none, sam.token),
                (
                    "reset path", .post, "/api/apps/other/users/LOGIN_NAME:sam_1/password/request-reset", "{}", .none,
                    nil
                ),
            ]
            for (label, method, path, body, app, token) in requests {
                let answer = try await service.send(method, path, json: body, token: token, app: app)
                #expect(answer.status == 404, "\(label)")
                #expect(answer.errorCode == "APP_NOT_FOUND", "\(label)")
                #expect(answer.problems == ["app:app_not_found"], "\(label)")
                #expect(answer.messages.first == "app 'other' is not the app of this service", "\(label)")
            }
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }

    /// The path's app ID counts even when a header or Basic names the service's own app.
    @Test(arguments: Backend.enabled)
    func anotherAppInThePathIs404EvenWithTheRightHeaders(backend: Backend) async throws {
        try await withService(backend) { service in
            let sam = try await service.signUpAndLogIn(Self.sam, as: "sam_1")
            let requests: [(String, HTTPRequest.Method, String, String?, AppHeaders, String?)] = [
                (
                    "sign-up, headers", .post, "/api/apps/other/users",
                    #"{"loginName":"sam_2","password":"correct horse"}"#, .kii, nil
                ),
                (
                    "sign-up, basic", .post, "/api/apps/other/users",
                    #"{"loginName":"sam_3","password":"correct horse"}"#, .basic, nil
                ),
                ("login, headers", .post, "/api/apps/other/oauth2/token", Harness.loginBody("sam_1"), .kii, nil),
                ("read, headers", .get, "/api/apps/other/users/me", nil, .kii, sam.token),
                (
                    "reset, headers", .post, "/api/apps/other/users/LOGIN_NAME:sam_1/password/request-reset", "{}",
                    .kii, nil
                ),
            ]
            for (label, method, path, body, app, token) in requests {
                let answer = try await service.send(method, path, json: body, token: token, app: app)
                #expect(answer.status == 404, "\(label): \(answer)")
                #expect(answer.errorCode == "APP_NOT_FOUND", "\(label)")
            }
            #expect(try await service.rowCounts()[.users] == 1)
            #expect(try await service.rowCounts()[.accessTokens] == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func wrongKeyIs401AndAnonymousRoutesNeedTheKey(backend: Backend) async throws {
        try await withService(backend) { service in
            let sam = try await service.signUpAndLogIn(Self.sam, as: "sam_1")
            let wrongKeys: [AppHeaders] = [
                .custom([.kiiAppID: "signupdev", .kiiAppKey: "not-the-key"]),
                .custom([.authorization: AppHeaders.basic(id: "signupdev", key: "not-the-key")]),
                .custom([.kiiAppKey: "not-the-key"]),
            ]
            for app in wrongKeys {
                for (path, body) in [(service.usersPath, Self.sam), (Harness.tokenPath, Harness.loginBody("sam_1"))] {
                    let answer = try await service.send(.post, path, json: body, app: app)
                    #expect(answer.status == 401, "\(path)")
                    #expect(answer.errorCode == "UNAUTHORIZED", "\(path)")
                    #expect(answer.problems == ["app:wrong_app_key"], "\(path)")
                }
            }
            // A route with a token checks the key it is given, too.
            let read = try await service.send(
                .get,
                service.userPath("me"),
                token: sam.token,
                app: .custom([.kiiAppID: "signupdev", .kiiAppKey: "not-the-key"])
            )
            #expect(read.status == 401)
            #expect(read.problems == ["app:wrong_app_key"])
            let anonymous: [(String, String)] = [
                (service.usersPath, Self.sam), (Harness.tokenPath, Harness.loginBody("sam_1")),
                (service.appTokenPath, Harness.loginBody("sam_1")),
                (service.userPath("LOGIN_NAME:sam_1") + "/password/request-reset", "{}"),
                (
                    service.userPath("LOGIN_NAME:sam_1") + "/password/complete-reset",
                    #"{"pinCode":"1","newPassword":"abcd"}"#
                ),
            ]
            for (path, body) in anonymous {
                for app in [AppHeaders.none, .custom([.kiiAppID: "signupdev"])] {
                    let answer = try await service.send(.post, path, json: body, app: app)
                    #expect(answer.status == 401, "\(path)")
                    #expect(answer.errorCode == "UNAUTHORIZED", "\(path)")
                    #expect(answer.problems == ["app:missing_app_credentials"], "\(path)")
                }
            }
            let pseudo = try await service.send(
                .post,
                service.usersPath,
                json: "{}",
                contentType: KiiType.pseudoRegistration,
                app: .none
            )
            #expect(pseudo.status == 401)
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func routesWithATokenWorkWithoutAppHeaders(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let sam = try await service.signUpAndLogIn(
                #"{"loginName":"sam_1","emailAddress":"sam@example.com","password":"correct horse"}"#,
                as: "sam_1"
            )
            let me = service.userPath("me")
            let requests: [(HTTPRequest.Method, String, String?, Int)] = [
                (.get, me, nil, 200),
                (.get, service.userPath("LOGIN_NAME:sam_1"), nil, 200),
                (.post, me, #"{"displayName":"Sam"}"#, 200),
                (.post, me + "/email-address/resend-verification", nil, 204),
                (.put, me + "/email-address", #"{"emailAddress":"sam.new@example.com"}"#, 204),
                (.put, me + "/password", #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#, 204),
                (.delete, me, nil, 204),
            ]
            for (method, path, body, status) in requests {
                let answer = try await service.send(method, path, json: body, token: sam.token, app: .none)
                #expect(answer.status == status, "\(method) \(path): \(answer)")
            }
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test(arguments: ["Bearer", "bearer", "BEARER", "BeArEr"])
    func bearerSchemeInAnyCase(scheme: String) async throws {
        try await withService(.sqlite) { service in
            let sam = try await service.signUpAndLogIn(Self.sam, as: "sam_1")
            let answer = try await service.send(
                .get,
                service.userPath("me"),
                headers: [.authorization: "\(scheme) \(sam.token)"]
            )
            #expect(answer.status == 200)
            #expect(answer.string("userID") == sam.id)
        }
    }

    @Test(arguments: ["", "Bearer", "Bearer ", "Basic abc", "Token abc"])
    func missingTokenIs401WithWWWAuthenticate(header: String) async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(
                .get,
                service.userPath("me"),
                headers: header.isEmpty ? [:] : [.authorization: header]
            )
            #expect(answer.status == 401)
            #expect(answer.errorCode == "UNAUTHORIZED")
            #expect(answer.headers[.wwwAuthenticate] == #"Bearer realm="kii""#)
            #expect(answer.problems == ["Authorization:missing_token"])
        }
    }

    @Test(arguments: Backend.enabled)
    func unknownOrRevokedTokenIs403WrongToken(backend: Backend) async throws {
        try await withService(backend) { service in
            let sam = try await service.signUpAndLogIn(Self.sam, as: "sam_1")
            let almost = String(sam.token.dropLast()) + (sam.token.hasSuffix("A") ? "B" : "A")
            for token in ["nope", almost, AccessToken(text: sam.token).hash] {
                let answer = try await service.send(.get, service.userPath("me"), token: token)
                #expect(answer.status == 403, "\(token)")
                #expect(answer.errorCode == "WRONG_TOKEN", "\(token)")
                #expect(answer.problems == ["Authorization:invalid_token"], "\(token)")
                #expect(answer.headers[.wwwAuthenticate] == nil, "\(token)")
                #expect(!answer.text.contains(token), "\(token)")
            }
        }
    }
}
