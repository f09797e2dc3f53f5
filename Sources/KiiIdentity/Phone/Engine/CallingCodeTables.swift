import Synchronization

/// The territories of one country calling code, compiled together on first use, in
/// libphonenumber's region order (the main country first, then the collection's order).
final class CallingCodeTables: Sendable {
    let countryCallingCode: Int
    /// In region order: `GetRegionCodeForNumberFromRegionList` tries them in this order.
    let territories: [CompiledTerritory]

    init?(countryCallingCode: Int, metadata: [PhoneMetadata]) {
        var territories: [CompiledTerritory] = []
        for entry in metadata {
            guard let territory = CompiledTerritory(entry) else { return nil }
            territories.append(territory)
        }
        self.countryCallingCode = countryCallingCode
        self.territories = territories
    }

    /// The first region of the code, libphonenumber's `GetRegionCodeForCountryCode`, whose
    /// metadata parses a number written with this code.
    var main: CompiledTerritory { territories[0] }
}

/// Every calling code's tables, compiled lazily, once per process, safely from any thread:
/// one lock-free slot per code (`AtomicLazyReference`), so readers never wait on each other.
final class PhoneTerritories: Sendable {
    /// The process's tables over the system libphonenumber's metadata.
    static let shared = PhoneTerritories(PhoneMetadata.all)

    /// Calling codes run from 1 to 999.
    static let codeLimit = 1000

    /// Per calling code, the indices into `metadata` of its entries in region order.
    let regionLists: [[Int]]
    let metadata: [PhoneMetadata]
    /// Per two-letter region (`(first - 'A') * 26 + (second - 'A')`): its calling code and its
    /// position in that code's region list; `nil` when libphonenumber does not know the region.
    let regions: [(code: Int16, position: Int16)?]
    /// Compiled tables, or a marker that the code's patterns are outside the engine's dialect.
    private let slots: [Slot]

    private final class Slot: Sendable {
        let tables = AtomicLazyReference<Compiled>()
    }

    private final class Compiled: Sendable {
        let tables: CallingCodeTables?
        init(_ tables: CallingCodeTables?) { self.tables = tables }
    }

    init(_ metadata: [PhoneMetadata]) {
        var lists = [[Int]](repeating: [], count: Self.codeLimit)
        for (index, entry) in metadata.enumerated() {
            let code = entry.countryCallingCode
            guard (1..<Self.codeLimit).contains(code), entry.id != "ZZ" else { continue }
            if entry.isMainCountryForCode && !lists[code].isEmpty {
                lists[code].insert(index, at: 0)
            } else {
                lists[code].append(index)
            }
        }
        var regions = [(code: Int16, position: Int16)?](repeating: nil, count: 26 * 26)
        for (code, list) in lists.enumerated() {
            for (position, index) in list.enumerated() {
                let id = Array(metadata[index].id.utf8)
                guard id.count == 2, let slot = RegionTable.slot(id[0], id[1]), regions[slot] == nil else { continue }
                regions[slot] = (Int16(code), Int16(position))
            }
        }
        self.metadata = metadata
        self.regionLists = lists
        self.regions = regions
        self.slots = (0..<Self.codeLimit).map { _ in Slot() }
    }

    /// Whether libphonenumber knows `code` (`GetRegionCodeForCountryCode` is not `ZZ`).
    @inline(__always)
    func knows(_ code: Int) -> Bool {
        code > 0 && code < Self.codeLimit && !regionLists[code].isEmpty
    }

    /// The tables of `code`, compiled on first use; `nil` when the code is unknown, or when its
    /// metadata uses a construct the engine does not compile (the caller then asks libphonenumber).
    func tables(_ code: Int) -> CallingCodeTables? {
        guard knows(code) else { return nil }
        let slot = slots[code]
        if let compiled = slot.tables.load() { return compiled.tables }
        let compiled = Compiled(
            CallingCodeTables(countryCallingCode: code, metadata: regionLists[code].map { metadata[$0] })
        )
        return slot.tables.storeIfNil(compiled).tables
    }

    /// Whether every calling code compiles; compiles them all (a test and a benchmark measure it).
    func compileAll() -> Bool {
        (1..<Self.codeLimit).allSatisfy { !knows($0) || tables($0) != nil }
    }
}
