/// A country: two ASCII capital letters naming a region libphonenumber supports.
///
/// The regions of the bundled libphonenumber metadata, 245 as in 8.12.57 (ISO 3166-1 alpha-2
/// codes plus a few such as `AC` and `XK`). It is how a local phone number is read. `jp` is
/// rejected with a reason that suggests `JP`; `XX` is rejected as unknown.
///
/// ```swift
/// try CountryCode("JP").countryCallingCode   // 81
/// CountryCode.isValid("jp")                  // false
/// ```
public struct CountryCode: IdentityField, ReportingField, Comparable {
    /// Problems are reported under `country`.
    public static var field: ValidationError.Field { .country }

    /// Every supported region code, sorted.
    public static var allSupported: [String] { RegionTable.bundled.regions.map(\.code) }

    /// The code, such as `JP`.
    public let rawValue: String

    /// The code (already canonical: two capital letters).
    public var normalized: String { rawValue }

    /// The region's country calling code (81 for `JP`).
    public let countryCallingCode: Int

    /// Validates a country code.
    ///
    /// - Throws: ``ValidationError`` with `missing`, `too_long` (past 2 bytes, content not inspected),
    ///   `invalid_format`, `not_uppercase` or `unknown_region`.
    public init(_ raw: String) throws(ValidationError) {
        var problems: [ValidationError.Problem] = []
        guard let country = Self(raw, reporting: &problems) else { throw ValidationError(problems) }
        self = country
    }

    /// Validates a country code, its problems appended to `problems` (see ``ReportingField``).
    init?(_ raw: String, reporting problems: inout [ValidationError.Problem]) {
        guard let region = raw.withUTF8Bytes({ RegionTable.bundled.region($0) }) else {
            raw.withUTF8Bytes { bytes in Self.diagnose(bytes, into: &problems) }
            return nil
        }
        self.init(region)
    }

    /// Whether `raw` is a supported region code. Allocates nothing.
    ///
    /// Inlined into the caller with the region table (`RegionTable.contains`): no call at all, so
    /// the caller does not even retain its string (a call would cost more than the check:
    /// Performance.md, "Figures behind the code's choices").
    @inlinable @inline(__always)
    public static func isValid(_ raw: String) -> Bool {
        raw.utf8Satisfies(maximumBytes: 2, RegionTable.contains)
    }

    /// Appends what is wrong with a country that is not a supported region to `problems`.
    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>, into problems: inout [ValidationError.Problem]) {
        self.problems(bytes, into: &problems) { ValidationError.Problem(field: field, $0) }
    }

    /// Appends what is wrong with a country that is not a supported region to `problems`, each
    /// detail made a problem by `problem`: under `country`, or as a REST form's region prefix
    /// under `phoneNumber`.
    static func problems(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into problems: inout [ValidationError.Problem],
        _ problem: (ValidationError.FieldDetail) -> ValidationError.Problem
    ) {
        if bytes.isEmpty { return problems.report(problem(.missing)) }
        if bytes.count > 2 { return problems.report(problem(.tooLong(maximum: 2, unit: .letters))) }
        guard bytes.count == 2, ByteSet.letters.containsAll(bytes) else {
            return problems.report(problem(.invalidCountryFormat))
        }
        // Two bytes, written into the string's own (inline) storage.
        let upper = String(unsafeUninitializedCapacity: 2) { buffer in
            for index in 0..<2 { buffer[index] = bytes[index] &- 0x61 < 26 ? bytes[index] - 0x20 : bytes[index] }
            return 2
        }
        let known = RegionTable.bundled.region(upper) != nil
        if !ByteSet.upperCaseLetters.containsAll(bytes) {
            if known { return problems.report(problem(.notUppercase(suggestion: upper))) }
            problems.report(problem(.notUppercase(suggestion: nil)))
        }
        problems.report(problem(.unknownRegion(region: upper)))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// A country for a region of the table (already known to be supported).
    init(_ region: RegionTable.Region) {
        rawValue = region.code
        countryCallingCode = region.countryCallingCode
    }
}
