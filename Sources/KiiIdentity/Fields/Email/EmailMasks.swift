/// Where the bytes that shape an email address are, as bit masks (bit *i* for byte *i*), for
/// addresses of 5 to 64 bytes: `EmailAddress.isValidBytes` then checks the structure with
/// a few shifts and ANDs instead of a branch a byte.
///
/// Built 16 bytes at a time: lane-wise comparisons (``ByteChunks``) coded one bit a test,
/// turned into masks by one bit-matrix transpose a chunk. Chunks that overlap give the same
/// bits for the same bytes, so ORing their masks at their offsets is exact.
struct EmailMasks {
    /// The longest address this handles: one bit a byte in a `UInt64`.
    static let maximumCount = 64

    /// `@`.
    private(set) var at: UInt64 = 0
    /// `.`.
    private(set) var dots: UInt64 = 0
    /// `-`.
    private(set) var hyphens: UInt64 = 0
    /// `+`, `_` and `%`: allowed before the `@` only.
    private(set) var localOnly: UInt64 = 0
    /// 0xFF in the lanes where every chunk held a byte allowed somewhere in an address.
    private var allowedSoFar = ByteChunks.Chunk(repeating: 0xFF)

    /// Whether every byte is allowed somewhere in an address: a letter, a digit, or one of
    /// the bytes the masks are about.
    var allAllowed: Bool { ByteChunks.isAllOnes(allowedSoFar) }

    /// The masks of `bytes`, 5 to 64 of them.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        if count < 16 {
            // Lane i holds byte i and the lanes past the end hold 0 (no tested byte), which
            // then counts as allowed. Masking shifts (`&>>`): the amounts are in range.
            let low: UInt64
            let high: UInt64
            if count > 8 {
                low = base.loadUnaligned(as: UInt64.self)
                high = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> (8 &* (16 &- count))
            } else {
                let last = base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) &>> (8 &* (8 &- count))
                low = UInt64(base.loadUnaligned(as: UInt32.self)) | UInt64(last) &<< 32
                high = 0
            }
            let chunk = unsafeBitCast(SIMD2(low, high), to: ByteChunks.Chunk.self)
            let lane = ByteChunks.Chunk(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
            add(chunk, padding: lane .>= ByteChunks.Chunk(repeating: UInt8(truncatingIfNeeded: count))) { $0 }
            return
        }
        let none = ByteChunks.Lanes(repeating: false)
        if count <= 32 {
            // Most addresses: two chunks, the second one ending at the last byte.
            let end = count &- 16
            add(base.loadUnaligned(as: ByteChunks.Chunk.self), padding: none) { $0 }
            add(base.loadUnaligned(fromByteOffset: end, as: ByteChunks.Chunk.self), padding: none) { $0 &<< end }
            return
        }
        var offset = 0
        while offset < count {
            let start = min(offset, count &- 16)
            let chunk = base.loadUnaligned(fromByteOffset: start, as: ByteChunks.Chunk.self)
            add(chunk, padding: ByteChunks.Lanes(repeating: false)) { $0 &<< start }
            offset &+= 16
        }
    }

    /// Adds the masks of `chunk`, each moved to the bytes' positions by `place`; the lanes of
    /// `padding` hold no byte of the address.
    @inline(__always)
    private mutating func add(
        _ chunk: ByteChunks.Chunk,
        padding: ByteChunks.Lanes,
        _ place: (UInt64) -> UInt64
    ) {
        let codes = Self.codes(chunk)
        allowedSoFar &= ByteChunks.bits(Self.allowedLanes(chunk, codes: codes) .| padding)
        let planes = ByteChunks.bitPlanes(ofCodes: codes)
        at |= place(ByteChunks.plane(planes, test: 0))
        dots |= place(ByteChunks.plane(planes, test: 1))
        hyphens |= place(ByteChunks.plane(planes, test: 2))
        localOnly |= place(ByteChunks.plane(planes, test: 3))
    }

    /// The four tests of `chunk` (`@`, `.`, `-`, and `+`, `_` or `%`), coded for
    /// `ByteChunks.bitPlanes(ofCodes:)`.
    @inline(__always)
    private static func codes(_ chunk: ByteChunks.Chunk) -> ByteChunks.Chunk {
        let localOnlyLanes =
            ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "+"))
            .| ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "_"))
            .| ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "%"))
        return ByteChunks.code(ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "@")), test: 0)
            | ByteChunks.code(ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: ".")), test: 1)
            | ByteChunks.code(ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "-")), test: 2)
            | ByteChunks.code(localOnlyLanes, test: 3)
    }

    /// The lanes holding a byte allowed somewhere in an address: a letter, a digit, or one of
    /// the bytes coded in `codes`.
    @inline(__always)
    private static func allowedLanes(_ chunk: ByteChunks.Chunk, codes: ByteChunks.Chunk) -> ByteChunks.Lanes {
        // Against a zero vector, not the literal 0: `codes .!= 0` took a generic path, much
        // slower (Performance.md, "Figures behind the code's choices").
        ByteChunks.letters(chunk) .| ByteChunks.digits(chunk) .| (codes .!= ByteChunks.Chunk())
    }

    /// The lanes of `chunk` holding a byte allowed somewhere in an address.
    @inline(__always)
    static func allowedLanes(_ chunk: ByteChunks.Chunk) -> ByteChunks.Lanes {
        allowedLanes(chunk, codes: codes(chunk))
    }
}
