/// Display names drawn from the whole Unicode space for the nickname policy's differential
/// test: every class of RFC 8264's FreeformClass, every space and many compatibility characters,
/// the context rules' characters in and out of their contexts, emoji, random mixes and the
/// 50-scalar boundary before and after mapping; and what NFKC composes, reorders or replaces:
/// decomposed Latin, Greek and Cyrillic with their marks in random order, runs of conjoining jamo
/// (whole and broken), kana with combining voiced and semi-voiced marks, canonical singletons,
/// and names past 50 scalars only before composition. Deterministic for a seed.
package enum DisplayNameCases {
    /// Ranges the cases draw from, each a class of interest.
    static let pools: [ClosedRange<UInt32>] = [
        0x00...0x7F,  // ASCII with its controls
        0x80...0xFF,  // C1 controls, NBSP, Latin-1 with compatibility characters
        0x100...0x24F,  // Latin with accents
        0x0300...0x036F,  // combining marks
        0x0370...0x03FF,  // Greek (KERAIA's context)
        0x05D0...0x05F4,  // Hebrew (GERESH, GERSHAYIM)
        0x0600...0x06FF,  // Arabic: joining types, both digit sets
        0x0900...0x097F,  // Devanagari: a virama
        0x1100...0x11FF,  // conjoining jamo (old Hangul jamo)
        0x1D00...0x1DFF,  // phonetic extensions, combining marks
        0x2000...0x206F,  // spaces, ZWSP, ZWJ, ZWNJ, bidi controls, invisible operators
        0x2070...0x24FF,  // super/subscripts, letterlike (™), roman numerals, enclosed
        0x2E80...0x2FDF,  // CJK radicals (compatibility)
        0x3000...0x33FF,  // CJK symbols, kana, compatibility jamo (ㅋ), squared words
        0x4E00...0x4FFF,  // Han
        0xAC00...0xD7A3,  // Hangul syllables
        0xD7B0...0xD7FF,  // jamo extended B (old)
        0xE000...0xE0FF,  // private use
        0xF900...0xFAFF,  // CJK compatibility ideographs (canonical singletons)
        0xFB00...0xFDFF,  // ligatures, presentation forms, U+FDFA
        0xFE00...0xFE6F,  // variation selectors, vertical and small forms
        0xFE70...0xFFFF,  // presentation forms, fullwidth and halfwidth, specials, noncharacters
        0x1D400...0x1D7FF,  // mathematical alphanumerics
        0x1F000...0x1FAFF,  // emoji and enclosed supplements
        0xE0000...0xE01EF,  // tags, variation selectors supplement
        0x10000...0x10FFFF,  // everything else, mostly unassigned
    ]

    /// Characters with a context rule, and the characters their contexts read.
    static let contextual: [UInt32] = [
        0x00B7, 0x006C, 0x0375, 0x03B1, 0x05F3, 0x05F4, 0x05D0, 0x30FB, 0x30A2, 0x3042, 0x4E00, 0x0660, 0x0669,
        0x06F0, 0x06F9, 0x200C, 0x200D, 0x094D, 0x0915, 0x0628, 0x0627, 0x064B, 0x0020,
    ]

    /// Non-ASCII spaces and space-producing characters.
    static let spaces: [UInt32] = [0x20, 0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x202F, 0x205F, 0x3000, 0xA8, 0x2474]

    /// Latin, Greek and Cyrillic letters, each with the combining marks its precomposed letters
    /// hold (above, below, attached, horn, iota subscript: several combining classes).
    static let decomposedAlphabets: [(bases: [ClosedRange<UInt32>], marks: [UInt32])] = [
        (
            [0x41...0x5A, 0x61...0x7A],
            [
                0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0306, 0x0307, 0x0308, 0x0309, 0x030A, 0x030B, 0x030C,
                0x030F, 0x0311, 0x031B, 0x0323, 0x0324, 0x0325, 0x0326, 0x0327, 0x0328, 0x032D, 0x0330, 0x0331,
            ]
        ),
        (
            [0x0391...0x03A9, 0x03B1...0x03C9],
            [0x0300, 0x0301, 0x0304, 0x0306, 0x0308, 0x0313, 0x0314, 0x0342, 0x0345]
        ),
        (
            [0x0410...0x044F, 0x0406...0x0406, 0x0456...0x0456, 0x0474...0x0475, 0x04D8...0x04D9, 0x04E8...0x04E9],
            [0x0300, 0x0301, 0x0304, 0x0306, 0x0308, 0x030B, 0x030F, 0x0311, 0x0323]
        ),
    ]

    /// Code points that NFC replaces by another one alone (canonical singletons), besides the CJK
    /// compatibility ideographs.
    static let singletons: [UInt32] = [
        0x0340, 0x0341, 0x0343, 0x0344, 0x0374, 0x037E, 0x0387, 0x1F71, 0x1FBB, 0x1FBE, 0x1FEE, 0x1FEF, 0x1FFD,
        0x2000, 0x2001, 0x2126, 0x212A, 0x212B, 0x2329, 0x232A,
    ]

    /// The CJK compatibility ideographs, each a canonical singleton (a few in these ranges are
    /// unified ideographs, which stay).
    static let compatibilityIdeographs: [ClosedRange<UInt32>] = [0xF900...0xFAD9, 0x2F800...0x2FA1D]

    /// How many kinds ``name(kind:_:)`` draws from.
    static let kindCount = 15

    /// Calls `body` with `count` names.
    package static func forEach(count: Int, seed: UInt64 = 0x5EED, _ body: (String) -> Void) {
        var random = SplitMix64(seed: seed)
        for index in 0..<count {
            body(name(kind: index % kindCount, &random))
        }
    }

    static func scalar(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)!
    }

    static func draw(_ random: inout SplitMix64) -> Unicode.Scalar {
        let pool = pools[Int(random.next() % UInt64(pools.count))]
        var value = pool.lowerBound + UInt32(random.next() % UInt64(pool.count))
        if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
        return scalar(value)
    }

    static func name(kind: Int, _ random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        func length(_ upTo: Int) -> Int { 1 + Int(random.next() % UInt64(upTo)) }
        switch kind {
        case 0:  // one or two scalars from anywhere
            for _ in 0..<length(2) { scalars.append(draw(&random)) }
        case 1:  // a short mix
            for _ in 0..<length(8) { scalars.append(draw(&random)) }
        case 2:  // letters with spaces of every kind around and between
            for _ in 0..<length(6) {
                if random.next() % 3 == 0 {
                    scalars.append(scalar(spaces[Int(random.next() % UInt64(spaces.count))]))
                } else {
                    scalars.append(scalar(0x61 + UInt32(random.next() % 26)))
                }
            }
        case 3:  // context rules
            for _ in 0..<length(5) { scalars.append(scalar(contextual[Int(random.next() % UInt64(contextual.count))])) }
        case 4:  // the 50-scalar boundary: 46 to 54 scalars, some mapped, some expanding
            let total = 46 + Int(random.next() % 9)
            for _ in 0..<total {
                switch random.next() % 10 {
                case 0: scalars.append(scalar(spaces[Int(random.next() % UInt64(spaces.count))]))
                case 1: scalars.append(scalar(0xFF21 + UInt32(random.next() % 26)))  // fullwidth
                case 2: scalars.append(scalar(0x2160 + UInt32(random.next() % 12)))  // roman numerals
                case 3: scalars.append(scalar(0x0301))
                default: scalars.append(scalar(0x61 + UInt32(random.next() % 26)))
                }
            }
        case 5:  // few scalars expanding past 50 (U+FDFA, U+FDFB, squared words)
            for _ in 0..<length(4) {
                let choices: [UInt32] = [0xFDFA, 0xFDFB, 0x3300, 0x337F, 0x33FF, 0x2474, 0x61]
                scalars.append(scalar(choices[Int(random.next() % UInt64(choices.count))]))
            }
        case 6:  // Japanese, Latin with accents, decomposed and precomposed
            for _ in 0..<length(10) {
                let choices: [ClosedRange<UInt32>] = [
                    0x3041...0x3096, 0x30A1...0x30FA, 0xFF66...0xFF9F, 0x4E00...0x4E80, 0xC0...0xFF, 0x0300...0x0315,
                    0x3099...0x309C,
                ]
                let range = choices[Int(random.next() % UInt64(choices.count))]
                scalars.append(scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count))))
            }
        case 7:  // a longer random mix
            for _ in 0..<length(30) { scalars.append(draw(&random)) }
        case 8, 9, 10:  // decomposed Latin, Greek or Cyrillic, marks in random order, words apart
            let alphabet = decomposedAlphabets[kind - 8]
            for index in 0..<length(8) {
                if index > 0 && random.next() % 4 == 0 { scalars.append(" ") }
                appendDecomposedLetter(alphabet, marks: Int(random.next() % 4), to: &scalars, &random)
            }
        case 11:  // conjoining jamo: L V, L V T, and runs broken anywhere
            for _ in 0..<length(6) { appendJamo(to: &scalars, &random) }
        case 12:  // kana with combining (semi-)voiced marks, full- and half-width, and the spacing ones
            for _ in 0..<length(8) {
                let kana: [ClosedRange<UInt32>] = [0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FF, 0xFF66...0xFF9D]
                let range = kana[Int(random.next() % UInt64(kana.count))]
                scalars.append(scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count))))
                let marks: [UInt32] = [0x3099, 0x309A, 0x3099, 0x309A, 0x309B, 0x309C, 0xFF9E, 0xFF9F]
                for _ in 0..<Int(random.next() % 3) {
                    scalars.append(scalar(marks[Int(random.next() % UInt64(marks.count))]))
                }
            }
        case 13:  // canonical singletons among letters and marks
            for _ in 0..<length(8) {
                switch random.next() % 5 {
                case 0, 1: scalars.append(scalar(singletons[Int(random.next() % UInt64(singletons.count))]))
                case 2:
                    let range = compatibilityIdeographs[Int(random.next() % 2)]
                    scalars.append(scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count))))
                case 3: scalars.append(scalar([0x6C, 0x61, 0x3B1, 0x3B9, 0x20][Int(random.next() % 5)]))
                default: scalars.append(scalar([0x0301, 0x0308, 0x0313, 0x0342, 0x0345][Int(random.next() % 5)]))
                }
            }
        default:  // past 50 scalars before composition, 44 to 54 after: decomposed letters, jamo runs
            let units = 44 + Int(random.next() % 11)
            for _ in 0..<units {
                if random.next() % 4 == 0 {
                    let offset = UInt32(random.next() % 11172)
                    scalars.append(scalar(0x1100 + offset / 588))
                    scalars.append(scalar(0x1161 + offset % 588 / 28))
                    if offset % 28 != 0 { scalars.append(scalar(0x11A7 + offset % 28)) }
                } else {
                    let alphabet = decomposedAlphabets[Int(random.next() % 3)]
                    appendDecomposedLetter(alphabet, marks: 1 + Int(random.next() % 2), to: &scalars, &random)
                }
            }
        }
        return String(scalars)
    }

    /// A base letter of `alphabet` and `marks` of its combining marks in random order.
    static func appendDecomposedLetter(
        _ alphabet: (bases: [ClosedRange<UInt32>], marks: [UInt32]),
        marks: Int,
        to scalars: inout String.UnicodeScalarView,
        _ random: inout SplitMix64
    ) {
        let range = alphabet.bases[Int(random.next() % UInt64(alphabet.bases.count))]
        scalars.append(scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count))))
        for _ in 0..<marks {
            scalars.append(scalar(alphabet.marks[Int(random.next() % UInt64(alphabet.marks.count))]))
        }
    }

    /// A run of conjoining jamo: most often a modern L V or L V T, otherwise a broken run (a lone
    /// L, V or T, L L V, a syllable followed by a T or a V, old jamo and fillers, a mark inside).
    static func appendJamo(to scalars: inout String.UnicodeScalarView, _ random: inout SplitMix64) {
        func pick(_ range: ClosedRange<UInt32>) -> Unicode.Scalar {
            scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count)))
        }
        let leading: ClosedRange<UInt32> = 0x1100...0x1112
        let vowel: ClosedRange<UInt32> = 0x1161...0x1175
        let trailing: ClosedRange<UInt32> = 0x11A8...0x11C2
        switch random.next() % 10 {
        case 0, 1: scalars.append(contentsOf: [pick(leading), pick(vowel)])
        case 2, 3: scalars.append(contentsOf: [pick(leading), pick(vowel), pick(trailing)])
        case 4: scalars.append(pick([leading, vowel, trailing][Int(random.next() % 3)]))
        case 5: scalars.append(contentsOf: [pick(leading), pick(leading), pick(vowel)])
        case 6:  // a precomposed LV or LVT syllable, then a T or a V
            scalars.append(pick(0xAC00...0xD7A3))
            scalars.append(pick(random.next() % 2 == 0 ? trailing : vowel))
        case 7:  // old jamo and the fillers
            scalars.append(pick([0x1113...0x115F, 0x1160...0x11A7, 0x11C3...0x11FF][Int(random.next() % 3)]))
            if random.next() % 2 == 0 { scalars.append(pick(vowel)) }
        case 8:  // a mark inside the run
            scalars.append(contentsOf: [pick(leading), scalar([0x0301, 0x302E, 0x3099][Int(random.next() % 3)])])
            scalars.append(contentsOf: [pick(vowel), pick(trailing)])
        default:  // compatibility jamo and halfwidth jamo (NFKC makes them conjoining, never composed)
            scalars.append(pick([0x3131...0x318E, 0xFFA0...0xFFDC][Int(random.next() % 2)]))
            if random.next() % 2 == 0 { scalars.append(pick(vowel)) }
        }
    }
}
