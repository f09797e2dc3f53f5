/// The regions libphonenumber supports, with what the rules need of each: a table per metadata
/// source, which the phone rules and the phone engine read (``CountryCode`` reads the bundled
/// metadata's).
///
/// Which regions exist is compiled in (``contains(_:)``, 245 in the bundled libphonenumber 9.0.35
/// as in 8.12.57), so that `CountryCode.isValid` is inlined into its caller whole: a table built
/// on first use costs a `swift_once` call per check, and any call makes the caller retain and
/// release the string it passes, which costs twice the check itself (`kii-identity-bench
/// --filter country`). The rest of a region (its calling code, whether its trunk prefix is that
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
    }

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

    // MARK: Which regions exist, compiled in

    /// Whether `bytes` are two capital letters naming a supported region.
    @inlinable @inline(__always)
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 2 else { return false }
        let second = bytes[1] &- UInt8(ascii: "A")
        return second < 26 && secondLetters(after: bytes[0]) >> second & 1 == 1
    }

    /// Bit *n* set when the region of `first` and the *n*th letter (A = 0) is supported; 0 when
    /// `first` is not a capital letter.
    @inlinable @inline(__always)
    static func secondLetters(after first: UInt8) -> UInt32 {
        switch first {
        case UInt8(ascii: "A"): 0x2DE597C  // AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ
        case UInt8(ascii: "B"): 0x34F7BFB  // BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ
        case UInt8(ascii: "C"): 0x3F27DED  // CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
        case UInt8(ascii: "D"): 0x2005610  // DE DJ DK DM DO DZ
        case UInt8(ascii: "E"): 0x00E00D4  // EC EE EG EH ER ES ET
        case UInt8(ascii: "F"): 0x0025700  // FI FJ FK FM FO FR
        case UInt8(ascii: "G"): 0x15BB9FB  // GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY
        case UInt8(ascii: "H"): 0x01A2400  // HK HN HR HT HU
        case UInt8(ascii: "I"): 0x00F7818  // ID IE IL IM IN IO IQ IR IS IT
        case UInt8(ascii: "J"): 0x000D010  // JE JM JO JP
        case UInt8(ascii: "K"): 0x342B1D0  // KE KG KH KI KM KN KP KR KW KY KZ
        case UInt8(ascii: "L"): 0x13E0507  // LA LB LC LI LK LR LS LT LU LV LY
        case UInt8(ascii: "M"): 0x3FFFCFD  // MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
        case UInt8(ascii: "N"): 0x212C975  // NA NC NE NF NG NI NL NO NP NR NU NZ
        case UInt8(ascii: "O"): 0x0001000  // OM
        case UInt8(ascii: "P"): 0x14E1CF1  // PA PE PF PG PH PK PL PM PR PS PT PW PY
        case UInt8(ascii: "Q"): 0x0000001  // QA
        case UInt8(ascii: "R"): 0x0544010  // RE RO RS RU RW
        case UInt8(ascii: "S"): 0x3AE7FDF  // SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
        case UInt8(ascii: "T"): 0x26A7ECD  // TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ
        case UInt8(ascii: "U"): 0x3040041  // UA UG US UY UZ
        case UInt8(ascii: "V"): 0x0102155  // VA VC VE VG VI VN VU
        case UInt8(ascii: "W"): 0x0040020  // WF WS
        case UInt8(ascii: "X"): 0x0000400  // XK
        case UInt8(ascii: "Y"): 0x0080010  // YE YT
        case UInt8(ascii: "Z"): 0x0401001  // ZA ZM ZW
        default: 0
        }
    }
}
