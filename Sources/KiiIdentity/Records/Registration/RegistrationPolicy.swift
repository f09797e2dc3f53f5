/// The service's settings that decide which sign-ups are allowed: Kii's email and phone
/// verification switches, the phone rules, and what other users may read of a user.
///
/// Defaults are Kii's: both verifications off, mobile numbers only, 10 to 15 digits, and
/// "Expose Full User Data to Others" off.
///
/// ```swift
/// let policy = RegistrationPolicy(emailVerification: true)
/// policy.phonePolicy   // PhonePolicy(mobileOnly: true, digitCount: 10...15)
/// ```
public struct RegistrationPolicy: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An email address must be verified (a link in an email) before it can be used to log in.
    public var emailVerification: Bool

    /// A phone number must be verified (a code in an SMS) before it can be used to log in.
    public var phoneVerification: Bool

    /// Accept only mobile numbers (`MOBILE` or `FIXED_LINE_OR_MOBILE`).
    public var mobileOnly: Bool

    /// How many digits an international number may have, calling code included (10...15 by
    /// default; lower the minimum to serve regions with 7- to 9-digit mobile numbers).
    public var phoneDigitCount: ClosedRange<Int>

    /// Kii's "Expose Full User Data to Others": other users may read every field of a user.
    /// Off by default, so they read only the username and the display name (see
    /// ``UserRecord/visibleToOthers(exposeFullUserData:)``).
    public var exposeFullUserData: Bool

    /// Whose numbering plans decide phone numbers (``PhonePolicy/metadata``): the bundled
    /// metadata by default.
    public var phoneMetadata: PhoneMetadataSource

    /// Which rule display names follow (``DisplayNamePolicy``): Kii's by default; a service that
    /// shows names to other users sets ``DisplayNamePolicy/nickname``.
    public var displayNamePolicy: DisplayNamePolicy

    /// Whether a `phoneNumber` refused in every strict form only for its characters is read as
    /// a person typed it, with the record's `country` (``PhonePolicy/acceptsTypedInput``): a
    /// form's `(415) 555-2671` with `US`, `+81 90-8765-4321`, `090-3333-4444` with `JP`, stored
    /// in E.164. Off by default: Kii's wire takes strict forms only.
    public var typedPhoneNumbers: Bool

    /// Which rule passwords follow (``PasswordPolicy``): Kii's by default; ``PasswordPolicy/nist``
    /// judges a sign-up's password with its own username, email address and display name as
    /// context.
    public var passwordPolicy: PasswordPolicy

    /// Creates a policy.
    public init(
        emailVerification: Bool = false,
        phoneVerification: Bool = false,
        mobileOnly: Bool = true,
        phoneDigitCount: ClosedRange<Int> = 10...15,
        exposeFullUserData: Bool = false,
        phoneMetadata: PhoneMetadataSource = .bundled,
        displayNamePolicy: DisplayNamePolicy = .kii,
        typedPhoneNumbers: Bool = false,
        passwordPolicy: PasswordPolicy = .kii
    ) {
        self.displayNamePolicy = displayNamePolicy
        self.typedPhoneNumbers = typedPhoneNumbers
        self.passwordPolicy = passwordPolicy
        self.emailVerification = emailVerification
        self.phoneVerification = phoneVerification
        self.mobileOnly = mobileOnly
        self.phoneDigitCount = phoneDigitCount
        self.exposeFullUserData = exposeFullUserData
        self.phoneMetadata = phoneMetadata
    }

    /// The phone rules this policy implies.
    public var phonePolicy: PhonePolicy {
        PhonePolicy(
            mobileOnly: mobileOnly,
            digitCount: phoneDigitCount,
            metadata: phoneMetadata,
            acceptsTypedInput: typedPhoneNumbers
        )
    }

    private enum CodingKeys: String, CodingKey {
        case emailVerification, phoneVerification, mobileOnly, phoneDigitCount, exposeFullUserData, phoneMetadata
        case displayNamePolicy, typedPhoneNumbers, passwordPolicy
    }

    /// Whether an identifier of `kind` must be verified before it can be used to log in.
    public func requiresVerification(of kind: LoginKind) -> Bool {
        switch kind {
        case .username: false
        case .email: emailVerification
        case .phone: phoneVerification
        }
    }

    /// Decodes a policy; absent members take their defaults, so `{"emailVerification": true}`
    /// is a complete policy.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            emailVerification: try container.decodeIfPresent(Bool.self, forKey: .emailVerification) ?? false,
            phoneVerification: try container.decodeIfPresent(Bool.self, forKey: .phoneVerification) ?? false,
            mobileOnly: try container.decodeIfPresent(Bool.self, forKey: .mobileOnly) ?? true,
            phoneDigitCount: try container.decodeIfPresent(ClosedRange<Int>.self, forKey: .phoneDigitCount) ?? 10...15,
            exposeFullUserData: try container.decodeIfPresent(Bool.self, forKey: .exposeFullUserData) ?? false,
            phoneMetadata: try container.decodeIfPresent(PhoneMetadataSource.self, forKey: .phoneMetadata) ?? .bundled,
            displayNamePolicy: try container.decodeIfPresent(DisplayNamePolicy.self, forKey: .displayNamePolicy)
                ?? .kii,
            typedPhoneNumbers: try container.decodeIfPresent(Bool.self, forKey: .typedPhoneNumbers) ?? false,
            passwordPolicy: try container.decodeIfPresent(PasswordPolicy.self, forKey: .passwordPolicy) ?? .kii
        )
    }

    /// Encodes every setting; `phoneMetadata` only when it is not the bundled one,
    /// `displayNamePolicy` when it is not Kii's, `typedPhoneNumbers` when it is on, `passwordPolicy`
    /// when it is not Kii's.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(emailVerification, forKey: .emailVerification)
        try container.encode(phoneVerification, forKey: .phoneVerification)
        try container.encode(mobileOnly, forKey: .mobileOnly)
        try container.encode(phoneDigitCount, forKey: .phoneDigitCount)
        try container.encode(exposeFullUserData, forKey: .exposeFullUserData)
        if phoneMetadata != .bundled { try container.encode(phoneMetadata, forKey: .phoneMetadata) }
        if displayNamePolicy != .kii { try container.encode(displayNamePolicy, forKey: .displayNamePolicy) }
        if typedPhoneNumbers { try container.encode(true, forKey: .typedPhoneNumbers) }
        if passwordPolicy != .kii { try container.encode(passwordPolicy, forKey: .passwordPolicy) }
    }

    /// `email verification on, phone verification off, mobile only`, then `, full user data
    /// exposed` when ``exposeFullUserData`` is on, `, system phone metadata` when that is the
    /// source, `, nickname display names` under ``DisplayNamePolicy/nickname``, `, typed phone
    /// numbers` when ``typedPhoneNumbers`` is on, and `, nist passwords` (or `, nist (minimum 8)
    /// passwords`) under ``PasswordPolicy/nist``.
    public var description: String {
        "email verification \(emailVerification ? "on" : "off"), phone verification \(phoneVerification ? "on" : "off"), "
            + (mobileOnly ? "mobile only" : "any valid number") + (exposeFullUserData ? ", full user data exposed" : "")
            + (phoneMetadata == .system ? ", system phone metadata" : "")
            + (displayNamePolicy == .nickname ? ", nickname display names" : "")
            + (typedPhoneNumbers ? ", typed phone numbers" : "")
            + (passwordPolicy.rule == .nist ? ", \(passwordPolicy) passwords" : "")
    }
}
