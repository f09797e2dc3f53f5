import SignUpService
import Testing

/// A request's body is read whole however it arrives on the connection: in one packet with its
/// `Content-Length`, split across packets, or chunked (and to its end before it is answered:
/// `WholeRequest`). Each way,
/// the same body gets the same answer, on one kept-alive connection.
@Suite struct BodyPartsTests {
    /// A sign-up with two problems (the username's space, the password's length).
    static let body = #"{"loginName":"a b","password":"pw"}"#

    /// The head of a sign-up as a Kii SDK sends it, with `framing` (`Content-Length` or
    /// `Transfer-Encoding`).
    static func head(_ app: KiiApp, framing: String) -> String {
        "POST /api/apps/\(app.id)/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Kii-AppID: \(app.id)\r\n"
            + "X-Kii-AppKey: \(app.key)\r\nContent-Type: application/vnd.kii.RegistrationRequest+json\r\n"
            + "\(framing)\r\n\r\n"
    }

    @Test func aBodyIsReadWholeHoweverItArrives() async throws {
        try await withService(.sqlite, live: true) { service in
            let connection = try RawConnection(port: try #require(service.client.port))
            let length = "Content-Length: \(Self.body.utf8.count)"
            var answers: [(status: Int, body: String)] = []
            // Whole in one packet, twice: the second answer shows the first body's end read past.
            for _ in 0..<2 {
                connection.send(Self.head(service.app, framing: length) + Self.body)
                answers.append(try #require(connection.receiveAnswer()))
            }
            // The head and part of the body, then the rest a moment later.
            let split = Self.body.index(Self.body.startIndex, offsetBy: 12)
            connection.send(Self.head(service.app, framing: length) + Self.body[..<split])
            try await Task.sleep(for: .milliseconds(100))
            connection.send(String(Self.body[split...]))
            answers.append(try #require(connection.receiveAnswer()))
            // Chunked, in two chunks sent apart, without a length.
            let first = String(Self.body[..<split])
            let rest = String(Self.body[split...])
            connection.send(
                Self.head(service.app, framing: "Transfer-Encoding: chunked")
                    + "\(String(first.utf8.count, radix: 16))\r\n\(first)\r\n"
            )
            try await Task.sleep(for: .milliseconds(100))
            connection.send("\(String(rest.utf8.count, radix: 16))\r\n\(rest)\r\n0\r\n\r\n")
            answers.append(try #require(connection.receiveAnswer()))

            #expect(answers.map(\.status) == [400, 400, 400, 400])
            #expect(answers[0].body.contains(#""field":"loginName""#))
            #expect(answers[0].body.contains(#""field":"password""#))
            #expect(answers.allSatisfy { $0.body == answers[0].body })
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }
}
