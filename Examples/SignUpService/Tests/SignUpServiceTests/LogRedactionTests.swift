import Foundation
import SignUpService
import Testing

/// Identifiers in request paths never reach the log (issue 49, item 8): the request line of
/// `…/users/EMAIL:bob@example.com` is logged as `…/users/EMAIL:<redacted>`, and so are phone
/// numbers, login names and any other qualified or address-like segment, percent-encoded too.
/// The built executable at its default level (info).
@Suite struct LogRedactionTests {
    @Test func identifiersInPathsAreRedactedInTheLog() async throws {
        let service = try await ServiceProcess(environment: ["DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4"])
        let signUp = try await service.send(
            .post,
            service.usersPath,
            json:
                #"{"loginName":"bob_secret","emailAddress":"bob.secret@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
        )
        #expect(signUp.status == 201)
        let paths = [
            "EMAIL:bob.secret@example.com", "PHONE:+819012345678", "LOGIN_NAME:bob_secret",
            "EMAIL%3Abob.secret%40example.com", "phone:JP-09012345678", "bob.secret@example.com",
        ]
        for segment in paths {
            _ = try await service.send(.post, "\(service.usersPath)/\(segment)/password/request-reset")
        }
        // The log comes through a pipe: wait until every request's line has arrived.
        let deadline = ContinuousClock.now + .seconds(10)
        while service.log.components(separatedBy: "/password/request-reset").count <= paths.count,
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(50))
        }
        let log = service.log
        for secret in ["bob.secret", "bob_secret", "9012345678", "example.com", "%40"] {
            #expect(!log.contains(secret), "\(secret) in the log: \(log.suffix(3_000))")
        }
        #expect(log.contains("users/EMAIL:<redacted>/password/request-reset"), "\(log.suffix(3_000))")
        #expect(log.contains("users/PHONE:<redacted>/password/request-reset"))
        #expect(log.contains("users/LOGIN_NAME:<redacted>/password/request-reset"))
        #expect(log.contains("users/phone:<redacted>/password/request-reset"))
        #expect(log.contains("users/<redacted>/password/request-reset"))
        #expect(await service.terminate() == 0)
    }
}
