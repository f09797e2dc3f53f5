/// The checks several fields share, each producing a problem as data.
enum FieldChecks {
    /// `missing` for empty input, `too_long` past `lengths.upperBound` (content not inspected),
    /// `too_short` below `lengths.lowerBound`; `nil` when the length is fine.
    ///
    /// Returns `stop == true` when the content must not be inspected (empty or too long).
    static func length(
        _ count: Int,
        _ lengths: ClosedRange<Int>,
        field: ValidationError.Field,
        unit: ValidationError.FieldDetail.LengthUnit = .characters
    ) -> (problem: ValidationError.Problem?, stop: Bool) {
        if count == 0 {
            return (ValidationError.Problem(field: field, .missing), true)
        }
        if count > lengths.upperBound {
            return (ValidationError.Problem(field: field, .tooLong(maximum: lengths.upperBound, unit: unit)), true)
        }
        if count < lengths.lowerBound {
            return (ValidationError.Problem(field: field, .tooShort(minimum: lengths.lowerBound, unit: unit)), false)
        }
        return (nil, false)
    }

    /// Appends the problems of a field of `lengths` bytes drawn from `allowed` to `problems`:
    /// its length, then its characters (not inspected when it is empty or too long).
    static func lengthAndCharacters(
        _ bytes: UnsafeBufferPointer<UInt8>,
        lengths: ClosedRange<Int>,
        allowed: ByteSet,
        allowedCharacters: ValidationError.FieldDetail.AllowedCharacters,
        field: ValidationError.Field,
        revealCharacter: Bool = true,
        into problems: inout [ValidationError.Problem]
    ) {
        let length = length(bytes.count, lengths, field: field)
        if let problem = length.problem { problems.report(problem) }
        if length.stop { return }
        if let problem = characters(
            bytes,
            allowed: allowed,
            allowedCharacters: allowedCharacters,
            field: field,
            revealCharacter: revealCharacter
        ) {
            problems.report(problem)
        }
    }

    /// `invalid_character` naming the first byte outside `allowed`, its position and how many
    /// characters are not allowed, or `nil`.
    ///
    /// With `revealCharacter` false (passwords) the problem holds positions only.
    static func characters(
        _ bytes: UnsafeBufferPointer<UInt8>,
        allowed: ByteSet,
        allowedCharacters: ValidationError.FieldDetail.AllowedCharacters,
        field: ValidationError.Field,
        revealCharacter: Bool = true,
        positionOffset: Int = 0
    ) -> ValidationError.Problem? {
        guard let first = allowed.firstNonMember(in: bytes) else { return nil }
        // Count offending scalars (continuation bytes belong to the scalar before them).
        var offending = 0
        for byte in bytes[first...] where !allowed.contains(byte) && byte & 0xC0 != 0x80 {
            offending += 1
        }
        let position = CharacterDescription.position(in: bytes, of: first) + positionOffset
        let character = revealCharacter ? CharacterDescription.character(bytes, at: first) : .undisclosed
        return ValidationError.Problem(
            field: field,
            .invalidCharacter(character, position: position, count: offending, allowed: allowedCharacters)
        )
    }

    /// `bytes` with ASCII capitals lowered; other bytes unchanged.
    static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = asciiLowercased(byte) }
            return bytes.count
        }
    }

    /// Whether `bytes` hold an ASCII capital.
    static func hasASCIICapital(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 &- 0x41 < 26 }
    }

    /// `byte` lowered when it is an ASCII capital.
    @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
