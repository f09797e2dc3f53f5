extension RecordChecker {
    /// The password of a record under `policy`: Kii's rule as every field, or ``PasswordPolicy/nist``
    /// with the record's own username, email address and display name as its context.
    mutating func password(_ raw: String?, policy: PasswordPolicy, context: () -> PasswordContext) -> Password? {
        guard let raw else { return nil }
        if policy.rule == .kii { return field(Password.self, raw) }
        return check { () throws(ValidationError) in try Password(raw, policy: policy, lazyContext: context) }
    }
}

extension PasswordPolicy {
    /// Whether the password of `record` is valid under this policy, with the record's words as
    /// its context (the fingerprints' check of a sign-up).
    func isValidPassword(of record: RegistrationBytes) -> Bool {
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if rule == .kii { return Password.isValidBytes(record.password ?? empty) }
        guard let password = record.password else { return false }
        func text(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        let context = {
            PasswordContext(
                username: text(record.username),
                email: text(record.email),
                displayName: text(record.displayName)
            )
        }
        return (try? Password(String(decoding: password, as: UTF8.self), policy: self, lazyContext: context)) != nil
    }
}

extension PasswordPolicy: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, minimumLength
    }

    /// Decodes `"kii"`, `"nist"` or `{"rule": "nist", "minimumLength": 8}`. The blocklist is not
    /// encoded: a decoded policy has the in-library one (a service that reads the full set's
    /// file gives it again with ``nist(minimumLength:blocklist:)``).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let rule = try? single.decode(Rule.self) {
            self = rule == .kii ? .kii : .nist
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Rule.self, forKey: .rule) {
        case .kii: self = .kii
        case .nist:
            let minimum = try container.decodeIfPresent(Int.self, forKey: .minimumLength) ?? 15
            self = .nist(minimumLength: minimum)
        }
    }

    /// Encodes `"kii"`, `"nist"`, or an object with the minimum when it is not 15.
    public func encode(to encoder: any Encoder) throws {
        if rule == .kii || minimumLength == 15 {
            var container = encoder.singleValueContainer()
            try container.encode(rule)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(minimumLength, forKey: .minimumLength)
    }
}
