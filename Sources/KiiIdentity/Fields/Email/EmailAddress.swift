/// An email address under Kii's documented rule.
///
/// ASCII only, at most 200 characters, exactly one `@`. The local part is 1 to 64 letters,
/// digits, `.`, `_`, `%`, `+` or `-`, with no `.` at either end and no `..`. The domain has two
/// or more `.`-separated labels of 1 to 63 letters, digits and `-`, no label starts or ends
/// with `-`, and the last label is not all digits.
///
/// The normalised form (Kii's `emailAddress`) lowercases the domain and keeps the local part
/// exactly as given. The uniqueness key (``key``) lowercases the whole address: `Bob@example.com`
/// and `bob@example.com` are one mailbox to a service, as mailbox providers treat them (RFC 5321
/// lets a receiving server fold a local part's case).
///
/// ```swift
/// let email = try EmailAddress("User_123456@Example.COM")
/// email.normalized   // "User_123456@example.com"
/// email.key          // "user_123456@example.com"
/// ```
public struct EmailAddress: IdentityField {
    /// The allowed total length, in characters (bytes).
    public static let lengths = 1...200
    /// The allowed length of the part before `@`.
    public static let localPartLengths = 1...64
    /// The allowed length of one domain label.
    public static let labelLengths = 1...63

    /// Problems are reported under `emailAddress`.
    public static var field: ValidationError.Field { .emailAddress }

    static let localAllowed = ByteSet {
        ByteSet.alphanumerics.contains($0) || Array(".+_%-".utf8).contains($0)
    }
    static let domainAllowedWithDots = ByteSet {
        ByteSet.alphanumerics.contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }

    /// The address as it was given.
    public let rawValue: String

    /// The local part as given, `@`, and the domain lowercased: `emailAddress`, the address a
    /// service stores and answers.
    public let normalized: String

    /// The whole address ASCII-lowercased, local part included: the uniqueness key and the
    /// login lookup's key (``UniquenessKeys/email``), so that `BOB@example.com` and
    /// `bob@example.com` are one user. The address itself is still ``normalized``.
    ///
    /// - Complexity: O(*n*); an address without capitals is returned as it is, without a copy.
    public var key: String {
        normalized.withUTF8Bytes { bytes in
            FieldChecks.hasASCIICapital(bytes) ? FieldChecks.asciiLowercased(bytes) : nil
        } ?? normalized
    }

    /// The part before `@`, as given.
    public var localPart: Substring { normalized[..<normalized.utf8.lastIndex(of: UInt8(ascii: "@"))!] }

    /// The lowercased domain.
    public var domain: Substring {
        normalized[normalized.utf8.index(after: normalized.utf8.lastIndex(of: UInt8(ascii: "@"))!)...]
    }

    /// Validates an email address.
    ///
    /// - Throws: ``ValidationError`` listing every problem (`missing_at`, `consecutive_dots`, ...).
    /// - Complexity: O(*n*), O(1) past 200 characters.
    public init(_ raw: String) throws(ValidationError) {
        let problems = raw.withUTF8Bytes(Self.diagnose)
        guard problems.isEmpty else { throw ValidationError(problems) }
        rawValue = raw
        normalized =
            raw.withUTF8Bytes { bytes in
                let at = bytes.firstIndex(of: UInt8(ascii: "@"))!
                let domain = UnsafeBufferPointer(rebasing: bytes[(at + 1)...])
                // A lowercase domain (the usual case): the same string, not a copy.
                guard FieldChecks.hasASCIICapital(domain) else { return nil }
                return String(decoding: bytes[...at], as: UTF8.self) + FieldChecks.asciiLowercased(domain)
            } ?? raw
    }

    /// Whether `raw` is a valid email address. Allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: lengths.upperBound, isValidBytes)
    }

    /// The rule on UTF-8 bytes: position masks up to 64 bytes; past them, masks for the local
    /// part and one pass over the domain.
    ///
    /// Reads no static table (no `swift_once`), so callers need not retain the string they pass.
    @usableFromInline
    static func isValidBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        if count < 5 { return false }  // "a@b.c" is the shortest address
        // Length before content: past 200 bytes nothing is read.
        if count > lengths.upperBound { return false }
        if count > EmailMasks.maximumCount { return hasValidShapeLong(bytes) }
        return hasValidShape(EmailMasks(bytes), bytes)
    }

    /// The rule, from the masks of an address of 5 to 64 bytes: one test of all the masks
    /// ORed, then a look at the last label's digits.
    @inline(__always)
    private static func hasValidShape(_ masks: EmailMasks, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let at = masks.at
        let dots = masks.dots
        let last = UInt64(1) &<< (bytes.count &- 1)
        let afterAt = ~((at << 1) &- 1)  // the domain's bits (none without an '@')
        let separators = dots | at
        // A '-' just after a separator or just before one: a label's edge, in the domain.
        let hyphenEdges = (separators << 1 & masks.hyphens) | (masks.hyphens << 1 & separators)
        // Every misplaced byte, ORed: one test instead of a branch a rule.
        let misplaced =
            at & (at &- 1) | at & 1  // a second '@', or an '@' first (the local part is 1 to 63 bytes)
            | masks.localOnly & afterAt  // '+', '_' or '%' after '@'
            | dots & (dots >> 1)  // ".." anywhere, an empty label included
            | dots & (1 | at >> 1 | at << 1)  // '.' first, just before '@' or just after it
            | (dots | masks.hyphens) & last  // the domain ends with '.' or '-'
            | hyphenEdges & afterAt
        let twoLabels = dots & afterAt != 0  // and an '@'
        let wellFormed = masks.allAllowed && misplaced == 0 && twoLabels
        // Labels are at most 62 bytes here, within the limit of 63; the last one is not all
        // digits: the first byte from the end that is not a digit is not the last '.'.
        guard wellFormed else { return false }
        var index = bytes.count - 1
        while bytes[index] &- 0x30 < 10 { index -= 1 }  // stops at '@' at the latest
        return bytes[index] != UInt8(ascii: ".")
    }

    /// The structure of an address of 65 to 200 bytes: its local part (at most 64 bytes, so
    /// its `@` is among the first 65) from the masks of the first 64 bytes, its domain in one
    /// pass.
    private static func hasValidShapeLong(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = EmailMasks(UnsafeBufferPointer(rebasing: bytes[..<EmailMasks.maximumCount]))
        let at: Int
        if head.at != 0 {
            at = head.at.trailingZeroBitCount
        } else if bytes[EmailMasks.maximumCount] == UInt8(ascii: "@") {
            at = EmailMasks.maximumCount
        } else {
            return false  // a local part of more than 64 bytes, or no '@'
        }
        let local = at == UInt64.bitWidth ? UInt64.max : (UInt64(1) &<< at) &- 1
        let dots = head.dots & local
        // An empty local part, '.' first, last, or twice in a row.
        let misplacedDots = dots & 1 | dots & (dots >> 1) | dots & (UInt64(1) &<< (at &- 1))
        // The first 64 bytes' classes are in the masks already; the rest's are read here.
        let rest = UnsafeBufferPointer(rebasing: bytes[EmailMasks.maximumCount...])
        guard at > 0, misplacedDots == 0, head.allAllowed,
            ByteChunks.allSatisfy(rest, { EmailMasks.allowedLanes($0) })
        else { return false }
        return hasValidDomainScanning(UnsafeBufferPointer(rebasing: bytes[(at + 1)...]))
    }

    /// The domain of an address of allowed bytes, in one pass.
    private static func hasValidDomainScanning(_ domain: UnsafeBufferPointer<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        let hyphen = UInt8(ascii: "-")
        var labels = 0
        var labelLength = 0
        var labelAllDigits = true
        var previous = dot
        for byte in domain {
            if byte == dot {
                if labelLength == 0 || previous == hyphen { return false }
                labels += 1
                labelLength = 0
                labelAllDigits = true
            } else {
                // Allowed bytes only: letters, digits and '-' here, not '@', '+', '_' or '%'.
                let isDigit = byte &- 0x30 < 10
                let isLabelByte = isDigit || byte == hyphen || (byte | 0x20) &- 0x61 < 26
                if !isLabelByte || (labelLength == 0 && byte == hyphen) { return false }
                labelLength += 1
                if labelLength > labelLengths.upperBound { return false }
                labelAllDigits = labelAllDigits && isDigit
            }
            previous = byte
        }
        return labelLength > 0 && previous != hyphen && !labelAllDigits && labels >= 1
    }

    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>) -> [ValidationError.Problem] {
        let length = FieldChecks.length(bytes.count, lengths, field: field)
        if length.stop { return [length.problem!] }
        func problem(_ detail: ValidationError.FieldDetail) -> ValidationError.Problem {
            ValidationError.Problem(field: field, detail)
        }
        let at = UInt8(ascii: "@")
        let atCount = bytes.reduce(0) { $0 + ($1 == at ? 1 : 0) }
        if atCount == 0 { return [problem(.missingAt)] }
        if atCount > 1 { return [problem(.multipleAt(count: atCount))] }
        let atIndex = bytes.firstIndex(of: at)!
        let local = UnsafeBufferPointer(rebasing: bytes[..<atIndex])
        let domain = UnsafeBufferPointer(rebasing: bytes[(atIndex + 1)...])
        // A position counts in the whole address: the domain's first character follows '@'.
        let domainOffset = CharacterDescription.position(in: bytes, of: atIndex + 1) - 1
        return diagnoseLocalPart(local, problem) + diagnoseDomain(domain, offset: domainOffset, problem)
    }

    private static func diagnoseLocalPart(
        _ local: UnsafeBufferPointer<UInt8>,
        _ problem: (ValidationError.FieldDetail) -> ValidationError.Problem
    ) -> [ValidationError.Problem] {
        let dot = UInt8(ascii: ".")
        if local.isEmpty { return [problem(.emptyLocalPart)] }
        var problems: [ValidationError.Problem] = []
        if local.count > localPartLengths.upperBound {
            problems.append(problem(.localPartTooLong(maximum: localPartLengths.upperBound)))
        }
        if let bad = FieldChecks.characters(
            local,
            allowed: localAllowed,
            allowedCharacters: .emailLocalPart,
            field: field
        ) {
            problems.append(bad)
        }
        if local.first == dot || local.last == dot {
            problems.append(problem(.localPartDotAtEdge))
        }
        if zip(local, local.dropFirst()).contains(where: { $0 == dot && $1 == dot }) {
            problems.append(problem(.consecutiveDots))
        }
        return problems
    }

    private static func diagnoseDomain(
        _ domain: UnsafeBufferPointer<UInt8>,
        offset: Int,
        _ problem: (ValidationError.FieldDetail) -> ValidationError.Problem
    ) -> [ValidationError.Problem] {
        if domain.isEmpty { return [problem(.emptyDomain)] }
        var problems: [ValidationError.Problem] = []
        if let bad = FieldChecks.characters(
            domain,
            allowed: domainAllowedWithDots,
            allowedCharacters: .emailDomain,
            field: field,
            positionOffset: offset
        ) {
            problems.append(bad)
        }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if labels.count < 2 {
            problems.append(problem(.domainNeedsTwoLabels))
        }
        if labels.contains(where: { $0.isEmpty }) {
            problems.append(problem(.emptyDomainLabel))
        }
        if labels.contains(where: { $0.count > labelLengths.upperBound }) {
            problems.append(problem(.domainLabelTooLong(maximum: labelLengths.upperBound)))
        }
        let hyphen = UInt8(ascii: "-")
        if labels.contains(where: { $0.first == hyphen || $0.last == hyphen }) {
            problems.append(problem(.domainLabelHyphenAtEdge))
        }
        if labels.count >= 2, let last = labels.last, !last.isEmpty, last.allSatisfy({ $0 &- 0x30 < 10 }) {
            problems.append(problem(.numericTopLevelDomain))
        }
        return problems
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.normalized == rhs.normalized }

    public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

    public var description: String { rawValue }
}
