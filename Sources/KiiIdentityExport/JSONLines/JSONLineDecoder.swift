public import KiiIdentity

/// Reads one line of JSON Lines input, or says what is wrong with the line.
///
/// Every line goes through the library's one JSON reader
/// (KiiIdentity's `JSONValue(parsing:)`): RFC 8259
/// exactly, a repeated member refused, numbers kept digit for digit. There is no second, lenient
/// path to disagree with it. The reasons never quote the input (a member name at most), so a
/// password on a broken line cannot leak through them.
public struct JSONLineDecoder: Sendable {
    /// A decoder; one may serve many lines, from any thread.
    public init() {}

    /// The members of the JSON object on a line (a byte order mark that starts the input is
    /// dropped by ``LineReader``; here, as anywhere in a line, one is `malformed_json`).
    ///
    /// - Returns: the members, or an error with one problem under `line`: `too_long`,
    ///   `invalid_utf8`, `malformed_json`, `duplicate_member`, `number_out_of_range`,
    ///   `nesting_too_deep` or `not_an_object`.
    public func decodeObject(from bytes: [UInt8]) -> Result<[String: JSONValue], ValidationError> {
        do throws(ValidationError) {
            let value = try JSONValue(parsing: bytes)
            guard case .object(let members) = value else {
                return .failure(ValidationError(.line, .notAnObject))
            }
            return .success(members)
        } catch {
            let problems = error.problems.map { $0.reported(under: .line) }
            return .failure(ValidationError(problems))
        }
    }

    /// Reads a user record.
    public func decodeRecord(from bytes: [UInt8]) -> Result<ExportRecord, ValidationError> {
        decodeObject(from: bytes).map(ExportRecord.init(members:))
    }
}
