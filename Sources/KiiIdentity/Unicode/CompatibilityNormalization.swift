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
    /// (a composite takes its starter's). The buffer is reordered and composed in place; a new
    /// one is made only when some scalar decomposes.
    static func normalize(_ buffer: inout ScalarBuffer, tables: UnicodeData) {
        if let first = firstDecomposing(buffer, tables: tables) {
            buffer = decomposed(buffer, from: first, tables: tables)
        }
        reorder(&buffer, tables: tables)
        compose(&buffer, tables: tables)
    }

    /// The index of the first scalar that NFKD changes, if any.
    private static func firstDecomposing(_ buffer: ScalarBuffer, tables: UnicodeData) -> Int? {
        for index in 0..<buffer.count {
            let scalar = buffer.scalars[index]
            // A record's `decomposes` covers the Hangul syllables.
            if scalar >= 0xA0 && scalar & ScalarBuffer.protectedBit == 0 && tables.record(scalar).decomposes {
                return index
            }
        }
        return nil
    }

    /// The full compatibility decomposition of `buffer`, whose scalars before `first` decompose
    /// to themselves (Hangul syllables by arithmetic).
    private static func decomposed(_ buffer: ScalarBuffer, from first: Int, tables: UnicodeData) -> ScalarBuffer {
        var decomposed = ScalarBuffer(tracking: buffer.tracksSources, capacity: buffer.count + 8)
        for index in 0..<first { decomposed.append(buffer.scalars[index], source: buffer.source(at: index)) }
        for index in first..<buffer.count {
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
        return decomposed
    }

    private static func combiningClass(_ scalar: UInt32, _ tables: UnicodeData) -> UInt8 {
        scalar < 0x300 || scalar & ScalarBuffer.protectedBit != 0 ? 0 : tables.record(scalar).canonicalCombiningClass
    }

    /// Canonical ordering: each run of non-starters sorted by combining class, stably. A scalar
    /// is moved only when it follows one of a higher class (`last` is the class before it).
    private static func reorder(_ buffer: inout ScalarBuffer, tables: UnicodeData) {
        var last: UInt8 = 0
        var index = 0
        while index < buffer.count {
            let ccc = combiningClass(buffer.scalars[index], tables)
            if ccc != 0 && last > ccc {
                // Insertion: back past every scalar of a higher class; `last` stays the run's
                // highest class, now at `index`.
                var position = index
                while position > 0 {
                    let before = combiningClass(buffer.scalars[position - 1], tables)
                    if before <= ccc { break }
                    buffer.swapAt(position, position - 1)
                    position -= 1
                }
            } else {
                last = ccc
            }
            index += 1
        }
    }

    /// Canonical composition, in place: a composite replaces its starter and the scalars after
    /// move up, so nothing is written past what has been read. Each scalar's record is read once:
    /// its combining class, and whether it can be the second of a pair at all (every second of
    /// a primary composite, Hangul's V and T jamo included, is marked as one NFKC may change).
    private static func compose(_ buffer: inout ScalarBuffer, tables: UnicodeData) {
        var written = 0
        var starter: Int? = nil
        var lastClass: UInt8 = 0
        for index in 0..<buffer.count {
            let scalar = buffer.scalars[index]
            var ccc: UInt8 = 0
            var mayBeSecond = false
            if scalar >= 0x300 && scalar & ScalarBuffer.protectedBit == 0 {
                let record = tables.record(scalar)
                ccc = record.canonicalCombiningClass
                mayBeSecond = record.mayChangeUnderNFKC
            }
            if mayBeSecond, let starterIndex = starter {
                let adjacent = written - 1 == starterIndex
                let blocked = !adjacent && (lastClass == 0 || lastClass >= ccc)
                if !blocked, let composite = composite(buffer.scalars[starterIndex], scalar, tables) {
                    buffer.scalars[starterIndex] = composite
                    continue
                }
            }
            if ccc == 0 { starter = written }
            lastClass = ccc
            if written != index {
                buffer.scalars[written] = scalar
                if buffer.tracksSources { buffer.sources[written] = buffer.sources[index] }
            }
            written += 1
        }
        if written < buffer.count {
            buffer.scalars.removeLast(buffer.count - written)
            if buffer.tracksSources { buffer.sources.removeLast(buffer.sources.count - written) }
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
