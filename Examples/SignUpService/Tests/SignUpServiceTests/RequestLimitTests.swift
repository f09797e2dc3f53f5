import HTTPTypes
import KiiIdentity
import NIOCore
import SignUpService
import Testing

/// Bad requests are answered, never crash and never store anything: 413, 415, 400 with the
/// reader's detail, 404, 405; and the health check.
@Suite struct RequestLimitTests {
    @Test(arguments: [false, true])
    func bodyOverTheLimitIs413(live: Bool) async throws {
        try await withService(.sqlite, live: live, .maxBodyBytes(100)) { service in
            let padding = String(repeating: "a", count: 100)
            let answer = try await service.send(
                .post,
                "/users",
                json: #"{"loginName":"big_1","password":"correct horse","pad":"\#(padding)"}"#
            )
            #expect(answer.status == 413)
            #expect(answer.problems == ["body:too_large"])
            #expect(answer.messages == ["body is too large (maximum 100 bytes)"])
            let fits = try await service.send(
                .post,
                "/users",
                json: #"{"loginName":"big_1","password":"correct horse"}"#
            )
            #expect(fits.status == 201)
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }

    @Test(arguments: [false, true])
    func wrongContentTypeIs415(live: Bool) async throws {
        try await withService(.sqlite, live: live) { service in
            let body = #"{"loginName":"type_1","password":"correct horse"}"#
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"] {
                let answer = try await service.send(.post, "/users", json: body, contentType: contentType)
                #expect(answer.status == 415, "\(contentType)")
                #expect(answer.problems == ["Content-Type:unsupported_media_type"], "\(contentType)")
            }
            let none = try await service.send(.post, "/users", json: body, contentType: nil)
            #expect(none.status == 415)
            let withCharset = try await service.send(
                .post,
                "/users",
                json: body,
                contentType: "Application/JSON; charset=utf-8"
            )
            #expect(withCharset.status == 201)
        }
    }

    @Test(arguments: [
        (#"{"loginName":"x",}"#, "json:malformed_json"),
        (#"{"loginName":"dup_1","loginName":"dup_2","password":"correct horse"}"#, "json:duplicate_member"),
        (#"["loginName"]"#, "json:not_an_object"),
        ("", "json:malformed_json"),
    ])
    func malformedJSONIs400WithTheReadersDetail(body: String, problem: String) async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(.post, "/users", json: body)
            #expect(answer.status == 400)
            #expect(answer.problems == [problem])
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test func duplicateMemberReasonNamesTheMember() async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"a","username":"b","password":"x"}"#
            )
            #expect(answer.status == 400)
            #expect(answer.messages.first?.contains("username") == true)
        }
    }

    @Test func bytesThatAreNotUTF8Are400() async throws {
        try await withService(.sqlite) { service in
            let response = try await service.client.executeRequest(
                uri: "/users",
                method: .post,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
            )
            let answer = Answer(response)
            #expect(answer.status == 400)
            #expect(answer.problems == ["json:invalid_utf8"])
        }
    }

    @Test(arguments: [false, true])
    func unknownRouteIs404AndUnknownMethodIs405(live: Bool) async throws {
        try await withService(.sqlite, live: live) { service in
            let unknown = try await service.send(.get, "/nothing/here")
            #expect(unknown.status == 404)
            #expect(unknown.problems == ["path:not_found"])
            let method = try await service.send(.put, "/users", json: "{}")
            #expect(method.status == 405)
            #expect(method.headers[.allow] == "POST")
            #expect(method.problems == ["method:method_not_allowed"])
            let me = try await service.send(.post, "/users/me", json: "{}")
            #expect(me.status == 405)
            #expect(me.headers[.allow] == "GET, PATCH, DELETE")
            let pseudo = try await service.send(.get, "/users/pseudo")
            #expect(pseudo.status == 405)
        }
    }

    @Test(arguments: Backend.enabled)
    func healthAnswersWithTheDatabase(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(.get, "/health")
            #expect(answer.status == 200)
            #expect(answer.json == ["status": "ok", "database": .string(backend.rawValue)])
        }
    }

    @Test(arguments: ["Bearer", "Bearer ", "Basic abc", "bearer nope", ""])
    func missingOrUnknownTokenIs401(header: String) async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(
                .get,
                "/users/me",
                headers: header.isEmpty ? [:] : [.authorization: header]
            )
            #expect(answer.status == 401)
            #expect(answer.headers[.wwwAuthenticate] == "Bearer")
            #expect(answer.problems == ["Authorization:invalid_token"])
        }
    }
}
