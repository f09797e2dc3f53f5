import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// Kii's wire for clients that can only GET and POST and cannot read an error's status (Kii's
/// Unity SDK inside Unity): `X-HTTP-Method-Override`, `application/X-Dummy-Content`, and
/// `X-HTTP-Status-Code` on every answer.
@Suite struct MethodOverrideTests {
    static let override = HTTPField.Name("X-HTTP-Method-Override")!
    static let status = HTTPField.Name("X-HTTP-Status-Code")!
    static let heidi = #"{"loginName":"heidi_1","password":"correct horse","displayName":"Heidi","HighScore":3}"#
    static let form = "application/x-www-form-urlencoded"

    @Test(arguments: Backend.enabled)
    func aPostOverriddenToGetReadsAndToDeleteDeletesWhateverTheDummyBodysType(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let direct = try await service.send(.get, service.userPath("me"), token: heidi.token)
            for contentType in [Self.form, "application/json", "text/plain", nil] {
                let read = try await service.send(
                    .post,
                    service.userPath(heidi.id),
                    json: #"{"_method":"GET"}"#,
                    token: heidi.token,
                    contentType: contentType,
                    headers: [Self.override: "GET"]
                )
                #expect(read.status == 200, "\(contentType ?? "none")")
                #expect(read.headers[Self.status] == "200")
                #expect(read.headers[.contentType] == direct.headers[.contentType])
                #expect(read.json == direct.json, "\(contentType ?? "none")")
            }
            // Nothing was updated by the reads.
            #expect(try await service.send(.get, service.userPath("me"), token: heidi.token).json == direct.json)
            let deleted = try await service.send(
                .post,
                service.userPath(heidi.id),
                json: #"{"_method":"DELETE"}"#,
                token: heidi.token,
                contentType: Self.form,
                headers: [Self.override: "DELETE"]
            )
            #expect(deleted.status == 204)
            #expect(deleted.headers[Self.status] == "204")
            #expect(deleted.text.isEmpty)
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPostOverriddenToPutKeepsItsBody(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let changed = try await service.send(
                .post,
                service.userPath("me") + "/password",
                json: #"{"newPassword":"new horse 1","oldPassword":"correct horse"}"#,
                token: heidi.token,
                contentType: KiiType.changePassword,
                headers: [Self.override: "PUT"]
            )
            #expect(changed.status == 204)
            #expect(changed.headers[Self.status] == "204")
            #expect(try await service.logIn("heidi_1", "new horse 1").count == 43)
            let wrong = try await service.send(
                .post,
                service.userPath("me") + "/password",
                json: #"{"newPassword":"new horse 2","oldPassword":"correct horse"}"#,
                token: heidi.token,
                contentType: KiiType.changePassword,
                headers: [Self.override: "PUT"]
            )
            #expect(wrong.status == 400)
            #expect(wrong.headers[Self.status] == "400")
            #expect(wrong.errorCode == "WRONG_PASSWORD")
        }
    }

    /// An override is the method on the path: 405 with the path's `Allow` where it does not
    /// take it, as a request of that method would be.
    @Test func anOverrideToAMethodThePathDoesNotTakeIs405() async throws {
        try await withService(.sqlite) { service in
            for (path, method, allow) in [
                (service.usersPath, "GET", "POST"), (service.usersPath, "DELETE", "POST"),
                (Harness.tokenPath, "PUT", "POST"), (service.userPath("me"), "PUT", "GET, HEAD, POST, DELETE"),
                (service.usersPath, "HEAD", "POST"),
                (service.userPath("me") + "/password", "GET", "PUT"),
            ] {
                let answer = try await service.send(
                    .post,
                    path,
                    json: #"{"_method":"\#(method)"}"#,
                    contentType: Self.form,
                    headers: [Self.override: method]
                )
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer.headers[Self.status] == "405")
                #expect(answer.headers[.allow] == allow, "\(method) \(path)")
                #expect(answer.errorCode == "METHOD_NOT_ALLOWED")
                #expect(answer.problems == ["method:method_not_allowed"], "\(method) \(path)")
                #expect(answer.messages.first?.contains("\(method) is not allowed here") == true, "\(answer)")
            }
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    /// Only GET, PUT, DELETE and HEAD, only on a POST, only in that header.
    @Test(arguments: Backend.enabled)
    func onlyTheFourMethodsInThatHeaderOverride(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            for value in ["PATCH", "POST", "OPTIONS", "get", "TRACE", "GET, DELETE", ""] {
                let answer = try await service.send(
                    .post,
                    service.userPath("me"),
                    json: #"{"HighScore":4}"#,
                    token: heidi.token,
                    contentType: KiiType.userUpdate,
                    headers: [Self.override: value]
                )
                #expect(answer.status == 405, "'\(value)'")
                #expect(answer.headers[Self.status] == "405")
                #expect(answer.problems == ["X-HTTP-Method-Override:method_not_allowed"], "'\(value)'")
                #expect(answer.headers[.allow] == "GET, PUT, DELETE, HEAD", "'\(value)'")
            }
            var twice: HTTPFields = [:]
            twice.append(HTTPField(name: Self.override, value: "GET"))
            twice.append(HTTPField(name: Self.override, value: "GET"))
            let repeated = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"_method":"GET"}"#,
                token: heidi.token,
                headers: twice
            )
            #expect(repeated.status == 405)
            #expect(repeated.headers[.allow] == "GET, PUT, DELETE, HEAD")
            // The header on another method is not read: a GET stays a read.
            let get = try await service.send(
                .get,
                service.userPath("me"),
                token: heidi.token,
                headers: [Self.override: "DELETE"]
            )
            #expect(get.status == 200)
            // Nor `_method` in a body or a query, nor another header.
            let inBody = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"_method":"DELETE"}"#,
                token: heidi.token,
                contentType: KiiType.userUpdate
            )
            #expect(inBody.status == 200)  // an update whose `_` member is ignored
            let inQuery = try await service.send(
                .post,
                service.userPath("me") + "?_method=DELETE",
                json: #"{"HighScore":5}"#,
                token: heidi.token,
                contentType: KiiType.userUpdate,
                headers: [HTTPField.Name("X-HTTP-Method")!: "DELETE"]
            )
            #expect(inQuery.status == 200)
            let me = try await service.send(.get, service.userPath("me"), token: heidi.token)
            #expect(me["HighScore"] == .integer(5))
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }

    /// `application/X-Dummy-Content` stands for a POST without a body (`WWW` cannot post an
    /// empty one): a password reset's request, a resend of a verification code.
    @Test(arguments: Backend.enabled)
    func dummyContentIsAnEmptyPost(backend: Backend) async throws {
        try await withService(backend, .phoneVerification) { service in
            let heidi = try await service.signUpAndLogIn(
                #"{"loginName":"heidi_1","password":"correct horse","emailAddress":"heidi@example.com","phoneNumber":"+819012345678"}"#,
                as: "heidi_1"
            )
            for contentType in ["application/X-Dummy-Content", "application/x-dummy-content; charset=utf-8"] {
                let reset = try await service.send(
                    .post,
                    service.userPath("EMAIL:heidi@example.com") + "/password/request-reset",
                    json: #"{"_method":"POST"}"#,
                    contentType: contentType
                )
                #expect(reset.status == 204, "\(contentType): \(reset)")
                #expect(reset.headers[Self.status] == "204")
            }
            #expect(service.resetCode(of: heidi.id) != nil)
            let before = service.messages.count
            let resend = try await service.send(
                .post,
                service.userPath("me") + "/phone-number/resend-verification",
                json: #"{"_method":"POST"}"#,
                token: heidi.token,
                contentType: "application/X-Dummy-Content"
            )
            #expect(resend.status == 204, "\(resend)")
            #expect(service.messages.count == before + 1)
            // Without the dummy type the same body is a body of the wrong type.
            let form = try await service.send(
                .post,
                service.userPath("EMAIL:heidi@example.com") + "/password/request-reset",
                json: #"{"_method":"POST"}"#,
                contentType: Self.form
            )
            #expect(form.status == 415)
            #expect(form.headers[Self.status] == "415")
        }
    }

    /// Every answer carries its status: successes, each kind of error, a path no route serves,
    /// a preflight; and CORS lets a browser read it.
    @Test(arguments: [false, true])
    func everyAnswerCarriesItsStatus(live: Bool) async throws {
        try await withService(.sqlite, live: live) { service in
            var answers: [Answer] = []
            answers.append(try await service.signUp(Self.heidi))
            answers.append(
                try await service.send(.post, service.usersPath, json: Self.heidi, contentType: KiiType.registration)
            )
            answers.append(
                try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("heidi_1", "wrong horse"))
            )
            answers.append(try await service.send(.get, service.userPath("me")))
            answers.append(
                try await service.send(.get, service.userPath("me"), token: String(repeating: "a", count: 43))
            )
            answers.append(try await service.send(.get, "/api/nowhere"))
            answers.append(try await service.send(.patch, service.usersPath))
            answers.append(try await service.send(.post, service.usersPath, json: "{", contentType: "text/plain"))
            answers.append(try await service.send(.get, "/health"))
            #expect(answers.map(\.status) == [201, 409, 400, 401, 403, 404, 405, 415, 200])
            for answer in answers { #expect(answer.headers[Self.status] == String(answer.status), "\(answer)") }
            #expect(answers[1].errorCode == "USER_ALREADY_EXISTS")
            let preflight = try await service.send(
                .options,
                service.userPath("me"),
                app: .none,
                headers: [
                    .origin: "https://game.example.com", .accessControlRequestMethod: "POST",
                    .accessControlRequestHeaders: "authorization, content-type, userid, x-http-method-override",
                ]
            )
            #expect(preflight.status == 204)
            #expect(preflight.headers[Self.status] == "204")
            let allowed = (preflight.headers[.accessControlAllowHeaders] ?? "").lowercased()
            #expect(allowed.contains("x-http-method-override") && allowed.contains("userid"))
            #expect(preflight.headers[.accessControlExposeHeaders]?.contains("X-HTTP-Status-Code") == true)
            let read = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"_method":"GET"}"#,
                headers: [.origin: "https://game.example.com", Self.override: "GET"]
            )
            #expect(read.status == 401)
            #expect(read.headers[Self.status] == "401")
            #expect(read.headers[.accessControlAllowOrigin] == "*")
            #expect(read.headers[.accessControlExposeHeaders]?.contains("X-HTTP-Status-Code") == true)
            let refused = try await service.send(
                .post,
                service.userPath("me"),
                json: "{}",
                headers: [.origin: "https://game.example.com", Self.override: "PATCH"]
            )
            #expect(refused.status == 405)
            #expect(refused.headers[Self.status] == "405")
            #expect(refused.headers[.accessControlAllowOrigin] == "*")
            #expect(
                refused.headers[.accessControlExposeHeaders]
                    == "Location, Retry-After, Content-Language, X-HTTP-Status-Code"
            )
            // Without `Origin`, no CORS headers.
            #expect(answers[0].headers[.accessControlExposeHeaders] == nil)
        }
    }
}
