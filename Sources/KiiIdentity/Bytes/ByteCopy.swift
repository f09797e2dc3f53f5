/// Copying a few bytes without a call: most pieces of an error body (`","code":"`, a field's
/// name, a reason's words) are 16 bytes or fewer, and `memcpy` costs more to call than to copy
/// them.
enum ByteCopy {
    /// Copies `count` bytes from `source` to `target`; the two regions do not overlap. Up to
    /// 16 bytes move as two overlapping words (of 8, 4 or 2 bytes, or one byte), more with
    /// `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count > 16 {
            target.copyMemory(from: source, byteCount: count)
        } else if count >= 8 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
        } else if count >= 2 {
            // Not a loop: the optimiser turns a loop of byte copies back into `memcpy`.
            let first = source.loadUnaligned(as: UInt16.self)
            let last = source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
            target.storeBytes(of: first, as: UInt16.self)
            target.storeBytes(of: last, toByteOffset: count &- 2, as: UInt16.self)
        } else if count == 1 {
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }
}
