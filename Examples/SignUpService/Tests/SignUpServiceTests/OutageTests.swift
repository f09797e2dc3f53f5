import Foundation
import HTTPTypes
import SignUpService
import Testing

/// The service over a database outage (issue 30, part 3): a PostgreSQL server of the test's own
/// is halted as a crash would (`pg_ctl -m immediate`) and started again. Meanwhile every request
/// that needs it is answered 503 with Kii's body within the configured timeout, `/health` says
/// so, and the service is back by itself, without a restart, within 5 seconds of the database.
@Suite struct OutageTests {
    static let ann = #"{"loginName":"ann_1","password":"correct horse"}"#
    static let bob = #"{"loginName":"bob_1","password":"correct horse"}"#
    /// How long the database stays down after the first 503s: 0 in `make test`.
    static let outageSeconds = Int(ProcessInfo.processInfo.environment["SIGNUP_OUTAGE_SECONDS"] ?? "") ?? 0

    @Test(arguments: Backend.postgresOnly)
    func anOutageIs503WithinTheTimeoutAndTheServiceRecoversByItself(backend: Backend) async throws {
        let postgres = try ThrowawayPostgres.start()
        defer { postgres.remove() }
        try await withService(backend, .database(postgres.location), .databaseTimeout(1)) { service in
            try await service.signUp(Self.ann)
            #expect(try await service.send(.get, "/health").status == 200)

            try postgres.halt()
            let start = ContinuousClock.now
            let signUp = try await service.send(.post, service.usersPath, json: Self.bob)
            let waited = ContinuousClock.now - start
            #expect(signUp.status == 503)
            #expect(signUp.errorCode == "SERVICE_UNAVAILABLE")
            #expect(signUp.headers[.retryAfter] == "1")
            #expect(signUp.problems == ["database:unavailable"])
            #expect(waited < .seconds(3), "answered after \(waited)")
            let login = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("ann_1"))
            #expect(login.status == 503)
            #expect(try await service.send(.get, "/health").status == 503)

            // `make chaos` holds the outage longer (SIGNUP_OUTAGE_SECONDS), requests arriving meanwhile.
            let outage = ContinuousClock.now + .seconds(Self.outageSeconds)
            while ContinuousClock.now < outage {
                #expect(try await service.send(.get, "/health").status == 503)
                try await Task.sleep(for: .milliseconds(250))
            }
            try postgres.restart()
            let back = ContinuousClock.now
            var recovered: (answer: Answer, after: Duration)?
            while ContinuousClock.now - back < .seconds(20) {
                let answer = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("ann_1"))
                if answer.status != 503 {
                    recovered = (answer, ContinuousClock.now - back)
                    break
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            let (answer, recovery) = try #require(recovered, "still 503 20 s after the database's return")
            // Ann, acknowledged before the halt, is there.
            #expect(answer.status == 200, "\(answer)")
            #expect(recovery < .seconds(5), "recovered after \(recovery)")
            #expect(try await service.send(.get, "/health").status == 200)
            // Nothing was stored during the outage, and the same sign-up now succeeds.
            try await service.signUp(Self.bob)
            print("outage: a request answered 503 after \(waited); login again \(recovery) after the database's return")
        }
    }
}
