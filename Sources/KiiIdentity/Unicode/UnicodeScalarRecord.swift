/// What the display-name and username rules need to know of one code point, from the generated
/// tables (Unicode 17.0): its PRECIS FreeformClass verdict, its canonical combining class,
/// whether NFKC may change a string that holds it, and what the context rules read.
struct UnicodeScalarRecord: Sendable, Hashable {
    /// The record's bits, as Scripts/unicode-tables/generate.py packs them.
    let bits: UInt32

    /// RFC 8264's derived property for the FreeformClass, a DISALLOWED one with its reason.
    var verdict: PrecisVerdict { PrecisVerdict(rawValue: UInt8(bits & 0x7))! }

    /// The canonical combining class (0 for a starter; 9 for a virama).
    var canonicalCombiningClass: UInt8 { UInt8(truncatingIfNeeded: bits >> 3) }

    /// A space other than U+0020 (RFC 8266's additional mapping turns it into U+0020).
    var isNonASCIISpace: Bool { bits & (1 << 11) != 0 }

    /// NFKC may change a string that holds this code point: its own NFKC differs, it combines
    /// with what precedes it, or it is not a starter. A string without one is its own NFKC.
    var mayChangeUnderNFKC: Bool { bits & (1 << 12) != 0 }

    /// NFKD maps the code point to something else (Hangul syllables included).
    var decomposes: Bool { bits & (1 << 13) != 0 }

    /// The Joining_Type, for the ZERO WIDTH NON-JOINER rule.
    var joiningType: JoiningType { JoiningType(rawValue: UInt8((bits >> 14) & 0x7)) ?? .nonJoining }

    /// The script group the context rules read.
    var scriptGroup: ScriptGroup { ScriptGroup(rawValue: UInt8((bits >> 17) & 0x3))! }

    /// Joining types, as RFC 5892's CONTEXTJ rule reads them.
    enum JoiningType: UInt8 {
        case nonJoining = 0
        case dual, right, left, transparent
    }

    /// The scripts the context rules ask about.
    enum ScriptGroup: UInt8 {
        case other = 0
        case greek, hebrew, hiraganaKatakanaHan
    }
}

/// RFC 8264's derived property of a code point for the FreeformClass, with the reason of a
/// DISALLOWED one (the order of section 8 decides which reason a code point gets).
enum PrecisVerdict: UInt8, Sendable {
    /// PVALID or ID_DIS/FREE_PVAL: allowed anywhere.
    case allowed = 0
    /// U+200C or U+200D: allowed where its context rule holds.
    case contextJ
    /// Allowed where its context rule holds (MIDDLE DOT, KERAIA, GERESH, GERSHAYIM, KATAKANA
    /// MIDDLE DOT, the Arabic-Indic digits).
    case contextO
    /// Not assigned in Unicode 17.0.
    case unassigned
    /// A control character (Cc), or a line or paragraph separator.
    case control
    /// A bidirectional formatting character (Bidi_Control).
    case bidiControl
    /// Default-ignorable or a format character (Cf): invisible.
    case invisible
    /// Anything else disallowed: a noncharacter, private use, an old Hangul jamo, an exception.
    case otherDisallowed
}

/// The decoded tables, made once per process.
struct UnicodeData: Sendable {
    /// The tables, decoded at first use.
    static let shared = UnicodeData()

    let records: [UInt32]
    let index: [UInt16]
    let blocks: [UInt8]
    let decompositionKeys: [UInt32]
    let decompositionOffsets: [UInt32]
    let decompositionScalars: [UInt32]
    let compositionKeys: [UInt64]
    let compositions: [UInt32]
    let emojiSequences: [UInt32]
    /// For each first scalar of an emoji sequence, ascending, where its sequences start.
    let emojiFirsts: [UInt32]
    let emojiStarts: [Int]

    private init() {
        records = GeneratedTable(UnicodeTables.propertyRecords, width: 4).values32()
        index = GeneratedTable(UnicodeTables.propertyIndex, width: 2).values32().map { UInt16($0) }
        precondition(UnicodeTables.recordIndexWidth == 1, "the generated records no longer fit a byte")
        blocks = GeneratedTable(UnicodeTables.propertyBlocks, width: 1).bytes
        decompositionKeys = GeneratedTable(UnicodeTables.decompositionKeys, width: 3).values32()
        decompositionOffsets = GeneratedTable(UnicodeTables.decompositionOffsets, width: 2).values32()
        decompositionScalars = GeneratedTable(UnicodeTables.decompositionScalars, width: 3).values32()
        compositionKeys = GeneratedTable(UnicodeTables.compositionKeys, width: 6).values64()
        compositions = GeneratedTable(UnicodeTables.compositions, width: 3).values32()
        let sequences = GeneratedTable(UnicodeTables.emojiSequences, width: 3).values32()
        var firsts: [UInt32] = []
        var starts: [Int] = []
        var position = 0
        while position < sequences.count {
            let first = sequences[position + 1]
            if firsts.last != first {
                firsts.append(first)
                starts.append(position)
            }
            position += 1 + Int(sequences[position])
        }
        starts.append(sequences.count)
        emojiSequences = sequences
        emojiFirsts = firsts
        emojiStarts = starts
    }

    /// The bytes the decoded tables take in memory (the benchmark reports it).
    static var tableBytes: Int {
        let data = shared
        return data.records.count * 4 + data.index.count * 2 + data.blocks.count + data.decompositionKeys.count * 4
            + data.decompositionOffsets.count * 4 + data.decompositionScalars.count * 4 + data.compositionKeys.count * 8
            + data.compositions.count * 4 + data.emojiSequences.count * 4 + data.emojiFirsts.count * 4
            + data.emojiStarts.count * 8
    }

    /// The record of `scalar`.
    @inline(__always)
    func record(_ scalar: UInt32) -> UnicodeScalarRecord {
        let block = Int(index[Int(scalar >> UInt32(UnicodeTables.blockShift))])
        let offset = Int(scalar & ((1 << UInt32(UnicodeTables.blockShift)) - 1))
        return UnicodeScalarRecord(bits: records[Int(blocks[block << UnicodeTables.blockShift | offset])])
    }

    /// The NFKD of a code point that has one (not a Hangul syllable), as a range of
    /// ``decompositionScalars``; `nil` when it has none.
    func decomposition(_ scalar: UInt32) -> Range<Int>? {
        guard let found = Self.search(decompositionKeys, for: scalar) else { return nil }
        return Int(decompositionOffsets[found])..<Int(decompositionOffsets[found + 1])
    }

    /// The primary composite of `first` and `second`, or `nil`.
    func composite(_ first: UInt32, _ second: UInt32) -> UInt32? {
        let key = UInt64(first) << 21 | UInt64(second)
        guard let found = Self.search(compositionKeys, for: key) else { return nil }
        return compositions[found]
    }

    /// Binary search of an ascending array.
    @inline(__always)
    static func search<Value: BinaryInteger>(_ values: [Value], for value: Value) -> Int? {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value ? low : nil
    }
}
