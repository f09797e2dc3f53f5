/// Unicode scalars being mapped, each with the 0-based index of the input scalar it came from
/// when asked for (to tell a person where a problem is); a scalar of an emoji sequence kept
/// whole carries ``protectedBit``.
struct ScalarBuffer: Sendable, Equatable {
    /// Set on the scalars of an emoji sequence that no mapping may touch.
    static let protectedBit: UInt32 = 1 << 31

    /// The scalars, some with ``protectedBit``.
    var scalars: [UInt32]
    /// Each scalar's input index, when ``tracksSources``.
    var sources: [Int32]
    /// Whether ``sources`` is kept.
    let tracksSources: Bool

    /// An empty buffer.
    init(tracking: Bool, capacity: Int) {
        tracksSources = tracking
        scalars = []
        scalars.reserveCapacity(capacity)
        sources = []
        if tracking { sources.reserveCapacity(capacity) }
    }

    var count: Int { scalars.count }

    /// The input index of the scalar at `index` (0 when not tracked).
    @inline(__always)
    func source(at index: Int) -> Int32 { tracksSources ? sources[index] : 0 }

    @inline(__always)
    mutating func append(_ scalar: UInt32, source: Int32) {
        scalars.append(scalar)
        if tracksSources { sources.append(source) }
    }

    mutating func swapAt(_ i: Int, _ j: Int) {
        scalars.swapAt(i, j)
        if tracksSources { sources.swapAt(i, j) }
    }

    mutating func removeAll(keepingCapacity: Bool) {
        scalars.removeAll(keepingCapacity: keepingCapacity)
        sources.removeAll(keepingCapacity: keepingCapacity)
    }

    /// The scalar at `index` without its protection bit.
    @inline(__always)
    func value(at index: Int) -> UInt32 { scalars[index] & ~Self.protectedBit }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.scalars == rhs.scalars }
}
