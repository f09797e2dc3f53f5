/// A username: 3 to 64 ASCII letters, digits, `_`, `-` or `.`.
///
/// The normalised form (Kii's `loginName`, and the uniqueness key) is ASCII-lowercased, so
/// `User_1` and `user_1` are the same user and compare equal. Digits-only is allowed.
///
/// ```swift
/// let name = try Username("User_123456")
/// name.normalized   // "user_123456"
/// Username.isValid("a b")   // false
/// ```
public struct Username: IdentityField, ReportingField {
    /// The allowed lengths, in characters (bytes).
    public static let lengths = 3...64

    /// Problems are reported under `loginName`.
    public static var field: ValidationError.Field { .username }

    static let allowed = ByteSet {
        ByteSet.alphanumerics.contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            || $0 == UInt8(ascii: ".")
    }

    /// The username as it was given.
    public let rawValue: String

    /// The ASCII-lowercased username: `loginName`, and the uniqueness key.
    public let normalized: String

    /// Whether a byte of ``normalized`` has a confusable skeleton other than itself: when not,
    /// ``lookalikeKey`` is ``normalized``. Found in the pass that validates the bytes.
    @usableFromInline
    let hasLookalikeBytes: Bool

    /// Validates a username.
    ///
    /// - Throws: ``ValidationError`` with `missing`, `too_short`, `too_long` or `invalid_character`.
    /// - Complexity: O(*n*), O(1) past the maximum length.
    public init(_ raw: String) throws(ValidationError) {
        var problems: [ValidationError.Problem] = []
        guard let name = Self(raw, reporting: &problems) else { throw ValidationError(problems) }
        self = name
    }

    /// Validates a username, its problems appended to `problems` (see ``ReportingField``).
    init?(_ raw: String, reporting problems: inout [ValidationError.Problem]) {
        let found = problems.count
        let marks = raw.withUTF8Bytes { bytes in
            Self.diagnose(bytes, into: &problems)
            return problems.count == found ? UsernameLookalikes.marks(bytes) : nil
        }
        guard let marks else { return nil }
        rawValue = raw
        // Already lowercase (the usual case): the same string, not a copy.
        normalized = marks.hasCapital ? raw.withUTF8Bytes(FieldChecks.asciiLowercased) : raw
        hasLookalikeBytes = marks.hasLookalikeByte
    }

    /// Whether `raw` is a valid username. Allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: lengths.upperBound, isValidBytes)
    }

    /// `allowed`, 16 bytes at a time: letters, `-`...`9` but `/`, and `_`.
    @usableFromInline
    static func isValidBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        lengths.contains(bytes.count)
            && ByteChunks.allSatisfy(bytes) { chunk in
                ByteChunks.letters(chunk)
                    .| (ByteChunks.lanes(of: chunk, in: 0x2D...0x39) .& .!ByteChunks.lanes(of: chunk, equalTo: 0x2F))
                    .| ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "_"))
            }
    }

    /// Appends what is wrong with `bytes` to `problems`: the length, then the characters
    /// (not inspected when empty or too long).
    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>, into problems: inout [ValidationError.Problem]) {
        FieldChecks.lengthAndCharacters(
            bytes,
            lengths: lengths,
            allowed: allowed,
            allowedCharacters: .username,
            field: field,
            into: &problems
        )
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.normalized == rhs.normalized }

    public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

    public var description: String { rawValue }
}
