/// The 245 regions libphonenumber 8.12.57 supports, compiled in: what ``CountryCode`` accepts.
///
/// A table in the code rather than one read from libphonenumber on first use, so that
/// `CountryCode.isValid` is inlined into its caller whole: a lazily built table costs a
/// `swift_once` call per check, and any call makes the caller retain and release the string
/// it passes (17.5 ns a check instead of 5, `kii-identity-bench --filter country`).
///
/// The tests check it against the system's libphonenumber, region by region; the phone rules
/// still read every region's data from libphonenumber (``RegionTable``).
@usableFromInline
enum SupportedRegions {
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
