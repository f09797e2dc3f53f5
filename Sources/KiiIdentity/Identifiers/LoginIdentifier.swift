/// A login identifier, classified and validated: a username, an email address or a phone number.
///
/// Classification is by bytes, in order (<doc:ClassifyingAndNormalising>):
/// 1. it contains `@` → email (even `"@\u{34C}"`, whose `@` is followed by a combining mark);
/// 2. otherwise it starts with `+` → international phone number;
/// 3. otherwise, with a country given, all ASCII digits → local phone number of that country;
/// 4. otherwise → username.
///
/// An invalid identifier still has a kind: ``classify(_:country:)`` tells it, and the thrown
/// error's problems name that kind's field, so a form can say "this looks like an email
/// address, but ...". A digits-only username given without a country carries the hint
/// ``couldBeLocalPhoneNumber``.
///
/// ```swift
/// let id = try LoginIdentifier("09012345678", country: "JP")
/// id.kind        // .localPhone
/// id.qualified   // "PHONE:JP-9012345678"
/// try LoginIdentifier("User_1").qualified   // "user_1"
/// ```
public struct LoginIdentifier: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The validated value.
    public enum Value: Sendable, Hashable {
        /// A username.
        case username(Username)
        /// An email address.
        case email(EmailAddress)
        /// A phone number (international or local input).
        case phone(PhoneNumber)
    }

    /// The kind the identifier was classified as.
    public let kind: IdentifierKind

    /// The validated value.
    public let value: Value

    /// Whether a digits-only username was given without a country: it could be a local phone
    /// number, which needs one.
    public let couldBeLocalPhoneNumber: Bool

    /// Classifies `raw` without validating it; `nil` only for the empty string.
    ///
    /// - Parameters:
    ///   - raw: the identifier as typed.
    ///   - country: when given, an all-digit string is a local phone number.
    /// - Complexity: O(*n*); allocates nothing.
    @inlinable @inline(__always)
    public static func classify(_ raw: String, country: String? = nil) -> IdentifierKind? {
        // Inlinable, as the fields' `isValid`: see `String.utf8Satisfies`.
        let hasCountry = country != nil
        return raw.withUTF8Bytes { bytes in classify(bytes, hasCountry: hasCountry) }
    }

    @usableFromInline
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, hasCountry: Bool) -> IdentifierKind? {
        if bytes.isEmpty { return nil }
        // One pass, 16 bytes at a time, for both questions.
        var at = ByteChunks.Chunk(repeating: 0)
        var digits = ByteChunks.Chunk(repeating: 0xFF)
        ByteChunks.forEach(bytes) { chunk in
            at |= ByteChunks.bits(ByteChunks.lanes(of: chunk, equalTo: UInt8(ascii: "@")))
            digits &= ByteChunks.bits(ByteChunks.digits(chunk))
        }
        if ByteChunks.isAnySet(at) { return .email }
        if PhoneInputForm.isInternational(bytes) { return .phone }
        if hasCountry && ByteChunks.isAllOnes(digits) { return .localPhone }
        return .username
    }

    /// Classifies and validates a login identifier.
    ///
    /// - Parameters:
    ///   - raw: the identifier as typed at login or sign-up.
    ///   - country: the region a local phone number is read in; with it, all-digit input is a
    ///     local phone number.
    ///   - policy: the phone policy.
    /// - Throws: ``ValidationError``: `missing` (field `identifier`) for the empty string,
    ///   `too_long` (field `identifier`, not classified) past ``maximumBytes``, otherwise the
    ///   problems of the kind's rule, under the kind's field.
    /// - Complexity: O(*n*), O(1) past ``maximumBytes``.
    public init(_ raw: String, country: String? = nil, policy: PhonePolicy = .default) throws(ValidationError) {
        if raw.utf8.count > Self.maximumBytes { throw Self.tooLong(maximum: Self.maximumBytes) }
        guard let kind = Self.classify(raw, country: country) else {
            throw ValidationError(.identifier, .missing)
        }
        self.kind = kind
        switch kind {
        case .email:
            value = .email(try EmailAddress(raw))
        case .phone:
            value = .phone(try PhoneInputForm.international.number(raw, country: nil, policy: policy))
        case .localPhone:
            value = .phone(try PhoneInputForm.local.number(raw, country: country, policy: policy))
        case .username:
            value = .username(try Username(raw))
        }
        couldBeLocalPhoneNumber = kind == .username && raw.withUTF8Bytes { ByteSet.digits.containsAll($0) }
    }

    /// Reads a qualified identifier of a REST login body: `EMAIL:<email>`, `PHONE:<E.164>`,
    /// `PHONE:<CC>-<national number>`, or a bare username.
    ///
    /// - Throws: ``ValidationError`` with the problems of the named kind; `too_long` (field
    ///   `identifier`) past ``maximumBytes`` plus the 6 bytes of a prefix.
    public init(qualified raw: String, policy: PhonePolicy = .default) throws(ValidationError) {
        let maximum = Self.maximumBytes + Self.emailPrefix.utf8.count
        if raw.utf8.count > maximum { throw Self.tooLong(maximum: maximum) }
        if raw.hasPrefix(Self.emailPrefix) {
            kind = .email
            value = .email(try EmailAddress(String(raw.utf8.dropFirst(Self.emailPrefix.utf8.count))!))
        } else if raw.hasPrefix(Self.phonePrefix) {
            let number = String(raw.utf8.dropFirst(Self.phonePrefix.utf8.count))!
            switch PhoneInputForm(number) {
            case .international:
                kind = .phone
                value = .phone(try PhoneInputForm.international.number(number, country: nil, policy: policy))
            case .rest, .local:
                // No country comes with the body: local digits are a malformed REST form.
                kind = .localPhone
                value = .phone(try PhoneInputForm.rest.number(number, country: nil, policy: policy))
            }
        } else {
            guard !raw.isEmpty else { throw ValidationError(.identifier, .missing) }
            kind = .username
            value = .username(try Username(raw))
        }
        couldBeLocalPhoneNumber = kind == .username && raw.withUTF8Bytes { ByteSet.digits.containsAll($0) }
    }

    /// An identifier already validated as `kind`.
    init(kind: IdentifierKind, value: Value) {
        self.kind = kind
        self.value = value
        couldBeLocalPhoneNumber = false
    }

    /// A username, with the hint that digits-only `given` text could be a local phone number.
    init(username: Username, given: String) {
        kind = .username
        value = .username(username)
        couldBeLocalPhoneNumber = given.withUTF8Bytes { ByteSet.digits.containsAll($0) }
    }

    /// Bytes past which an identifier is too long whatever its kind (an email address, the
    /// longest, allows 200): it is rejected without being read, so a 10 MB string costs nothing.
    public static let maximumBytes = EmailAddress.lengths.upperBound

    static func tooLong(maximum: Int) -> ValidationError {
        ValidationError(.identifier, .tooLong(maximum: maximum, unit: .characters))
    }

    static let emailPrefix = "EMAIL:"
    static let phonePrefix = "PHONE:"

    /// The normalised value: the lowercased username, the email with its domain lowercased, or
    /// the E.164 number.
    public var normalized: String {
        switch value {
        case .username(let username): username.normalized
        case .email(let email): email.normalized
        case .phone(let phone): phone.e164
        }
    }

    /// The identifier as a REST login body names it: `EMAIL:<email>`, `PHONE:+<E.164>`,
    /// `PHONE:<CC>-<national number>` (for local input), or the lowercased username.
    public var qualified: String {
        switch value {
        case .username(let username): username.normalized
        case .email(let email): Self.emailPrefix + email.normalized
        case .phone(let phone): Self.phonePrefix + (kind == .localPhone ? phone.restForm : phone.e164)
        }
    }

    /// The key a service's user table holds for this identifier (see ``UniquenessKey``): an
    /// email address's is lowercased whole (``EmailAddress/key``), so that a login finds the
    /// user whatever the case of the local part it is typed in.
    public var key: UniquenessKey {
        if case .email(let email) = value { return UniquenessKey(kind: .email, value: email.key) }
        return UniquenessKey(kind: kind.loginKind, value: normalized)
    }

    public var description: String { qualified }

    /// Decodes a qualified identifier (see ``init(qualified:policy:)``), validated with
    /// ``PhonePolicy/anyValidNumber`` for phone numbers.
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        do throws(ValidationError) {
            try self.init(qualified: raw, policy: .anyValidNumber)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description)
            )
        }
    }

    /// Encodes ``qualified``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(qualified)
    }
}
