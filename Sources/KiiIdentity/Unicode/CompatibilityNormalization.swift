/// NFKC (Unicode 17.0) over a buffer of scalars, keeping where each one came from.
///
/// The display-name rule (RFC 8266) normalises with NFKC, which the standard library does not
/// offer. This is UAX #15's algorithm over the generated tables: full compatibility
/// decomposition (Hangul syllables by arithmetic), canonical ordering of each run of
/// non-starters, then canonical composition of primary composites. A scalar with
/// ``ScalarBuffer/protectedBit`` set (an emoji sequence kept whole) is a starter that neither
/// decomposes nor composes.
enum CompatibilityNormalization {
    private static let hangulBase: UInt32 = 0xAC00
    private static let leadingBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailingBase: UInt32 = 0x11A7
    private static let vowelCount: UInt32 = 21
    private static let trailingCount: UInt32 = 28
    private static let syllableCount: UInt32 = 11172

    /// Whether NFKC may change `buffer`: some scalar's record says so.
    static func mayChange(_ buffer: ScalarBuffer, tables: UnicodeData) -> Bool {
        for scalar in buffer.scalars where scalar >= 0xA0 && scalar & ScalarBuffer.protectedBit == 0 {
            if tables.record(scalar).mayChangeUnderNFKC { return true }
        }
        return false
    }

    /// Replaces `buffer` by its NFKC; each scalar's source is that of the scalar it came from
    /// (a composite takes its starter's).
    static func normalize(_ buffer: inout ScalarBuffer, tables: UnicodeData) {
        var decomposed = ScalarBuffer(tracking: buffer.tracksSources, capacity: buffer.count + 8)
        for index in 0..<buffer.count {
            let scalar = buffer.scalars[index]
            let source = buffer.source(at: index)
            if scalar < 0xA0 || scalar & ScalarBuffer.protectedBit != 0 {
                decomposed.append(scalar, source: source)
            } else if scalar &- hangulBase < syllableCount {
                let offset = scalar - hangulBase
                decomposed.append(leadingBase + offset / (vowelCount * trailingCount), source: source)
                decomposed.append(vowelBase + (offset % (vowelCount * trailingCount)) / trailingCount, source: source)
                if offset % trailingCount != 0 {
                    decomposed.append(trailingBase + offset % trailingCount, source: source)
                }
            } else if tables.record(scalar).decomposes, let range = tables.decomposition(scalar) {
                for position in range { decomposed.append(tables.decompositionScalars[position], source: source) }
            } else {
                decomposed.append(scalar, source: source)
            }
        }
        reorder(&decomposed, tables: tables)
        compose(decomposed, into: &buffer, tables: tables)
    }

    private static func combiningClass(_ scalar: UInt32, _ tables: UnicodeData) -> UInt8 {
        scalar < 0x300 || scalar & ScalarBuffer.protectedBit != 0 ? 0 : tables.record(scalar).canonicalCombiningClass
    }

    /// Canonical ordering: each run of non-starters sorted by combining class, stably.
    private static func reorder(_ buffer: inout ScalarBuffer, tables: UnicodeData) {
        var index = 1
        while index < buffer.count {
            let ccc = combiningClass(buffer.scalars[index], tables)
            if ccc != 0 {
                var position = index
                while position > 0 {
                    let before = combiningClass(buffer.scalars[position - 1], tables)
                    if before <= ccc { break }
                    buffer.swapAt(position, position - 1)
                    position -= 1
                }
            }
            index += 1
        }
    }

    /// Canonical composition of `decomposed` into `output`.
    private static func compose(_ decomposed: ScalarBuffer, into output: inout ScalarBuffer, tables: UnicodeData) {
        output.removeAll(keepingCapacity: true)
        var starter: Int? = nil
        var lastClass: UInt8 = 0
        for index in 0..<decomposed.count {
            let scalar = decomposed.scalars[index]
            let ccc = combiningClass(scalar, tables)
            if let starterIndex = starter {
                let adjacent = output.count - 1 == starterIndex
                let blocked = !adjacent && (lastClass == 0 || lastClass >= ccc)
                if !blocked, let composite = composite(output.scalars[starterIndex], scalar, tables) {
                    output.scalars[starterIndex] = composite
                    continue
                }
            }
            if ccc == 0 { starter = output.count }
            lastClass = ccc
            output.append(scalar, source: decomposed.source(at: index))
        }
    }

    private static func composite(_ first: UInt32, _ second: UInt32, _ tables: UnicodeData) -> UInt32? {
        if first & ScalarBuffer.protectedBit != 0 || second & ScalarBuffer.protectedBit != 0 { return nil }
        if first &- leadingBase < 19, second &- vowelBase < vowelCount {
            return hangulBase + ((first - leadingBase) * vowelCount + (second - vowelBase)) * trailingCount
        }
        if first &- hangulBase < syllableCount, (first - hangulBase) % trailingCount == 0,
            second > trailingBase, second < trailingBase + trailingCount
        {
            return first + (second - trailingBase)
        }
        if second < 0x300 { return nil }
        return tables.composite(first, second)
    }
}
