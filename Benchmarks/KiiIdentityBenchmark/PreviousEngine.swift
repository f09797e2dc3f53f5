/// KiiIdentity's checks before `ByteChunks` (16 bytes at a time as `SIMD16<UInt8>`), copied
/// here as baseline rows so that the table shows before and after in the same run.
///
/// `@inline(never)`: the library's `isValid` is a call into another module, and so is this.
/// Username and password are in ``TableByteSet``; the table loop there is the same.
enum PreviousEngine {
    /// The previous `Username.isValid`: the 256-entry table, four bytes an iteration.
    @inline(never)
    static func username(_ raw: String) -> Bool {
        TableByteSet.username(raw)
    }

    /// The previous `Password.isValid`.
    @inline(never)
    static func password(_ raw: String) -> Bool {
        TableByteSet.password(raw)
    }

    /// The previous `LoginIdentifier.classify`: `contains("@")`, then the digits table.
    @inline(never)
    static func classify(_ raw: String, country: String?) -> Int {
        let hasCountry = country != nil
        return raw.utf8.withContiguousStorageIfAvailable { bytes in
            if bytes.isEmpty { return 0 }
            if bytes.contains(UInt8(ascii: "@")) { return 1 }
            if bytes[0] == UInt8(ascii: "+") { return 2 }
            if hasCountry && digits.containsAll(bytes) { return 3 }
            return 4
        } ?? 0
    }

    static let digits = TableByteSet { (0x30...0x39).contains($0) }

    /// The previous `CountryCode.isValid`: two bytes read through `String.UTF8View` subscripts,
    /// one bit tested in an array.
    static func country(supported: [String]) -> (String) -> Bool {
        var bits = [UInt64](repeating: 0, count: (26 * 26 + 63) / 64)
        for code in supported {
            let bytes = Array(code.utf8)
            let slot = Int(bytes[0] - 0x41) * 26 + Int(bytes[1] - 0x41)
            bits[slot >> 6] |= 1 << UInt64(slot & 63)
        }
        return { raw in
            let utf8 = raw.utf8
            guard utf8.count == 2 else { return false }
            let first = utf8[utf8.startIndex] &- 0x41
            let second = utf8[utf8.index(after: utf8.startIndex)] &- 0x41
            guard first < 26, second < 26 else { return false }
            let slot = Int(first) * 26 + Int(second)
            return bits[slot >> 6] >> UInt64(slot & 63) & 1 == 1
        }
    }
}
