import KiiIdentity

/// One value checked against one field's rule: what `check` does for each value.
struct FieldCheck {
    /// The rule a value is checked against; raw values are the names used in JSON Lines input.
    enum Field: String, CaseIterable {
        case username
        case email
        case password
        case displayName
        case country
        case locale
        /// International form, `+` and digits.
        case phone
        /// National digits read in `country`.
        case phoneLocal
        /// REST local form, `CC-digits`.
        case phoneRest
        /// What people type into a form (spaces, dashes, parentheses); `country` optional.
        case phoneUserInput
        /// A login identifier, classified first (`@`, then `+`, then digits with a country, then a username); `country` optional.
        case identifier
    }

    /// The identifier kind, for ``Field/identifier`` (also when the identifier is invalid).
    var kind: IdentifierKind?
    /// The normalised value; `nil` when invalid and always for a password.
    var normalized: String?
    /// The lookalike key, for a valid username (``Username/lookalikeKey``).
    var lookalikeKey: String?
    /// The number, for a valid phone number (also a phone identifier).
    var phone: PhoneNumber?
    /// Whether a digits-only identifier was read as a username and could be a local number.
    var couldBeLocalPhoneNumber = false
    /// Every problem found; empty when the value is valid.
    var problems: [ValidationError.Problem] = []

    /// Whether the value is valid.
    var isValid: Bool { problems.isEmpty }

    /// Checks `value` against `field`.
    ///
    /// - Parameters:
    ///   - country: the region for local phone numbers and identifiers; ignored by other fields.
    ///   - policy: the phone policy.
    ///   - displayNamePolicy: the rule of display names; ignored by other fields.
    ///   - passwordPolicy: the rule of passwords; ignored by other fields.
    ///   - context: what is known of a password's owner, for ``PasswordPolicy/nist``; ignored by
    ///     other fields.
    init(
        _ field: Field,
        value: String,
        country: String?,
        policy: PhonePolicy,
        displayNamePolicy: DisplayNamePolicy = .kii,
        passwordPolicy: PasswordPolicy = .kii,
        context: PasswordContext = .none
    ) {
        do throws(ValidationError) {
            switch field {
            case .username:
                let username = try Username(value)
                take(username)
                lookalikeKey = username.lookalikeKey.text
            case .email: try take(EmailAddress(value))
            case .password:
                // Judged only: the password, or its enforced form, is never kept for output.
                _ = try Password(value, policy: passwordPolicy, context: context)
            case .displayName: try take(DisplayName(value, policy: displayNamePolicy))
            case .country: try take(CountryCode(value))
            case .locale: try take(LocaleTag(value))
            case .phone: try take(PhoneNumber(international: value, policy: policy))
            case .phoneLocal: try take(PhoneNumber(local: value, country: country ?? "", policy: policy))
            case .phoneRest: try take(PhoneNumber(rest: value, policy: policy))
            case .phoneUserInput: try take(PhoneNumber(userInput: value, country: country, policy: policy))
            case .identifier:
                kind = LoginIdentifier.classify(value, country: country)
                let identifier = try LoginIdentifier(value, country: country, policy: policy)
                normalized = identifier.normalized
                couldBeLocalPhoneNumber = identifier.couldBeLocalPhoneNumber
                if case .phone(let number) = identifier.value { phone = number }
            }
        } catch {
            problems = error.problems
            normalized = nil
            phone = nil
        }
    }

    private mutating func take(_ value: some IdentityField) {
        normalized = value.normalized
    }

    private mutating func take(_ number: PhoneNumber) {
        normalized = number.e164
        phone = number
    }
}
