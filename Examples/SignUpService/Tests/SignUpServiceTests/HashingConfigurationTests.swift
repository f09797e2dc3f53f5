import SignUpService
import Testing

/// `PASSWORD_HASH`, `ARGON2_MEMORY_KIB`, `ARGON2_ITERATIONS`, `ARGON2_PARALLELISM` and
/// `HASHING_CONCURRENCY` (issue 50, 3).
@Suite struct HashingConfigurationTests {
    @Test func newHashesAreArgon2idAtOWASPsParametersByDefault() throws {
        let configuration = try ServiceConfiguration(environment: [:])
        #expect(configuration.hashing.scheme == .argon2id)
        #expect(configuration.hashing.argon2 == Argon2Parameters(memoryKiB: 19_456, iterations: 2, parallelism: 1))
        #expect(configuration.hashing.concurrency == nil)
        #expect(configuration.hashParameters.prefix == "$argon2id$v=19$m=19456,t=2,p=1$")
    }

    @Test func hashingFromTheEnvironment() throws {
        let configuration = try ServiceConfiguration(environment: [
            "PASSWORD_HASH": "Argon2id", "ARGON2_MEMORY_KIB": "65536", "ARGON2_ITERATIONS": "3",
            "ARGON2_PARALLELISM": "4", "HASHING_CONCURRENCY": "6",
        ])
        #expect(configuration.hashParameters == .argon2id(.init(memoryKiB: 65_536, iterations: 3, parallelism: 4)))
        #expect(configuration.hashing.concurrency == 6)
        let bcrypt = try ServiceConfiguration(environment: ["PASSWORD_HASH": "bcrypt", "BCRYPT_COST": "11"])
        #expect(bcrypt.hashParameters == .bcrypt(cost: 11))
    }

    @Test(arguments: [
        (["PASSWORD_HASH": "scrypt"], "PASSWORD_HASH must be argon2id or bcrypt"),
        (["ARGON2_MEMORY_KIB": "7"], "ARGON2_MEMORY_KIB must be a whole number from 8 to 4194304"),
        (["ARGON2_MEMORY_KIB": "19 MiB"], "ARGON2_MEMORY_KIB must be a whole number from 8 to 4194304"),
        (["ARGON2_ITERATIONS": "0"], "ARGON2_ITERATIONS must be a whole number from 1 to 1000"),
        (["ARGON2_PARALLELISM": "65"], "ARGON2_PARALLELISM must be a whole number from 1 to 64"),
        (
            ["ARGON2_MEMORY_KIB": "16", "ARGON2_PARALLELISM": "4"],
            "ARGON2_MEMORY_KIB must be at least 8 for each of ARGON2_PARALLELISM's lanes (32)"
        ),
        (["HASHING_CONCURRENCY": "0"], "HASHING_CONCURRENCY must be a whole number from 1 to 1024"),
    ])
    func badHashingSettingsNameTheVariable(environment: [String: String], message: String) {
        do {
            _ = try ServiceConfiguration(environment: environment)
            Issue.record("\(environment) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}
