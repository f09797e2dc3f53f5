import HTTPTypes
import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// The throttle under attack (issue 30, 1): attempts are counted before bcrypt runs, per
/// identifier from one client address and per address, so that concurrency does not multiply
/// the guesses, one address cannot spray a password over many accounts, and a stranger cannot
/// lock a user out. Client addresses come from `X-Forwarded-For` where the service is told it
/// sits behind a proxy; elsewhere from the socket.
@Suite struct ThrottleTests {
    static let owner = #"{"loginName":"owner_1","emailAddress":"owner@example.com","password":"correct horse"}"#
    static let forwarded = HTTPField.Name("X-Forwarded-For")!

    /// A login from `address` (sent as the proxy's header).
    static func logIn(
        _ service: Harness,
        _ username: String,
        _ password: String,
        from address: String? = nil
    ) async throws -> Answer {
        try await service.send(
            .post,
            Harness.tokenPath,
            json: Harness.loginBody(username, password),
            headers: address.map { [forwarded: $0] } ?? [:]
        )
    }

    @Test(arguments: Backend.enabled)
    func fiftyConcurrentWrongPasswordsRunBcryptAtMostTheLimit(backend: Backend) async throws {
        let hasher = CountingHasher()
        try await withService(backend, .hasher(hasher)) { service in
            try await service.signUp(Self.owner)
            let statuses = try await withThrowingTaskGroup(of: Answer.self) { group in
                for _ in 0..<50 { group.addTask { try await Self.logIn(service, "owner_1", "wrong horse") } }
                var answers: [Answer] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            let judged = statuses.filter { $0.status == 400 }.count
            let refused = statuses.filter { $0.status == 429 }
            let refusedAsKii = refused.filter { $0.headers[.retryAfter] == "12" && $0.errorCode == "TOO_MANY_REQUESTS" }
            #expect(judged == 5)
            #expect(refused.count == 45)
            #expect(refusedAsKii.count == 45)
            #expect(hasher.verifications == 5)
        }
    }

    /// Five wrong passwords in the last second of a minute and five in the first of the next:
    /// fixed windows judged ten, the smooth limit five, then one more 12 s after the burst's
    /// arrival time allows it (issue 51).
    @Test(arguments: Backend.enabled)
    func noWindowEdgeDoublesTheGuesses(backend: Backend) async throws {
        let hasher = CountingHasher()
        try await withService(backend, .hasher(hasher)) { service in
            try await service.signUp(Self.owner)
            #expect(Harness.start % 60 == 0)
            service.advance(seconds: 59)
            var answers: [Answer] = []
            for _ in 0..<5 { answers.append(try await Self.logIn(service, "owner_1", "wrong horse")) }
            service.advance(seconds: 1)
            for _ in 0..<5 { answers.append(try await Self.logIn(service, "owner_1", "wrong horse")) }
            #expect(answers.map(\.status) == [400, 400, 400, 400, 400, 429, 429, 429, 429, 429])
            #expect(answers.suffix(5).map { $0.headers[.retryAfter] } == Array(repeating: "11", count: 5))
            #expect(hasher.verifications == 5)
            service.advance(seconds: 11)
            #expect(try await Self.logIn(service, "owner_1", "wrong horse").status == 400)
            let next = try await Self.logIn(service, "owner_1", "correct horse")
            #expect(next.status == 429)
            #expect(next.headers[.retryAfter] == "12")
            service.advance(seconds: 12)
            #expect(try await Self.logIn(service, "owner_1", "correct horse").status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func oneAddressSprayingOnePasswordIsStoppedAtTheAddressLimit(backend: Backend) async throws {
        let hasher = CountingHasher()
        try await withService(backend, .hasher(hasher), .trustedProxyHeader(Self.forwarded)) { service in
            for index in 0..<100 {
                try await service.signUp(#"{"loginName":"user_\#(index)","password":"pw-\#(index)-secret"}"#)
            }
            var statuses: [Int] = []
            for index in 0..<100 {
                statuses.append(
                    try await Self.logIn(service, "user_\(index)", "password123", from: "203.0.113.9").status
                )
            }
            #expect(statuses.prefix(20).allSatisfy { $0 == 400 })
            #expect(statuses.dropFirst(20).allSatisfy { $0 == 429 })
            #expect(hasher.verifications == 20)
            // Another address is not held back, and the accounts themselves are not locked.
            #expect(try await Self.logIn(service, "user_50", "password123", from: "198.51.100.4").status == 400)
            #expect(try await Self.logIn(service, "user_50", "pw-50-secret", from: "198.51.100.4").status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func aStrangerFailingForAUserDoesNotLockTheUserOut(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded)) { service in
            try await service.signUp(Self.owner)
            var stranger: [Int] = []
            for _ in 0..<10 {
                stranger.append(try await Self.logIn(service, "owner@example.com", "guess", from: "192.0.2.66").status)
            }
            #expect(stranger == [400, 400, 400, 400, 400, 429, 429, 429, 429, 429])
            // From another address the owner logs in at once, in any form of the identifier.
            #expect(try await Self.logIn(service, "owner_1", "correct horse", from: "198.51.100.7").status == 200)
            #expect(
                try await Self.logIn(service, "owner@example.com", "correct horse", from: "198.51.100.7").status == 200
            )
            // From the stranger's address that identifier waits for the window to end.
            let blocked = try await Self.logIn(service, "owner@example.com", "correct horse", from: "192.0.2.66")
            #expect(blocked.status == 429)
            service.advance(seconds: 60)
            #expect(
                try await Self.logIn(service, "owner@example.com", "correct horse", from: "192.0.2.66").status == 200
            )
        }
    }

    @Test(arguments: Backend.enabled)
    func theForwardedHeaderIsIgnoredUnlessTheServiceIsBehindAProxy(backend: Backend) async throws {
        try await withService(backend, .addressFailuresPerMinute(3)) { service in
            var statuses: [Int] = []
            for index in 0..<5 {
                // A new made-up address each time: not trusted, so all count as one client.
                statuses.append(
                    try await Self.logIn(service, "nobody_\(index)", "guess", from: "10.0.0.\(index)").status
                )
            }
            #expect(statuses == [400, 400, 400, 429, 429])
        }
    }

    @Test(arguments: Backend.enabled)
    func behindAProxyTheLastForwardedAddressIsTheClient(backend: Backend) async throws {
        try await withService(backend, .addressFailuresPerMinute(2), .trustedProxyHeader(Self.forwarded)) { service in
            // The client's own claims come first; the proxy appends what it saw.
            for claim in ["1.1.1.1", "2.2.2.2", "3.3.3.3"] {
                _ = try await Self.logIn(service, "nobody", "guess", from: "\(claim), 203.0.113.20")
            }
            let keys = try await Self.throttleKeys(service)
            #expect(keys.contains("address:203.0.113.20"))
            #expect(!keys.contains { $0.contains("1.1.1.1") || $0.contains("2.2.2.2") })
            #expect(try await Self.logIn(service, "nobody", "guess", from: "203.0.113.21").status == 400)
        }
    }

    @Test(arguments: Backend.enabled)
    func withoutAProxyTheSocketPeerIsTheClient(backend: Backend) async throws {
        try await withService(backend, live: true) { service in
            let answer = try await Self.logIn(service, "nobody", "guess", from: "203.0.113.99")
            #expect(answer.status == 400)
            let keys = try await Self.throttleKeys(service)
            #expect(keys.sorted() == ["address:127.0.0.1", "login:username:nobody@127.0.0.1"])
        }
    }

    @Test(arguments: Backend.enabled)
    func wrongResetCodesAreCountedPerAddressToo(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .loginFailuresPerMinute(2)) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let reset = try await service.send(
                .post,
                service.userPath("EMAIL:owner@example.com") + "/password/request-reset"
            )
            #expect(reset.status == 204)
            let code = try #require(service.resetCode(of: userID))
            let path = service.userPath("EMAIL:owner@example.com") + "/password/complete-reset"
            func complete(_ pin: String, from address: String) async throws -> Int {
                try await service.send(
                    .post,
                    path,
                    json: #"{"pinCode":"\#(pin)","newPassword":"battery staple"}"#,
                    headers: [Self.forwarded: address]
                ).status
            }
            let wrong = Harness.wrongCode(than: code)
            #expect(try await complete(wrong, from: "192.0.2.66") == 400)
            #expect(try await complete(wrong, from: "192.0.2.66") == 400)
            #expect(try await complete(wrong, from: "192.0.2.66") == 429)
            #expect(try await complete(code, from: "198.51.100.7") == 204)
        }
    }

    /// Each request that sends a code counts, success or not: one address can make the service
    /// send one user at most the limit's messages a minute, and another address is not held up.
    @Test(arguments: Backend.enabled)
    func requestsForCodesAreCountedPerUserAndAddress(backend: Backend) async throws {
        try await withService(
            backend,
            .trustedProxyHeader(Self.forwarded),
            .loginFailuresPerMinute(3),
            .emailVerification
        ) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let token = try await service.logIn("owner_1")
            // Resending the verification code: the user's own token, any address.
            let resend = service.userPath("me") + "/email-address/resend-verification"
            func resendFrom(_ address: String) async throws -> Answer {
                try await service.send(.post, resend, token: token, headers: [Self.forwarded: address])
            }
            for _ in 0..<3 { #expect(try await resendFrom("192.0.2.66").status == 204) }
            let refused = try await resendFrom("192.0.2.66")
            #expect(refused.status == 429)
            #expect(refused.errorCode == "TOO_MANY_REQUESTS")
            #expect(refused.problems == ["emailAddress:too_many_attempts"])
            #expect(refused.headers[.retryAfter] == "20")
            #expect(try await resendFrom("198.51.100.7").status == 204)
            // 1 at sign-up, 3 + 1 resent; the refused request sent nothing.
            #expect(service.messages.filter { $0.userID == userID && $0.purpose == .verification }.count == 5)

            // A reset: anonymous, so anyone who knows the address can ask.
            let code = try #require(service.code(.email, of: userID))
            let verify = service.userPath("me") + "/email-address/verify"
            let verified = try await service.send(
                .post,
                verify,
                json: #"{"verificationCode":"\#(code)"}"#,
                token: token,
                contentType: KiiType.verification
            )
            #expect(verified.status == 204)
            let reset = service.userPath("EMAIL:owner@example.com") + "/password/request-reset"
            func resetFrom(_ address: String) async throws -> Int {
                try await service.send(.post, reset, headers: [Self.forwarded: address]).status
            }
            for _ in 0..<3 { #expect(try await resetFrom("203.0.113.9") == 204) }
            #expect(try await resetFrom("203.0.113.9") == 429)
            #expect(try await resetFrom("198.51.100.8") == 204)
            #expect(service.messages.filter { $0.userID == userID && $0.purpose == .passwordReset }.count == 4)
        }
    }

    @Test func theLastEntryOfTheForwardedLinesIsTaken() {
        #expect(ClientAddress.lastEntry(of: ["1.1.1.1, 203.0.113.5"]) == "203.0.113.5")
        #expect(ClientAddress.lastEntry(of: ["1.1.1.1", "203.0.113.6 "]) == "203.0.113.6")
        #expect(ClientAddress.lastEntry(of: ["203.0.113.7, ,"]) == "203.0.113.7")
        #expect(ClientAddress.lastEntry(of: [" 2001:db8::1\t"]) == "2001:db8::1")
        #expect(ClientAddress.lastEntry(of: [", ,"]) == nil)
        #expect(ClientAddress.lastEntry(of: []) == nil)
        #expect(ClientAddress.lastEntry(of: [String(repeating: "9", count: 300)])?.count == 64)
    }

    /// The throttle's keys now stored.
    static func throttleKeys(_ service: Harness) async throws -> [String] {
        try await service.server.pool.withConnection { database in
            try await database.raw("SELECT limit_key FROM rate_limits").all().map {
                try $0.decode(column: "limit_key", as: String.self)
            }
        }
    }
}
