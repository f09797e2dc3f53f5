import Foundation
public import KiiIdentity

/// Decodes one line of JSON Lines input into a value, or says what is wrong with the line.
///
/// The reasons never quote the input, so a password on a broken line cannot leak through them.
public struct JSONLineDecoder: Sendable {
    private let decoder = JSONDecoder()

    /// A decoder; one may serve many lines, from any thread.
    public init() {}

    /// Decodes `bytes` as a JSON object of type `T`.
    ///
    /// - Returns: the value, or an error with one problem (`invalid_utf8`, `malformed_json`,
    ///   `not_an_object`) reported under `field`.
    public func decode<T: Decodable>(
        _ type: T.Type,
        from bytes: [UInt8],
        field: ValidationError.Field
    ) -> Result<T, ValidationError> {
        func problem(_ detail: ValidationError.Detail) -> Result<T, ValidationError> {
            .failure(ValidationError(field, detail))
        }
        guard Self.isUTF8(bytes) else {
            return problem(.invalidUTF8)
        }
        do {
            return .success(try decoder.decode(T.self, from: Data(bytes)))
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            return problem(.notAnObject)
        } catch {
            return problem(.malformedJSON)
        }
    }

    /// Decodes a user record: through ``FastRecordParser`` when the line has the common shape,
    /// otherwise as ``decode(_:from:field:)`` does (same result, same problems).
    public func decodeRecord(from bytes: [UInt8]) -> Result<ExportRecord, ValidationError> {
        if Self.isUTF8(bytes), let record = FastRecordParser.parse(bytes, decoder: decoder) {
            return .success(record)
        }
        return decode(ExportRecord.self, from: bytes, field: .line)
    }

    /// Whether `bytes` are well-formed UTF-8.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        if !bytes.contains(where: { $0 >= 0x80 }) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }
}
