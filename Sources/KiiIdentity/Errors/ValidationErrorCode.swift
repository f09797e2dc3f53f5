extension ValidationError {
    /// A stable machine code for a kind of problem, such as `too_short`.
    ///
    /// Codes are shared between fields where the problem is the same (`too_long` for every
    /// field); the problem's ``ValidationError/Field`` says which field. New codes may be added;
    /// existing raw values never change.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The code as it appears in JSON and logs, such as `too_short`.
        public let rawValue: String

        /// Whether nothing in the raw value needs a JSON escape (every code of the library's),
        /// so that a JSON body copies it as it is.
        let isPlain: Bool

        /// Creates a code from its raw value.
        public init(rawValue: String) {
            self.rawValue = rawValue
            var rawValue = rawValue
            isPlain = rawValue.withUTF8 { !JSONValue.hasEscape(in: $0) }
        }

        /// One of the library's codes: lower-case letters, digits and `_`, which need no escape.
        /// Checked in debug builds only, so that the constants stay made at compile time (a flag
        /// computed at run time makes each constant lazy).
        init(_ identifier: String) {
            assert(
                identifier.utf8.allSatisfy {
                    $0 == UInt8(ascii: "_") || $0 &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10
                }
            )
            rawValue = identifier
            isPlain = true
        }

        /// Whether the two are the same code: their raw values are equal.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

        /// Hashes the raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        public var description: String { rawValue }
    }
}

extension ValidationError.Code {
    // MARK: Every field

    /// The value is empty or absent.
    public static let missing = Self("missing")
    /// The value is shorter than the field's minimum.
    public static let tooShort = Self("too_short")
    /// The value is longer than the field's maximum; its content was not inspected.
    public static let tooLong = Self("too_long")
    /// The value contains a character the field does not allow.
    public static let invalidCharacter = Self("invalid_character")

    // MARK: Display name under the nickname policy (RFC 8266)

    /// A control character (Cc), or a line or paragraph separator.
    public static let controlCharacter = Self("control_character")
    /// An invisible or formatting character (default-ignorable, Cf): a zero width space, a
    /// variation selector outside an emoji.
    public static let invisibleCharacter = Self("invisible_character")
    /// A bidirectional formatting character: an override, an embedding, an isolate or a mark.
    public static let bidiControl = Self("bidi_control")
    /// A code point that Unicode 17.0 does not assign.
    public static let unassignedCharacter = Self("unassigned_character")
    /// Another character RFC 8264's FreeformClass does not allow: private use, a noncharacter,
    /// an old Hangul jamo, ARABIC TATWEEL and the other exceptions.
    public static let disallowedCharacter = Self("disallowed_character")
    /// A character allowed only in some contexts (RFC 5892 Appendix A) outside them.
    public static let contextRule = Self("context_rule")
    /// Nothing is left once spaces are trimmed and the text normalised.
    public static let emptyAfterMapping = Self("empty_after_mapping")
    /// The mapping does not settle after the passes RFC 8266 allows.
    public static let unstableMapping = Self("unstable_mapping")

    // MARK: Password under the NIST policy

    /// The whole password is a commonly used, expected or breached one.
    public static let commonPassword = Self("common_password")
    /// The password holds a word of its context: the username, the email address, the name.
    public static let containsContextWord = Self("contains_context_word")
    /// The password is one short unit repeated, or a run of consecutive characters.
    public static let repetitiveOrSequential = Self("repetitive_or_sequential")

    // MARK: Email address

    /// The email address has no `@`.
    public static let missingAt = Self("missing_at")
    /// The email address has more than one `@`.
    public static let multipleAt = Self("multiple_at")
    /// The part before `@` is empty.
    public static let emptyLocalPart = Self("empty_local_part")
    /// The part before `@` is longer than 64 characters.
    public static let localPartTooLong = Self("local_part_too_long")
    /// The part before `@` starts or ends with `.`.
    public static let localPartDotAtEdge = Self("local_part_dot_at_edge")
    /// The part before `@` has two dots in a row.
    public static let consecutiveDots = Self("consecutive_dots")
    /// The part after `@` is empty.
    public static let emptyDomain = Self("empty_domain")
    /// The domain has a single label (`localhost`).
    public static let domainNeedsTwoLabels = Self("domain_needs_two_labels")
    /// A domain label is empty (`a..com`, `.com`, `com.`).
    public static let emptyDomainLabel = Self("empty_domain_label")
    /// A domain label is longer than 63 characters.
    public static let domainLabelTooLong = Self("domain_label_too_long")
    /// A domain label starts or ends with `-`.
    public static let domainLabelHyphenAtEdge = Self("domain_label_hyphen_at_edge")
    /// The last domain label is all digits.
    public static let numericTopLevelDomain = Self("numeric_top_level_domain")

    // MARK: Country

    /// The country is two lower-case (or mixed-case) letters; the reason suggests the upper-case form.
    public static let notUppercase = Self("not_uppercase")
    /// The country is not two ASCII letters.
    public static let invalidFormat = Self("invalid_format")
    /// The country is well formed but not a region libphonenumber supports (`XX`).
    public static let unknownRegion = Self("unknown_region")

    // MARK: Locale

    /// The locale is not a well-formed BCP 47 language tag.
    public static let malformedLanguageTag = Self("malformed_language_tag")

    // MARK: Phone number

    /// An international number does not start with `+`.
    public static let missingPlus = Self("missing_plus")
    /// Fewer digits than the policy's minimum (10 by default).
    public static let tooFewDigits = Self("too_few_digits")
    /// More digits than the policy's maximum (15 by default).
    public static let tooManyDigits = Self("too_many_digits")
    /// No region uses the country calling code.
    public static let callingCodeUnknown = Self("unknown_calling_code")
    /// libphonenumber says the number is not a valid number (for the region, for local input).
    public static let invalidNumber = Self("invalid_number")
    /// A strict international number is valid but not in E.164 form (a trunk prefix after the
    /// calling code); the reason gives the E.164 form.
    public static let notE164 = Self("not_e164")
    /// The number is a landline and the policy accepts mobile numbers only.
    public static let landline = Self("landline")
    /// The number is of a type other than mobile or landline (toll-free, VoIP, ...) and the
    /// policy accepts mobile numbers only.
    public static let notMobile = Self("not_mobile")
    /// The number belongs to no country (`+800`, `+881`, ...), so it has no REST local form.
    public static let nonGeographic = Self("non_geographic")
    /// A local number starts with an international dialling prefix (`010` in Japan).
    public static let internationalPrefix = Self("international_prefix")
    /// A local number starts with its country calling code instead of a trunk prefix.
    public static let callingCodeWithoutPlus = Self("calling_code_without_plus")
    /// A local number was given without a country to read it in.
    public static let needsCountry = Self("needs_country")
    /// A REST local form is not `CC-digits`.
    public static let malformedRestForm = Self("malformed_rest_form")
    /// Typed input contains letters (a vanity number such as `1-800-FLOWERS`).
    public static let containsLetters = Self("contains_letters")
    /// Typed input has an extension (`ext`, `x`, `;ext=`, `#`).
    public static let hasExtension = Self("has_extension")
    /// Typed input is a `tel:` URI.
    public static let telURI = Self("tel_uri")

    // MARK: Records

    /// A record has none of username, email address and phone number.
    public static let noIdentifier = Self("no_identifier")
    /// The registration table forbids this combination under the policy's verification settings.
    public static let verificationConflict = Self("verification_conflict")
    /// A custom field uses a predefined name or starts with `_`.
    public static let reservedName = Self("reserved_name")
    /// A custom field has an empty name.
    public static let emptyFieldName = Self("empty_field_name")
    /// A predefined member of a JSON record is not a JSON string.
    public static let notAString = Self("not_a_string")
    /// A pseudo user was given an identifier or a password.
    public static let notAllowedForPseudoUser = Self("not_allowed_for_pseudo_user")
    /// An update tries to change the username.
    public static let immutable = Self("immutable")
    /// An update gives a pseudo user identifiers, which it gets by an upgrade instead.
    public static let pseudoUserMustUpgrade = Self("pseudo_user_must_upgrade")
    /// An upgrade was asked of a user that is not a pseudo user.
    public static let notAPseudoUser = Self("not_a_pseudo_user")
    /// A member of a stored record is valid but not in the normalised form the library writes
    /// (``UserRecord/init(storedJSON:)-(String)``).
    public static let notNormalized = Self("not_normalized")
    /// An update removes a member that cannot be removed: an identifier, the password or a
    /// member the server sets.
    public static let notRemovable = Self("not_removable")
    /// An update both sets and removes the same member.
    public static let setAndRemoved = Self("set_and_removed")
    /// Another user already has this username, email address or phone number (a service's
    /// unique key is taken): an HTTP 409, see ``ValidationError/httpStatus``.
    public static let alreadyTaken = Self("already_taken")

    // MARK: Input (JSON Lines and CSV)

    /// A line or a cell contains bytes that are not UTF-8.
    public static let invalidUTF8 = Self("invalid_utf8")
    /// A line or a cell is not valid JSON.
    public static let malformedJSON = Self("malformed_json")
    /// A line is valid JSON but not an object.
    public static let notAnObject = Self("not_an_object")
    /// A member has the wrong JSON type (a number where an object is expected, ...).
    public static let wrongType = Self("wrong_type")
    /// A member or CSV column is not one the reader knows.
    public static let unknownField = Self("unknown_field")
    /// A line is longer than the reader's limit.
    public static let lineTooLong = Self("line_too_long")
    /// A CSV record breaks RFC 4180 (a stray or unterminated quote).
    public static let malformedCSV = Self("malformed_csv")
    /// A CSV record has more or fewer fields than the header.
    public static let columnCount = Self("column_count")

    // MARK: JSON text

    /// A JSON object has the same member twice; the reason names it.
    public static let duplicateMember = Self("duplicate_member")
    /// A JSON number has an exponent of more than 15 digits, so it cannot be compared exactly.
    public static let numberOutOfRange = Self("number_out_of_range")
    /// A JSON number cannot be carried exactly through a `Decoder` or `Encoder` that only
    /// knows `Double` and fixed-size integers (in the coding error's description).
    public static let numberNotExact = Self("number_not_exact")
    /// JSON arrays and objects nest deeper than ``JSONValue/maximumNesting``.
    public static let nestingTooDeep = Self("nesting_too_deep")
}
