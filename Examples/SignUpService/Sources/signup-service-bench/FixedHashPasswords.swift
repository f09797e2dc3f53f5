import HummingbirdBcrypt
import SignUpService

/// No hashing: every password is stored as one bcrypt hash made at start, and checked against
/// it without bcrypt. Only the benchmark builds this, to show the rest of an accepted sign-up
/// beside the bare insert.
struct FixedHashPasswords: PasswordHashing {
    let fixed: String

    init(cost: UInt8) { fixed = Bcrypt.hash("the benchmark's one password", cost: cost) }

    func hash(_ password: String) async throws -> String { fixed }
    func verify(_ password: String, against hash: String?) async throws -> Bool { hash == fixed }
    func shutdown() async throws {}
}
