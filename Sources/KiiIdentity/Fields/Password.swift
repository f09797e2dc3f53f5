/// A password: 4 to 50 characters, each in U+0020 ... U+007E (space included, anywhere).
///
/// The length counts characters (Unicode scalars), so that a password of non-ASCII
/// characters within 50 is `invalid_character`, not `too_long` for its bytes.
///
/// A password is never normalised and never shown: its ``description``, debug description
/// and reflection say `<redacted>`, and its validation errors name positions, not characters.
/// Encoding writes the password itself (a request body needs it), so encode it only where it
/// belongs.
///
/// ```swift
/// let password = try Password("correct horse")
/// print(password)   // <redacted>
/// ```
public struct Password: IdentityField, ReportingField, CustomDebugStringConvertible, CustomReflectable {
    /// The allowed lengths, in characters (Unicode scalars; a valid password's are its bytes).
    public static let lengths = 4...50

    /// Problems are reported under `password`.
    public static var field: ValidationError.Field { .password }

    /// The password, exactly as given.
    public let rawValue: String

    /// The password, exactly as given (passwords are never normalised).
    public var normalized: String { rawValue }

    /// Validates a password.
    ///
    /// - Throws: ``ValidationError`` with `missing`, `too_short`, `too_long` or
    ///   `invalid_character` (with a position, never the character).
    /// - Complexity: O(*n*), O(1) past the maximum length.
    public init(_ raw: String) throws(ValidationError) {
        var problems: [ValidationError.Problem] = []
        guard let password = Self(raw, reporting: &problems) else { throw ValidationError(problems) }
        self = password
    }

    /// Validates a password, its problems appended to `problems` (see ``ReportingField``).
    init?(_ raw: String, reporting problems: inout [ValidationError.Problem]) {
        let found = problems.count
        raw.withUTF8Bytes { bytes in Self.diagnose(bytes, into: &problems) }
        guard problems.count == found else { return nil }
        rawValue = raw
    }

    /// A password a policy's rule has enforced (``init(_:policy:context:)``).
    init(enforced: String) { rawValue = enforced }

    /// Whether `raw` is a valid password. Allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: lengths.upperBound, isValidBytes)
    }

    @usableFromInline
    static func isValidBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        lengths.contains(bytes.count) && ByteChunks.allSatisfy(bytes) { ByteChunks.lanes(of: $0, in: 0x20...0x7E) }
    }

    /// Appends what is wrong with `bytes` to `problems`: the length in characters, then the
    /// characters (not inspected when empty or too long), by position only. Past 200 bytes
    /// (50 scalars of 4 bytes) the scalars are not counted: too long whatever they are.
    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>, into problems: inout [ValidationError.Problem]) {
        let characters =
            bytes.count > lengths.upperBound * 4 ? bytes.count : bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        let length = FieldChecks.length(characters, lengths, field: field)
        if let problem = length.problem { problems.report(problem) }
        if length.stop { return }
        if let problem = FieldChecks.characters(
            bytes,
            allowed: .printableASCII,
            allowedCharacters: .password,
            field: field,
            revealCharacter: false
        ) {
            problems.report(problem)
        }
    }

    /// `<redacted>`.
    public var description: String { "<redacted>" }

    /// `Password(<redacted>)`.
    public var debugDescription: String { "Password(<redacted>)" }

    /// A mirror with no children, so `dump` and `Mirror` show nothing of the password.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
