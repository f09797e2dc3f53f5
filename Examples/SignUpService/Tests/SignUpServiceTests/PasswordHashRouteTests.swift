import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// The whole password is hashed, with Argon2id, and bcrypt's users move over (issue 50, 3): a
/// long password's first 72 bytes do not log in, a bcrypt hash logs in once more and is replaced
/// by an Argon2id one, `PASSWORD_HASH=bcrypt` keeps bcrypt, and a burst of sign-ups runs at most
/// `HASHING_CONCURRENCY` hashes at once.
@Suite(.serialized) struct PasswordHashRouteTests {
    @Test(arguments: Backend.enabled)
    func aLongPasswordsFirst72BytesDoNotLogIn(backend: Backend) async throws {
        let password = Argon2HashTests.longPassword
        let first72 = String(decoding: password.utf8.prefix(72), as: UTF8.self)
        try await withService(backend, .adjusted { $0.policy.passwordPolicy = .nist }) { service in
            let userID = try #require(
                try await service.signUp(#"{"loginName":"kestrel_5","password":"\#(password)"}"#).string("userID")
            )
            let stored = try #require(try await service.users.user(userID)?.passwordHash)
            #expect(stored.hasPrefix(HashParameters.argon2id(.tests).prefix))

            let cut = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("kestrel_5", first72))
            #expect(cut.status == 400)
            let whole = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("kestrel_5", password))
            #expect(whole.status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func aBcryptUserLogsInAndItsHashBecomesArgon2id(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(
                try await service.signUp(#"{"loginName":"rae","password":"correct horse"}"#).string("userID")
            )
            let bcrypt = try PasswordHasher.hash("correct horse", with: .bcrypt(cost: 4))
            try await HashCostTests.setHash(bcrypt, of: userID, in: service)

            let wrong = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("rae", "wrong horse"))
            #expect(wrong.status == 400)
            #expect(try await service.users.user(userID)?.passwordHash == bcrypt)

            _ = try await service.logIn("rae")
            let upgraded = try #require(try await service.users.user(userID)?.passwordHash)
            #expect(upgraded.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
            #expect(PasswordHasher.matches("correct horse", upgraded))
            // Once upgraded, a login keeps the hash; a wrong password still fails.
            _ = try await service.logIn("rae")
            #expect(try await service.users.user(userID)?.passwordHash == upgraded)
            let after = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("rae", "wrong horse"))
            #expect(after.status == 400)
        }
    }

    @Test(arguments: Backend.enabled)
    func passwordHashBcryptKeepsMakingBcryptHashesAndMovesArgon2idUsersToIt(backend: Backend) async throws {
        try await withService(backend, .adjusted { $0.hashing.scheme = .bcrypt }) { service in
            let rae = try #require(
                try await service.signUp(#"{"loginName":"rae","password":"correct horse"}"#).string("userID")
            )
            let raeHash = try #require(try await service.users.user(rae)?.passwordHash)
            #expect(HashParameters(ofHash: raeHash) == .bcrypt(cost: service.server.configuration.bcryptCost))
            _ = try await service.logIn("rae")
            #expect(try await service.users.user(rae)?.passwordHash == raeHash)

            let sam = try #require(
                try await service.signUp(#"{"loginName":"sam","password":"correct horse"}"#).string("userID")
            )
            let argon2 = try PasswordHasher.hash("correct horse", with: .argon2id(.tests))
            try await HashCostTests.setHash(argon2, of: sam, in: service)
            _ = try await service.logIn("sam")
            let samHash = try #require(try await service.users.user(sam)?.passwordHash)
            #expect(samHash.hasPrefix("$2b$04$"))
        }
    }

    @Test(arguments: Backend.enabled)
    func storedHashesAreCountedByScheme(backend: Backend) async throws {
        try await withService(backend) { service in
            let other = Argon2Parameters(memoryKiB: 128, iterations: 1, parallelism: 1)
            let hashes = [
                try PasswordHasher.hash("correct horse", with: .bcrypt(cost: 5)),
                try PasswordHasher.hash("correct horse", with: .argon2id(other)),
                try PasswordHasher.hash("correct horse", with: .argon2id(other)),
            ]
            for index in 0..<6 {
                let userID = try #require(
                    try await service.signUp(#"{"loginName":"user_\#(index)","password":"correct horse"}"#)
                        .string("userID")
                )
                if index < hashes.count { try await HashCostTests.setHash(hashes[index], of: userID, in: service) }
            }
            let mix = try await StoredHashCosts.counted(in: service.server.pool)
            #expect(mix.counts == [.bcrypt(cost: 5): 1, .argon2id(other): 2, .argon2id(.tests): 3])
        }
    }

    @Test(arguments: Backend.enabled)
    func aBurstOfSignUpsRunsAtMostHashingConcurrencyHashesAtOnce(backend: Backend) async throws {
        // 4 MiB a hash: long enough (a few milliseconds) that hashes would overlap unbounded.
        let bound = 3
        try await withService(
            backend,
            .adjusted {
                $0.hashing.argon2 = Argon2Parameters(memoryKiB: 4_096, iterations: 1, parallelism: 1)
                $0.hashing.concurrency = bound
            }
        ) { service in
            let hasher = try #require(service.server.hasher as? PasswordHasher)
            #expect(hasher.concurrency == bound)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<32 {
                    group.addTask {
                        try await service.send(
                            .post,
                            service.usersPath,
                            json: #"{"loginName":"burst_\#(index)","password":"correct horse"}"#,
                            contentType: KiiType.registration
                        ).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 201, count: 32))
            let most = hasher.mostAtOnce
            #expect(most <= bound, "\(most) hashes ran at once, more than \(bound)")
            // The burst did overlap: a hasher that ran one at a time would show 1.
            #expect(most >= 2, "\(most) hashes at once: the burst never overlapped")
        }
    }
}
