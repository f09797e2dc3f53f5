extension UserRecord {
    /// Reads back a record that this library wrote (``json``, stored as
    /// `JSONValue.object(record.json).description`), checking its shape, not its rules.
    ///
    /// The record was valid when it was written, so its members are read as the normalised
    /// forms ``json`` writes, without the rules or the phone engine: each predefined member is a
    /// string; `loginName` a username in lowercase, `emailAddress` an address with its domain
    /// in lowercase, `locale` a tag in the canonical case (each checked by the field's
    /// allocation-free syntax check), `country` a supported region, `displayName` 1 to 50
    /// scalars (a name enforced under ``DisplayNamePolicy/nickname`` was stored enforced, so it
    /// is read as given, as ``init(json:)-(String)`` reads it), `phoneNumber` `+` and digits
    /// that start with a calling code of a region; no `password` member, and custom fields
    /// under allowed names. The values equal those that wrote the text, and so does their ``json``.
    ///
    /// A phone number read back holds its E.164 form and calling code; the phone engine finds
    /// its ``PhoneNumber/region`` and ``PhoneNumber/type`` only when they are asked for (see
    /// ``PhoneNumber/type``).
    ///
    /// This is not validation: text from a client, or a stored record edited by hand or
    /// written by an older rule set, is read with ``init(json:)-(String)``, which runs every
    /// rule. What the shape check cannot see (a number the metadata no longer accepts, a
    /// display name the nickname policy would refuse) is taken as the library wrote it.
    ///
    /// ```swift
    /// let text = JSONValue.object(record.json).description   // stored with the user
    /// let read = try UserRecord(storedJSON: text)              // == record
    /// ```
    ///
    /// - Throws: ``ValidationError``, never a repaired value: a problem under
    ///   ``ValidationError/Field/json`` for text that is not a JSON object (as
    ///   ``init(json:)-(String)``); `not_a_string` for a predefined member of another type;
    ///   `reserved_name` for a `password` member or a custom field under a reserved name; for a
    ///   member that is not a valid value, the problems its rule reports (`invalid_character`,
    ///   `missing_plus`, `unknown_region`, ...); for a phone number whose digits start with no
    ///   calling code of a region, `unknown_calling_code` or `non_geographic`; for a valid value
    ///   not in the normalised form the library writes, `not_normalized`.
    public init(storedJSON text: String) throws(ValidationError) {
        try self.init(storedJSON: try JSONValue.object(parsing: text))
    }

    /// Reads back a record that this library wrote, given as UTF-8 bytes (a database column as
    /// received), as ``init(storedJSON:)-(String)`` does; bytes that are not UTF-8 are
    /// `invalid_utf8`, never repaired.
    public init(storedJSON bytes: [UInt8]) throws(ValidationError) {
        try self.init(storedJSON: try JSONValue.object(parsing: bytes))
    }

    /// The members of a stored record, read as ``init(storedJSON:)-(String)`` describes; the
    /// problems in the order ``init(json:)-([String:JSONValue])`` reports them.
    init(storedJSON object: [String: JSONValue]) throws(ValidationError) {
        let split = RecordJSON(object, acceptsTypedPhone: false)
        var checker = RecordChecker(storedBody: split, of: object)
        let username = checker.stored(split.identity.username, StoredForm.username)
        let email = checker.stored(split.identity.email, StoredForm.email)
        let phone = checker.storedPhone(split.identity.phone)
        let displayName = checker.stored(split.fields.displayName, StoredForm.displayName)
        let country = checker.stored(split.fields.country, StoredForm.country)
        let locale = checker.stored(split.fields.locale, StoredForm.locale)
        checker.customNames(split.fields.custom.keys)
        try checker.finish()
        self.init(
            username: username,
            email: email,
            phone: phone,
            fields: Fields(displayName: displayName, country: country, locale: locale, custom: split.fields.custom)
        )
    }
}

extension RecordChecker {
    /// A checker for the stored user body `object`, split as `split`, holding the split's
    /// problems, with a `password` member `reserved_name` whatever its type (a record never
    /// holds a password; its value is not inspected): how ``UserRecord/init(json:)-([String:JSONValue])``
    /// and ``UserRecord/init(storedJSON:)-(String)`` both start.
    init(storedBody split: borrowing RecordJSON, of object: [String: JSONValue]) {
        self.init()
        add(split.problems.filter { $0.field != .password })
        if object[PredefinedMember.password.rawValue] != nil {
            add(.password, .passwordNotInRecord)
        }
    }

    /// The value of a stored member `text` read by `read`, which answers `nil` for text that
    /// is not the field's normalised form; then the field's rule says what is wrong with it, or,
    /// when the rule accepts it, it is `not_normalized`.
    mutating func stored<Field: IdentityField>(_ text: String?, _ read: (String) -> Field?) -> Field? {
        guard let text else { return nil }
        if let value = read(text) { return value }
        do {
            _ = try Field(text)
            add(Field.field, .notNormalized)
        } catch {
            add(error.problems)
        }
        return nil
    }

    /// A stored phone number: its E.164 form, read without the phone engine; the syntax
    /// problems of an international number, or the calling code's, otherwise.
    mutating func storedPhone(_ text: String?) -> PhoneNumber? {
        guard let text else { return nil }
        do {
            return try StoredForm.phone(text)
        } catch {
            add(error.problems)
            return nil
        }
    }
}

/// The normalised forms ``UserRecord/json`` writes, read back into values equal to those that
/// wrote them, by each field's cheap syntax check (no rule that allocates, no phone engine).
enum StoredForm {
    /// A username in lowercase.
    static func username(_ text: String) -> Username? {
        text.withUTF8Bytes { bytes in
            guard Username.isValidBytes(bytes) else { return nil }
            let marks = UsernameLookalikes.marks(bytes)
            guard !marks.hasCapital else { return nil }
            return Username(stored: text, hasLookalikeBytes: marks.hasLookalikeByte)
        }
    }

    /// An email address whose domain is in lowercase.
    static func email(_ text: String) -> EmailAddress? {
        let isStored = text.withUTF8Bytes { bytes in
            guard EmailAddress.isValidBytes(bytes), let at = bytes.lastIndex(of: UInt8(ascii: "@")) else {
                return false
            }
            return !FieldChecks.hasASCIICapital(UnsafeBufferPointer(rebasing: bytes[(at + 1)...]))
        }
        return isStored ? EmailAddress(stored: text) : nil
    }

    /// A display name of 1 to 50 scalars: the name as given under Kii's rule, or the enforced
    /// name under the nickname policy.
    static func displayName(_ text: String) -> DisplayName? {
        try? DisplayName(text)
    }

    /// A supported region.
    static func country(_ text: String) -> CountryCode? {
        text.withUTF8Bytes { RegionTable.bundled.region($0) }.map(CountryCode.init)
    }

    /// A well-formed tag in the canonical case.
    static func locale(_ text: String) -> LocaleTag? {
        let isStored = text.withUTF8Bytes { bytes in
            LocaleTag.isValidBytes(bytes) && LocaleTag.isCanonicalCase(bytes)
        }
        return isStored ? LocaleTag(stored: text) : nil
    }

    /// `+` and the digits of an E.164 number (as many as E.164 allows), starting with a calling
    /// code that has a region: the number with that code and the code's main region, the rest
    /// left to the phone engine when asked (``PhoneNumber/type``).
    static func phone(_ text: String) throws(ValidationError) -> PhoneNumber {
        try text.withUTF8Bytes { (bytes) throws(ValidationError) in
            _ = try PhoneSyntax.international(bytes, policy: .anyValidNumber)
            let digits = UnsafeBufferPointer(rebasing: bytes[1...])
            guard let found = RegionTable.bundled.callingCode(startingWith: digits) else {
                throw ValidationError(.phoneNumber, .unknownCallingCode)
            }
            guard case .regions(let main) = found.use else {
                throw ValidationError(.phoneNumber, .nonGeographic(callingCode: found.code))
            }
            return PhoneNumber(readBack: text, countryCallingCode: found.code, mainRegion: main.letters)
        }
    }
}

extension Username {
    /// A username already in lowercase, whose bytes' lookalike marks were found.
    fileprivate init(stored text: String, hasLookalikeBytes: Bool) {
        rawValue = text
        normalized = text
        self.hasLookalikeBytes = hasLookalikeBytes
    }
}

extension EmailAddress {
    /// An address whose domain is already in lowercase.
    fileprivate init(stored text: String) {
        rawValue = text
        normalized = text
    }
}

extension LocaleTag {
    /// A tag already in the canonical case.
    fileprivate init(stored text: String) {
        rawValue = text
        normalized = text
    }
}
