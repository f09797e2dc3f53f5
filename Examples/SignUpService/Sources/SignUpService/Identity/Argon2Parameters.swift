/// Argon2id's costs: the memory a hash fills, the passes over it and its lanes. OWASP's Password
/// Storage Cheat Sheet names 19 MiB, 2 passes and 1 lane as its first choice; RFC 9106 §4
/// derives such settings from the memory and time a deployment can spend on one hash.
public struct Argon2Parameters: Sendable, Hashable {
    /// The memory a hash fills, in KiB (`m`): at least 8 a lane.
    public var memoryKiB: UInt32
    /// The passes over that memory (`t`): at least 1.
    public var iterations: UInt32
    /// The lanes (`p`), each filled by a thread of its own: at least 1.
    public var parallelism: UInt32

    /// OWASP's first choice: 19 MiB (19,456 KiB), 2 passes, 1 lane.
    public static let owasp = Argon2Parameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

    /// Parameters as given; ``isUsable`` tells whether Argon2 takes them.
    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// Whether Argon2 takes them: at least 1 pass and 1 lane, at most 2^24 - 1 lanes, and at
    /// least 8 KiB a lane.
    public var isUsable: Bool {
        iterations >= 1 && (1...0xFF_FFFF).contains(parallelism) && UInt64(memoryKiB) >= 8 * UInt64(parallelism)
    }
}
