import KiiIdentity
import Testing

@testable import SignUpService

/// The background sweep deletes what has expired, and nothing else: tokens, verification and
/// reset codes at their expiry (with the key of an address whose code expired unverified),
/// rate limits once their budget is full again.
@Suite struct HousekeepingTests {
    @Test(arguments: Backend.enabled)
    func sweepDeletesExactlyWhatHasExpired(backend: Backend) async throws {
        try await withService(
            backend,
            .emailVerification,
            .tokenLifetime(600),
            .verificationCodeLifetime(300)
        ) { service in
            try await service.signUp(
                #"{"loginName":"sweep_1","emailAddress":"sweep@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            )
            let token = try await service.logIn("sweep_1")
            let reset = try await service.send(
                .post,
                service.userPath("LOGIN_NAME:sweep_1") + "/password/request-reset",
                // To the phone: the email waits for verification, and a reset goes to a verified address.
                json: #"{"notificationMethod":"SMS"}"#
            )
            #expect(reset.status == 204)
            let failed = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("sweep_1", "wrong horse")
            )
            #expect(failed.status == 400)
            let start = Harness.start
            let live = try await service.rowCounts()
            #expect(live[.accessTokens] == 1)
            #expect(live[.verificationCodes] == 1)
            #expect(live[.passwordResetCodes] == 1)
            // The identifier from the client's address, the reset's request for a code from
            // there, and the address (shared by both).
            #expect(live[.rateLimits] == 3)
            // Each limit goes when its budget is full again: the address's (two attempts of
            // 3 s) at 6 s, the identifier's and the code request's (one of 12 s) at 12 s.
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 5) == 0)
            #expect(try await service.rowCounts() == live)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 6) == 1)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 11) == 0)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 12) == 2)
            var limited = live
            limited[.rateLimits] = 0
            #expect(try await service.rowCounts() == limited)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 299) == 0)
            #expect(try await service.rowCounts() == limited)
            // The codes, and the key of the email address that waited for its code in vain.
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 300) == 3)
            #expect(try await service.rowCounts()[.verificationCodes] == 0)
            #expect(try await service.rowCounts()[.passwordResetCodes] == 0)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 599) == 0)
            #expect(try await service.send(.get, service.userPath("me"), token: token).status == 200)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 600) == 1)
            #expect(try await service.rowCounts()[.accessTokens] == 0)
            #expect(try await Housekeeping.sweep(service.server.pool, now: start + 3_600) == 0)
            let swept = try await service.rowCounts()
            #expect(swept[.rateLimits] == 0)
            #expect(swept[.users] == 1)
            // The username (with its lookalike key) and the verified phone: not the email.
            #expect(swept[.identityKeys] == 3)
        }
    }
}
