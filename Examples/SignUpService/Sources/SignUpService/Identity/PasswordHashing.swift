/// How the service hashes and checks passwords. ``PasswordHasher`` (Argon2id or bcrypt) is the service's;
/// the benchmark's own executable puts one of its own here to measure the rest of a sign-up.
public protocol PasswordHashing: Sendable {
    /// A hash of `password`, with a new random salt.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`; with no hash, takes as long as a check and answers `false`.
    func verify(_ password: String, against hash: String?) async throws -> Bool
    /// Stops what the hasher runs on, after the server's last request.
    func shutdown() async throws

    /// Whether `hash` was made with other parameters than ``hash(_:)`` uses now (another scheme,
    /// a lower or a higher cost): a login whose password matched it stores a new hash.
    func needsRehash(_ hash: String) -> Bool
    /// Whether `password` matches `hash`; with no hash (an unknown identifier, or a user without
    /// a password), checks a decoy that costs what a stored hash costs, the same for the same
    /// `identifier` every time, and answers `false`.
    func verify(_ password: String, against hash: String?, identifier: String) async throws -> Bool
    /// The stored hashes' parameters, counted (``StoredHashCosts``): what the decoys cost.
    func storedHashes(_ costs: StoredHashCosts) async throws
}

extension PasswordHashing {
    /// A hasher of fixed parameters never rehashes.
    public func needsRehash(_ hash: String) -> Bool { false }

    /// ``verify(_:against:)``: the decoy of a hasher with no stored costs.
    public func verify(_ password: String, against hash: String?, identifier: String) async throws -> Bool {
        try await verify(password, against: hash)
    }

    /// Nothing: a hasher with one decoy.
    public func storedHashes(_ costs: StoredHashCosts) async throws {}
}
