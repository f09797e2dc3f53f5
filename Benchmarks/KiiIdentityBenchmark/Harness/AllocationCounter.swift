import CMallocCounter

/// Heap allocations per operation, counted by the malloc interposer of `CMallocCounter`.
///
/// Every malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign call of the
/// process during a counting pass is counted (a real count, not an estimate from heap
/// statistics); timed passes run with counting off.
enum AllocationCounter {
    /// Allocations made so far by the process.
    static var current: UInt64 { CMallocCounter_allocations() }

    /// Whether the interposer sees Swift's allocations (a fresh array must count at least one).
    static let isActive: Bool = {
        CMallocCounter_setEnabled(1)
        defer { CMallocCounter_setEnabled(0) }
        let before = current
        let array = [Int](repeating: 7, count: Int(before % 7) + 100)
        Sink.consume(array.count)
        return current > before
    }()

    /// Allocations per call of `contender` over `indices` (the second of two passes, so that
    /// one-time set-up is not counted); `nil` when `indices` is empty.
    static func perOperation(_ contender: Contender, indices: [Int]) -> Double? {
        guard !indices.isEmpty else { return nil }
        var accepted = 0
        for index in indices where contender.accepts(index) { accepted &+= 1 }
        CMallocCounter_setEnabled(1)
        let before = current
        for index in indices where contender.accepts(index) { accepted &+= 1 }
        let after = current
        CMallocCounter_setEnabled(0)
        Sink.consume(accepted)
        return Double(after - before) / Double(indices.count)
    }
}
