/// The checks several fields share, each producing a problem with a finished reason.
enum FieldChecks {
    /// `missing` for empty input, `too_long` past `lengths.upperBound` (content not inspected),
    /// `too_short` below `lengths.lowerBound`; `nil` when the length is fine.
    ///
    /// Returns `stop == true` when the content must not be inspected (empty or too long).
    static func length(
        _ count: Int,
        _ lengths: ClosedRange<Int>,
        field: ValidationError.Field,
        unit: String = "characters"
    ) -> (problem: ValidationError.Problem?, stop: Bool) {
        if count == 0 {
            return (ValidationError.Problem(field: field, code: .missing, reason: "is missing"), true)
        }
        if count > lengths.upperBound {
            return (
                ValidationError.Problem(
                    field: field,
                    code: .tooLong,
                    reason: "is too long (maximum \(lengths.upperBound) \(unit))"
                ), true
            )
        }
        if count < lengths.lowerBound {
            return (
                ValidationError.Problem(
                    field: field,
                    code: .tooShort,
                    reason: "is too short (minimum \(lengths.lowerBound) \(unit))"
                ), false
            )
        }
        return (nil, false)
    }

    /// `invalid_character` naming the first byte outside `allowed` and its position, or `nil`.
    ///
    /// With `revealCharacter` false (passwords) the reason gives positions only.
    static func characters(
        _ bytes: UnsafeBufferPointer<UInt8>,
        allowed: ByteSet,
        allowedDescription: String,
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
        let what = revealCharacter ? CharacterDescription.describe(bytes, at: first) : "a character"
        var reason = "contains \(what) at position \(position)"
        if offending > 1 {
            reason += " and \(offending - 1) more \(offending == 2 ? "character" : "characters")"
        }
        reason += " that \(offending == 1 ? "is" : "are") not allowed (\(allowedDescription))"
        return ValidationError.Problem(field: field, code: .invalidCharacter, reason: reason)
    }

    /// `bytes` with ASCII capitals lowered; other bytes unchanged.
    static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }
}
