import SignUpService
import Synchronization

/// bcrypt at cost 4, counting the checks it runs: how many attempts reached the hasher.
final class CountingHasher: PasswordHashing {
    private let hasher = PasswordHasher(cost: 4)
    private let checks = Atomic<Int>(0)

    /// The password checks run so far.
    var verifications: Int { checks.load(ordering: .acquiring) }

    func hash(_ password: String) async throws -> String { try await hasher.hash(password) }

    func verify(_ password: String, against hash: String?) async throws -> Bool {
        checks.add(1, ordering: .acquiringAndReleasing)
        return try await hasher.verify(password, against: hash)
    }

    func shutdown() async throws { try await hasher.shutdown() }
}
