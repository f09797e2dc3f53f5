/// A table of ``UnicodeTables``, decoded once from its base64 literal into fixed-width
/// little-endian integers.
///
/// The generated file keeps each table as a string: an array literal of that size would take
/// the compiler minutes, a string none. Every table is decoded once per process, at the first
/// display name or username key that needs it (how long that takes: Performance.md, "Figures
/// behind the code's choices").
struct GeneratedTable: Sendable {
    /// The decoded bytes.
    let bytes: [UInt8]
    /// Bytes a value takes.
    let width: Int

    /// Decodes `literal` (base64 without line breaks or with `\n` between lines).
    init(_ literal: StaticString, width: Int) {
        self.width = width
        var bytes: [UInt8] = []
        bytes.reserveCapacity(literal.utf8CodeUnitCount / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        let start = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount {
            let sextet: UInt32
            switch start[index] {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(start[index] - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(start[index] - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(start[index] - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): sextet = 62
            case UInt8(ascii: "/"): sextet = 63
            default: continue  // padding and line breaks
            }
            accumulator = accumulator << 6 | sextet
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        precondition(bytes.count % width == 0, "a generated Unicode table is not whole")
        self.bytes = bytes
    }

    /// How many values the table holds.
    var count: Int { bytes.count / width }

    /// The value at `index`.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        var value: UInt64 = 0
        let base = index * width
        for offset in 0..<width { value |= UInt64(bytes[base + offset]) << (8 * UInt64(offset)) }
        return value
    }

    /// The values as 32-bit integers (every table but the composition keys fits).
    func values32() -> [UInt32] { (0..<count).map { UInt32(truncatingIfNeeded: self[$0]) } }

    /// The values as 64-bit integers.
    func values64() -> [UInt64] { (0..<count).map { self[$0] } }
}
