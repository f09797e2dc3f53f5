import KiiIdentity
import Testing

/// Samples of this module's detail types, with the variants a catalog words differently (a
/// count of one or more, each set of allowed characters); `DetailCatalogTests` makes every case
/// of every type. The export reader's details have their samples in KiiIdentityExportTests.
enum DetailSamples {
    static let field: [ValidationError.FieldDetail] = [
        .missing, .tooShort(minimum: 3, unit: .characters), .tooLong(maximum: 64, unit: .characters),
        .tooLong(maximum: 2, unit: .letters), .tooLong(maximum: 64, unit: .bytes),
        .invalidCharacter(.scalar(" "), position: 2, count: 1, allowed: .username),
        .invalidCharacter(.scalar("!"), position: 3, count: 2, allowed: .locale),
        .invalidCharacter(.scalar("\u{7F}"), position: 1, count: 3, allowed: .emailLocalPart),
        .invalidCharacter(.invalidByte, position: 4, count: 1, allowed: .emailDomain),
        .invalidCharacter(.undisclosed, position: 5, count: 2, allowed: .password),
        .invalidCharacter(.scalar("a"), position: 2, count: 1, allowed: .internationalPhoneNumber),
        .invalidCharacter(.scalar("a"), position: 2, count: 1, allowed: .localPhoneNumber),
        .invalidCharacter(.scalar("*"), position: 2, count: 2, allowed: .typedPhoneNumber),
        .missingAt, .multipleAt(count: 2), .emptyLocalPart, .localPartTooLong(maximum: 64), .localPartDotAtEdge,
        .consecutiveDots, .emptyDomain, .domainNeedsTwoLabels, .emptyDomainLabel, .domainLabelTooLong(maximum: 63),
        .domainLabelHyphenAtEdge, .numericTopLevelDomain, .invalidCountryFormat, .notUppercase(suggestion: "JP"),
        .notUppercase(suggestion: nil), .unknownRegion(region: "XX"), .languageTagEndsEarly,
        .emptySubtag(position: 4), .misplacedSubtag("abcdefghi", position: 1),
    ]

    static let phone: [ValidationError.PhoneDetail] = [
        .regionPrefix(.unknownRegion(region: "XX")), .regionPrefix(.invalidCountryFormat), .missingPlus,
        .tooFewDigits(digits: 1, minimum: 10), .tooFewDigits(digits: 4, minimum: 10),
        .tooManyDigits(digits: 16, maximum: 15), .tooManyLocalDigits(maximum: 17),
        .tooManyTypedDigits(digits: 20, maximum: 17), .endsWithSeparator, .noDigits, .unknownCallingCode,
        .invalidNumber, .numberTooShort, .numberTooLong, .noSuchNumber(callingCode: 999),
        .invalidNumberForRegion(region: "JP"), .notNumberOfRegion(region: "JP"), .notE164(suggestion: "+819012345678"),
        .landline, .notMobile(type: .tollFree), .notMobile(type: .unknown), .nonGeographic(callingCode: 800),
        .internationalPrefix(suggestion: "+819012345678"),
        .callingCodeWithoutPlus(callingCode: 81, suggestion: "+819012345678"), .needsCountry, .recordNeedsCountry,
        .malformedRestForm, .containsLetters, .hasExtension, .telURI,
    ]

    static let record: [ValidationError.RecordDetail] = [
        .noIdentifier, .verificationConflict(.onlyPhoneNumber), .verificationConflict(.onlyEmailAddress),
        .verificationConflict(.emailAddressAndPhoneNumber), .emptyFieldName, .reservedPrefix(name: "_x"),
        .predefinedName(name: "userID"), .passwordNotInRecord, .notAString(found: .number),
        .notAString(found: .null), .notTypedPhoneMember(name: "extension"), .notAllowedForPseudoUser,
        .usernameImmutable(current: "ann"), .pseudoUserIdentifiersNeedUpgrade,
        .passwordNotInUpdate, .usernameNotRemovable, .identifierNotRemovable, .passwordNotRemovable,
        .serverFieldNotRemovable, .setAndRemoved, .customFieldSetAndRemoved(name: "app_flag"), .alreadyTaken,
        .notPseudoUser, .notUpgradeMember(name: "displayName"), .notNormalized,
    ]

    static let json: [ValidationError.JSONDetail] = [
        .jsonSyntax(.trailingComma, column: 11), .jsonSyntax(.byteOrderMark, column: 1),
        .duplicateMember(name: "loginName", column: 22), .jsonInvalidUTF8(column: 7),
        .numberOutOfRange(maximumExponentDigits: 15, column: 3), .nestingTooDeep(maximum: 128, column: 129),
        .malformedJSON, .notAnObject,
    ]

    static let custom: [ValidationError.CustomDetail] = [
        ValidationError.CustomDetail(code: .missing, reason: "is missing")
    ]

    /// Every sample, of every type of this module.
    static var all: [any ValidationError.Detail] { field + phone + record + json + custom }
}

/// The problems the rules produce for a table of bad inputs that reaches every (field, code)
/// pair the library can report.
enum RuleProblems {
    /// The error of checking `raw` as `kind`, or `nil` when it is valid.
    static func error(_ kind: String, _ raw: String, country: String? = nil) -> ValidationError? {
        switch kind {
        case "username": Probe.error { try Username(raw) }
        case "email": Probe.error { try EmailAddress(raw) }
        case "password": Probe.error { try Password(raw) }
        case "displayName": Probe.error { try DisplayName(raw) }
        case "country": Probe.error { try CountryCode(raw) }
        case "locale": Probe.error { try LocaleTag(raw) }
        case "phone": Probe.error { try PhoneNumber(international: raw) }
        case "rest": Probe.error { try PhoneNumber(rest: raw) }
        case "local": Probe.error { try PhoneNumber(local: raw, country: country ?? "JP") }
        case "typed": Probe.error { try PhoneNumber(userInput: raw, country: country) }
        case "identifier": Probe.error { try LoginIdentifier(raw, country: country) }
        default: Probe.error { try LoginIdentifier(qualified: raw) }
        }
    }

    static let inputs: [(kind: String, raw: String, country: String?)] = [
        ("username", "", nil), ("username", "ab", nil), ("username", String(repeating: "a", count: 65), nil),
        ("username", "a b!", nil),
        ("password", "", nil), ("password", "Zq9", nil), ("password", String(repeating: "Zq9#", count: 13), nil),
        ("password", "Zq9#\u{1}", nil),
        ("displayName", "", nil), ("displayName", String(repeating: "x", count: 51), nil),
        ("locale", "", nil), ("locale", String(repeating: "a", count: 65), nil), ("locale", "en_US", nil),
        ("locale", "en-", nil), ("locale", "en--US", nil), ("locale", "abcdefghi", nil),
        ("country", "", nil), ("country", "JPN", nil), ("country", "1X", nil), ("country", "jp", nil),
        ("country", "xx", nil), ("country", "XX", nil),
        ("email", "", nil), ("email", String(repeating: "a", count: 201), nil), ("email", "ab", nil),
        ("email", "a@b@c.com", nil), ("email", "@example.com", nil),
        ("email", String(repeating: "a", count: 65) + "@example.com", nil), ("email", ".a..b.@example.com", nil),
        ("email", "a b@exa mple.com", nil), ("email", "a@", nil), ("email", "a@localhost", nil),
        ("email", "a@b..com", nil), ("email", "a@" + String(repeating: "b", count: 64) + ".com", nil),
        ("email", "a@-b-.com", nil), ("email", "a@example.123", nil),
        ("phone", "", nil), ("phone", String(repeating: "1", count: 65), nil), ("phone", "81 90", nil),
        ("phone", "+8190", nil), ("phone", "+8190123456789012", nil), ("phone", "+01234567890", nil),
        ("phone", "+8109012345678", nil), ("phone", "+81312345678", nil), ("phone", "+18002345678", nil),
        ("phone", "+80012345678", nil), ("phone", "+99912345678", nil), ("phone", "+8112", nil),
        ("rest", "JP", nil), ("rest", "jp-9012345678", nil), ("rest", "xx-9012345678", nil),
        ("rest", "1X-9012345678", nil), ("rest", "XX-9012345678", nil),
        ("local", "0901234567a", "JP"), ("local", String(repeating: "1", count: 18), "JP"),
        ("local", "0101819012345678", "JP"), ("local", "819012345678", "JP"), ("local", "09012345678", "jp"),
        ("local", "09012345678", "XX"), ("local", "12345", "JP"), ("local", "2015550123", "JP"),
        ("typed", "090-1234-5678", nil), ("typed", "1-800-FLOWERS", "US"), ("typed", "+81 90 1234 5678 ext 12", nil),
        ("typed", "tel:+819012345678", nil), ("typed", "+81 90*1234", nil), ("typed", "090-", "JP"),
        ("typed", "()", "JP"), ("typed", "+" + String(repeating: "1", count: 20), nil),
        ("typed", String(repeating: "1", count: 70), nil),
        ("typed", "090 1234 5678", "jp"),
        ("identifier", "", nil), ("identifier", String(repeating: "a", count: 201), nil),
        ("qualified", "", nil), ("qualified", "PHONE:JP", nil),
    ]

    /// The problems of the records that reach the record-level pairs.
    static var recordProblems: [ValidationError.Problem] {
        let password = "Zq9#secret"
        var errors: [ValidationError?] = [
            Probe.error { try Registration(identity: IdentityData(), password: password) },
            Probe.error {
                try Registration(
                    identity: IdentityData(phone: "+819012345678"),
                    password: password,
                    policy: RegistrationPolicy(phoneVerification: true)
                )
            },
            Probe.error { try Registration(identity: IdentityData(phone: "09012345678"), password: password) },
            Probe.error {
                try Registration(
                    identity: IdentityData(username: "ann"),
                    password: password,
                    fields: UserFields(custom: ["": 1, "_a": 2, "userID": 3])
                )
            },
            Probe.error {
                try Registration(
                    json: [
                        "loginName": 1, "emailAddress": true, "phoneNumber": [], "password": nil, "displayName": 2,
                        "country": 3, "locale": 4,
                    ]
                )
            },
            Probe.error { try Registration(json: ["loginName": "ann"]) },
            Probe.error {
                try Registration(json: ["phoneNumber": ["number": "090-1234-5678", "country": "JP", "ext": "1"]])
            },
            Probe.error { try UserRecord(json: ["loginName": "ann", "password": "x"]) },
            Probe.error {
                try PseudoUserRegistration(
                    identity: IdentityData(username: "ann", email: "a@example.com", phone: "+819012345678"),
                    password: password
                )
            },
        ]
        let user = try? UserRecord(json: ["loginName": "ann"])
        if let user {
            errors.append(Probe.error { try UserUpdate(of: user, identity: IdentityData(username: "bob")) })
        }
        if let pseudo = try? UserRecord(json: ["displayName": "Guest"]) {
            errors.append(Probe.error { try UserUpdate(of: pseudo, identity: IdentityData(email: "a@example.com")) })
        }
        if let user {
            errors.append(
                Probe.error {
                    try UserUpdate(
                        of: user,
                        fields: UserFields(displayName: "A", country: "JP", locale: "ja", custom: ["x": 1]),
                        removing: [
                            "loginName", "emailAddress", "phoneNumber", "password", "userID", "internalUserID",
                            "emailAddressVerified", "phoneNumberVerified", "displayName", "country", "locale", "x",
                        ]
                    )
                }
            )
            errors.append(Probe.error { try UserUpdate(of: user, json: ["password": "x"]) })
        }
        return errors.compactMap { $0 }.flatMap(\.problems)
    }

    /// Every problem of ``inputs`` and ``recordProblems``.
    static var all: [ValidationError.Problem] {
        inputs.compactMap { error($0.kind, $0.raw, country: $0.country) }.flatMap(\.problems) + recordProblems
    }

    /// The (field, code) pairs the rules produce, as `field/code`.
    static let expectedPairs: Set<String> = [
        "loginName/missing", "loginName/too_short", "loginName/too_long", "loginName/invalid_character",
        "loginName/not_a_string", "loginName/immutable", "loginName/not_allowed_for_pseudo_user",
        "password/missing", "password/too_short", "password/too_long", "password/invalid_character",
        "password/not_a_string", "password/reserved_name", "password/not_allowed_for_pseudo_user",
        "displayName/missing", "displayName/too_long", "displayName/not_a_string",
        "locale/missing", "locale/too_long", "locale/invalid_character", "locale/malformed_language_tag",
        "locale/not_a_string",
        "country/missing", "country/too_long", "country/invalid_format", "country/not_uppercase",
        "country/unknown_region", "country/not_a_string",
        "emailAddress/missing", "emailAddress/too_long", "emailAddress/invalid_character", "emailAddress/missing_at",
        "emailAddress/multiple_at", "emailAddress/empty_local_part", "emailAddress/local_part_too_long",
        "emailAddress/local_part_dot_at_edge", "emailAddress/consecutive_dots", "emailAddress/empty_domain",
        "emailAddress/domain_needs_two_labels", "emailAddress/empty_domain_label",
        "emailAddress/domain_label_too_long", "emailAddress/domain_label_hyphen_at_edge",
        "emailAddress/numeric_top_level_domain", "emailAddress/not_a_string",
        "emailAddress/not_allowed_for_pseudo_user",
        "phoneNumber/missing", "phoneNumber/too_long", "phoneNumber/invalid_character", "phoneNumber/missing_plus",
        "phoneNumber/too_few_digits", "phoneNumber/too_many_digits", "phoneNumber/unknown_calling_code",
        "phoneNumber/invalid_number", "phoneNumber/not_e164", "phoneNumber/landline", "phoneNumber/not_mobile",
        "phoneNumber/non_geographic", "phoneNumber/international_prefix", "phoneNumber/calling_code_without_plus",
        "phoneNumber/needs_country", "phoneNumber/malformed_rest_form", "phoneNumber/contains_letters",
        "phoneNumber/has_extension", "phoneNumber/tel_uri", "phoneNumber/invalid_format",
        "phoneNumber/not_uppercase", "phoneNumber/unknown_region", "phoneNumber/not_a_string",
        "phoneNumber/not_allowed_for_pseudo_user", "phoneNumber/unknown_field",
        "identifier/missing", "identifier/too_long",
        "custom/empty_field_name", "custom/reserved_name",
        "user/no_identifier", "user/verification_conflict", "user/pseudo_user_must_upgrade",
        "emailAddress/not_removable", "phoneNumber/not_removable", "password/not_removable", "userID/not_removable",
        "internalUserID/not_removable", "emailAddressVerified/not_removable", "phoneNumberVerified/not_removable",
        "displayName/set_and_removed", "country/set_and_removed", "locale/set_and_removed", "custom/set_and_removed",
    ]
}
