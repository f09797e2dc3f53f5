import Foundation
import SignUpService
import Testing

/// Bad framing is the client's fault (issue 49, item 3): a malformed chunk, a body shorter than
/// its `Content-Length` followed by a half-close, a head that does not parse or is past the
/// decoder's limits, a body past `MAX_BODY_BYTES`: each answered in Kii's error shape with a 4xx
/// and `Connection: close`, then the connection closed; never a 500, and nothing logged at error
/// level. The built executable over raw connections, at its default log level (info).
@Suite struct FramingTests {
    /// A sign-up's head as a Kii SDK sends it, with `framing`.
    static func head(_ app: KiiApp, _ framing: String, path: String? = nil) -> String {
        "POST \(path ?? "/api/apps/\(app.id)/users") HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Kii-AppID: \(app.id)\r\n"
            + "X-Kii-AppKey: \(app.key)\r\nContent-Type: application/json\r\n\(framing)\r\n\r\n"
    }

    /// Each case: what is sent, whether the sending side is closed after it, and the answer.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: @Sendable (KiiApp) -> String
        var halfClose = false
        var status = 400
        var code: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a chunk size that is not hexadecimal",
            bytes: { head($0, "Transfer-Encoding: chunked") + "zz\r\nabc\r\n0\r\n\r\n" },
            code: "malformed_request"
        ),
        Case(
            name: "a chunk longer than its size",
            bytes: { head($0, "Transfer-Encoding: chunked") + "2\r\nabcdef\r\n0\r\n\r\n" },
            code: "malformed_request"
        ),
        Case(
            name: "a malformed chunk on a route that reads no body",
            bytes: { head($0, "Transfer-Encoding: chunked", path: "/health") + "zz\r\n" },
            code: "malformed_request"
        ),
        Case(
            name: "a body shorter than its Content-Length, then a half-close",
            bytes: { head($0, "Content-Length: 100") + #"{"loginName":"# },
            halfClose: true,
            code: "malformed_request"
        ),
        Case(
            name: "a head line without a colon",
            bytes: { _ in "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n" },
            code: "malformed_request"
        ),
        Case(
            name: "a head past 80 KiB",
            bytes: { _ in
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 90_000))\r\n\r\n"
            },
            code: "head_too_large"
        ),
        Case(
            name: "a chunked body past 1 MiB (4 times MAX_BODY_BYTES, at least 1 MiB)",
            bytes: {
                head($0, "Transfer-Encoding: chunked")
                    + "100000\r\n\(String(repeating: " ", count: 1_048_576))\r\n1\r\n \r\n"
            },
            status: 413,
            code: "too_large"
        ),
        Case(
            name: "a Content-Length past 1 MiB, the body not sent",
            bytes: { head($0, "Content-Length: 10000000") },
            status: 413,
            code: "too_large"
        ),
    ]

    /// A body past `MAX_BODY_BYTES` but within the discard limit is read to its end and dropped:
    /// 413, and the connection carries the next request.
    @Test func aBodyPastTheLimitIsReadPastAndTheConnectionKept() async throws {
        let service = try await ServiceProcess(
            environment: ["DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "MAX_BODY_BYTES": "1024"]
        )
        let connection = try RawConnection(port: service.port)
        let padding = String(repeating: " ", count: 4_096)
        connection.send(Self.head(service.app, "Transfer-Encoding: chunked") + "1000\r\n\(padding)\r\n0\r\n\r\n")
        let chunked = try #require(await connection.answer())
        connection.send(Self.head(service.app, "Content-Length: 4096") + padding)
        let sized = try #require(await connection.answer())
        for answer in [chunked, sized] {
            #expect(answer.status == 413)
            #expect(answer.body.contains(#""code":"too_large""#))
            #expect(answer.fields["connection"] == nil)
        }
        connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await connection.answer()?.status == 200)
        #expect(await service.terminate() == 0)
    }

    @Test func badFramingIsAnswered4xxInKiisShapeAndClosedNeverA500() async throws {
        let service = try await ServiceProcess(
            environment: ["DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "MAX_BODY_BYTES": "1024"]
        )
        for item in Self.cases {
            let connection = try RawConnection(port: service.port)
            connection.send(item.bytes(service.app))
            if item.halfClose { connection.closeSending() }
            let answer = try #require(await connection.answer(), "\(item.name): no answer")
            #expect(answer.status == item.status, "\(item.name): \(answer)")
            #expect(answer.body.contains(#""code":"\#(item.code)""#), "\(item.name): \(answer.body)")
            #expect(answer.body.contains(#""errorCode":""#), "\(item.name): \(answer.body)")
            #expect(answer.fields["connection"] == "close", "\(item.name): \(answer.fields)")
            #expect(answer.fields["x-http-status-code"] == String(item.status), "\(item.name)")
            #expect(await connection.closedByServer(), "\(item.name): the connection stays open")
        }
        // The service answers as before.
        #expect(try await service.send(.get, "/health").status == 200)
        let log = service.log
        let errors = log.split(separator: "\n").filter { $0.contains(" error ") || $0.contains(" critical ") }
        #expect(errors.isEmpty, "\(errors)")
        #expect(!log.contains("status=500"), "\(log.suffix(2_000))")
        #expect(!log.contains("HTTPParserError"), "\(log.suffix(2_000))")
        #expect(await service.terminate() == 0)
    }
}
