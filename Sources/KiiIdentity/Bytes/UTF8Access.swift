extension String {
    /// Calls `body` with the string's UTF-8 bytes, without copying native strings (small
    /// strings included), so validation of ASCII input allocates nothing.
    ///
    /// Inlinable for the inlinable entry points (`LoginIdentifier.classify`).
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome = utf8.withContiguousStorageIfAvailable { bytes in
            Swift.Result { () throws(Failure) -> Result in try body(bytes) }
        }
        if let outcome { return try outcome.get() }
        return try Array(utf8).withUnsafeBufferPointer { (bytes) throws(Failure) -> Result in try body(bytes) }
    }
}

extension String {
    /// Whether the string's UTF-8 bytes are `other`'s, byte for byte: not `==`, which is
    /// canonical equivalence (a decomposed name equals its composed form under it). Reads both
    /// in place, eight bytes at a time.
    func hasSameUTF8(as other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        return withUTF8Bytes { bytes in
            other.withUTF8Bytes { otherBytes in
                guard count > 0, let first = bytes.baseAddress, let second = otherBytes.baseAddress else { return true }
                if first == second { return true }
                let left = UnsafeRawPointer(first)
                let right = UnsafeRawPointer(second)
                var offset = 0
                while offset + 8 <= count {
                    if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    {
                        return false
                    }
                    offset += 8
                }
                while offset < count {
                    if bytes[offset] != otherBytes[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}

extension String {
    /// Whether `check` holds for the string's UTF-8 bytes: the `isValid` of every field.
    ///
    /// Contiguous (native) strings, small ones included, are read in place in O(1) whatever
    /// their length; others are measured first and copied only when they have at most
    /// `maximumBytes` bytes, so that a huge one is rejected without being copied.
    ///
    /// Inlinable, so that callers in other modules read their string in place: a call retains
    /// and releases the caller's string around it, which costs about as much as the check itself
    /// (`kii-identity-bench --filter username`).
    /// `check` must read no lazily built state (`swift_once`), or the retain comes back.
    @inlinable @inline(__always)
    func utf8Satisfies(
        maximumBytes: @autoclosure () -> Int,
        _ check: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        if let result = utf8.withContiguousStorageIfAvailable(check) { return result }
        return copiedUTF8Satisfies(maximumBytes: maximumBytes(), check)
    }

    /// The rare path of ``utf8Satisfies(maximumBytes:_:)``, out of line.
    @usableFromInline
    func copiedUTF8Satisfies(maximumBytes: Int, _ check: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        utf8.count <= maximumBytes && withUTF8Bytes(check)
    }
}

/// Describing one byte of input in a problem, without keeping anything unsafe to log.
enum CharacterDescription {
    /// The scalar that starts at `index`, or `.invalidByte` when it is not well formed.
    static func character(
        _ bytes: UnsafeBufferPointer<UInt8>,
        at index: Int
    ) -> ValidationError.FieldDetail.OffendingCharacter {
        // Decode the scalar that starts here, if it is well formed.
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return .scalar(scalar)
        }
        return .invalidByte
    }

    /// The 1-based position, in Unicode scalars, of the byte at `index`.
    static func position(in bytes: UnsafeBufferPointer<UInt8>, of index: Int) -> Int {
        var scalars = 1
        for byte in bytes[..<index] where byte & 0xC0 != 0x80 {
            scalars += 1
        }
        return scalars
    }
}
