/// A display name: 1 to 50 Unicode scalar values, under a ``DisplayNamePolicy``.
///
/// Under ``DisplayNamePolicy/kii`` (the default, Kii Cloud's rule) any content is allowed and
/// the normalised form is the name as given. Under ``DisplayNamePolicy/nickname`` (RFC 8266,
/// for names shown to other people) spaces are trimmed and collapsed, the name is NFKC
/// normalised, and control, invisible, bidirectional-override and unassigned characters are
/// refused; the normalised form is the enforced name, and the 50-scalar limit applies to it.
///
/// Length counts Unicode scalars, not UTF-16 units (the Kii SDKs' count) nor grapheme
/// clusters: `"👍🏽"` is 2, `"e\u{301}"` is 2.
///
/// ```swift
/// try DisplayName("山田 太郎").normalized                          // "山田 太郎"
/// try DisplayName("  Ｙａｍａｄａ  ", policy: .nickname).normalized   // "Yamada"
/// try DisplayName("\u{202E}evil", policy: .nickname)              // throws bidi_control
/// ```
public struct DisplayName: IdentityField {
    /// The allowed lengths, in Unicode scalar values (under ``DisplayNamePolicy/nickname``, of
    /// the enforced name).
    public static let lengths = 1...50

    /// Problems are reported under `displayName`.
    public static var field: ValidationError.Field { .displayName }

    /// A UTF-8 scalar takes at most 4 bytes: past this many bytes a name is too long, whatever it holds.
    @usableFromInline
    static let maximumBytes = lengths.upperBound * 4

    /// The name as given, and the enforced name when the nickname policy changed it: one
    /// string's size either way, so that a record holding a name copies no more than before.
    private let storage: Storage

    private enum Storage: Sendable {
        /// The name as given is the one to store.
        case given(String)
        /// The nickname policy mapped the name: both forms, boxed.
        case enforced(Enforced)
    }

    private final class Enforced: Sendable {
        let raw: String
        let normalized: String

        init(raw: String, normalized: String) {
            self.raw = raw
            self.normalized = normalized
        }
    }

    /// The name as given.
    public var rawValue: String {
        switch storage {
        case .given(let name): name
        case .enforced(let enforced): enforced.raw
        }
    }

    /// The name to store and show: as given under ``DisplayNamePolicy/kii``, the enforced name
    /// under ``DisplayNamePolicy/nickname``.
    public var normalized: String {
        switch storage {
        case .given(let name): name
        case .enforced(let enforced): enforced.normalized
        }
    }

    /// Validates a display name under Kii's rule.
    ///
    /// - Throws: ``ValidationError`` with `missing` or `too_long`.
    /// - Complexity: O(*n*) up to 200 bytes, O(1) past them.
    public init(_ raw: String) throws(ValidationError) {
        if let problem = Self.lengthProblem(raw) { throw ValidationError([problem]) }
        storage = .given(raw)
    }

    /// Validates a display name under `policy`.
    ///
    /// - Throws: ``ValidationError``: under ``DisplayNamePolicy/kii`` `missing` or `too_long`;
    ///   under ``DisplayNamePolicy/nickname`` also `control_character`, `invisible_character`,
    ///   `bidi_control`, `unassigned_character`, `disallowed_character`, `context_rule`,
    ///   `empty_after_mapping` (each with the character's position and name) or `too_long`.
    /// - Complexity: O(*n*) up to 1,024 scalars, O(1) past them.
    public init(_ raw: String, policy: DisplayNamePolicy) throws(ValidationError) {
        switch policy {
        case .kii:
            if let problem = Self.lengthProblem(raw) { throw ValidationError([problem]) }
            storage = .given(raw)
        case .nickname:
            switch NicknameProfile.enforce(raw) {
            case .success(let enforced):
                // By bytes: `String`'s `==` is canonical equivalence, under which a decomposed name
                // equals its composed NFKC and would be stored as given.
                storage =
                    enforced.hasSameUTF8(as: raw) ? .given(raw) : .enforced(Enforced(raw: raw, normalized: enforced))
            case .failure(let error): throw error
            }
        }
    }

    /// Whether `raw` is a valid display name under Kii's rule. Allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: maximumBytes, hasAllowedLength)
    }

    /// Whether `raw` is a valid display name under `policy`.
    public static func isValid(_ raw: String, policy: DisplayNamePolicy) -> Bool {
        switch policy {
        case .kii: isValid(raw)
        case .nickname: (try? NicknameProfile.enforce(raw).get()) != nil
        }
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

    /// Equal when the stored forms are byte for byte: the same enforced name, whatever was typed.
    /// (Not `String`'s `==`, canonical equivalence: under ``DisplayNamePolicy/kii`` a decomposed
    /// and a composed name are two names, stored as two byte strings.)
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.normalized.hasSameUTF8(as: rhs.normalized) }

    /// Hashes the stored form's bytes (with its length), as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        normalized.withUTF8Bytes { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    public var description: String { normalized }

    /// Encodes the normalised form, the one stored (decoded under Kii's rule: a stored name was
    /// enforced when it was stored).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(normalized)
    }
}
