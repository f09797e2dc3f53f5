/// How new password hashes are made, how many hashes run at once and how many may wait, from
/// `PASSWORD_HASH`, `ARGON2_MEMORY_KIB`, `ARGON2_ITERATIONS`, `ARGON2_PARALLELISM`,
/// `HASHING_CONCURRENCY` and `MAX_HASHES_WAITING` (bcrypt's cost is `BCRYPT_COST`,
/// ``ServiceConfiguration/bcryptCost``).
public struct HashingConfiguration: Sendable, Hashable {
    /// The scheme of new hashes: Argon2id by default.
    public var scheme = PasswordScheme.argon2id
    /// Argon2id's parameters: OWASP's (19 MiB, 2 passes, 1 lane) by default, cheap in tests.
    public var argon2 = Argon2Parameters.owasp
    /// The hashes and password checks that may run at once (the rest wait their turn), so that
    /// Argon2id's memory in flight stays under this many times ``argon2``'s; `nil`: one a core.
    public var concurrency: Int?
    /// The new hashes that may wait for a thread (and, in a queue of their own that goes first,
    /// the password checks), beyond which a request that needs a new hash is 503 `busy` with
    /// `Retry-After: 1`; `nil`: ``defaultWaitingPerThread`` times the threads.
    public var maxWaiting: Int?

    /// The new hashes that may wait by default, per hashing thread: at OWASP's Argon2id (about
    /// 30 to 60 ms a hash on a core) the last of them waits about half a second, far less than
    /// any client's timeout, and a waiting request holds no Argon2id memory.
    public static let defaultWaitingPerThread = 8

    /// The defaults.
    public init() {}

    /// Reads the variables; unset ones keep their defaults.
    ///
    /// - Throws: ``ConfigurationError`` naming the first variable that is not usable.
    init(environment: [String: String]) throws(ConfigurationError) {
        if let text = environment["PASSWORD_HASH"], !text.isEmpty {
            guard let scheme = PasswordScheme(rawValue: text.lowercased()) else {
                throw ConfigurationError(name: "PASSWORD_HASH", reason: "must be argon2id or bcrypt")
            }
            self.scheme = scheme
        }
        if let kib = try environment.integer("ARGON2_MEMORY_KIB", in: 8...4_194_304) { argon2.memoryKiB = UInt32(kib) }
        if let passes = try environment.integer("ARGON2_ITERATIONS", in: 1...1_000) {
            argon2.iterations = UInt32(passes)
        }
        if let lanes = try environment.integer("ARGON2_PARALLELISM", in: 1...64) { argon2.parallelism = UInt32(lanes) }
        guard argon2.isUsable else {
            throw ConfigurationError(
                name: "ARGON2_MEMORY_KIB",
                reason: "must be at least 8 for each of ARGON2_PARALLELISM's lanes (\(8 * argon2.parallelism))"
            )
        }
        if let count = try environment.integer("HASHING_CONCURRENCY", in: 1...1_024) { concurrency = count }
        if let count = try environment.integer("MAX_HASHES_WAITING", in: 0...1_000_000) { maxWaiting = count }
    }

    /// What new hashes are made with: ``argon2`` for Argon2id, `bcryptCost` for bcrypt.
    public func parameters(bcryptCost: UInt8) -> HashParameters {
        switch scheme {
        case .argon2id: .argon2id(argon2)
        case .bcrypt: .bcrypt(cost: bcryptCost)
        }
    }
}

extension ServiceConfiguration {
    /// What new password hashes are made with: ``HashingConfiguration/argon2`` or ``bcryptCost``,
    /// as ``HashingConfiguration/scheme`` says.
    public var hashParameters: HashParameters { hashing.parameters(bcryptCost: bcryptCost) }
}
