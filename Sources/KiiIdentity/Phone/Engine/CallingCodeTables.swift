import Synchronization

/// The territories of one country calling code, compiled together on first use, in
/// libphonenumber's region order (the main country first, then the collection's order).
///
/// The object owns the arena its territories' tables live in; once published by
/// ``PhoneTerritories`` it lives as long as the process, and numbers are checked on
/// ``territories``, plain values, without touching its reference count.
final class CallingCodeTables: @unchecked Sendable {
    // `@unchecked`: every property is a constant; `territories` points into `arena`, written
    // before the object is published.
    let countryCallingCode: Int
    /// In region order: `GetRegionCodeForNumberFromRegionList` tries them in this order. Empty
    /// when a pattern of the code is outside the engine's dialect.
    let territories: UnsafeBufferPointer<CompiledTerritory>
    private let arena: TableArena

    /// Compiles the code's territories; none when one of them does not compile.
    init(countryCallingCode: Int, metadata: [PhoneMetadata]) {
        let arena = TableArena()
        var territories: [CompiledTerritory] = []
        for entry in metadata {
            guard let territory = CompiledTerritory(entry, in: arena) else {
                territories = []
                break
            }
            territories.append(territory)
        }
        self.countryCallingCode = countryCallingCode
        self.territories = UnsafeBufferPointer(start: arena.store(territories), count: territories.count)
        self.arena = arena
    }
}

/// A calling code's territories are read in place, by address: a ``CompiledTerritory`` is a few
/// hundred bytes, and copying one for each question would cost more than the question.
extension UnsafeBufferPointer<CompiledTerritory> {
    /// The first region of the code, libphonenumber's `GetRegionCodeForCountryCode`, whose
    /// metadata parses a number written with this code.
    @inline(__always)
    var main: UnsafePointer<CompiledTerritory> { baseAddress! }

    /// The territory at `index`, in place.
    @inline(__always)
    func territory(at index: Int) -> UnsafePointer<CompiledTerritory> { baseAddress! + index }
}

/// Every calling code's tables, compiled lazily, once per process, safely from any thread:
/// one lock-free slot per code (an atomic word holding the tables' address, set once by
/// compare-and-exchange), so readers never wait on each other and a read is one atomic load.
///
/// A plain value over memory allocated once and never freed (the process's tables), so that
/// reading it costs no reference counting.
struct PhoneTerritories: @unchecked Sendable {
    // `@unchecked`: the tables below are written once, before `shared` is published; the slots
    // are atomics.
    /// The process's tables over the system libphonenumber's metadata.
    static let shared = PhoneTerritories()

    /// Calling codes run from 1 to 999.
    static let codeLimit = 1000

    /// A region's calling code and its position in that code's region list.
    struct RegionEntry {
        let code: Int16
        let position: Int16
    }

    /// Per calling code, whether it has regions (read on every number, so a flat table).
    private let known: UnsafePointer<Bool>
    /// Per two-letter region (`(first - 'A') * 26 + (second - 'A')`): its entry; position -1
    /// when libphonenumber does not know the region.
    private let regions: UnsafePointer<RegionEntry>
    /// Per calling code, the address of its tables (0 until compiled), never freed: the
    /// tables, once published, live as long as the process.
    private let slots: UnsafeMutablePointer<Atomic<UInt>>

    private init() {
        let index = PhoneMetadataIndex.shared
        var regions = [RegionEntry](repeating: RegionEntry(code: 0, position: -1), count: 26 * 26)
        for (code, list) in index.regionLists.enumerated() {
            for (position, entry) in list.enumerated() {
                let id = Array(index.metadata[entry].id.utf8)
                guard id.count == 2, let slot = RegionTable.slot(id[0], id[1]), regions[slot].position < 0 else {
                    continue
                }
                regions[slot] = RegionEntry(code: Int16(code), position: Int16(position))
            }
        }
        self.known = TableArena.permanentCopy(of: index.regionLists.map { !$0.isEmpty })
        self.regions = TableArena.permanentCopy(of: regions)
        self.slots = .allocate(capacity: Self.codeLimit)
        for code in 0..<Self.codeLimit { (slots + code).initialize(to: Atomic(0)) }
    }

    /// Whether libphonenumber knows `code` (`GetRegionCodeForCountryCode` is not `ZZ`).
    @inline(__always)
    func knows(_ code: Int) -> Bool {
        code > 0 && code < Self.codeLimit && known[code]
    }

    /// The region with the letters `first` and `second` (ASCII capitals): its calling code and
    /// its position in the code's territories; `nil` when libphonenumber does not know it.
    @inline(__always)
    func region(_ first: UInt8, _ second: UInt8) -> RegionEntry? {
        guard let slot = RegionTable.slot(first, second) else { return nil }
        let entry = regions[slot]
        return entry.position < 0 ? nil : entry
    }

    /// The territories of `code`, compiled on first use; `nil` when the code is unknown, or
    /// when its metadata uses a construct the engine does not compile (the caller then asks
    /// libphonenumber).
    @inline(__always)
    func territories(_ code: Int) -> UnsafeBufferPointer<CompiledTerritory>? {
        guard knows(code) else { return nil }
        var address = slots[code].load(ordering: .acquiring)
        if address == 0 { address = compile(code) }
        let territories = Unmanaged<CallingCodeTables>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
            ._withUnsafeGuaranteedRef { $0.territories }
        return territories.isEmpty ? nil : territories
    }

    /// Compiles the tables of `code` and publishes them, unless another thread did first; the
    /// address of the published tables.
    private func compile(_ code: Int) -> UInt {
        let compiled = CallingCodeTables(
            countryCallingCode: code,
            metadata: PhoneMetadataIndex.shared.metadata(of: code)
        )
        let mine = UInt(bitPattern: Unmanaged.passRetained(compiled).toOpaque())
        let (exchanged, winner) = slots[code].compareExchange(
            expected: 0,
            desired: mine,
            ordering: .acquiringAndReleasing
        )
        if exchanged { return mine }
        // Another thread published first: keep its tables, drop these.
        Unmanaged<CallingCodeTables>.fromOpaque(UnsafeRawPointer(bitPattern: mine)!).release()
        return winner
    }

    /// Whether every calling code compiles; compiles them all (a test and a benchmark measure it).
    func compileAll() -> Bool {
        (1..<Self.codeLimit).allSatisfy { !knows($0) || territories($0) != nil }
    }
}

/// libphonenumber's metadata entries grouped by calling code, in region order: what
/// ``PhoneTerritories`` compiles a code from.
final class PhoneMetadataIndex: Sendable {
    /// The index of the system libphonenumber's metadata.
    static let shared = PhoneMetadataIndex(PhoneMetadata.all)

    let metadata: [PhoneMetadata]
    /// Per calling code, the indices into `metadata` of its entries in region order.
    let regionLists: [[Int]]

    init(_ metadata: [PhoneMetadata]) {
        var lists = [[Int]](repeating: [], count: PhoneTerritories.codeLimit)
        for (index, entry) in metadata.enumerated() {
            let code = entry.countryCallingCode
            guard (1..<PhoneTerritories.codeLimit).contains(code), entry.id != "ZZ" else { continue }
            if entry.isMainCountryForCode && !lists[code].isEmpty {
                lists[code].insert(index, at: 0)
            } else {
                lists[code].append(index)
            }
        }
        self.metadata = metadata
        self.regionLists = lists
    }

    /// The entries of `code`, in region order.
    func metadata(of code: Int) -> [PhoneMetadata] {
        regionLists[code].map { metadata[$0] }
    }
}
