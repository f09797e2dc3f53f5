import Testing

@testable import SignUpService

/// The account gate (issue 51, 2) against its definition: a plain model in the test
/// (``ReferenceAccountGate``) and the store's statement (`account_gates`, one upsert per
/// attempt) given the same random attempts, strangers and remembered addresses, attempts given
/// back and streaks ended, must decide every one alike, `Retry-After` included.
@Suite struct AccountGateModelTests {
    /// 2027-01-15 in Unix microseconds.
    static let start: Int64 = 1_800_000_000_000_000
    /// Two users and an identifier nobody holds.
    static let accounts = ["u-1", "u-2", "login:username:ghost"]
    /// The random attempts' seed.
    static let seed: UInt64 = 0x6761_7465

    /// The rules tried: small counts (the limit reached often), a delay from the first failure,
    /// and the service's defaults.
    static let rules = [
        AccountGateRules(failuresBeforeDelay: 3, failureLimit: 15),
        AccountGateRules(failuresBeforeDelay: 0, failureLimit: 4),
        AccountGateRules(failuresBeforeDelay: 10, failureLimit: 100),
    ]

    /// What a run found: decisions that differ from the model's (the first few), and counts.
    struct Outcome {
        var mismatches: [String] = []
        var admitted = 0
        var refusedByDelay = 0
        var refusedAtLimit = 0
    }

    /// `count` random attempts through `store` and the model under `rules`, from `seed`.
    static func run(
        _ store: any DataStore,
        rules: AccountGateRules,
        seed: UInt64,
        count: Int
    ) async throws
        -> Outcome
    {
        var random = SeededGenerator(seed: seed)
        var model = ReferenceAccountGate(
            failuresBeforeDelay: rules.failuresBeforeDelay,
            failureLimit: rules.failureLimit
        )
        var outcome = Outcome()
        var now = start
        var last: String?
        for index in 0..<count {
            switch random.next() % 20 {
            case 0..<6: break
            case 6..<9: now += Int64(random.next() % 1_000)
            case 9..<14: now += Int64(random.next() % 3_000_000)
            case 14..<18: now += Int64(random.next() % 60_000_000)
            case 18: now += Int64(random.next() % 900_000_000)
            default: now += 3_000_000_000 + Int64(random.next() % 2_000_000_000)
            }
            let account = accounts[Int(random.next() % UInt64(accounts.count))]
            switch random.next() % 100 {
            case 0..<7:
                guard let last else { continue }
                try await store.session { tables in try await tables.gates.giveBack(last) }
                model.giveBack(last)
            case 7..<10:
                try await store.session { tables in try await tables.gates.clear(account) }
                model.end(account)
            default:
                let stranger = random.next() % 10 < 8
                let state = try await store.session { [now] tables in
                    try await tables.gates.admit(account, stranger: stranger, rules: rules, now: now)
                }
                let decision = rules.retryAfter(state, now: now)
                let expected = model.attempt(account, stranger: stranger, now: now)
                if decision != expected, outcome.mismatches.count < 5 {
                    outcome.mismatches.append(
                        "attempt \(index) at +\(now - start) µs on \(account) (stranger: \(stranger)): "
                            + "store \(decision.map(String.init) ?? "admitted"), "
                            + "model \(expected.map(String.init) ?? "admitted")"
                    )
                }
                switch expected {
                case nil:
                    outcome.admitted += 1
                    last = account
                case 3_600?: outcome.refusedAtLimit += 1
                default: outcome.refusedByDelay += 1
                }
            }
        }
        return outcome
    }

    @Test(arguments: rules.indices)
    func theGateInMemoryDecidesAsTheModel(rule: Int) async throws {
        let outcome = try await Self.run(MemoryDataStore(), rules: Self.rules[rule], seed: Self.seed, count: 3_000)
        #expect(outcome.mismatches == [])
        #expect(outcome.admitted > 300)
        #expect(outcome.refusedByDelay > 50)
        if rule < 2 { #expect(outcome.refusedAtLimit > 50) }
    }

    @Test(arguments: Backend.enabled, rules.indices)
    func theGateDecidesAsTheModel(backend: Backend, rule: Int) async throws {
        try await withService(backend) { service in
            let store = SQLDataStore(pool: service.server.pool)
            let outcome = try await Self.run(store, rules: Self.rules[rule], seed: Self.seed + 1, count: 2_000)
            #expect(outcome.mismatches == [])
            #expect(outcome.admitted > 200)
            #expect(outcome.refusedByDelay > 50)
            if rule < 2 { #expect(outcome.refusedAtLimit > 30) }
        }
    }
}
