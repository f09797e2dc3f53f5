extension String {
    /// Calls `body` with the string's UTF-8 bytes, without copying native strings (small
    /// strings included), so validation of ASCII input allocates nothing.
    @inline(__always)
    func withUTF8Bytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome = utf8.withContiguousStorageIfAvailable { bytes in
            Swift.Result { () throws(Failure) -> Result in try body(bytes) }
        }
        if let outcome { return try outcome.get() }
        return try Array(utf8).withUnsafeBufferPointer { (bytes) throws(Failure) -> Result in try body(bytes) }
    }
}

/// Describing one byte of input in a reason, without echoing anything unsafe to log.
enum CharacterDescription {
    /// `'x'` for printable ASCII, `a space`, otherwise the scalar as `U+XXXX` (for a lead byte).
    static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
        // Decode the scalar that starts here, if it is well formed.
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return describe(scalar)
        }
        return "an invalid UTF-8 byte"
    }

    /// `'x'` for printable ASCII, `a space`, otherwise the scalar as `U+XXXX`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        if scalar.value > 0x20 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
        return "U+" + hex(scalar.value)
    }

    /// The 1-based position, in Unicode scalars, of the byte at `index`.
    static func position(in bytes: UnsafeBufferPointer<UInt8>, of index: Int) -> Int {
        var scalars = 1
        for byte in bytes[..<index] where byte & 0xC0 != 0x80 {
            scalars += 1
        }
        return scalars
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
