/// Collects every problem of one record, field by field, in a fixed order, so a whole sign-up,
/// upgrade or update is reported at once.
struct RecordChecker {
    private(set) var problems: [ValidationError.Problem] = []
    /// The rule display names are checked under.
    var displayNamePolicy: DisplayNamePolicy = .kii
    /// Where phone verdicts come from when not the policy's compiled engine (libphonenumber
    /// itself, for ``PhoneEngineProbe/Engine/libphonenumber``).
    var phoneEngine: PhoneResolver.Engine?

    /// Runs one field check; its problems are kept and `nil` is returned on failure.
    mutating func check<Value>(_ body: () throws(ValidationError) -> Value) -> Value? {
        do {
            return try body()
        } catch {
            add(error.problems)
            return nil
        }
    }

    /// Adds a problem.
    mutating func add(_ field: ValidationError.Field, _ detail: ValidationError.RecordDetail) {
        problems.report(ValidationError.Problem(field: field, detail))
    }

    /// Adds a problem of a phone number.
    mutating func add(_ field: ValidationError.Field, _ detail: ValidationError.PhoneDetail) {
        problems.report(ValidationError.Problem(field: field, detail))
    }

    /// Adds a problem found elsewhere.
    mutating func add(_ problem: ValidationError.Problem) {
        problems.report(problem)
    }

    /// Adds the problems of `country`, if any.
    mutating func add(_ country: Country) {
        country.report(into: &problems)
    }

    /// Adds problems found elsewhere.
    mutating func add(_ more: [ValidationError.Problem]) {
        // Room for a record's problems at the first one: an array grown one problem at a time
        // was copied at 1, 2 and 4 problems.
        if problems.isEmpty, !more.isEmpty { problems.reserveCapacity(8) }
        problems += more
    }

    /// Throws the problems, if any.
    func finish() throws(ValidationError) {
        if !problems.isEmpty { throw ValidationError(problems) }
    }

    // MARK: Fields

    mutating func field<F: IdentityField>(_ type: F.Type, _ raw: String?) -> F? {
        guard let raw else { return nil }
        return check { () throws(ValidationError) in try F(raw) }
    }

    /// A field whose problems go straight into ``problems``.
    mutating func field<F: ReportingField>(_ type: F.Type, _ raw: String?) -> F? {
        guard let raw else { return nil }
        return F(raw, reporting: &problems)
    }

    /// The phone number of `identity`: read in its own ``IdentityData/phoneCountry`` when it
    /// has one (whose problems follow the number's), else in the user's `country`.
    mutating func phone(
        of identity: IdentityData,
        country: CountryCode?,
        countryGiven: Bool,
        policy: PhonePolicy
    ) -> PhoneNumber? {
        guard let phoneCountry = identity.phoneCountry else {
            return phone(
                identity.phone,
                typed: identity.phoneIsTyped,
                country: country,
                countryGiven: countryGiven,
                policy: policy
            )
        }
        let own = Country(phoneCountry)
        let number = phone(
            identity.phone,
            typed: identity.phoneIsTyped,
            country: own.value,
            countryGiven: true,
            policy: policy
        )
        add(own)
        return number
    }

    /// A phone number in a strict form (or typed, when `typed`), read in `country` when local.
    ///
    /// - Parameter countryGiven: a country was given but is invalid: its own problem is
    ///   reported elsewhere, so a local number adds no `needs_country` problem.
    mutating func phone(
        _ raw: String?,
        typed: Bool,
        country: CountryCode?,
        countryGiven: Bool,
        policy: PhonePolicy
    ) -> PhoneNumber? {
        guard let raw else { return nil }
        if !typed, policy.acceptsTypedInput {
            return strictOrTyped(raw, country: country, countryGiven: countryGiven, policy: policy)
        }
        let engine = phoneEngine ?? policy.engine
        do {
            if typed {
                return try raw.withUTF8Bytes { (bytes) throws(ValidationError) in
                    try PhoneResolver.userInput(bytes, country: country?.rawValue, policy: policy, engine: engine)
                }
            }
            return try raw.withUTF8Bytes { (bytes) throws(ValidationError) -> PhoneNumber? in
                let form = PhoneInputForm(bytes)
                // An international number: its syntax's problems reported straight into the
                // problems (not thrown in an array of their own), then the engine past the syntax.
                if form == .international {
                    guard let input = PhoneSyntax.international(bytes, policy: policy, reporting: &problems) else {
                        return nil
                    }
                    return try PhoneResolver.international(raw, bytes, syntax: input, policy: policy, engine: engine)
                }
                return try PhoneResolver.strict(
                    raw,
                    bytes,
                    form: form,
                    country: country?.rawValue,
                    policy: policy,
                    engine: engine
                )
            }
        } catch {
            for problem in error.problems {
                if problem.code == .needsCountry {
                    if !countryGiven { add(.phoneNumber, .recordNeedsCountry) }
                } else {
                    problems.report(problem)
                }
            }
            return nil
        }
    }

    /// `raw` read in a strict form; when that is refused only for its characters
    /// (`invalid_character`), read as typed (``PhonePolicy/acceptsTypedInput``), whose
    /// problems are then the number's.
    private mutating func strictOrTyped(
        _ raw: String,
        country: CountryCode?,
        countryGiven: Bool,
        policy: PhonePolicy
    ) -> PhoneNumber? {
        var strictPolicy = policy
        strictPolicy.acceptsTypedInput = false
        var strict = RecordChecker(displayNamePolicy: displayNamePolicy, phoneEngine: phoneEngine)
        let number = strict.phone(raw, typed: false, country: country, countryGiven: countryGiven, policy: strictPolicy)
        let onlyCharacters =
            !strict.problems.isEmpty && strict.problems.allSatisfy { $0.code == .invalidCharacter }
        guard number == nil, onlyCharacters else {
            add(strict.problems)
            return number
        }
        return phone(raw, typed: true, country: country, countryGiven: countryGiven, policy: strictPolicy)
    }

    /// Every custom field name that is empty, predefined or starts with `_`, in name order.
    mutating func customNames(_ names: some Sequence<String>) {
        // All allowed (the usual case): no sorted copy of the names.
        if names.allSatisfy(UserFields.isAllowedCustomName) { return }
        for name in names.sorted() where !UserFields.isAllowedCustomName(name) {
            if name.isEmpty {
                add(.customFields, .emptyFieldName)
            } else if name.utf8.first == UInt8(ascii: "_") {
                add(.customFields, .reservedPrefix(name: name))
            } else {
                add(.customFields, .predefinedName(name: name))
            }
        }
    }

    /// Display name, country, locale and custom fields; the country is checked by the caller
    /// first (a local phone number needs it) and its problems added here, in field order.
    @inline(__always)
    mutating func userFields(_ fields: UserFields, country: Country) -> UserRecord.Fields {
        let displayName =
            displayNamePolicy == .kii
            ? field(DisplayName.self, fields.displayName) : nicknameDisplayName(fields.displayName)
        add(country)
        let locale = field(LocaleTag.self, fields.locale)
        customNames(fields.custom.keys)
        return UserRecord.Fields(
            displayName: displayName,
            country: country.value,
            locale: locale,
            custom: fields.custom
        )
    }

    /// A display name under the nickname policy (out of line: Kii's rule, the default, keeps
    /// `userFields` as small as it was).
    @inline(never)
    mutating func nicknameDisplayName(_ raw: String?) -> DisplayName? {
        guard let raw else { return nil }
        return check { () throws(ValidationError) in try DisplayName(raw, policy: .nickname) }
    }
}
