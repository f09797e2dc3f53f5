public import KiiIdentity

/// Codes for problems with the input itself rather than with a value: the export reader's own
/// codes, beside the library's ``ValidationError/Code`` members.
extension ValidationError.Code {
    /// A line is not valid JSON.
    public static let malformedJSON = Self(rawValue: "malformed_json")
    /// A line is valid JSON but not an object.
    public static let notAnObject = Self(rawValue: "not_an_object")
    /// A member has the wrong JSON type (a number where a string is expected, ...).
    public static let wrongType = Self(rawValue: "wrong_type")
    /// A member or CSV column is not one the reader knows.
    public static let unknownField = Self(rawValue: "unknown_field")
    /// A line contains bytes that are not UTF-8.
    public static let invalidUTF8 = Self(rawValue: "invalid_utf8")
    /// A line is longer than the limit (1 MiB).
    public static let lineTooLong = Self(rawValue: "line_too_long")
    /// A CSV record breaks RFC 4180 (a stray or unterminated quote).
    public static let malformedCSV = Self(rawValue: "malformed_csv")
    /// A CSV record has more or fewer fields than the header.
    public static let columnCount = Self(rawValue: "column_count")
}

extension ValidationError.Field {
    /// Problems with a whole input line (not JSON, not an object, too long, not UTF-8).
    public static let line = Self(rawValue: "line")
}

extension ValidationError.Problem {
    /// The problem of a line over the default length limit.
    public static let lineTooLong = Self(
        field: .line,
        code: .lineTooLong,
        reason: "is longer than \(LineReader.defaultMaximumLineBytes) bytes"
    )
}
