/// ``PasswordPolicy/nist``'s checks, in order: the size of the input (past
/// ``PasswordPolicy/maximumInputBytes`` refused before any work), RFC 8265's OpaqueString
/// (non-ASCII spaces to U+0020, then NFKC, NIST's choice, which equals NFKC of OpaqueString's NFC
/// form; FreeformClass), the length in code points once normalised, then, for a password whose
/// characters and length are right, the blocklist, the context words and the patterns
/// (``PasswordPatterns``). Every problem found is reported.
enum NISTPasswordRule {
    /// The enforced password (what is stored and hashed), or its problems.
    static func enforce(
        _ raw: String,
        minimumLength: Int,
        blocklist: PasswordBlocklist,
        context: PasswordContext
    ) -> Result<String, ValidationError> {
        switch prepare(raw, minimumLength: minimumLength) {
        case .success(let prepared): judge(prepared, blocklist: blocklist, contextWords: context.foldedWords)
        case .failure(let error): .failure(error)
        }
    }

    /// A password whose characters and length are right: its enforced form and its folded one.
    struct Prepared {
        let enforced: String
        let folded: [UInt8]
        /// The folded code points when the password is not ASCII (empty when it is).
        let foldedScalars: [UInt32]
    }

    /// The checks of the characters and the length: the password ready to be judged, or its
    /// problems (a record's words need folding only past here).
    static func prepare(_ raw: String, minimumLength: Int) -> Result<Prepared, ValidationError> {
        if raw.isEmpty { return .failure(ValidationError([problem(ValidationError.FieldDetail.missing)])) }
        let maximum = PasswordPolicy.maximumLength
        if raw.utf8.count > PasswordPolicy.maximumInputBytes {
            return .failure(
                ValidationError([problem(ValidationError.FieldDetail.tooLong(maximum: maximum, unit: .characters))])
            )
        }
        var problems: [ValidationError.Problem] = []
        let enforced: String
        let folded: [UInt8]
        var foldedScalars: [UInt32] = []
        let length: Int
        if raw.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) {
            // Printable ASCII: nothing to map, nothing refused; one code point a byte.
            enforced = raw
            folded = raw.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
            length = folded.count
        } else {
            let tables = UnicodeData.shared
            let buffer = mappedAndNormalized(raw, tables: tables)
            if let violations = FreeformClass.firstViolations(buffer, tables: tables) {
                for violation in violations {
                    let position = Int(buffer.source(at: violation.index)) + 1
                    problems.append(problem(detail(violation, position: position)))
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(buffer.count * 3)
            for value in buffer.scalars {
                if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { bytes.append($0) } }
            }
            enforced = String(decoding: bytes, as: UTF8.self)
            folded = PasswordFolding.fold(enforced).bytes
            foldedScalars = String(decoding: folded, as: UTF8.self).unicodeScalars.map(\.value)
            length = buffer.count
        }
        if length < minimumLength {
            problems.append(problem(ValidationError.FieldDetail.tooShort(minimum: minimumLength, unit: .characters)))
        } else if length > maximum {
            problems.append(problem(ValidationError.FieldDetail.tooLong(maximum: maximum, unit: .characters)))
        }
        if !problems.isEmpty { return .failure(ValidationError(problems)) }
        return .success(Prepared(enforced: enforced, folded: folded, foldedScalars: foldedScalars))
    }

    /// The blocklist, the context's folded words and the patterns, on a prepared password.
    static func judge(
        _ prepared: Prepared,
        blocklist: PasswordBlocklist,
        contextWords: [PasswordContext.Word]
    ) -> Result<String, ValidationError> {
        let folded = prepared.folded
        let foldedScalars = prepared.foldedScalars
        var problems: [ValidationError.Problem] = []
        let foldedLength = foldedScalars.isEmpty ? folded.count : foldedScalars.count
        if folded.withUnsafeBufferPointer({ blocklist.contains(folded: $0, codePoints: foldedLength) }) {
            problems.append(problem(ValidationError.PasswordDetail.commonPassword))
        }
        if PasswordContextMatch.matches(folded: folded, words: contextWords) {
            problems.append(problem(ValidationError.PasswordDetail.containsContextWord))
        }
        let patterned =
            foldedScalars.isEmpty
            ? PasswordPatterns.matches(folded.lazy.map { UInt32($0) }) : PasswordPatterns.matches(foldedScalars)
        if patterned {
            problems.append(problem(ValidationError.PasswordDetail.repetitiveOrSequential))
        }
        if !problems.isEmpty { return .failure(ValidationError(problems)) }
        return .success(prepared.enforced)
    }

    /// `raw`'s scalars with non-ASCII spaces mapped to U+0020, then in NFKC, each tracking the
    /// position it came from.
    static func mappedAndNormalized(_ raw: String, tables: UnicodeData) -> ScalarBuffer {
        var buffer = ScalarBuffer(tracking: true, capacity: raw.utf8.count)
        var index: Int32 = 0
        for scalar in raw.unicodeScalars {
            let value = scalar.value
            let mapped = value >= 0xA0 && tables.record(value).isNonASCIISpace ? 0x20 : value
            buffer.append(mapped, source: index)
            index += 1
        }
        if CompatibilityNormalization.mayChange(buffer, tables: tables) {
            CompatibilityNormalization.normalize(&buffer, tables: tables)
        }
        return buffer
    }

    /// `typed` in the form ``enforce(_:minimumLength:blocklist:context:)`` stores, judging
    /// nothing (``PasswordPolicy/normalized(_:)``).
    static func normalized(_ typed: String) -> String {
        if typed.utf8.count > PasswordPolicy.maximumInputBytes || typed.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) {
            return typed
        }
        let buffer = mappedAndNormalized(typed, tables: UnicodeData.shared)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(buffer.count * 3)
        for value in buffer.scalars {
            if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { bytes.append($0) } }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The password's detail for a character the FreeformClass refuses: its position only.
    private static func detail(_ violation: FreeformClass.Violation, position: Int) -> ValidationError.PasswordDetail {
        if violation.rule != nil { return .disallowedCharacter(position: position) }
        switch violation.verdict {
        case .control: return .controlCharacter(position: position)
        case .bidiControl: return .bidiControl(position: position)
        case .invisible: return .invisibleCharacter(position: position)
        case .unassigned: return .unassignedCharacter(position: position)
        case .otherDisallowed, .allowed, .contextJ, .contextO: return .disallowedCharacter(position: position)
        }
    }

    private static func problem(_ detail: some ValidationError.Detail) -> ValidationError.Problem {
        ValidationError.Problem(field: .password, detail)
    }
}

/// Whether a folded password holds a folded context word: the password and each word in the
/// username lookalike skeleton, the password containing the word (or equal to it), or the word
/// read backwards (its code points in reverse order, then in the skeleton).
enum PasswordContextMatch {
    static func matches(folded: [UInt8], words: [PasswordContext.Word]) -> Bool {
        guard !words.isEmpty else { return false }
        let skeleton = PasswordFolding.skeleton(folded)
        for word in words where contains(skeleton, word.forwards) || contains(skeleton, word.backwards) { return true }
        return false
    }

    /// Whether `bytes` holds `word` (bytes of UTF-8: a match starts at a character).
    static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard !word.isEmpty, word.count <= bytes.count else { return false }
        let first = word[0]
        for start in 0...(bytes.count - word.count) where bytes[start] == first {
            var offset = 1
            while offset < word.count && bytes[start + offset] == word[offset] { offset += 1 }
            if offset == word.count { return true }
        }
        return false
    }
}

/// The patterns ``PasswordPolicy/nist`` refuses, over the folded password's code points
/// `c[0] ... c[n-1]`:
/// - **repetitive**: for some period `k` of 1 to 4 with `n >= 2k`, `c[i] == c[i-k]` for every
///   `i` from `k` on: one unit of 1 to 4 characters repeated, the last repetition possibly cut
///   short (`aaaaaaaaaaaaaaa`, `abcabcabcabcabca`);
/// - **sequential**: `n >= 3` and `c[i] == c[i-1] + 1` for every `i` from 1 on, or
///   `c[i] == c[i-1] - 1` for every one: one run of consecutive code points up or down
///   (`abcdefghijklmnop`, `987654321`, `ｑｒｓ…` once NFKC makes it `qrs…`).
enum PasswordPatterns {
    /// The longest unit a repetitive password repeats.
    static let longestUnit = 4

    /// Whether `scalars` are repetitive or sequential.
    static func matches<Scalars: RandomAccessCollection<UInt32>>(_ scalars: Scalars) -> Bool
    where Scalars.Index == Int {
        isRepetitive(scalars) || isSequential(scalars)
    }

    static func isRepetitive<Scalars: RandomAccessCollection<UInt32>>(_ scalars: Scalars) -> Bool
    where Scalars.Index == Int {
        let count = scalars.count
        for period in 1...longestUnit where count >= 2 * period {
            var index = period
            while index < count && scalars[index] == scalars[index - period] { index += 1 }
            if index == count { return true }
        }
        return false
    }

    static func isSequential<Scalars: RandomAccessCollection<UInt32>>(_ scalars: Scalars) -> Bool
    where Scalars.Index == Int {
        guard scalars.count >= 3 else { return false }
        for step: UInt32 in [1, 0xFFFF_FFFF] {
            var index = 1
            while index < scalars.count && scalars[index] == scalars[index - 1] &+ step { index += 1 }
            if index == scalars.count { return true }
        }
        return false
    }
}
