/// The regions libphonenumber supports, with what the rules need of each: a table per metadata
/// source, which the phone rules and the phone engine read (``CountryCode`` reads the bundled
/// metadata's).
///
/// Which regions exist is compiled in (``contains(_:)``: the bundled metadata's regions, which
/// `make metadata` writes into RegionTableLetters.swift), so that `CountryCode.isValid` is
/// inlined into its caller whole: a table built on first use costs a `swift_once` call per check,
/// and any call makes the caller retain and release the string it passes, which costs more than
/// the check itself (Performance.md, "Figures behind the code's choices"). The rest of a region (its calling code, whether its trunk prefix is that
/// code, its place among the code's territories) is read once from the source's metadata, into
/// plain memory that is never freed, so a phone check looks its country up without reference
/// counting or strings. The tests check the compiled-in set against both sources, region by region.
@usableFromInline
package struct RegionTable: @unchecked Sendable {
    // `@unchecked`: `slots` is written once, in `init`, before the table is published.
    /// One supported region: plain values, so that looking one up copies a few words.
    package struct Region: Sendable, BitwiseCopyable {
        /// The code's two letters, as ASCII bytes.
        package let letters: (UInt8, UInt8)
        package let countryCallingCode: Int
        /// Whether the national (trunk) prefix is the calling code written out, as `1` in the
        /// US: then digits that start with the calling code are read with a trunk prefix.
        let trunkPrefixIsCallingCode: Bool
        /// Where the region is in its calling code's territories (libphonenumber's region order).
        let territoryPosition: Int

        /// The code, such as `JP`.
        package var code: String {
            withUnsafeBytes(of: letters) { String(decoding: $0, as: UTF8.self) }
        }

        /// Calls `body` with the code's two bytes.
        func withCode<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            withUnsafeBytes(of: letters) { body($0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// The table of the bundled metadata, read on first use: ``CountryCode``'s.
    package static let bundled = RegionTable(PhoneMetadataIndex.bundled)
    /// The table of the system libphonenumber's metadata, read on first use.
    static let system = RegionTable(PhoneMetadataIndex.system)

    /// The table of `source`'s metadata.
    @inline(__always)
    package static func of(_ source: PhoneMetadataSource.Kind) -> RegionTable {
        switch source {
        case .bundled: bundled
        case .system: system
        }
    }

    /// Per `(first letter - 'A') * 26 + (second letter - 'A')`: the region, if supported.
    private let slots: UnsafePointer<Region?>

    /// Per calling code (0 to 999): what the metadata uses it for.
    private let callingCodes: UnsafePointer<CallingCodeUse>

    /// What a calling code is used for.
    package enum CallingCodeUse: Sendable, BitwiseCopyable {
        /// No entry of the metadata has it.
        case unused
        /// Only non-geographic entries (`+800`, `+881`): no region.
        case nonGeographic
        /// Regions, the first of them in libphonenumber's order (`US` for 1, `GB` for 44).
        case regions(main: Region)
    }

    /// The regions, sorted by code.
    package var regions: [Region] {
        (0..<26 * 26).compactMap { slots[$0] }
    }

    /// The regions of `index`: every two-letter entry, at its first place in its code's list.
    init(_ index: PhoneMetadataIndex) {
        var slots = [Region?](repeating: nil, count: 26 * 26)
        for (code, list) in index.regionLists.enumerated() {
            for (position, entry) in list.enumerated() {
                let metadata = index.metadata[entry]
                let id = Array(metadata.id.utf8)
                guard id.count == 2, let slot = Self.slot(id[0], id[1]), slots[slot] == nil else { continue }
                slots[slot] = Region(
                    letters: (id[0], id[1]),
                    countryCallingCode: code,
                    trunkPrefixIsCallingCode: metadata.nationalPrefix.filter { $0.isASCII && $0.isNumber }
                        == String(code),
                    territoryPosition: position
                )
            }
        }
        self.slots = TableArena.permanentCopy(of: slots)
        var uses = index.regionLists.map { $0.isEmpty ? CallingCodeUse.unused : .nonGeographic }
        for case let region? in slots {
            if case .regions(let main) = uses[region.countryCallingCode],
                main.territoryPosition < region.territoryPosition
            {
                continue
            }
            uses[region.countryCallingCode] = .regions(main: region)
        }
        self.callingCodes = TableArena.permanentCopy(of: uses)
        callingCodeLimit = uses.count
    }

    /// How many calling codes ``callingCodes`` holds.
    private let callingCodeLimit: Int

    @inline(__always)
    static func slot(_ first: UInt8, _ second: UInt8) -> Int? {
        let a = first &- 0x41
        let b = second &- 0x41
        guard a < 26, b < 26 else { return nil }
        return Int(a) * 26 + Int(b)
    }

    /// The region for two upper-case ASCII bytes, if supported.
    @inline(__always)
    package func region(_ bytes: UnsafeBufferPointer<UInt8>) -> Region? {
        guard bytes.count == 2 else { return nil }
        return region(bytes[0], bytes[1])
    }

    /// The region for two upper-case ASCII bytes, if supported.
    @inline(__always)
    func region(_ first: UInt8, _ second: UInt8) -> Region? {
        guard let slot = Self.slot(first, second) else { return nil }
        return slots[slot]
    }

    /// The region for a code such as "JP", if supported.
    package func region(_ code: String) -> Region? {
        code.withUTF8Bytes { region($0) }
    }

    /// The calling code that `digits` (ASCII digits, as after an E.164 number's `+`) start
    /// with, as libphonenumber's `ExtractCountryCode` finds it (the first one to three digits
    /// that are a code in use: calling codes are prefix-free), with how many digits it takes
    /// and its use; `nil` when no such prefix is in use. Reads no phone engine table.
    package func callingCode(
        startingWith digits: UnsafeBufferPointer<UInt8>
    ) -> (
        code: Int, length: Int, use: CallingCodeUse
    )? {
        var code = 0
        for length in 1...min(3, digits.count) {
            let digit = digits[length - 1] &- 0x30
            guard digit < 10, length > 1 || digit != 0 else { return nil }
            code = code * 10 + Int(digit)
            guard code < callingCodeLimit else { return nil }
            switch callingCodes[code] {
            case .unused: continue
            case let use: return (code, length, use)
            }
        }
        return nil
    }

    // MARK: Which regions exist, compiled in

    /// Whether `bytes` are two capital letters naming a supported region.
    @inlinable @inline(__always)
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 2 else { return false }
        let second = bytes[1] &- UInt8(ascii: "A")
        return second < 26 && secondLetters(after: bytes[0]) >> second & 1 == 1
    }

    // `secondLetters(after:)`, the set itself, is generated: RegionTableLetters.swift.
}
