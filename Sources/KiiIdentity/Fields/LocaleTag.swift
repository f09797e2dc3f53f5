/// A locale: a well-formed BCP 47 language tag (RFC 5646 syntax), at most 64 characters.
///
/// Well-formed means the RFC's ABNF: language (with up to three extlangs), script, region,
/// variants, extensions and private use, or one of the 26 grandfathered tags. Subtags are not
/// checked against the IANA registry. Tags compare case-insensitively; the normalised form uses
/// the RFC's case conventions: language lowercase, script title case, region uppercase, and
/// everything after a singleton lowercase.
///
/// ```swift
/// try LocaleTag("EN-us").normalized        // "en-US"
/// try LocaleTag("zh-hant-tw").normalized   // "zh-Hant-TW"
/// ```
public struct LocaleTag: IdentityField {
    /// The allowed lengths, in characters (bytes).
    public static let lengths = 1...64

    /// Problems are reported under `locale`.
    public static var field: ValidationError.Field { .locale }

    static let allowed = ByteSet { ByteSet.alphanumerics.contains($0) || $0 == UInt8(ascii: "-") }

    /// The 26 grandfathered tags of RFC 5646 section 2.2.8, in canonical case.
    static let grandfathered = [
        "en-GB-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
        "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-BE-FR", "sgn-BE-NL", "sgn-CH-DE",
        "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan",
        "zh-xiang",
    ]

    /// The tag as given.
    public let rawValue: String

    /// The tag in the RFC's canonical case: `en-US`, `zh-Hant-TW`, `de-CH-1901`, `en-a-bbb-x-priv`.
    public let normalized: String

    /// Validates a language tag.
    ///
    /// - Throws: ``ValidationError`` with `missing`, `too_long`, `invalid_character` or
    ///   `malformed_language_tag` (naming the first subtag that does not fit).
    /// - Complexity: O(*n*), O(1) past 64 characters.
    public init(_ raw: String) throws(ValidationError) {
        let problems = raw.withUTF8Bytes(Self.diagnose)
        guard problems.isEmpty else { throw ValidationError(problems) }
        rawValue = raw
        normalized = raw.withUTF8Bytes(Self.canonicalCase)
    }

    /// Whether `raw` is a well-formed language tag of at most 64 characters. Allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: lengths.upperBound, isValidBytes)
    }

    @usableFromInline
    static func isValidBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        lengths.contains(bytes.count) && allowed.containsAll(bytes)
            && (firstMisfit(bytes) == nil || isGrandfathered(bytes))
    }

    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>) -> [ValidationError.Problem] {
        let length = FieldChecks.length(bytes.count, lengths, field: field)
        if length.stop { return [length.problem!] }
        if let bad = FieldChecks.characters(
            bytes,
            allowed: allowed,
            allowedCharacters: .locale,
            field: field
        ) {
            return [bad]
        }
        guard let misfit = firstMisfit(bytes), !isGrandfathered(bytes) else { return [] }
        let detail: ValidationError.FieldDetail
        if misfit.lowerBound == bytes.count {
            detail = .languageTagEndsEarly
        } else if misfit.isEmpty {
            detail = .emptySubtag(position: misfit.lowerBound + 1)
        } else {
            detail = .misplacedSubtag(String(decoding: bytes[misfit], as: UTF8.self), position: misfit.lowerBound + 1)
        }
        return [ValidationError.Problem(field: field, detail)]
    }

    static func isGrandfathered(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        grandfatheredTag(bytes) != nil
    }

    /// The grandfathered tag `bytes` spells, in any case, as the registry writes it.
    static func grandfatheredTag(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        grandfathered.first { tag in
            tag.utf8.count == bytes.count && zip(tag.utf8, bytes).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
    }

    /// The byte range of the first subtag that breaks the RFC 5646 `langtag` / `privateuse`
    /// grammar (an empty range at the end when a subtag is missing), or `nil` when it is well formed.
    ///
    /// Expects only letters, digits and `-`.
    static func firstMisfit(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var reader = SubtagReader(bytes: bytes)
        guard var subtag = reader.next() else { return 0..<0 }

        func isAlpha(_ range: Range<Int>) -> Bool { range.allSatisfy { ByteSet.letters.contains(bytes[$0]) } }
        func isDigits(_ range: Range<Int>) -> Bool { range.allSatisfy { ByteSet.digits.contains(bytes[$0]) } }
        func isPrivateUsePrefix(_ range: Range<Int>) -> Bool {
            range.count == 1 && bytes[range.lowerBound] | 0x20 == UInt8(ascii: "x")
        }

        // privateuse = "x" 1*("-" (1*8alphanum)), both as a whole tag and at the end of a langtag.
        func privateUse(from xSubtag: Range<Int>) -> Range<Int>? {
            var count = 0
            while let next = reader.next() {
                guard (1...8).contains(next.count) else { return next }
                count += 1
            }
            return count == 0 ? bytes.count..<bytes.count : nil
        }

        if isPrivateUsePrefix(subtag) { return privateUse(from: subtag) }

        // language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
        guard (2...8).contains(subtag.count), isAlpha(subtag) else { return subtag }
        let languageLength = subtag.count
        guard let afterLanguage = reader.next() else { return nil }
        subtag = afterLanguage

        // extlang = 3ALPHA *2("-" 3ALPHA), only after a 2-3 letter language.
        if languageLength <= 3 {
            var extlangs = 0
            while extlangs < 3, subtag.count == 3, isAlpha(subtag) {
                extlangs += 1
                guard let next = reader.next() else { return nil }
                subtag = next
            }
        }
        // script = 4ALPHA
        if subtag.count == 4, isAlpha(subtag) {
            guard let next = reader.next() else { return nil }
            subtag = next
        }
        // region = 2ALPHA / 3DIGIT
        if (subtag.count == 2 && isAlpha(subtag)) || (subtag.count == 3 && isDigits(subtag)) {
            guard let next = reader.next() else { return nil }
            subtag = next
        }
        // variant = 5*8alphanum / (DIGIT 3alphanum)
        while (5...8).contains(subtag.count) || (subtag.count == 4 && isDigits(subtag.prefix(1))) {
            guard let next = reader.next() else { return nil }
            subtag = next
        }
        // extension = singleton 1*("-" (2*8alphanum)); singleton is any alphanum but x.
        while subtag.count == 1, !isPrivateUsePrefix(subtag) {
            var count = 0
            while true {
                guard let next = reader.next() else { return count == 0 ? bytes.count..<bytes.count : nil }
                guard (2...8).contains(next.count) else {
                    if count == 0 { return next }
                    subtag = next
                    break
                }
                count += 1
            }
        }
        if isPrivateUsePrefix(subtag) { return privateUse(from: subtag) }
        return subtag
    }

    /// The RFC 5646 section 2.1.1 case conventions.
    static func canonicalCase(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let tag = grandfatheredTag(bytes) { return tag }
        var output = [UInt8](repeating: 0, count: bytes.count)
        forEachCanonicalByte(bytes) { index, byte in output[index] = byte }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a well-formed tag is already in the canonical case, as ``normalized`` is:
    /// ``canonicalCase(_:)`` without building the string.
    static func isCanonicalCase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let tag = grandfatheredTag(bytes) { return tag.utf8.elementsEqual(bytes) }
        var isCanonical = true
        forEachCanonicalByte(bytes) { index, byte in isCanonical = isCanonical && bytes[index] == byte }
        return isCanonical
    }

    /// Calls `body` with each index of a tag (not grandfathered) and its byte in the canonical
    /// case: language and everything after a singleton lowercase, a two-letter region
    /// uppercase, a four-letter script title case.
    private static func forEachCanonicalByte(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (Int, UInt8) -> Void
    ) {
        var reader = SubtagReader(bytes: bytes)
        var isFirst = true
        var afterSingleton = false
        while let subtag = reader.next() {
            if subtag.lowerBound > 0 { body(subtag.lowerBound - 1, UInt8(ascii: "-")) }
            // How many of its bytes are in capitals: a region's two, a script's first.
            let capitals: Int
            switch (!isFirst && !afterSingleton, subtag.count) {
            case (true, 2): capitals = 2
            case (true, 4): capitals = 1
            default: capitals = 0
            }
            let upperUntil = subtag.lowerBound + capitals
            for index in subtag {
                let byte = bytes[index]
                let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
                body(index, index < upperUntil && lower &- 0x61 < 26 ? lower - 0x20 : lower)
            }
            if subtag.count == 1 { afterSingleton = true }
            isFirst = false
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.normalized == rhs.normalized }

    public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

    public var description: String { normalized }
}

/// Walks the `-`-separated subtags of a tag as byte ranges (empty ranges for empty subtags).
private struct SubtagReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var finished = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next() -> Range<Int>? {
        guard !finished else { return nil }
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "-") { position += 1 }
        let range = start..<position
        if position == bytes.count { finished = true } else { position += 1 }
        return range
    }
}
