import Synchronization

/// The territories of one country calling code, compiled together on first use, in
/// libphonenumber's region order (the main country first, then the collection's order).
///
/// The object owns the arena its territories' tables live in; once published by
/// ``PhoneTerritories`` it lives as long as the process, and numbers are checked on
/// ``territories``, plain values, without touching its reference count.
package final class CallingCodeTables: @unchecked Sendable {
    // `@unchecked`: every property is a constant; `territories` points into `arena`, written
    // before the object is published.
    let countryCallingCode: Int
    /// In region order: `GetRegionCodeForNumberFromRegionList` tries them in this order. Empty
    /// when a pattern of the code is outside the engine's dialect.
    let territories: UnsafeBufferPointer<CompiledTerritory>
    /// The main region's number formats, which libphonenumber's `Format` uses for every number of
    /// the code; `nil` when one is outside the engine's dialect.
    package let formats: NumberFormats?
    private let arena: TableArena

    /// Compiles the code's territories; none when one of them does not compile.
    package init(countryCallingCode: Int, metadata: [PhoneMetadata]) {
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
        self.formats = metadata.first.flatMap { NumberFormats($0, in: arena) }
        self.arena = arena
    }

    /// The states of the territories' automata together: how big the compiled tables are.
    package var stateCount: Int {
        territories.reduce(0) { $0 + $1.automaton.stateCount }
    }

    /// The bytes the compiled tables take: automata, length masks, prefix programs, formats.
    package var tableBytes: Int { arena.byteCount }
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
package struct PhoneTerritories: @unchecked Sendable {
    // `@unchecked`: the tables below are written once, before a source's value is published;
    // the slots are atomics.
    /// The tables of the bundled metadata.
    static let bundled = PhoneTerritories(.bundled)
    /// The tables of the system libphonenumber's metadata.
    static let system = PhoneTerritories(.system)

    /// The tables of `source`'s metadata.
    @inline(__always)
    package static func of(_ source: PhoneMetadataSource.Kind) -> PhoneTerritories {
        switch source {
        case .bundled: bundled
        case .system: system
        }
    }

    /// Calling codes run from 1 to 999.
    package static let codeLimit = 1000

    /// Per calling code, whether it has regions (read on every number, so a flat table).
    private let known: UnsafePointer<Bool>
    /// Per calling code, the address of its tables (0 until compiled), never freed: the
    /// tables, once published, live as long as the process.
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    /// Whose metadata the tables compile.
    let source: PhoneMetadataSource.Kind

    private init(_ source: PhoneMetadataSource.Kind) {
        self.source = source
        self.known = TableArena.permanentCopy(of: PhoneMetadataIndex.of(source).regionLists.map { !$0.isEmpty })
        self.slots = .allocate(capacity: Self.codeLimit)
        for code in 0..<Self.codeLimit { (slots + code).initialize(to: Atomic(0)) }
    }

    /// Whether libphonenumber knows `code` (`GetRegionCodeForCountryCode` is not `ZZ`).
    @inline(__always)
    package func knows(_ code: Int) -> Bool {
        code > 0 && code < Self.codeLimit && known[code]
    }

    /// The territories of `code`, compiled on first use; `nil` when the code is unknown, or
    /// when its metadata uses a construct the engine does not compile (the caller then asks
    /// libphonenumber).
    @inline(__always)
    func territories(_ code: Int) -> UnsafeBufferPointer<CompiledTerritory>? {
        guard let tables = tables(code) else { return nil }
        let territories = tables._withUnsafeGuaranteedRef { $0.territories }
        return territories.isEmpty ? nil : territories
    }

    /// The number formats of `code` (its main region's), compiled on first use; `nil` when the
    /// code is unknown or a format is outside the engine's dialect.
    func formats(_ code: Int) -> NumberFormats? {
        tables(code)?._withUnsafeGuaranteedRef { $0.formats }
    }

    /// The tables of a known `code`, compiled on first use.
    @inline(__always)
    private func tables(_ code: Int) -> Unmanaged<CallingCodeTables>? {
        guard knows(code) else { return nil }
        var address = slots[code].load(ordering: .acquiring)
        if address == 0 { address = compile(code) }
        return Unmanaged<CallingCodeTables>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
    }

    /// The states of `code`'s automata together, compiling them on first use; `nil` when the
    /// code is unknown or left to libphonenumber.
    package func stateCount(of code: Int) -> Int? {
        territories(code)?.reduce(0) { $0 + $1.automaton.stateCount }
    }

    /// The bytes of `code`'s compiled tables (compiling them on first use); 0 for an unknown code.
    package func tableBytes(of code: Int) -> Int {
        tables(code)?._withUnsafeGuaranteedRef { $0.tableBytes } ?? 0
    }

    /// Compiles the tables of `code` and publishes them, unless another thread did first; the
    /// address of the published tables.
    private func compile(_ code: Int) -> UInt {
        let compiled = CallingCodeTables(
            countryCallingCode: code,
            metadata: PhoneMetadataIndex.of(source).metadata(of: code)
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

    /// Whether every calling code compiles, its formats included; compiles them all (a test
    /// and a benchmark measure it).
    package func compileAll() -> Bool {
        (1..<Self.codeLimit).allSatisfy { !knows($0) || (territories($0) != nil && formats($0) != nil) }
    }
}

/// libphonenumber's metadata entries grouped by calling code, in region order: what
/// ``PhoneTerritories`` compiles a code from.
package final class PhoneMetadataIndex: Sendable {
    /// The index of the bundled metadata.
    static let bundled = PhoneMetadataIndex(BundledMetadata.entries())
    /// The index of the system libphonenumber's metadata.
    static let system = PhoneMetadataIndex(PhoneNumberLibrary.metadataCollection())

    /// The index of `source`'s metadata.
    package static func of(_ source: PhoneMetadataSource.Kind) -> PhoneMetadataIndex {
        switch source {
        case .bundled: bundled
        case .system: system
        }
    }

    package let metadata: [PhoneMetadata]
    /// Per calling code, the indices into `metadata` of its entries in region order.
    package let regionLists: [[Int]]

    package init(_ metadata: [PhoneMetadata]) {
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
    package func metadata(of code: Int) -> [PhoneMetadata] {
        regionLists[code].map { metadata[$0] }
    }

    /// How many entries there are, and how many are regions (not `001`).
    package var counts: (entries: Int, regions: Int) {
        (metadata.count, metadata.filter { $0.id != "001" }.count)
    }
}

/// A calling code's number formats, compiled: its main region's national formats, and its
/// international formats when the region defines its own.
package struct NumberFormats: @unchecked Sendable {
    // `@unchecked`: the buffers point into the arena of the ``CallingCodeTables`` that holds them.
    let national: UnsafeBufferPointer<CompiledNumberFormat>
    /// Empty when the national formats serve (without their national prefix rules).
    let international: UnsafeBufferPointer<CompiledNumberFormat>
    /// The most parts a format writes for one match (a national one, with its national prefix
    /// rule): what a buffer is sized by.
    let longestRewrite: Int

    /// Compiles `metadata`'s formats into `arena`; `nil` when one does not compile.
    init?(_ metadata: PhoneMetadata, in arena: TableArena) {
        var national: [CompiledNumberFormat] = []
        var international: [CompiledNumberFormat] = []
        for format in metadata.numberFormats {
            guard let compiled = CompiledNumberFormat(format, in: arena) else { return nil }
            national.append(compiled)
        }
        for format in metadata.internationalFormats {
            guard let compiled = CompiledNumberFormat(format, in: arena) else { return nil }
            international.append(compiled)
        }
        self.national = UnsafeBufferPointer(start: arena.store(national), count: national.count)
        self.international = UnsafeBufferPointer(start: arena.store(international), count: international.count)
        self.longestRewrite = (national + international).reduce(0) { max($0, $1.national.count) }
    }
}
