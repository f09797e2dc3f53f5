/// A display name: 1 to 50 Unicode scalar values, any content.
///
/// Length counts Unicode scalars, not UTF-16 units (the Kii SDKs' count) nor grapheme
/// clusters: `"👍🏽"` is 2, `"e\u{301}"` is 2. The normalised form is the name as given.
///
/// ```swift
/// try DisplayName("山田 太郎").normalized   // "山田 太郎"
/// ```
public struct DisplayName: IdentityField {
    /// The allowed lengths, in Unicode scalar values.
    public static let lengths = 1...50

    /// Problems are reported under `displayName`.
    public static var field: ValidationError.Field { .displayName }

    /// A UTF-8 scalar takes at most 4 bytes: past this many bytes a name is too long, whatever it holds.
    @usableFromInline
    static let maximumBytes = lengths.upperBound * 4

    /// The name as given.
    public let rawValue: String

    /// The name as given (display names are not normalised).
    public var normalized: String { rawValue }

    /// Validates a display name.
    ///
    /// - Throws: ``ValidationError`` with `missing` or `too_long`.
    /// - Complexity: O(*n*) up to 200 bytes, O(1) past them.
    public init(_ raw: String) throws(ValidationError) {
        if let problem = Self.lengthProblem(raw) { throw ValidationError([problem]) }
        rawValue = raw
    }

    /// Whether `raw` is a valid display name. Allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: maximumBytes, hasAllowedLength)
    }

    @usableFromInline
    static func hasAllowedLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count <= maximumBytes && lengths.contains(scalarCount(bytes))
    }

    static func scalarCount(_ raw: String) -> Int {
        let bytes = raw.utf8.count
        if bytes > maximumBytes { return bytes }  // more than enough to be too long
        return raw.withUTF8Bytes(scalarCount)
    }

    /// The number of scalars in well-formed UTF-8 (the bytes that do not continue a scalar).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    static func lengthProblem(_ raw: String) -> ValidationError.Problem? {
        FieldChecks.length(scalarCount(raw), lengths, field: field).problem
    }

    public var description: String { rawValue }
}
