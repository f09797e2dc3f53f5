@testable import SignUpService

/// GCRA as its definition reads, for the rate limits' model test: per key one theoretical
/// arrival time; a limit of `burst` at once and `perMinute` sustained has the emission interval
/// `T = ceil(60 s / perMinute)` and the tolerance `τ = (burst - 1) × T`; an attempt at `now`
/// conforms when `max(tat, now) + T - now <= τ + T`, and is then charged: `tat = max(tat, now) +
/// T`. An attempt on several keys is charged at each key that conforms and admitted when all
/// do; a refused attempt's `Retry-After` is found by trying: the least whole seconds after which
/// the same attempt would be admitted.
struct ReferenceGCRA {
    /// A limit as the configuration gives it.
    struct Limit: Hashable {
        var burst: Int64
        var perMinute: Int64
        var interval: Int64 { (60_000_000 + perMinute - 1) / perMinute }
        var tolerance: Int64 { (burst - 1) * interval }
    }

    /// Each key's theoretical arrival time (µs) and limit; a key without one has its full budget.
    private(set) var arrivals: [String: Int64] = [:]
    private var limits: [String: Limit] = [:]

    /// Whether an attempt on `keys` at `now` would be admitted, without charging it.
    func conforms(_ keys: [(key: String, limit: Limit)], now: Int64) -> Bool {
        keys.allSatisfy { key, limit in
            let tat = arrivals[key] ?? now
            return max(tat, now) + limit.interval - now <= limit.tolerance + limit.interval
        }
    }

    /// An attempt on `keys` (distinct) at `now`: `nil` when admitted, the seconds to wait when
    /// refused.
    mutating func take(_ keys: [(key: String, limit: Limit)], now: Int64) -> Int64? {
        let admitted = conforms(keys, now: now)
        for (key, limit) in keys where conforms([(key, limit)], now: now) {
            arrivals[key] = max(arrivals[key] ?? now, now) + limit.interval
            limits[key] = limit
        }
        if admitted { return nil }
        var seconds: Int64 = 1
        while !conforms(keys, now: now + seconds * 1_000_000) { seconds += 1 }
        return seconds
    }

    /// One attempt given back at each of `keys` at `now`: its arrival time one interval earlier,
    /// forgotten when that is `now` or before.
    mutating func giveBack(_ keys: [String], now: Int64) {
        for key in keys {
            guard let tat = arrivals[key], let limit = limits[key] else { continue }
            arrivals[key] = tat - limit.interval > now ? tat - limit.interval : nil
        }
    }

    /// Keys forgotten.
    mutating func clear(_ keys: [String]) {
        for key in keys { arrivals[key] = nil }
    }
}
