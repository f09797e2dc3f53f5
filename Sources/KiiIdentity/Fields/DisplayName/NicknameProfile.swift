/// RFC 8266's Nickname profile (PRECIS, case preserved) with one extension: an RGI emoji
/// sequence is kept whole.
///
/// Enforcement, as RFC 8266 section 2 orders it and precis-i18n applies it: every non-ASCII
/// space to U+0020, U+0020 trimmed at both ends and runs collapsed to one, NFKC; those rules
/// applied again, and a third time to see that the result is stable; the result must not be
/// empty, and every character must be allowed by RFC 8264's FreeformClass (with the context
/// rules of RFC 5892 Appendix A). Then this package's limit: 1 to 50 Unicode scalars.
///
/// The extension: an RGI emoji sequence of Unicode 17.0 in the name as given (`❤️`, `👨‍👩‍👧`,
/// `#️⃣`, `🏴󠁧󠁢󠁳󠁣󠁴󠁿`) is a unit that no rule maps or judges, so `™️` stays while a bare `™` becomes `TM`.
enum NicknameProfile {
    /// The most Unicode scalars a name may have once enforced.
    static let maximumLength = DisplayName.lengths.upperBound
    /// Past this many scalars as given, a name is refused before any mapping: no mapping of
    /// anything this long is a name a person would type (runs of spaces aside).
    static let maximumInputLength = 1024

    /// The enforced name, or its problems.
    static func enforce(_ raw: String) -> Result<String, ValidationError> {
        if raw.isEmpty { return .failure(ValidationError([problem(.missing)])) }
        // Past 4 bytes a scalar the name has too many scalars whatever it holds; below, the
        // count is bounded.
        let bytes = raw.utf8.count
        if bytes > 4 * maximumInputLength
            || (bytes > maximumInputLength && raw.unicodeScalars.count > maximumInputLength)
        {
            return .failure(ValidationError([problem(.tooLong(maximum: maximumLength, unit: .characters))]))
        }
        switch raw.withUTF8Bytes(scanASCII) {
        case .unicode: return enforceUnicode(raw)
        case .unchanged: return .success(raw)  // the usual name: nothing to map, nothing refused
        case .needsMapping: return enforceASCII(raw)
        }
    }

    /// What one pass over the bytes tells of an ASCII name.
    private enum ASCIIScan {
        /// Not ASCII: the Unicode path.
        case unicode
        /// ASCII without a control, an edge space or two spaces in a row, within the length.
        case unchanged
        /// ASCII that the mapping changes or the class refuses.
        case needsMapping
    }

    private static func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIScan {
        var clean = bytes.count <= maximumLength && bytes.first != 0x20 && bytes.last != 0x20
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 { return .unicode }
            if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previous == 0x20) { clean = false }
            previous = byte
        }
        return clean ? .unchanged : .needsMapping
    }

    // MARK: ASCII

    /// An ASCII name: the spaces trimmed and collapsed (NFKC changes no ASCII); the controls are
    /// the only characters the class refuses.
    private static func enforceASCII(_ raw: String) -> Result<String, ValidationError> {
        return raw.withUTF8Bytes { bytes -> Result<String, ValidationError> in
            // First the verdict, counting what the mapping would keep; the name is built only
            // when it is accepted (a refused long name costs no copy).
            var firstControl: Int? = nil
            var length = 0
            var pendingSpace = false
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte == 0x20 {
                    pendingSpace = length > 0
                    continue
                }
                if firstControl == nil && (byte < 0x20 || byte == 0x7F) { firstControl = index }
                if pendingSpace {
                    length += 1
                    pendingSpace = false
                }
                length += 1
            }
            if length == 0 { return .failure(ValidationError([problem(.emptyAfterMapping)])) }
            var problems: [ValidationError.Problem] = []
            if let index = firstControl {
                problems.append(problem(.controlCharacter(Unicode.Scalar(bytes[index]), position: index + 1)))
            }
            if length > maximumLength {
                problems.append(problem(.tooLongAfterMapping(maximum: maximumLength, length: length)))
            }
            if !problems.isEmpty { return .failure(ValidationError(problems)) }
            return .success(
                String(unsafeUninitializedCapacity: length) { output in
                    var written = 0
                    var pending = false
                    for byte in bytes {
                        if byte == 0x20 {
                            pending = written > 0
                            continue
                        }
                        if pending {
                            output[written] = 0x20
                            written += 1
                            pending = false
                        }
                        output[written] = byte
                        written += 1
                    }
                    return written
                }
            )
        }
    }

    // MARK: Unicode

    private static func enforceUnicode(_ raw: String) -> Result<String, ValidationError> {
        let tables = UnicodeData.shared
        let input = scalars(of: raw, tables: tables, tracking: false)
        guard let enforced = map(input, tables: tables) else {
            return .failure(ValidationError([problem(.unstableMapping)]))
        }
        if enforced.count == 0 { return .failure(ValidationError([problem(.emptyAfterMapping)])) }
        var problems: [ValidationError.Problem] = []
        if let first = FreeformClass.firstViolations(enforced, tables: tables), !first.isEmpty {
            // Where each offending character came from in the name as given: the mapping again,
            // this time keeping every scalar's origin.
            let traced = map(scalars(of: raw, tables: tables, tracking: true), tables: tables) ?? enforced
            for violation in first {
                let position = Int(traced.source(at: violation.index)) + 1
                problems.append(problem(violation.detail(position: position)))
            }
        }
        if enforced.count > maximumLength {
            problems.append(problem(.tooLongAfterMapping(maximum: maximumLength, length: enforced.count)))
        }
        if !problems.isEmpty { return .failure(ValidationError(problems)) }
        return .success(string(enforced, unlessEqualTo: input, raw: raw))
    }

    /// The scalars of `raw`, those of each RGI emoji sequence marked as protected.
    private static func scalars(of raw: String, tables: UnicodeData, tracking: Bool) -> ScalarBuffer {
        var values: [UInt32] = []
        values.reserveCapacity(raw.utf8.count)
        for scalar in raw.unicodeScalars { values.append(scalar.value) }
        var buffer = ScalarBuffer(tracking: tracking, capacity: values.count)
        var index = 0
        while index < values.count {
            let length = EmojiSequences.match(values, at: index, tables: tables)
            if length == 0 {
                buffer.append(values[index], source: Int32(index))
                index += 1
            } else {
                for offset in 0..<length {
                    buffer.append(values[index + offset] | ScalarBuffer.protectedBit, source: Int32(index + offset))
                }
                index += length
            }
        }
        return buffer
    }

    /// The rules applied until stable as RFC 8266 orders it (three passes, the third a check),
    /// or `nil` when the second and third passes differ.
    private static func map(_ input: ScalarBuffer, tables: UnicodeData) -> ScalarBuffer? {
        var first = input
        applyRules(&first, tables: tables)
        // A result without non-ASCII spaces, spaces to trim or collapse, or anything NFKC could
        // change is its own image: the other passes would give it back.
        if isFixedPoint(first, tables: tables) { return first }
        var second = first
        applyRules(&second, tables: tables)
        var third = second
        applyRules(&third, tables: tables)
        return third == second ? second : nil
    }

    /// One pass: non-ASCII spaces to U+0020, trimmed and collapsed, then NFKC.
    private static func applyRules(_ buffer: inout ScalarBuffer, tables: UnicodeData) {
        var spaced = ScalarBuffer(tracking: buffer.tracksSources, capacity: buffer.count)
        var pending: Int32? = nil
        for index in 0..<buffer.count {
            var scalar = buffer.scalars[index]
            if scalar >= 0xA0 && scalar & ScalarBuffer.protectedBit == 0 && tables.record(scalar).isNonASCIISpace {
                scalar = 0x20
            }
            if scalar == 0x20 {
                if spaced.count > 0 && pending == nil { pending = buffer.source(at: index) }
                continue
            }
            if let source = pending {
                spaced.append(0x20, source: source)
                pending = nil
            }
            spaced.append(scalar, source: buffer.source(at: index))
        }
        if CompatibilityNormalization.mayChange(spaced, tables: tables) {
            CompatibilityNormalization.normalize(&spaced, tables: tables)
        }
        buffer = spaced
    }

    private static func isFixedPoint(_ buffer: ScalarBuffer, tables: UnicodeData) -> Bool {
        guard buffer.count > 0 else { return true }
        if buffer.scalars[0] == 0x20 || buffer.scalars[buffer.count - 1] == 0x20 { return false }
        var previousSpace = false
        for scalar in buffer.scalars {
            if scalar == 0x20 {
                if previousSpace { return false }
                previousSpace = true
                continue
            }
            previousSpace = false
            if scalar >= 0xA0 && scalar & ScalarBuffer.protectedBit == 0 {
                let record = tables.record(scalar)
                if record.isNonASCIISpace || record.mayChangeUnderNFKC { return false }
            }
        }
        return true
    }

    /// `buffer` as a string: `raw` itself when nothing changed.
    private static func string(_ buffer: ScalarBuffer, unlessEqualTo input: ScalarBuffer, raw: String) -> String {
        if buffer == input { return raw }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(buffer.count * 3)
        for index in 0..<buffer.count {
            let value = buffer.value(at: index)
            // Every value is a scalar: what the mapping makes of scalars.
            let scalar = Unicode.Scalar(value)!
            UTF8.encode(scalar) { bytes.append($0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func problem(_ detail: ValidationError.DisplayNameDetail) -> ValidationError.Problem {
        ValidationError.Problem(field: .displayName, detail)
    }

    private static func problem(_ detail: ValidationError.FieldDetail) -> ValidationError.Problem {
        ValidationError.Problem(field: .displayName, detail)
    }
}
