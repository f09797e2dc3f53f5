/// Display names drawn from the whole Unicode space for the nickname policy's differential
/// test: every class of RFC 8264's FreeformClass, every space and many compatibility characters,
/// the context rules' characters in and out of their contexts, emoji, random mixes and the
/// 50-scalar boundary before and after mapping. Deterministic for a seed.
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

    /// Calls `body` with `count` names.
    package static func forEach(count: Int, seed: UInt64 = 0x5EED, _ body: (String) -> Void) {
        var random = SplitMix64(seed: seed)
        for index in 0..<count {
            body(name(kind: index % 8, &random))
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
        default:  // a longer random mix
            for _ in 0..<length(30) { scalars.append(draw(&random)) }
        }
        return String(scalars)
    }
}
