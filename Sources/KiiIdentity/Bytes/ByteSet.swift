/// A set of byte values as a 256-entry table: one load a lookup, no branches.
///
/// Not a 256-bit map (one shift and one mask a lookup): on whole buffers the auto-vectoriser
/// turns the variable shifts into slow vector code, where the table leaves `containsAll`
/// nothing to vectorise badly (instructions a byte of each: Performance.md, "Figures behind the
/// code's choices").
struct ByteSet: @unchecked Sendable {
    // @unchecked: `table` points to immutable memory, written once in `init` and never freed
    // (byte sets are static constants), so sharing it between threads is safe.
    /// 256 entries: 1 for members, 0 otherwise.
    private let table: UnsafePointer<UInt8>

    /// The bytes for which `predicate` holds.
    init(_ predicate: (UInt8) -> Bool) {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0...255 {
            table[byte] = predicate(UInt8(byte)) ? 1 : 0
        }
        self.table = UnsafePointer(table)
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        table[Int(byte)] != 0
    }

    /// Whether every byte of `bytes` is in the set.
    ///
    /// Branch-free: one table load and one AND a byte, four bytes an iteration.
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

    /// The index of the first byte not in the set, if any.
    func firstNonMember(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.firstIndex { !contains($0) }
    }
}

extension ByteSet {
    static let letters = ByteSet { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    static let digits = ByteSet { (0x30...0x39).contains($0) }
    static let alphanumerics = ByteSet { letters.contains($0) || digits.contains($0) }
    static let upperCaseLetters = ByteSet { (0x41...0x5A).contains($0) }
    static let printableASCII = ByteSet { (0x20...0x7E).contains($0) }
}
