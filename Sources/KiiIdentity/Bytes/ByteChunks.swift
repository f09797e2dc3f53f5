import CPhoneNumberShims

/// Reading bytes 16 at a time as `SIMD16<UInt8>`, for checks written as lane-wise comparisons.
///
/// A buffer is covered by chunks that may overlap: the first 16 bytes (with overlapping 8-, 4-
/// or 1-byte loads, so that a shorter buffer fills every lane with its own bytes), whole chunks
/// after them, and a last chunk moved back to end at the last byte. Nothing outside the buffer
/// is read, and a lane never holds a byte that is not in the buffer, so a per-byte test (all
/// bytes in a set, any byte equal to `@`) gives the same answer as a byte loop. Position-
/// dependent checks cannot use `forEach` or `allSatisfy`; they turn lane tests into bit masks
/// with ``laneBits(_:)`` and place each chunk's masks at its offset (``EmailMasks``).
///
/// Why chunks: on short usernames a check takes fewer instructions this way than as a loop over
/// a 256-entry table (Performance.md, "Figures behind the code's choices"; `kii-identity-bench
/// --filter username` keeps the table loop as its "previous engine" row).
enum ByteChunks {
    /// Sixteen bytes of input.
    typealias Chunk = SIMD16<UInt8>
    /// The result of a lane-wise comparison of chunks.
    typealias Lanes = SIMDMask<SIMD16<Int8>>

    /// Calls `body` with chunks that cover every byte of `bytes`, in order (none for no bytes).
    @inline(__always)
    static func forEach(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Chunk) -> Void) {
        // `body` is called in one place only, so that the optimiser inlines it; most inputs
        // are one chunk.
        let count = bytes.count
        guard count > 0, let start = bytes.baseAddress else { return }
        let base = UnsafeRawPointer(start)
        var chunk = head(base, count: count)
        var offset = 16
        while true {
            body(chunk)
            if offset >= count { return }
            chunk = base.loadUnaligned(fromByteOffset: Swift.min(offset, count - 16), as: Chunk.self)
            offset &+= 16
        }
    }

    /// Whether `test` holds in every lane of every chunk of `bytes` (`true` for no bytes).
    @inline(__always)
    static func allSatisfy(_ bytes: UnsafeBufferPointer<UInt8>, _ test: (Chunk) -> Lanes) -> Bool {
        // `forEach` written out: through two closures `test` is not inlined.
        let count = bytes.count
        guard count > 0, let start = bytes.baseAddress else { return true }
        let base = UnsafeRawPointer(start)
        var chunk = head(base, count: count)
        var all = Chunk(repeating: 0xFF)
        var offset = 16
        while true {
            all &= bits(test(chunk))
            if offset >= count { return isAllOnes(all) }
            chunk = base.loadUnaligned(fromByteOffset: Swift.min(offset, count - 16), as: Chunk.self)
            offset &+= 16
        }
    }

    /// The first 16 bytes at `base` (all `count` bytes when there are fewer, some repeated).
    ///
    /// From 8 bytes on, two 8-byte loads (the second ending at byte 16, or at the last byte);
    /// 4 to 7 bytes, two 4-byte loads; 1 to 3 bytes one at a time.
    @inline(__always)
    static func head(_ base: UnsafeRawPointer, count: Int) -> Chunk {
        let low: UInt64
        let high: UInt64
        if count >= 8 {
            low = base.loadUnaligned(as: UInt64.self)
            high = base.loadUnaligned(fromByteOffset: min(count, 16) - 8, as: UInt64.self)
        } else if count >= 4 {
            let first = UInt64(base.loadUnaligned(as: UInt32.self))
            let last = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            low = first | last << 32
            high = low
        } else {
            let first = UInt64(base.load(as: UInt8.self))
            let middle = UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self))
            let last = UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self))
            let four = first | middle << 8 | last << 16 | first << 24
            low = four | four << 32
            high = low
        }
        return unsafeBitCast(SIMD2<UInt64>(low, high), to: Chunk.self)
    }

    /// The lanes as bytes: 0xFF where the comparison held, 0 elsewhere.
    @inline(__always)
    static func bits(_ lanes: Lanes) -> Chunk {
        unsafeBitCast(lanes, to: Chunk.self)
    }

    /// The lanes where a comparison held, as a mask: bit *i* for lane *i*.
    ///
    /// SSE2's `pmovmskb`, one instruction, which Swift's SIMD types cannot reach: it comes from
    /// the shim's header (`CPhoneNumberShims_LaneBits.h`), inlined here like Swift code.
    @inline(__always)
    static func laneBits(_ lanes: Lanes) -> UInt16 {
        CPhoneNumberShims_laneBits(bits(lanes))
    }

    /// Whether every lane of `chunk` is 0xFF.
    @inline(__always)
    static func isAllOnes(_ chunk: Chunk) -> Bool {
        let words = unsafeBitCast(chunk, to: SIMD2<UInt64>.self)
        return words[0] & words[1] == UInt64.max
    }

    /// Whether some lane of `chunk` is not 0.
    @inline(__always)
    static func isAnySet(_ chunk: Chunk) -> Bool {
        let words = unsafeBitCast(chunk, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// The lanes whose byte is in `range` (one subtraction and one unsigned comparison).
    @inline(__always)
    static func lanes(of chunk: Chunk, in range: ClosedRange<UInt8>) -> Lanes {
        chunk &- Chunk(repeating: range.lowerBound) .<= Chunk(repeating: range.upperBound &- range.lowerBound)
    }

    /// The lanes whose byte is `byte`.
    @inline(__always)
    static func lanes(of chunk: Chunk, equalTo byte: UInt8) -> Lanes {
        chunk .== Chunk(repeating: byte)
    }
}

extension ByteChunks {
    /// The lanes holding an ASCII letter, either case.
    @inline(__always)
    static func letters(_ chunk: Chunk) -> Lanes {
        // Setting bit 5 maps A-Z onto a-z and no byte outside A-Z or a-z into a-z.
        lanes(of: chunk | Chunk(repeating: 0x20), in: 0x61...0x7A)
    }

    /// The lanes holding an ASCII digit.
    @inline(__always)
    static func digits(_ chunk: Chunk) -> Lanes {
        lanes(of: chunk, in: 0x30...0x39)
    }
}
