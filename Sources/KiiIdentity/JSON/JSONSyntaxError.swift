/// Where and how a JSON text breaks RFC 8259 (or repeats a member), as found by ``JSONParser``.
///
/// It never holds input text other than a member name, so a password in a broken document
/// cannot leak through it.
struct JSONSyntaxError: Error {
    /// What was found.
    enum Kind {
        /// `malformed_json`.
        case syntax(ValidationError.JSONDetail.Syntax)
        /// `duplicate_member`.
        case duplicateMember(String)
        /// `invalid_utf8`.
        case invalidUTF8
        /// `number_out_of_range`.
        case numberOutOfRange
        /// `nesting_too_deep`.
        case nestingTooDeep
    }

    let kind: Kind
    /// The byte offset where it was found.
    let index: Int

    /// The problem under `field`, with the 1-based column (in Unicode scalars).
    func problem(in bytes: UnsafeBufferPointer<UInt8>, field: ValidationError.Field) -> ValidationError.Problem {
        let column = CharacterDescription.position(in: bytes, of: min(index, bytes.count))
        let detail: ValidationError.JSONDetail
        switch kind {
        case .syntax(let syntax): detail = .jsonSyntax(syntax, column: column)
        case .duplicateMember(let name): detail = .duplicateMember(name: name, column: column)
        case .invalidUTF8: detail = .jsonInvalidUTF8(column: column)
        case .numberOutOfRange:
            detail = .numberOutOfRange(maximumExponentDigits: JSONNumber.maximumExponentDigits, column: column)
        case .nestingTooDeep: detail = .nestingTooDeep(maximum: JSONValue.maximumNesting, column: column)
        }
        return ValidationError.Problem(field: field, detail)
    }
}
