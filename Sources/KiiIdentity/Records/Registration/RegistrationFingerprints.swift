/// The members of a sign-up as UTF-8 bytes, read in place (each `nil` when absent): what
/// ``Registration/fingerprints(of:policy:)`` checks. The buffers need only live for that call.
package struct RegistrationBytes {
    package var username: UnsafeBufferPointer<UInt8>?
    package var email: UnsafeBufferPointer<UInt8>?
    /// A phone number in one of the strict forms (international, REST, local digits).
    package var phone: UnsafeBufferPointer<UInt8>?
    package var password: UnsafeBufferPointer<UInt8>?
    package var displayName: UnsafeBufferPointer<UInt8>?
    package var country: UnsafeBufferPointer<UInt8>?
    package var locale: UnsafeBufferPointer<UInt8>?
    /// The custom fields.
    package var custom: [String: JSONValue] = [:]

    package init() {}
}

/// The uniqueness keys of a valid sign-up, each built by a ``NormalizedKeyBuilder``.
struct RegistrationKeys<Key> {
    var username: Key?
    var email: Key?
    var phone: Key?
}

/// The uniqueness keys of a valid sign-up as fingerprints (see ``KeyFingerprint``).
package struct UniquenessFingerprints: Sendable, Hashable {
    package var username: KeyFingerprint?
    package var email: KeyFingerprint?
    package var phone: KeyFingerprint?

    package init(username: KeyFingerprint? = nil, email: KeyFingerprint? = nil, phone: KeyFingerprint? = nil) {
        self.username = username
        self.email = email
        self.phone = phone
    }

    /// The fingerprints of `keys`.
    package init(_ keys: UniquenessKeys) {
        self.init(
            username: keys.fingerprint(.username),
            email: keys.fingerprint(.email),
            phone: keys.fingerprint(.phone)
        )
    }

    /// The fingerprint of `kind`, or `nil`.
    package subscript(kind: LoginKind) -> KeyFingerprint? {
        switch kind {
        case .username: username
        case .email: email
        case .phone: phone
        }
    }
}

/// Makes a key out of its normalised bytes, given one at a time.
protocol NormalizedKeyBuilder {
    associatedtype Key
    init(_ kind: LoginKind)
    mutating func append(_ byte: UInt8)
    mutating func finish() -> Key
}

extension KeyHasher: NormalizedKeyBuilder {}

/// A key as its string (``UniquenessKeys``' form).
struct NormalizedKeyText: NormalizedKeyBuilder {
    private var bytes: [UInt8] = []

    init(_ kind: LoginKind) {}

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func finish() -> String { String(decoding: bytes, as: UTF8.self) }
}

extension Registration {
    /// Whether a sign-up is valid under `policy`, and if so its uniqueness
    /// keys as fingerprints, without building the registration, its strings or its errors.
    ///
    /// The same rules as ``init(identity:password:fields:policy:)`` (each field's `isValid`,
    /// which agrees with its initialiser, the phone forms through the same checker, the
    /// registration table), so it is valid exactly when that initialiser returns; an absent
    /// password is an empty one. For the problems of an invalid sign-up, build the registration.
    ///
    /// - Returns: the keys of a valid sign-up, `nil` for an invalid one. Allocates nothing for a
    ///   sign-up whose phone number's E.164 form fits a small string (15 bytes).
    package static func fingerprints(
        of record: RegistrationBytes,
        policy: RegistrationPolicy
    ) -> UniquenessFingerprints? {
        keys(of: record, policy: policy, building: KeyHasher.self).map {
            UniquenessFingerprints(username: $0.username, email: $0.email, phone: $0.phone)
        }
    }

    /// The normalised value (``UniquenessKeys``' string) of the key of `kind` of a valid sign-up,
    /// by the rules of ``fingerprints(of:policy:)``; `nil` for an invalid one or an absent key.
    package static func key(_ kind: LoginKind, of record: RegistrationBytes, policy: RegistrationPolicy) -> String? {
        guard let keys = keys(of: record, policy: policy, building: NormalizedKeyText.self) else { return nil }
        switch kind {
        case .username: return keys.username
        case .email: return keys.email
        case .phone: return keys.phone
        }
    }

    /// ``fingerprints(of:policy:)`` with each key built by `builder`.
    static func keys<Builder: NormalizedKeyBuilder>(
        of record: RegistrationBytes,
        policy: RegistrationPolicy,
        building builder: Builder.Type
    ) -> RegistrationKeys<Builder.Key>? {
        guard policy.passwordPolicy.isValidPassword(of: record),
            RegistrationTable.problem(
                username: record.username != nil,
                email: record.email != nil,
                phone: record.phone != nil,
                policy: policy
            ) == nil
        else { return nil }
        if let displayName = record.displayName {
            switch policy.displayNamePolicy {
            case .kii: guard DisplayName.hasAllowedLength(displayName) else { return nil }
            case .nickname:
                guard DisplayName.isValid(String(decoding: displayName, as: UTF8.self), policy: .nickname) else {
                    return nil
                }
            }
        }
        if let locale = record.locale, !LocaleTag.isValidBytes(locale) { return nil }
        if let country = record.country, !RegionTable.contains(country) { return nil }
        if !record.custom.isEmpty, !record.custom.keys.allSatisfy(UserFields.isAllowedCustomName) { return nil }
        var keys = RegistrationKeys<Builder.Key>()
        if let username = record.username {
            guard Username.isValidBytes(username) else { return nil }
            var key = Builder(.username)
            for byte in username { key.append(FieldChecks.asciiLowercased(byte)) }
            keys.username = key.finish()
        }
        if let email = record.email {
            guard EmailAddress.isValidBytes(email) else { return nil }
            // ``EmailAddress/key``: the whole address lowercased.
            var key = Builder(.email)
            for byte in email { key.append(FieldChecks.asciiLowercased(byte)) }
            keys.email = key.finish()
        }
        if let phone = record.phone {
            var checker = RecordChecker()
            let country = record.country.flatMap { RegionTable.bundled.region($0) }.map(CountryCode.init)
            guard
                let number = checker.phone(
                    String(decoding: phone, as: UTF8.self),
                    typed: false,
                    country: country,
                    countryGiven: record.country != nil,
                    policy: policy.phonePolicy
                ), checker.problems.isEmpty
            else { return nil }
            var key = Builder(.phone)
            for byte in number.e164.utf8 { key.append(byte) }
            keys.phone = key.finish()
        }
        return keys
    }
}
