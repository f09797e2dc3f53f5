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

    /// The previous `EmailAddress.isValid`: one pass, a table lookup and several branches a
    /// byte (the library now builds position masks 16 bytes at a time, `EmailMasks`).
    @inline(never)
    static func email(_ raw: String) -> Bool {
        raw.utf8.withContiguousStorageIfAvailable(emailBytes) ?? false
    }

    static let emailLocal = TableByteSet {
        (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
            || Array(".+_%-".utf8).contains($0)
    }
    static let emailDomain = TableByteSet {
        (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
            || $0 == UInt8(ascii: "-")
    }

    /// The previous loop, verbatim but for the tables' type.
    private static func emailBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count <= 200 else { return false }
        let localAllowed = Self.emailLocal
        let domainAllowed = Self.emailDomain
        let dot = UInt8(ascii: ".")
        let hyphen = UInt8(ascii: "-")
        let at = UInt8(ascii: "@")
        var index = 0
        var previous = dot
        while index < count {
            let byte = bytes[index]
            if byte == at { break }
            if !localAllowed.contains(byte) || (byte == dot && previous == dot) { return false }
            previous = byte
            index += 1
        }
        guard index < count, (1...64).contains(index), previous != dot else { return false }
        index += 1
        var labels = 0
        var labelLength = 0
        var labelAllDigits = true
        previous = dot
        while index < count {
            let byte = bytes[index]
            if byte == dot {
                if labelLength == 0 || previous == hyphen { return false }
                labels += 1
                labelLength = 0
                labelAllDigits = true
            } else {
                if !domainAllowed.contains(byte) || (labelLength == 0 && byte == hyphen) { return false }
                labelLength += 1
                if labelLength > 63 { return false }
                labelAllDigits = labelAllDigits && byte &- 0x30 < 10
            }
            previous = byte
            index += 1
        }
        return labelLength > 0 && previous != hyphen && !labelAllDigits && labels >= 1
    }

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
