import SignUpService
import Testing

/// Every request is read to its end before it is answered (issue 49, item 7): Kii's Unity SDK
/// under Mono writes the method override's dummy body (`{"_method":"DELETE"}`, 20 bytes) after
/// the head, and takes an answer that arrives before it has written it for a cancelled request.
/// Its override requests replayed 200 times over raw connections, the body written 20 ms after
/// the head: no answer before the body, the right answer after it, and the connection usable
/// for the next request.
@Suite struct EarlyAnswerTests {
    /// A raw request's head with the Unity SDK's headers (through `WWW`, whose requests are
    /// `POST`s).
    static func head(_ app: KiiApp, _ path: String, headers: [String], bodyLength: Int) -> String {
        (["POST \(path) HTTP/1.1", "Host: 127.0.0.1", "X-Kii-AppID: \(app.id)", "X-Kii-AppKey: \(app.key)"] + headers
            + ["X-Kii-SDK: sn=cs;sv=3.2.10.0", "Content-Length: \(bodyLength)"]).joined(separator: "\r\n")
            + "\r\n\r\n"
    }

    @Test(arguments: Backend.enabled)
    func unityOverrideRequestsAreAnsweredAfterTheirBody(backend: Backend) async throws {
        try await withService(
            backend,
            live: true,
            .loginFailuresPerMinute(1_000_000),
            .addressFailuresPerMinute(1_000_000)
        ) { service in
            let port = try #require(service.client.port)
            let kept = try await service.signUpAndLogIn(
                #"{"loginName":"unity_kept","emailAddress":"kept@example.com","password":"correct horse"}"#,
                as: "unity_kept"
            )
            var failures: [String] = []
            for round in 0..<200 {
                let request: (path: String, headers: [String], body: String, status: Int)
                switch round % 3 {
                case 0:
                    // `user.Delete()`.
                    let user = try await service.signUpAndLogIn(
                        #"{"loginName":"unity_\#(round)","password":"correct horse"}"#,
                        as: "unity_\(round)"
                    )
                    request = (
                        service.userPath(user.id),
                        [
                            "Authorization: Bearer \(user.token)", "userID: \(user.id)",
                            "X-HTTP-Method-Override: DELETE",
                            "Content-Type: application/x-www-form-urlencoded",
                        ],
                        #"{"_method":"DELETE"}"#, 204
                    )
                case 1:
                    // `KiiUser.ResetPassword(email)`: a POST without a body, so the dummy one.
                    request = (
                        service.userPath("EMAIL:kept@example.com") + "/password/request-reset",
                        ["Content-Type: application/X-Dummy-Content"], #"{"_method":"POST"}"#, 204
                    )
                default:
                    // `KiiUser.CurrentUser.Refresh()`.
                    request = (
                        service.userPath("me"),
                        [
                            "Authorization: Bearer \(kept.token)", "X-HTTP-Method-Override: GET",
                            "Content-Type: application/x-www-form-urlencoded",
                        ],
                        #"{"_method":"GET"}"#, 200
                    )
                }
                let connection = try RawConnection(port: port)
                connection.send(
                    Self.head(service.app, request.path, headers: request.headers, bodyLength: request.body.utf8.count)
                )
                try await Task.sleep(for: .milliseconds(20))
                if connection.hasBytesWaiting() {
                    failures.append("round \(round): answered before its body")
                    continue
                }
                connection.send(request.body)
                let answer = await connection.answer()
                if answer?.status != request.status {
                    failures.append("round \(round): \(String(describing: answer))")
                    continue
                }
                // The connection carries the next request.
                connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let health = await connection.answer()
                if health?.status != 200 {
                    failures.append("round \(round): then /health \(String(describing: health))")
                }
            }
            #expect(failures.isEmpty, "\(failures.count) of 200: \(failures.prefix(5))")
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }

    /// An override to `HEAD` (Kii's Unity SDK's `KiiTopic.Exists` sends one): the answer is the
    /// `HEAD`'s status and headers with no body and `Content-Length: 0`, so the connection stays
    /// in step for the next request (it announced the `GET`'s length and sent no byte of it).
    @Test(arguments: Backend.enabled)
    func anOverrideToHeadIsAnsweredWithoutABodyAndTheConnectionStaysInStep(backend: Backend) async throws {
        try await withService(backend, live: true) { service in
            let port = try #require(service.client.port)
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"unity_head","password":"correct horse"}"#,
                as: "unity_head"
            )
            let connection = try RawConnection(port: port)
            let body = #"{"_method":"HEAD"}"#
            for (token, status) in [(user.token, 200), ("not-a-token", 403)] {
                connection.send(
                    Self.head(
                        service.app,
                        service.userPath("me"),
                        headers: [
                            "Authorization: Bearer \(token)", "X-HTTP-Method-Override: HEAD",
                            "Content-Type: application/x-www-form-urlencoded",
                        ],
                        bodyLength: body.utf8.count
                    ) + body
                )
                let answer = try #require(await connection.answer(), "no answer to the HEAD override")
                #expect(answer.status == status)
                #expect(answer.fields["content-length"] == "0")
                #expect(answer.fields["x-http-status-code"] == "\(status)")
                #expect(answer.body.isEmpty)
                connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let health = await connection.answer()
                #expect(health?.status == 200, "the next answer on the connection: \(String(describing: health))")
            }
        }
    }
}
