import HummingbirdBcrypt
import NIOCore
import NIOPosix

/// bcrypt (hummingbird-auth's `HummingbirdBcrypt`) on a thread pool of its own, so that hashing
/// neither blocks Swift's cooperative threads nor delays the SQLite calls on NIO's shared pool.
public struct PasswordHasher: PasswordHashing {
    /// bcrypt's cost (4 to 31).
    public let cost: UInt8
    private let threads: NIOThreadPool

    /// A bcrypt hash of a password nobody has, checked when the identifier is unknown so that
    /// an unknown identifier takes as long as a wrong password.
    private let decoy: String

    /// A hasher of `cost` on `threads` threads (one a core by default; started here, stopped by
    /// ``shutdown()``).
    public init(cost: UInt8, threads: Int? = nil) {
        self.cost = cost
        self.threads = NIOThreadPool(numberOfThreads: max(1, threads ?? System.coreCount))
        self.threads.start()
        decoy = Bcrypt.hash("decoy password, never used", cost: cost)
    }

    /// The bcrypt hash of `password`, with a new random salt.
    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threads.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash, checks the decoy and answers `false`.
    public func verify(_ password: String, against hash: String?) async throws -> Bool {
        let decoy = decoy
        return try await threads.runIfActive {
            guard let hash else {
                _ = Bcrypt.verify(password, hash: decoy)
                return false
            }
            return Bcrypt.verify(password, hash: hash)
        }
    }

    /// Stops the threads.
    public func shutdown() async throws {
        try await threads.shutdownGracefully()
    }
}
