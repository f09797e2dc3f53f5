/// A problem encodes as `{"field", "code", "reason", "detail", ...parameters}`: the English
/// reason for readers that show it as is, and the detail's name and parameters (all strings) for
/// clients that render their own text in another language:
///
/// ```json
/// {"field": "loginName", "code": "too_short", "reason": "is too short (minimum 3 characters)",
///  "detail": "tooShort", "minimum": "3", "unit": "characters"}
/// ```
///
/// Decoding restores the same detail, so the problem renders the same in every language: this
/// module's detail types (``ValidationError/detailTypes``) and those a decoder's `userInfo`
/// lists under ``ValidationError/detailTypesKey`` (another module's, such as KiiIdentityExport's).
/// A problem whose detail is missing, unknown or does not match its code and reason decodes as
/// a ``ValidationError/CustomDetail`` with that reason.
extension ValidationError.Problem: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(field, forKey: Key("field"))
        try container.encode(code, forKey: Key("code"))
        try container.encode(reason, forKey: Key("reason"))
        if detail is ValidationError.CustomDetail { return }
        try container.encode(detail.name, forKey: Key("detail"))
        for (name, value) in detail.parameters {
            try container.encode(value, forKey: Key(name))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let field = try container.decode(ValidationError.Field.self, forKey: Key("field"))
        let code = try container.decode(ValidationError.Code.self, forKey: Key("code"))
        let reason = try container.decodeIfPresent(String.self, forKey: Key("reason"))
        var parameters: [String: String] = [:]
        for key in container.allKeys where !["field", "code", "reason"].contains(key.stringValue) {
            if let value = try? container.decode(String.self, forKey: key) { parameters[key.stringValue] = value }
        }
        let types =
            ValidationError.detailTypes
            + (decoder.userInfo[ValidationError.detailTypesKey] as? [any ValidationError.Detail.Type] ?? [])
        if let name = parameters.removeValue(forKey: "detail"),
            let detail = types.lazy.compactMap({ $0.init(name: name, parameters: parameters) }).first,
            detail.code == code,
            reason == nil || detail.phrase(in: .english).reason == reason
        {
            self.init(field: field, detail)
        } else if let reason {
            self.init(field: field, code: code, reason: reason)
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: Key("reason"),
                in: container,
                debugDescription: "a problem has a reason or a detail with its parameters"
            )
        }
    }
}

extension ValidationError {
    /// The detail types of this module, which every decoder of a problem reads.
    public static let detailTypes: [any Detail.Type] = [
        FieldDetail.self, PhoneDetail.self, RecordDetail.self, JSONDetail.self, DisplayNameDetail.self,
        PasswordDetail.self,
    ]

    /// The `userInfo` key under which a decoder lists more detail types
    /// (`[any ValidationError.Detail.Type]`), so that problems of another module's domain decode
    /// to their detail instead of a ``CustomDetail``.
    ///
    /// ```swift
    /// decoder.userInfo[ValidationError.detailTypesKey] = [ValidationError.ExportDetail.self]
    /// ```
    public static let detailTypesKey = CodingUserInfoKey(rawValue: "KiiIdentity.detailTypes")!
}
