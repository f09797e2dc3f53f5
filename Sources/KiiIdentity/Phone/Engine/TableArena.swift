/// Memory for compiled tables, allocated while they are built and freed with the arena.
///
/// The tables themselves are plain pointers into it (``DigitAutomaton``, the length masks of a
/// ``CompiledTerritory``), so copying or reading them costs no reference counting: a number
/// checked on two cores at once touches no shared counter. Whoever keeps a table keeps its
/// arena: a ``CallingCodeTables`` holds the one of its territories, and published tables live
/// as long as the process.
final class TableArena: @unchecked Sendable {
    // `@unchecked`: `blocks` changes only while the tables are built, before any other thread
    // can see the arena, and is read again only by `deinit`.
    private var blocks: [UnsafeMutableRawPointer] = []
    /// How many bytes the stored tables take (what the compiled tables cost in memory).
    private(set) var byteCount = 0

    init() {}

    /// A copy of `values` that lives as long as the arena.
    func store<Element: BitwiseCopyable>(_ values: [Element]) -> UnsafePointer<Element> {
        let copy = Self.permanentCopy(of: values)
        blocks.append(UnsafeMutableRawPointer(mutating: copy))
        byteCount += max(values.count, 1) * MemoryLayout<Element>.stride
        return copy
    }

    /// A copy of `values` that is never freed: for the tables the process builds once and
    /// reads for as long as it runs (``PhoneTerritories``, ``RegionTable``).
    static func permanentCopy<Element: BitwiseCopyable>(of values: [Element]) -> UnsafePointer<Element> {
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: max(values.count, 1))
        _ = UnsafeMutableBufferPointer(start: copy, count: values.count).initialize(from: values)
        return UnsafePointer(copy)
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
