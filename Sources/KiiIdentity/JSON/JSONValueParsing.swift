extension JSONValue {
    /// The longest JSON text read, in bytes (1 MiB, the `kii-identity` line limit): a longer
    /// one is `too_long` before any of it is read.
    public static let maximumTextBytes = 1 << 20

    /// How deep arrays and objects may nest (128); deeper is `nesting_too_deep`.
    public static let maximumNesting = 128

    /// Reads a JSON text exactly as RFC 8259 defines it, keeping every number's digits.
    ///
    /// Trailing commas, comments, single quotes, `NaN`/`Infinity`, leading zeros, unescaped
    /// control characters, invalid escapes and lone surrogates are `malformed_json`, the reason
    /// giving what and the column; a member repeated in any object is `duplicate_member`,
    /// naming it. A byte order mark is `malformed_json` unless `allowingByteOrderMark` (for
    /// the start of a file).
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"n": 12345678901234567890123}"#)
    /// value.description   // {"n":12345678901234567890123}
    /// ```
    ///
    /// - Parameters:
    ///   - text: one JSON text.
    ///   - allowingByteOrderMark: skip a UTF-8 byte order mark at the very start.
    ///   - maximumBytes: the longest text read; longer is `too_long`, its content unread.
    /// - Throws: ``ValidationError`` with one problem under ``ValidationError/Field/json``:
    ///   `too_long`, `malformed_json`, `duplicate_member`, `invalid_utf8`, `number_out_of_range`
    ///   or `nesting_too_deep`.
    /// - Complexity: O(*n*); O(1) past `maximumBytes` (`String.utf8.count` is the stored count
    ///   of a native string).
    public init(
        parsing text: String,
        allowingByteOrderMark: Bool = false,
        maximumBytes: Int = maximumTextBytes
    ) throws(ValidationError) {
        if text.utf8.count > maximumBytes { throw ValidationError([Self.tooLong(maximumBytes, field: .json)]) }
        self = try text.withUTF8Bytes { (bytes) throws(ValidationError) in
            try Self.parse(
                bytes,
                field: .json,
                allowingByteOrderMark: allowingByteOrderMark,
                maximumBytes: maximumBytes
            )
        }
    }

    /// Reads a JSON text given as UTF-8 bytes; see ``init(parsing:allowingByteOrderMark:maximumBytes:)-(String,_,_)``.
    public init(
        parsing bytes: [UInt8],
        allowingByteOrderMark: Bool = false,
        maximumBytes: Int = maximumTextBytes
    ) throws(ValidationError) {
        self = try bytes.withUnsafeBufferPointer { (bytes) throws(ValidationError) in
            try Self.parse(
                bytes,
                field: .json,
                allowingByteOrderMark: allowingByteOrderMark,
                maximumBytes: maximumBytes
            )
        }
    }

    /// The byte-level entry: the length first, then ``JSONParser``; problems under `field`.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        field: ValidationError.Field,
        allowingByteOrderMark: Bool = false,
        maximumBytes: Int = maximumTextBytes
    ) throws(ValidationError) -> JSONValue {
        if bytes.count > maximumBytes { throw ValidationError([tooLong(maximumBytes, field: field)]) }
        do throws(JSONSyntaxError) {
            return try JSONParser.parse(bytes, allowingByteOrderMark: allowingByteOrderMark)
        } catch {
            throw ValidationError([error.problem(in: bytes, field: field)])
        }
    }

    /// Reads a JSON text that must be an object: its members, or `not_an_object`.
    static func parseObject(
        _ bytes: UnsafeBufferPointer<UInt8>,
        field: ValidationError.Field,
        allowingByteOrderMark: Bool = false
    ) throws(ValidationError) -> [String: JSONValue] {
        let value = try parse(bytes, field: field, allowingByteOrderMark: allowingByteOrderMark)
        guard case .object(let members) = value else {
            throw ValidationError(field, .notAnObject)
        }
        return members
    }

    /// The members of a request or record body given as text, problems under
    /// ``ValidationError/Field/json``; a text past ``maximumTextBytes`` is `too_long` unread.
    static func object(parsing text: String) throws(ValidationError) -> [String: JSONValue] {
        if text.utf8.count > maximumTextBytes { throw ValidationError([tooLong(maximumTextBytes, field: .json)]) }
        return try text.withUTF8Bytes { (bytes) throws(ValidationError) in try parseObject(bytes, field: .json) }
    }

    /// The members of a request or record body given as UTF-8 bytes, as ``object(parsing:)-(String)``.
    static func object(parsing bytes: [UInt8]) throws(ValidationError) -> [String: JSONValue] {
        try bytes.withUnsafeBufferPointer { (bytes) throws(ValidationError) in try parseObject(bytes, field: .json) }
    }

    static func tooLong(_ maximum: Int, field: ValidationError.Field) -> ValidationError.Problem {
        ValidationError.Problem(field: field, .tooLong(maximum: maximum, unit: .bytes))
    }
}
