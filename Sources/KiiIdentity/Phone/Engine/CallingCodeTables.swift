import Synchronization

/// The territories of one country calling code, compiled together on first use, in
/// libphonenumber's region order (the main country first, then the collection's order).
final class CallingCodeTables: Sendable {
    let countryCallingCode: Int
    /// In region order: `GetRegionCodeForNumberFromRegionList` tries them in this order. Empty
    /// when a pattern of the code is outside the engine's dialect.
    let territories: [CompiledTerritory]

    /// Compiles the code's territories; none when one of them does not compile.
    init(countryCallingCode: Int, metadata: [PhoneMetadata]) {
        var territories: [CompiledTerritory] = []
        for entry in metadata {
            guard let territory = CompiledTerritory(entry) else {
                territories = []
                break
            }
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
/// one lock-free slot per code (an atomic word holding the tables' address, set once by
/// compare-and-exchange), so readers never wait on each other and a read is one atomic load.
final class PhoneTerritories: Sendable {
    /// The process's tables over the system libphonenumber's metadata.
    static let shared = PhoneTerritories(PhoneMetadata.all)

    /// Calling codes run from 1 to 999.
    static let codeLimit = 1000

    /// Per calling code, the indices into `metadata` of its entries in region order.
    let regionLists: [[Int]]
    /// Per calling code, whether it has regions (read on every number, so a flat table).
    private let known: [Bool]
    let metadata: [PhoneMetadata]
    /// Per two-letter region (`(first - 'A') * 26 + (second - 'A')`): its calling code and its
    /// position in that code's region list; `nil` when libphonenumber does not know the region.
    let regions: [(code: Int16, position: Int16)?]
    /// Per calling code, the address of its tables (0 until compiled), allocated once and never
    /// freed: the tables, once published, live as long as the process.
    private nonisolated(unsafe) let slots: UnsafeMutablePointer<Atomic<UInt>>

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
        self.known = lists.map { !$0.isEmpty }
        self.regions = regions
        self.slots = .allocate(capacity: Self.codeLimit)
        for code in 0..<Self.codeLimit { (slots + code).initialize(to: Atomic(0)) }
    }

    /// Whether libphonenumber knows `code` (`GetRegionCodeForCountryCode` is not `ZZ`).
    @inline(__always)
    func knows(_ code: Int) -> Bool {
        code > 0 && code < Self.codeLimit && known[code]
    }

    /// The tables of `code`, compiled on first use; `nil` when the code is unknown, or when its
    /// metadata uses a construct the engine does not compile (the caller then asks libphonenumber).
    func tables(_ code: Int) -> CallingCodeTables? {
        guard knows(code) else { return nil }
        var address = slots[code].load(ordering: .acquiring)
        if address == 0 {
            let compiled = CallingCodeTables(countryCallingCode: code, metadata: regionLists[code].map { metadata[$0] })
            let mine = UInt(bitPattern: Unmanaged.passRetained(compiled).toOpaque())
            let (exchanged, winner) = slots[code].compareExchange(
                expected: 0,
                desired: mine,
                ordering: .acquiringAndReleasing
            )
            if exchanged {
                address = mine
            } else {
                // Another thread published first: keep its tables, drop these.
                Unmanaged<CallingCodeTables>.fromOpaque(UnsafeRawPointer(bitPattern: mine)!).release()
                address = winner
            }
        }
        let tables = Unmanaged<CallingCodeTables>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
            .takeUnretainedValue()
        return tables.territories.isEmpty ? nil : tables
    }

    /// Whether every calling code compiles; compiles them all (a test and a benchmark measure it).
    func compileAll() -> Bool {
        (1..<Self.codeLimit).allSatisfy { !knows($0) || tables($0) != nil }
    }
}
