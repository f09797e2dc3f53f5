/// Where the bytes that shape an email address are, as bit masks (bit *i* for byte *i*), for
/// addresses of 5 to 64 bytes: `EmailAddress.isValidBytes` then checks the structure with
/// a few shifts and ANDs instead of a branch a byte.
///
/// Built 16 bytes at a time: lane-wise comparisons (``ByteChunks``), each turned into a 16-bit
/// mask by one instruction (`ByteChunks.laneBits`). Chunks that overlap give the same bits for
/// the same bytes, so ORing their masks at their offsets is exact.
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
    /// The lanes, of any chunk, that held a byte allowed nowhere in an address.
    private var disallowedLanes: UInt16 = 0

    /// Whether every byte is allowed somewhere in an address: a letter, a digit, or one of
    /// the bytes the masks are about.
    var allAllowed: Bool { disallowedLanes == 0 }

    /// The masks of `bytes`, 5 to 64 of them.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        if count < 16 {
            // Lane i holds byte i and the lanes past the end hold 0, which no test matches and
            // `lanesInUse` leaves out. Masking shifts (`&>>`): the amounts are in range.
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
            add(chunk, lanesInUse: UInt16(truncatingIfNeeded: (1 &<< count) &- 1)) { $0 }
            return
        }
        if count <= 32 {
            // Most addresses: two chunks, the second one ending at the last byte.
            let end = count &- 16
            add(base.loadUnaligned(as: ByteChunks.Chunk.self), lanesInUse: .max) { $0 }
            add(base.loadUnaligned(fromByteOffset: end, as: ByteChunks.Chunk.self), lanesInUse: .max) { $0 &<< end }
            return
        }
        var offset = 0
        while offset < count {
            let start = min(offset, count &- 16)
            let chunk = base.loadUnaligned(fromByteOffset: start, as: ByteChunks.Chunk.self)
            add(chunk, lanesInUse: .max) { $0 &<< start }
            offset &+= 16
        }
    }

    /// Adds the masks of `chunk`, each moved to the bytes' positions by `place`; only the
    /// lanes in `lanesInUse` hold bytes of the address (the others hold 0, which no test
    /// matches).
    @inline(__always)
    private mutating func add(
        _ chunk: ByteChunks.Chunk,
        lanesInUse: UInt16,
        _ place: (UInt64) -> UInt64
    ) {
        let tests = Tests(chunk)
        disallowedLanes |= ~ByteChunks.laneBits(tests.allowed) & lanesInUse
        at |= place(UInt64(ByteChunks.laneBits(tests.at)))
        dots |= place(UInt64(ByteChunks.laneBits(tests.dots)))
        hyphens |= place(UInt64(ByteChunks.laneBits(tests.hyphens)))
        localOnly |= place(UInt64(ByteChunks.laneBits(tests.localOnly)))
    }

    /// The lanes of `chunk` holding a byte allowed somewhere in an address.
    @inline(__always)
    static func allowedLanes(_ chunk: ByteChunks.Chunk) -> ByteChunks.Lanes {
        Tests(chunk).allowed
    }

    /// The lane-wise tests of one chunk that the masks are made of.
    private struct Tests {
        let at: ByteChunks.Lanes
        let dots: ByteChunks.Lanes
        let hyphens: ByteChunks.Lanes
        /// `+`, `_` or `%`.
        let localOnly: ByteChunks.Lanes
        private let letterOrDigit: ByteChunks.Lanes

        @inline(__always)
        init(_ chunk: ByteChunks.Chunk) {
            at = ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "@"))
            dots = ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "."))
            hyphens = ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "-"))
            let plus = ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "+"))
            let underscore = ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "_"))
            let percent = ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "%"))
            localOnly = (plus .| underscore .| percent)
            letterOrDigit = (ByteChunks.letters(chunk) .| ByteChunks.digits(chunk))
        }

        /// A letter, a digit, or one of the bytes tested above: allowed somewhere in an address.
        var allowed: ByteChunks.Lanes { letterOrDigit .| at .| dots .| hyphens .| localOnly }
    }
}
