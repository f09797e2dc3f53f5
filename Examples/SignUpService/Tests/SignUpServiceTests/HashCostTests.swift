import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// Hashes follow the configuration (issue 49; issue 50 for the schemes): a login rehashes a
/// password whose stored hash has another scheme or cost than new hashes, and a wrong password
/// takes as long for an unknown identifier as for a user, whatever costs the stored hashes have.
@Suite(.serialized) struct HashCostTests {
    @Test(arguments: Backend.enabled)
    func aLoginRehashesAHashOfAnotherCostAndAWrongPasswordDoesNot(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(
                try await service.signUp(#"{"loginName":"rae","password":"correct horse"}"#).string("userID")
            )
            let old = try await Self.hash("correct horse", cost: 5)
            try await Self.setHash(old, of: userID, in: service)

            let wrong = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("rae", "wrong horse"))
            #expect(wrong.status == 400)
            #expect(try await service.users.user(userID)?.passwordHash == old)

            _ = try await service.logIn("rae")
            let new = try #require(try await service.users.user(userID)?.passwordHash)
            #expect(new != old)
            #expect(HashParameters(ofHash: new) == service.server.configuration.hashParameters)
            // The new hash is the password's; a hash of the configured cost is kept.
            _ = try await service.logIn("rae")
            #expect(try await service.users.user(userID)?.passwordHash == new)
        }
    }

    @Test(arguments: Backend.enabled)
    func aWrongPasswordTakesAsLongForAnUnknownIdentifierWithMixedStoredCosts(backend: Backend) async throws {
        // BCRYPT_COST is 6 now; most users signed up at 7 and have not logged in since.
        let hasher = PasswordHasher(cost: 6)
        try await withService(
            backend,
            .hasher(hasher),
            .loginFailuresPerMinute(1_000_000),
            .addressFailuresPerMinute(1_000_000)
        ) { service in
            let costs: [UInt8] =
                Array(repeating: 7, count: 32) + Array(repeating: 6, count: 4) + Array(repeating: 5, count: 4)
            var hashes: [UInt8: String] = [:]
            for cost in Set(costs) { hashes[cost] = try await Self.hash("correct horse", cost: cost) }
            for (index, cost) in costs.enumerated() {
                let userID = try #require(
                    try await service.signUp(#"{"loginName":"user_\#(index)","password":"correct horse"}"#)
                        .string("userID")
                )
                try await Self.setHash(try #require(hashes[cost]), of: userID, in: service)
            }
            // What the service counts at start and every five minutes.
            let mix = try await StoredHashCosts.counted(in: service.server.pool)
            #expect(mix.counts == [.bcrypt(cost: 7): 32, .bcrypt(cost: 6): 4, .bcrypt(cost: 5): 4])
            try await hasher.storedHashes(mix)

            // A machine shared with other work can stretch any one measurement: up to three, the
            // first within 10 % passes (a decoy of the configured cost is about 45 % off every time).
            var attempts: [(existing: Double, unknown: Double)] = []
            for attempt in 0..<3 {
                let medians = try await Self.wrongPasswordMedians(users: costs.count, attempt: attempt, service)
                attempts.append(medians)
                if abs(medians.existing - medians.unknown) / medians.existing < 0.10 { break }
            }
            let last = try #require(attempts.last)
            #expect(
                abs(last.existing - last.unknown) / last.existing < 0.10,
                "medians (existing, unknown), ms: \(attempts.map { ($0.existing * 1_000, $0.unknown * 1_000) })"
            )
        }
    }

    @Test func aDecoyCostIsDrawnFromTheStoredMixTheSameForOneIdentifier() {
        let argon2 = HashParameters.argon2id(.owasp)
        let unusable = HashParameters.argon2id(.init(memoryKiB: 4, iterations: 1, parallelism: 1))
        let mix = StoredHashCosts([
            argon2: 32, .bcrypt(cost: 7): 4, .bcrypt(cost: 6): 4, .bcrypt(cost: 40): 9, unusable: 9,
            .bcrypt(cost: 5): 0,
        ])
        #expect(mix.counts == [argon2: 32, .bcrypt(cost: 7): 4, .bcrypt(cost: 6): 4])
        let key = Array(repeating: UInt8(7), count: 32)
        let fallback = HashParameters.bcrypt(cost: 12)
        let drawn = (0..<2_000).map { mix.decoyParameters(for: "username=nobody_\($0)", key: key, fallback: fallback) }
        let argon2Draws = drawn.filter { $0 == argon2 }.count
        #expect((1_500...1_700).contains(argon2Draws), "\(argon2Draws) of 2,000 Argon2id, 1,600 expected")
        #expect(Set(drawn) == [argon2, .bcrypt(cost: 7), .bcrypt(cost: 6)])
        #expect(mix.decoyParameters(for: "username=nobody_1", key: key, fallback: fallback) == drawn[1])
        #expect(
            StoredHashCosts([:]).decoyParameters(for: "username=nobody_1", key: key, fallback: fallback) == fallback
        )
    }

    /// The medians of the wrong-password times of `users` users (`user_0`, ...) and as many
    /// unknown identifiers: each identifier's fastest of three tries (a load that comes and goes
    /// only ever slows a try down), a user and an unknown identifier in turn, each first every
    /// other time.
    static func wrongPasswordMedians(
        users count: Int,
        attempt: Int,
        _ service: Harness
    ) async throws -> (existing: Double, unknown: Double) {
        let users = (0..<count).map { "user_\($0)" }
        let nobodies = (0..<count).map { "nobody_\(attempt)_\($0)" }
        var fastest: [String: Double] = [:]
        for round in 0..<3 {
            for index in 0..<count {
                let pair = [users[index], nobodies[index]]
                for identifier in (round + index).isMultiple(of: 2) ? pair : pair.reversed() {
                    let seconds = try await wrongPasswordSeconds(identifier, service)
                    fastest[identifier] = min(fastest[identifier] ?? .infinity, seconds)
                }
            }
        }
        return (median(users.compactMap { fastest[$0] }), median(nobodies.compactMap { fastest[$0] }))
    }

    /// How long a login with a wrong password takes, in seconds (a 400 required).
    static func wrongPasswordSeconds(_ identifier: String, _ service: Harness) async throws -> Double {
        let start = ContinuousClock.now
        let answer = try await service.send(
            .post,
            Harness.tokenPath,
            json: Harness.loginBody(identifier, "wrong horse")
        )
        let elapsed = ContinuousClock.now - start
        try #require(answer.status == 400, "\(answer)")
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// A bcrypt hash of `password` at `cost`.
    static func hash(_ password: String, cost: UInt8) async throws -> String {
        let hasher = PasswordHasher(cost: cost, threads: 1)
        let hash = try await hasher.hash(password)
        try await hasher.shutdown()
        return hash
    }

    /// Stores `hash` as `userID`'s, as an older `BCRYPT_COST` (or `PASSWORD_HASH`) left it.
    static func setHash(_ hash: String, of userID: String, in service: Harness) async throws {
        try await service.server.pool.withConnection { database in
            try await database.raw("UPDATE users SET password_hash = \(bind: hash) WHERE user_id = \(bind: userID)")
                .run()
        }
    }
}
