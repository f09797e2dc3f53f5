import HummingbirdBcrypt
import NIOCore
import NIOPosix
import Synchronization

/// The service's password hashes: new ones Argon2id (``Argon2id``, Debian's libargon2) or bcrypt
/// (hummingbird-auth's `HummingbirdBcrypt`), as ``parameters`` say; stored ones of either scheme
/// checked by the scheme their text names. Everything runs on a thread pool of its own, so that
/// hashing neither blocks Swift's cooperative threads nor delays the SQLite calls on NIO's shared
/// pool, and its ``concurrency`` threads are the bound: a burst of sign-ups waits its turn, and
/// Argon2id's memory in flight stays under ``concurrency`` times a hash's. At most
/// ``maxWaiting`` new hashes wait for a thread (``HashingQueue``): one more is refused at once
/// (``HashingBusy``); password checks wait in a queue of their own, bounded alike, which goes
/// first, so that a burst of sign-ups does not hold up the logins.
///
/// A stored hash of other parameters than ``parameters`` is rehashed by the next login that
/// matches it (``needsRehash(_:)``); until then it costs what it cost, so the decoy checked for
/// an unknown identifier takes its parameters from the stored hashes' mix (``StoredHashCosts``).
public struct PasswordHasher: PasswordHashing {
    /// What new hashes are made with.
    public let parameters: HashParameters
    /// The hashes and checks that run at once (the threads of the hasher's pool).
    public let concurrency: Int
    /// The new hashes that may wait for a thread (and the checks, in their own queue).
    public let maxWaiting: Int
    private let threads: NIOThreadPool
    private let queue: HashingQueue
    private let inFlight = HashesInFlight()

    /// The stored hashes' parameters, and a hash of a password nobody has for each parameters a
    /// decoy has taken (made once, when first needed).
    private let decoys: Decoys

    private final class Decoys: Sendable {
        let mix = Mutex(StoredHashCosts([:]))
        let hashes = Mutex<[HashParameters: String]>([:])
        /// The key of the draw (a process's own: an identifier's parameters cannot be predicted).
        let key: [UInt8] = {
            var generator = SystemRandomNumberGenerator()
            return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }()

        /// The decoy hash of `parameters`, made now if it is the first of its parameters (a
        /// caller on the hasher's threads).
        func hash(_ parameters: HashParameters) throws -> String {
            if let made = hashes.withLock({ $0[parameters] }) { return made }
            let made = try PasswordHasher.hash("decoy password, never used", with: parameters)
            hashes.withLock { $0[parameters] = made }
            return made
        }
    }

    /// A hasher that makes hashes of `parameters`, at most `concurrency` at once (one a core by
    /// default; its threads start here and stop at ``shutdown()``), with at most `maxWaiting`
    /// new hashes waiting (``HashingConfiguration/defaultWaitingPerThread`` a thread by
    /// default).
    public init(parameters: HashParameters, concurrency: Int? = nil, maxWaiting: Int? = nil) {
        self.parameters = parameters
        self.concurrency = max(1, concurrency ?? System.coreCount)
        self.maxWaiting = max(0, maxWaiting ?? HashingConfiguration.defaultWaitingPerThread * self.concurrency)
        queue = HashingQueue(slots: self.concurrency, maxWaiting: self.maxWaiting)
        threads = NIOThreadPool(numberOfThreads: self.concurrency)
        threads.start()
        decoys = Decoys()
        _ = try? decoys.hash(parameters)
    }

    /// A bcrypt hasher of `cost` on `threads` threads (one a core by default).
    public init(cost: UInt8, threads: Int? = nil) {
        self.init(parameters: .bcrypt(cost: cost), concurrency: threads)
    }

    /// The most hashes and checks that have run at once so far (never more than ``concurrency``).
    package var mostAtOnce: Int { inFlight.most }

    /// The most new hashes that waited for a thread at once so far (never more than
    /// ``maxWaiting``).
    package var mostWaiting: Int { queue.mostNewHashesWaiting }

    /// A hash of `password` of ``parameters``, with a new random salt.
    ///
    /// - Throws: ``HashingBusy`` when ``maxWaiting`` new hashes wait already.
    public func hash(_ password: String) async throws -> String {
        let (parameters, inFlight, threads) = (parameters, inFlight, threads)
        return try await queue.run(.newHash) {
            try await threads.runIfActive { try inFlight.run { try Self.hash(password, with: parameters) } }
        }
    }

    /// Whether `password` matches `hash`; with no hash, checks the decoy of ``parameters`` and
    /// answers `false`.
    public func verify(_ password: String, against hash: String?) async throws -> Bool {
        try await check(password, against: hash, decoy: parameters)
    }

    /// Whether `password` matches `hash`; with no hash, checks the decoy of the parameters
    /// `identifier` draws from the stored hashes' mix and answers `false`.
    public func verify(_ password: String, against hash: String?, identifier: String) async throws -> Bool {
        guard hash == nil else { return try await check(password, against: hash, decoy: parameters) }
        let mix = decoys.mix.withLock { $0 }
        return try await check(
            password,
            against: nil,
            decoy: mix.decoyParameters(for: identifier, key: decoys.key, fallback: parameters)
        )
    }

    private func check(_ password: String, against hash: String?, decoy: HashParameters) async throws -> Bool {
        let (decoys, inFlight, threads) = (decoys, inFlight, threads)
        return try await queue.run(.check) {
            try await threads.runIfActive {
                try inFlight.run {
                    guard let hash else {
                        _ = Self.matches(password, try decoys.hash(decoy))
                        return false
                    }
                    return Self.matches(password, hash)
                }
            }
        }
    }

    /// Whether `hash` was made with other parameters than ``parameters``: another scheme, other
    /// costs, or text this does not read.
    public func needsRehash(_ hash: String) -> Bool {
        HashParameters(ofHash: hash) != parameters
    }

    /// Makes the decoys of `costs` (on the hasher's threads), then takes `costs` for the
    /// decoys' draw: no login waits for a decoy to be made.
    public func storedHashes(_ costs: StoredHashCosts) async throws {
        let (decoys, inFlight, threads) = (decoys, inFlight, threads)
        for parameters in costs.counts.keys {
            _ = try await queue.run(.check) {
                try await threads.runIfActive { try inFlight.run { try decoys.hash(parameters) } }
            }
        }
        decoys.mix.withLock { $0 = costs }
    }

    /// Stops the threads.
    public func shutdown() async throws {
        try await threads.shutdownGracefully()
    }

    /// A hash of `password` of `parameters` (on the caller's thread).
    static func hash(_ password: String, with parameters: HashParameters) throws -> String {
        switch parameters {
        case .bcrypt(let cost): Bcrypt.hash(password, cost: cost)
        case .argon2id(let argon2): try Argon2id.hash(password, parameters: argon2)
        }
    }

    /// Whether `password` matches `hash`, by the scheme `hash` names (on the caller's thread);
    /// `false` for text of no scheme this reads.
    static func matches(_ password: String, _ hash: String) -> Bool {
        if hash.hasPrefix("$argon2id$") { return Argon2id.verify(password, against: hash) }
        if hash.hasPrefix("$2") { return Bcrypt.verify(password, hash: hash) }
        return false
    }
}
