import HTTPTypes
import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// The budget of one account across addresses (issue 51, 2): the throttle keys a login by the
/// user it names, whatever the spelling; an account's consecutive failures from every address
/// (its streak) hold strangers at a gate whose delay doubles, and refuse them at
/// `ACCOUNT_FAILURE_LIMIT`, while an address the owner logged in from keeps working; a success
/// or a password reset ends the streak.
@Suite struct AccountGateTests {
    static let owner = #"""
        {"loginName":"owner_1","emailAddress":"owner@example.com","phoneNumber":"+819012345678",
        "password":"correct horse"}
        """#
    static let forwarded = ThrottleTests.forwarded

    /// A login from `address` (as the proxy's header says).
    static func logIn(
        _ service: Harness,
        _ identifier: String,
        _ password: String,
        from address: String
    )
        async throws -> Answer
    {
        try await ThrottleTests.logIn(service, identifier, password, from: address)
    }

    /// The service's settings for these tests: behind a proxy, the account's counts as given.
    static func settings(before delay: Int = 10, limit: Int = 100) -> [Setting] {
        [
            .trustedProxyHeader(forwarded),
            .adjusted { configuration in
                configuration.accountFailuresBeforeDelay = delay
                configuration.accountFailureLimit = limit
            },
        ]
    }

    @Test(arguments: Backend.enabled)
    func anySpellingOfOneUserSharesOneBudget(backend: Backend) async throws {
        try await withService(backend, settings: Self.settings()) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let spellings = ["owner_1", "owner@example.com", "OWNER@example.com", "+819012345678", "Owner_1"]
            var statuses: [Int] = []
            for spelling in spellings {
                statuses.append(try await Self.logIn(service, spelling, "wrong horse", from: "192.0.2.66").status)
            }
            #expect(statuses == [400, 400, 400, 400, 400])
            for spelling in spellings {
                let refused = try await Self.logIn(service, spelling, "correct horse", from: "192.0.2.66")
                #expect(refused.status == 429, "\(spelling)")
                #expect(refused.headers[.retryAfter] == "12", "\(spelling)")
            }
            let keys = try await ThrottleTests.throttleKeys(service).sorted()
            #expect(keys == ["address:192.0.2.66", "login:user:\(userID)@192.0.2.66"])
            // Another address has its own budget; an identifier nobody holds is keyed as typed.
            #expect(try await Self.logIn(service, "+819012345678", "correct horse", from: "198.51.100.7").status == 200)
            #expect(try await Self.logIn(service, "nobody_1", "guess", from: "198.51.100.7").status == 400)
            #expect(try await ThrottleTests.throttleKeys(service).contains("login:username:nobody_1@198.51.100.7"))
        }
    }

    /// 1,000 addresses, 100 at a time, two seconds apart, guess one account's password: the
    /// first `ACCOUNT_FAILURES_BEFORE_DELAY` are judged, then one each time the gate opens (1 s,
    /// 2 s, 4 s, … after the last); every other guess is 429 with a `Retry-After`. The owner,
    /// from an address it logged in from before, logs in in the middle of it (which ends the
    /// streak: the strangers start over).
    @Test(arguments: Backend.enabled)
    func aDistributedAttackGetsFewGuessesAndTheOwnerLogsIn(backend: Backend) async throws {
        let hasher = CountingHasher()
        try await withService(backend, settings: Self.settings() + [.hasher(hasher)]) { service in
            try await service.signUp(Self.owner)
            #expect(try await Self.logIn(service, "owner_1", "correct horse", from: "198.51.100.7").status == 200)
            let bursts = 10
            let ownerBurst = 5
            var judged: [Int] = []
            var refused = 0
            var waits: Set<String> = []
            var ownerStatus = 0
            for burst in 0..<bursts {
                if burst > 0 { service.advance(seconds: 2) }
                let answers = try await withThrowingTaskGroup(of: (owner: Bool, answer: Answer).self) { group in
                    for index in 0..<100 {
                        if burst == ownerBurst && index == 50 {
                            group.addTask {
                                (
                                    true,
                                    try await Self.logIn(
                                        service,
                                        "owner@example.com",
                                        "correct horse",
                                        from: "198.51.100.7"
                                    )
                                )
                            }
                        }
                        group.addTask {
                            (
                                false,
                                try await Self.logIn(
                                    service,
                                    "owner_1",
                                    "guess-\(index)",
                                    from: "10.0.\(burst).\(index)"
                                )
                            )
                        }
                    }
                    var answers: [(owner: Bool, answer: Answer)] = []
                    for try await answer in group { answers.append(answer) }
                    return answers
                }
                let strangers = answers.filter { !$0.owner }.map(\.answer)
                ownerStatus = answers.first { $0.owner }?.answer.status ?? ownerStatus
                judged.append(
                    strangers.filter { $0.status == 400 && $0.problems == ["password:invalid_credentials"] }.count
                )
                let tooMany = strangers.filter { $0.status == 429 && $0.errorCode == "TOO_MANY_REQUESTS" }
                refused += tooMany.count
                for answer in tooMany { waits.insert(answer.headers[.retryAfter] ?? "none") }
                #expect(judged[burst] + tooMany.count == 100, "burst \(burst)")
            }
            // Before the owner's login, exactly what the gate's definition admits.
            var model = ReferenceAccountGate(failuresBeforeDelay: 10, failureLimit: 100)
            func admitted(bursts: Range<Int>) -> Int {
                bursts.map { burst in
                    (0..<100).filter { index in
                        model.attempt("owner", stranger: true, now: Int64(burst) * 2_000_000) == nil
                    }.count
                }.reduce(0, +)
            }
            let before = admitted(bursts: 0..<ownerBurst)
            #expect(judged.prefix(ownerBurst).reduce(0, +) == before)
            // After it at most a new streak's share, as if it had come first in its burst.
            model.end("owner")
            let after = admitted(bursts: ownerBurst..<bursts)
            #expect(judged.suffix(from: ownerBurst).reduce(0, +) <= after)
            #expect(ownerStatus == 200)
            #expect(refused == bursts * 100 - judged.reduce(0, +))
            #expect(!waits.contains("none"))
            #expect(hasher.verifications == judged.reduce(0, +) + 2)
            print(
                "attack: judged \(judged) (model \(before) before the owner, at most \(after) after), refused \(refused), Retry-After \(waits.sorted())"
            )
        }
    }

    /// A stranger waits at the gate, then is refused at the limit for an hour; the owner's
    /// address is admitted all the while (its failures count too); the owner's success opens
    /// the gate to strangers again.
    @Test(arguments: Backend.enabled)
    func aRememberedAddressIsNeverHeldAndASuccessOpensTheGate(backend: Backend) async throws {
        try await withService(backend, settings: Self.settings(before: 2, limit: 5)) { service in
            try await service.signUp(Self.owner)
            let home = "2001:db8:0:1::7"
            #expect(try await Self.logIn(service, "owner_1", "correct horse", from: home).status == 200)
            func stranger(_ number: Int) async throws -> Answer {
                try await Self.logIn(service, "owner_1", "guess", from: "192.0.2.\(number)")
            }
            #expect(try await stranger(1).status == 400)
            #expect(try await stranger(2).status == 400)
            #expect(try await stranger(3).status == 400)  // streak 2: admitted, the gate closes for 1 s
            let waiting = try await stranger(4)
            #expect(waiting.status == 429)
            #expect(waiting.problems == ["username:too_many_attempts"])
            #expect(waiting.headers[.retryAfter] == "1")
            // Another address of the owner's /64 is the owner's; its failure counts (streak 4).
            #expect(try await Self.logIn(service, "owner_1", "wrong", from: "2001:db8:0:1::99").status == 400)
            service.advance(seconds: 1)
            #expect(try await stranger(5).status == 400)  // the gate open again: streak 5, the limit
            let closed = try await stranger(6)
            #expect(closed.status == 429)
            #expect(closed.headers[.retryAfter] == "3600")
            service.advance(seconds: 60)
            let limited = try await stranger(7)
            #expect(limited.status == 429)
            #expect(limited.headers[.retryAfter] == "3600")
            // The owner's home is admitted past the limit, wrong password or right.
            #expect(try await Self.logIn(service, "owner@example.com", "wrong", from: home).status == 400)
            #expect(try await Self.logIn(service, "owner@example.com", "correct horse", from: home).status == 200)
            #expect(try await stranger(8).status == 400)
            let gates = try await Self.gateRows(service)
            #expect(gates.count == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPasswordResetEndsTheStreak(backend: Backend) async throws {
        try await withService(backend, settings: Self.settings(before: 1, limit: 2)) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "192.0.2.1").status == 400)
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "192.0.2.2").status == 400)
            let refused = try await Self.logIn(service, "owner_1", "correct horse", from: "192.0.2.3")
            #expect(refused.status == 429)
            #expect(refused.headers[.retryAfter] == "3600")
            let reset = service.userPath("EMAIL:owner@example.com") + "/password"
            #expect(try await service.send(.post, reset + "/request-reset").status == 204)
            let code = try #require(service.resetCode(of: userID))
            let completed = try await service.send(
                .post,
                reset + "/complete-reset",
                json: #"{"pinCode":"\#(code)","newPassword":"battery staple"}"#
            )
            #expect(completed.status == 204)
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "192.0.2.4").status == 400)
            #expect(try await Self.logIn(service, "owner_1", "battery staple", from: "192.0.2.5").status == 200)
        }
    }

    /// The account remembers the latest eight addresses it logged in from, each for 90 days;
    /// the housekeeping forgets the expired ones and the streaks of identifiers nobody holds.
    @Test(arguments: Backend.enabled)
    func theLatestEightAddressesAreRememberedForNinetyDays(backend: Backend) async throws {
        try await withService(backend, settings: Self.settings(before: 0, limit: 1)) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            for number in 1...9 {
                #expect(
                    try await Self.logIn(service, "owner_1", "correct horse", from: "198.51.100.\(number)").status
                        == 200
                )
                service.advance(seconds: 1)
            }
            let remembered = try await Self.rememberedAddresses(service)
            #expect(remembered == (2...9).map { "198.51.100.\($0)" }.sorted())
            // Limit 1: after one failure only a remembered address is admitted.
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "198.51.100.9").status == 400)
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "198.51.100.1").status == 429)
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "198.51.100.2").status == 400)
            #expect(try await Self.logIn(service, "nobody_1", "guess", from: "192.0.2.1").status == 400)
            #expect(try await Self.gateRows(service).count == 2)
            // Logged in at +0 s … +8 s: at +90 days +7 s only the last is left.
            service.advance(seconds: RememberedAddress.lifetime - 2)
            try await Housekeeping.sweep(service.server.pool, now: service.now)
            #expect(try await Self.rememberedAddresses(service) == ["198.51.100.9"])
            #expect(try await Self.gateRows(service).count == 2)
            service.advance(seconds: 10)
            try await Housekeeping.sweep(service.server.pool, now: service.now)
            #expect(try await Self.rememberedAddresses(service) == [])
            // The user's streak stays (NIST counts it until a success); nobody_1's goes.
            #expect(try await Self.gateRows(service) == [userID])
            #expect(try await Self.logIn(service, "owner_1", "guess", from: "198.51.100.9").status == 429)
        }
    }

    @Test func theAccountLimitsAreReadAndChecked() throws {
        let defaults = try ServiceConfiguration(environment: [:])
        #expect(defaults.accountFailuresBeforeDelay == 10)
        #expect(defaults.accountFailureLimit == 100)
        let set = try ServiceConfiguration(
            environment: ["ACCOUNT_FAILURES_BEFORE_DELAY": "0", "ACCOUNT_FAILURE_LIMIT": "1"]
        )
        #expect(set.accountFailuresBeforeDelay == 0)
        #expect(set.accountFailureLimit == 1)
        for (environment, name) in [
            (["ACCOUNT_FAILURE_LIMIT": "101"], "ACCOUNT_FAILURE_LIMIT"),
            (["ACCOUNT_FAILURE_LIMIT": "0"], "ACCOUNT_FAILURE_LIMIT"),
            (["ACCOUNT_FAILURES_BEFORE_DELAY": "-1"], "ACCOUNT_FAILURES_BEFORE_DELAY"),
            (["ACCOUNT_FAILURES_BEFORE_DELAY": "20", "ACCOUNT_FAILURE_LIMIT": "10"], "ACCOUNT_FAILURE_LIMIT"),
            (["ACCOUNT_FAILURE_LIMIT": "9"], "ACCOUNT_FAILURE_LIMIT"),
        ] {
            let error = #expect(throws: ConfigurationError.self, "\(environment)") {
                try ServiceConfiguration(environment: environment)
            }
            #expect(error?.name == name, "\(environment)")
        }
    }

    /// The accounts in `account_gates`, sorted.
    static func gateRows(_ service: Harness) async throws -> [String] {
        try await service.server.pool.withConnection { database in
            try await database.raw("SELECT account FROM account_gates ORDER BY account").all(
                decodingColumn: "account",
                as: String.self
            )
        }
    }

    /// The addresses in `remembered_addresses`, sorted.
    static func rememberedAddresses(_ service: Harness) async throws -> [String] {
        try await service.server.pool.withConnection { database in
            try await database.raw("SELECT address FROM remembered_addresses ORDER BY address").all(
                decodingColumn: "address",
                as: String.self
            )
        }
    }
}
