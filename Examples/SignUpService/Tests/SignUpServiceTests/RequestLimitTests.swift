import HTTPTypes
import KiiIdentity
import NIOCore
import SignUpService
import Testing

/// Bad requests are answered in Kii's error shape, never crash and never store anything: 413,
/// 400 with the JSON reader's detail; and the health check.
@Suite struct RequestLimitTests {
    @Test(arguments: [false, true])
    func bodyOverTheLimitIs413(live: Bool) async throws {
        try await withService(.sqlite, live: live, .maxBodyBytes(100)) { service in
            let padding = String(repeating: "a", count: 100)
            let answer = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"big_1","password":"correct horse","pad":"\#(padding)"}"#
            )
            #expect(answer.status == 413)
            #expect(answer.errorCode == "REQUEST_TOO_LARGE")
            #expect(answer.problems == ["body:too_large"])
            #expect(answer.messages == ["body is too large (maximum 100 bytes)"])
            let login = try await service.send(
                .post,
                Harness.tokenPath,
                json: #"{"username":"big_1","password":"\#(padding)"}"#
            )
            #expect(login.status == 413)
            let fits = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"big_1","password":"correct horse"}"#
            )
            #expect(fits.status == 201)
            #expect(try await service.rowCounts()[.users] == 1)
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
            let answer = try await service.send(.post, service.usersPath, json: body, contentType: KiiType.registration)
            #expect(answer.status == 400)
            #expect(answer.errorCode == "INVALID_INPUT_DATA")
            #expect(answer.problems == [problem])
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test func duplicateMemberReasonNamesTheMember() async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(
                .post,
                Harness.tokenPath,
                json: #"{"username":"a","username":"b","password":"x"}"#
            )
            #expect(answer.status == 400)
            #expect(answer.problems == ["json:duplicate_member"])
            #expect(answer.messages.first?.contains("username") == true)
        }
    }

    @Test func bytesThatAreNotUTF8Are400() async throws {
        try await withService(.sqlite) { service in
            let response = try await service.client.executeRequest(
                uri: service.usersPath,
                method: .post,
                headers: [.contentType: "application/json", .kiiAppID: "signupdev", .kiiAppKey: "signupdev-key"],
                body: ByteBuffer(bytes: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
            )
            let answer = Answer(response)
            #expect(answer.status == 400)
            #expect(answer.problems == ["json:invalid_utf8"])
        }
    }

    @Test(arguments: Backend.enabled)
    func healthAnswersWithTheDatabase(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(.get, "/health", app: .none)
            #expect(answer.status == 200)
            #expect(answer.json == ["status": "ok", "database": .string(backend.rawValue)])
        }
    }
}
