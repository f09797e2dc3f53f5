import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// Sign-ups and pseudo sign-ups under a per-address rate (issue 51, 3): 200 pseudo sign-ups from
/// one address took 0.23 s, and a burst of sign-ups held up other clients' logins. Each is
/// counted before anything is hashed, one address's burst admits exactly the configured burst
/// with an exact `Retry-After`, and another address still signs up and logs in, about as fast
/// as before the burst.
@Suite struct SignUpBudgetTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!
    static let attacker = "198.51.100.66"
    static let neighbour = "203.0.113.12"

    /// 10 sign-ups (one every 6 s) and 12 pseudo sign-ups (one every 5 s) from an address.
    static let limits = {
        var limits = CostlyRequestLimits()
        limits.signUpsPerMinute = 10
        limits.pseudoSignUpsPerMinute = 12
        return limits
    }()

    /// A sign-up of `name` from `address` (as the proxy's header says).
    static func signUp(_ service: Harness, _ name: String, from address: String) async throws -> Answer {
        try await service.send(
            .post,
            service.usersPath,
            json: #"{"loginName":"\#(name)","password":"correct horse"}"#,
            contentType: KiiType.registration,
            headers: [forwarded: address]
        )
    }

    /// A pseudo sign-up from `address`.
    static func pseudoSignUp(_ service: Harness, from address: String) async throws -> Answer {
        try await service.send(
            .post,
            service.usersPath,
            json: "{}",
            contentType: KiiType.pseudoRegistration,
            headers: [forwarded: address]
        )
    }

    /// A login of `name` from `address`, and how long it took.
    static func timedLogIn(_ service: Harness, _ name: String, from address: String) async throws -> (Int, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let answer = try await service.send(
            .post,
            Harness.tokenPath,
            json: Harness.loginBody(name),
            headers: [forwarded: address]
        )
        return (answer.status, clock.now - start)
    }

    /// The answers to `count` requests sent at once.
    static func burst(
        _ count: Int,
        _ request: @escaping @Sendable (Int) async throws -> Answer
    ) async throws -> [Answer] {
        try await withThrowingTaskGroup(of: Answer.self) { group in
            for index in 0..<count { group.addTask { try await request(index) } }
            var answers: [Answer] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
    }

    @Test(arguments: Backend.enabled)
    func aSignUpBurstFromOneAddressAdmitsTheBurstAndAnotherAddressIsNotHeldUp(backend: Backend) async throws {
        // bcrypt at cost 8 (a few ms a hash): hashing is the work a burst queues.
        let bcrypt = Setting.adjusted { configuration in
            configuration.hashing.scheme = .bcrypt
            configuration.bcryptCost = 8
        }
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .costlyRequests(Self.limits), bcrypt) {
            service in
            #expect(try await Self.signUp(service, "neighbour_1", from: Self.neighbour).status == 201)
            var baseline = Duration.seconds(3_600)
            for _ in 0..<3 {
                let (status, took) = try await Self.timedLogIn(service, "neighbour_1", from: Self.neighbour)
                #expect(status == 200)
                baseline = min(baseline, took)
            }
            let flood = Task {
                try await Self.burst(30) { index in
                    try await Self.signUp(service, "flood_\(index)", from: Self.attacker)
                }
            }
            let (loginStatus, during) = try await Self.timedLogIn(service, "neighbour_1", from: Self.neighbour)
            let second = try await Self.signUp(service, "neighbour_2", from: Self.neighbour)
            let answers = try await flood.value
            #expect(loginStatus == 200)
            #expect(second.status == 201)
            #expect(try await Self.timedLogIn(service, "neighbour_2", from: Self.neighbour).0 == 200)
            // Generous: a login during the burst within 20 times its own best time before it.
            let ratio = during / baseline
            #expect(ratio < 20, "a login took \(during) during the burst, \(baseline) before it")

            let created = answers.filter { $0.status == 201 }
            let refused = answers.filter { $0.status == 429 }
            #expect(created.count == 10)
            #expect(refused.count == 20)
            #expect(refused.allSatisfy { $0.headers[.retryAfter] == "6" })
            #expect(refused.allSatisfy { $0.errorCode == "TOO_MANY_REQUESTS" })
            #expect(refused.allSatisfy { $0.problems == ["clientAddress:too_many_sign_ups"] })
            // The refused were counted before hashing: exactly the admitted ones are stored.
            let stored = try await service.rowCounts()[.users]
            #expect(stored == 10 + 2)
            // One more sign-up from the address 6 s later, not two.
            service.advance(seconds: 6)
            #expect(try await Self.signUp(service, "late_1", from: Self.attacker).status == 201)
            #expect(try await Self.signUp(service, "late_2", from: Self.attacker).status == 429)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPseudoSignUpBurstFromOneAddressAdmitsTheBurst(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .costlyRequests(Self.limits)) { service in
            let answers = try await Self.burst(40) { _ in try await Self.pseudoSignUp(service, from: Self.attacker) }
            let created = answers.filter { $0.status == 201 }
            let refused = answers.filter { $0.status == 429 }
            #expect(created.count == 12)
            #expect(refused.count == 28)
            #expect(refused.allSatisfy { $0.headers[.retryAfter] == "5" })
            #expect(refused.allSatisfy { $0.problems == ["clientAddress:too_many_sign_ups"] })
            #expect(try await service.rowCounts()[.users] == 12)
            // Pseudo sign-ups have their own key: the address still signs a user up, and another
            // address still makes a pseudo user.
            #expect(try await Self.signUp(service, "person_1", from: Self.attacker).status == 201)
            #expect(try await Self.pseudoSignUp(service, from: Self.neighbour).status == 201)
            service.advance(seconds: 5)
            #expect(try await Self.pseudoSignUp(service, from: Self.attacker).status == 201)
            #expect(try await Self.pseudoSignUp(service, from: Self.attacker).status == 429)
        }
    }

    /// A pseudo user's upgrade makes a user with a password: it is counted as a sign-up, so that
    /// pseudo sign-ups and upgrades are no faster way to hashed accounts.
    @Test(arguments: Backend.enabled)
    func upgradesAreCountedAsSignUps(backend: Backend) async throws {
        var limits = Self.limits
        limits.signUpsPerMinute = 2
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .costlyRequests(limits)) { service in
            var statuses: [Int] = []
            for index in 0..<3 {
                let pseudo = try await Self.pseudoSignUp(service, from: Self.attacker)
                let token = try #require(pseudo.string("_accessToken"))
                let upgraded = try await service.send(
                    .post,
                    service.userPath("me"),
                    json: #"{"loginName":"upgraded_\#(index)","password":"correct horse"}"#,
                    token: token,
                    contentType: KiiType.userUpdate,
                    headers: [Self.forwarded: Self.attacker]
                )
                statuses.append(upgraded.status)
                if upgraded.status == 429 { #expect(upgraded.problems == ["clientAddress:too_many_sign_ups"]) }
            }
            #expect(statuses == [200, 200, 429])
            #expect(try await Self.signUp(service, "person_1", from: Self.attacker).status == 429)
            #expect(try await Self.signUp(service, "person_2", from: Self.neighbour).status == 201)
        }
    }

    @Test func theLimitsAreReadAndValidatedLikeTheOthers() throws {
        let defaults = try ServiceConfiguration(environment: [:]).costlyRequests
        #expect(defaults == CostlyRequestLimits())
        #expect(defaults.signUpsPerMinute == 10)
        #expect(defaults.pseudoSignUpsPerMinute == 30)
        #expect(defaults.codeBurst == 3)
        #expect(defaults.codesPerHour == 3)
        let set = try ServiceConfiguration(environment: [
            "ADDRESS_SIGNUPS_PER_MINUTE": "4", "ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE": "7", "CODES_BURST": "2",
            "CODES_PER_HOUR": "6", "MAX_HASHES_WAITING": "0",
        ])
        #expect(set.costlyRequests.signUpsPerMinute == 4)
        #expect(set.costlyRequests.pseudoSignUpsPerMinute == 7)
        #expect(set.costlyRequests.codeBurst == 2)
        #expect(set.costlyRequests.codesPerHour == 6)
        #expect(set.hashing.maxWaiting == 0)
        for name in [
            "ADDRESS_SIGNUPS_PER_MINUTE", "ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE", "CODES_BURST", "CODES_PER_HOUR",
        ] {
            for value in ["0", "-1", "ten", "1000001"] {
                #expect(throws: ConfigurationError.self, "\(name)=\(value)") {
                    try ServiceConfiguration(environment: [name: value])
                }
            }
        }
        do {
            _ = try ServiceConfiguration(environment: ["CODES_BURST": "0"])
            Issue.record("CODES_BURST=0 was accepted")
        } catch {
            #expect(error.description == "CODES_BURST must be a whole number from 1 to 1000000")
        }
        for value in ["-1", "many", "1000001"] {
            #expect(throws: ConfigurationError.self) {
                try ServiceConfiguration(environment: ["MAX_HASHES_WAITING": value])
            }
        }
    }
}
