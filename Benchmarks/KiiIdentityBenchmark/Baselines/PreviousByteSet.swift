/// KiiIdentity's `ByteSet.containsAll` before the benchmark's first profile: a 256-bit map read
/// with a shift and a mask per byte. The auto-vectoriser turned that loop into slow vector code
/// (Performance.md, "Figures behind the code's choices"); the library now reads a 256-entry
/// table. Kept as a baseline row so the table's win stays visible.
struct PreviousByteSet {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    init(_ predicate: (UInt8) -> Bool) {
        var words: [UInt64] = [0, 0, 0, 0]
        for byte in 0...255 where predicate(UInt8(byte)) {
            words[byte >> 6] |= 1 << UInt64(byte & 63)
        }
        self.words = (words[0], words[1], words[2], words[3])
    }

    /// The previous loop, verbatim.
    @inline(__always)
    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var missing: UInt64 = 0
        for byte in bytes {
            let word = byte < 64 ? words.0 : words.1
            missing |= ~(word >> UInt64(byte & 63)) & 1
            missing |= UInt64(byte >> 7)
        }
        return missing == 0
    }

    static let username = PreviousByteSet {
        (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
            || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
    static let printableASCII = PreviousByteSet { (0x20...0x7E).contains($0) }

    /// The previous `Username.isValid`, on the previous byte set.
    static func username(_ raw: String) -> Bool {
        raw.utf8.count <= 64
            && raw.utf8.withContiguousStorageIfAvailable { (3...64).contains($0.count) && username.containsAll($0) }
                ?? false
    }

    /// The previous `Password.isValid`, on the previous byte set.
    static func password(_ raw: String) -> Bool {
        raw.utf8.count <= 50
            && raw.utf8.withContiguousStorageIfAvailable {
                (4...50).contains($0.count) && printableASCII.containsAll($0)
            } ?? false
    }
}

/// The library's `ByteSet.containsAll` (256-entry table, four bytes an iteration), which the
/// `isValid` checks used before `ByteChunks` (and the error paths still use), copied here so
/// that it runs in exactly the same harness as ``PreviousByteSet``: both rows are inlined into
/// the benchmark, so the difference between them is the loop alone.
struct TableByteSet: @unchecked Sendable {
    private let table: UnsafePointer<UInt8>

    init(_ predicate: (UInt8) -> Bool) {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0...255 { table[byte] = predicate(UInt8(byte)) ? 1 : 0 }
        self.table = UnsafePointer(table)
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool { table[Int(byte)] != 0 }

    @inline(__always)
    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var all: UInt8 = 1
        var index = 0
        while index + 4 <= count {
            all &=
                table[Int(base[index])] & table[Int(base[index + 1])] & table[Int(base[index + 2])]
                & table[Int(base[index + 3])]
            index += 4
        }
        while index < count {
            all &= table[Int(base[index])]
            index += 1
        }
        return all == 1
    }

    static let username = TableByteSet {
        (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
            || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
    static let printableASCII = TableByteSet { (0x20...0x7E).contains($0) }

    static func username(_ raw: String) -> Bool {
        raw.utf8.count <= 64
            && raw.utf8.withContiguousStorageIfAvailable { (3...64).contains($0.count) && username.containsAll($0) }
                ?? false
    }

    static func password(_ raw: String) -> Bool {
        raw.utf8.count <= 50
            && raw.utf8.withContiguousStorageIfAvailable {
                (4...50).contains($0.count) && printableASCII.containsAll($0)
            } ?? false
    }
}
