import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a flood of connections took back to the system once it is over. glibc's
/// allocator keeps what its threads' arenas freed for their next allocations, so a process that
/// held a thousand connections (their channels, buffers and tasks: about 28 KiB each) stays that
/// large after they close; `malloc_trim(0)` returns the free pages. Asked on every connection's
/// close, it trims once the open connections have fallen to an eighth of their peak since the
/// last trim, when that peak was at least ``floodSize`` (a second later: ``delay``): never while
/// a flood holds, nor in ordinary traffic.
struct MemoryRelease: Sendable {
    /// The least peak of open connections worth a trim.
    static let floodSize = 256
    /// How long after the fall the trim runs (the rest of the flood closes meanwhile).
    static let delay = TimeAmount.seconds(1)

    /// The most connections open since the last trim.
    private var peak = 0

    /// Notes that `open` connections are open now.
    mutating func opened(_ open: Int) { peak = max(peak, open) }

    /// Whether to trim now that `open` connections are left (then the peak starts over).
    mutating func shouldTrim(leaving open: Int) -> Bool {
        guard peak >= Self.floodSize, open <= peak / 8 else { return false }
        peak = open
        return true
    }

    /// Returns the allocator's free memory to the system (nothing where the allocator is not
    /// glibc's: `malloc_trim` is looked up, since Swift's Glibc module leaves `malloc.h` out).
    static func trim() {
        #if canImport(Glibc)
        guard let trim = mallocTrim else { return }
        _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `int malloc_trim(size_t pad)`, when the process has it.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif
}
