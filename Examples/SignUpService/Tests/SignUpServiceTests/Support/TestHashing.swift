import SignUpService

extension Argon2Parameters {
    /// The tests' Argon2id: 64 KiB, 1 pass, 1 lane (a fraction of a millisecond), as their
    /// bcrypt is cost 4; a test of hashing's own costs sets its own.
    static let tests = Argon2Parameters(memoryKiB: 64, iterations: 1, parallelism: 1)
}
