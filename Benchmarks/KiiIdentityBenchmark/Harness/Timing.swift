import Glibc

/// Timing contenders: calibrated passes, rounds, median.
enum Timing {
    /// CPU time of the calling thread, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
    ///
    /// The scenarios are single-threaded, and on a shared machine (other builds, 2 cores) wall
    /// time counts the time the thread waits for a core; CPU time does not.
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Monotonic wall time in nanoseconds (`CLOCK_MONOTONIC`), for the multi-threaded batch runs.
    @inline(__always)
    static func wallNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `contender` over all inputs `passes` times; returns the nanoseconds taken and the accepted count.
    @inline(never)
    static func run(_ contender: Contender, inputCount: Int, passes: Int) -> (nanoseconds: UInt64, accepted: Int) {
        let start = now()
        let accepted = contender.run(inputCount, passes)
        let end = now()
        Sink.consume(accepted)
        return (end - start, accepted / passes)
    }

    /// How many passes make one sample last at least `sampleNanoseconds`, from one pass of `passNanoseconds`.
    static func passes(forSample sampleNanoseconds: Double, passNanoseconds: UInt64) -> Int {
        max(1, Int((sampleNanoseconds / Double(max(passNanoseconds, 1))).rounded(.up)))
    }
}

/// The samples of one contender: nanoseconds per operation, one per round.
struct Samples: Codable {
    var nanosecondsPerOperation: [Double] = []

    var median: Double { nanosecondsPerOperation.median }

    var minimum: Double { nanosecondsPerOperation.min() ?? .nan }
    var maximum: Double { nanosecondsPerOperation.max() ?? .nan }
}

extension [Double] {
    /// The middle value (the mean of the two middle ones for an even count); NaN when empty.
    var median: Double {
        let sorted = sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
