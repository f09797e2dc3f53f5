/// A smooth limit on attempts per key: GCRA, the generic cell rate algorithm (one theoretical
/// arrival time per key, no window edges). A key that has been quiet takes `burst` attempts at
/// once, then one every ``emissionInterval`` (`burst` a minute, sustained).
///
/// An attempt at `now` conforms when `tat - tolerance <= now` (`tat`: the key's theoretical
/// arrival time, ``tolerance``: `(burst - 1) × emissionInterval`); it then moves the key's
/// arrival time to `max(tat, now) + emissionInterval`. A refused attempt leaves it; the key
/// conforms again at `tat - tolerance`. In any span of `t` microseconds a key admits at most
/// `burst + t / emissionInterval` attempts, rounded down (for 5 a minute: 5 in any 2 s, 10 in
/// any 60 s), attempts given back aside.
///
/// ```swift
/// let limit = RateLimit(perMinute: 5)  // 5 at once, then one every 12 s
/// ```
struct RateLimit: Sendable, Hashable {
    /// Microseconds between two attempts at the sustained rate: the period divided by the rate,
    /// rounded up (the limit never admits more than the rate).
    let emissionInterval: Int64
    /// How far a key's arrival time may run ahead of now, in microseconds: `(burst - 1) ×
    /// emissionInterval`.
    let tolerance: Int64

    /// `count` attempts at once from a quiet key, and `count` a minute sustained (`count` ≥ 1).
    init(perMinute count: Int) {
        let count = Int64(max(count, 1))
        self.init(burst: Int(count), per: (Self.minute + count - 1) / count)
    }

    /// `burst` attempts at once, then one every `interval` microseconds.
    init(burst: Int, per interval: Int64) {
        emissionInterval = max(interval, 1)
        tolerance = Int64(max(burst, 1) - 1) * emissionInterval
    }

    /// A minute, in microseconds.
    static let minute: Int64 = 60_000_000
}
