import HummingbirdBcrypt
import NIOCore
import NIOPosix
import Synchronization

/// bcrypt (hummingbird-auth's `HummingbirdBcrypt`) on a thread pool of its own, so that hashing
/// neither blocks Swift's cooperative threads nor delays the SQLite calls on NIO's shared pool.
///
/// A stored hash of another cost than ``cost`` is rehashed by the next login that matches it
/// (``needsRehash(_:)``); until then it costs what it cost, so the decoy checked for an unknown
/// identifier takes a cost from the stored hashes' mix (``StoredHashCosts``), not ``cost``.
public struct PasswordHasher: PasswordHashing {
    /// bcrypt's cost (4 to 31).
    public let cost: UInt8
    private let threads: NIOThreadPool

    /// The stored hashes' costs, and a bcrypt hash of a password nobody has at each cost a
    /// decoy has taken (made once, when first needed).
    private let decoys: Decoys

    private final class Decoys: Sendable {
        let mix = Mutex(StoredHashCosts([:]))
        let hashes = Mutex<[UInt8: String]>([:])
        /// The key of the draw (a process's own: an identifier's cost cannot be predicted).
        let key: [UInt8] = {
            var generator = SystemRandomNumberGenerator()
            return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }()

        /// The decoy hash of `cost`, made now if it is the first of its cost (a caller on the
        /// hasher's threads).
        func hash(cost: UInt8) -> String {
            if let made = hashes.withLock({ $0[cost] }) { return made }
            let made = Bcrypt.hash("decoy password, never used", cost: cost)
            hashes.withLock { $0[cost] = made }
            return made
        }
    }

    /// A hasher of `cost` on `threads` threads (one a core by default; started here, stopped by
    /// ``shutdown()``).
    public init(cost: UInt8, threads: Int? = nil) {
        self.cost = cost
        self.threads = NIOThreadPool(numberOfThreads: max(1, threads ?? System.coreCount))
        self.threads.start()
        decoys = Decoys()
        _ = decoys.hash(cost: cost)
    }

    /// The bcrypt hash of `password`, with a new random salt.
    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threads.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash, checks the decoy of ``cost`` and
    /// answers `false`.
    public func verify(_ password: String, against hash: String?) async throws -> Bool {
        try await check(password, against: hash, decoyCost: cost)
    }

    /// Whether `password` matches `hash`; with no hash, checks the decoy of the cost
    /// `identifier` draws from the stored hashes' mix and answers `false`.
    public func verify(_ password: String, against hash: String?, identifier: String) async throws -> Bool {
        guard hash == nil else { return try await check(password, against: hash, decoyCost: cost) }
        let mix = decoys.mix.withLock { $0 }
        return try await check(
            password,
            against: nil,
            decoyCost: mix.decoyCost(for: identifier, key: decoys.key, fallback: cost)
        )
    }

    private func check(_ password: String, against hash: String?, decoyCost: UInt8) async throws -> Bool {
        let decoys = decoys
        return try await threads.runIfActive {
            guard let hash else {
                _ = Bcrypt.verify(password, hash: decoys.hash(cost: decoyCost))
                return false
            }
            return Bcrypt.verify(password, hash: hash)
        }
    }

    /// Whether `hash` has another cost than ``cost`` (or is not a bcrypt hash this reads).
    public func needsRehash(_ hash: String) -> Bool {
        StoredHashCosts.cost(of: hash) != cost
    }

    /// Makes the decoys of `costs` (on the hasher's threads), then takes `costs` for the
    /// decoys' draw: no login waits for a decoy to be made.
    public func storedHashes(_ costs: StoredHashCosts) async throws {
        let decoys = decoys
        for cost in costs.counts.keys {
            _ = try await threads.runIfActive { decoys.hash(cost: cost) }
        }
        decoys.mix.withLock { $0 = costs }
    }

    /// Stops the threads.
    public func shutdown() async throws {
        try await threads.shutdownGracefully()
    }
}
