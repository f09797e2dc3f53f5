/// How the service hashes and checks passwords. ``PasswordHasher`` (bcrypt) is the service's;
/// the benchmark's own executable puts one of its own here to measure the rest of a sign-up.
public protocol PasswordHashing: Sendable {
    /// A hash of `password`, with a new random salt.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`; with no hash, takes as long as a check and answers `false`.
    func verify(_ password: String, against hash: String?) async throws -> Bool
    /// Stops what the hasher runs on, after the server's last request.
    func shutdown() async throws
}
