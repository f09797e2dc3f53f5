extension ValidationError {
    /// What exactly is wrong, with the values a reason needs: the data every language's catalog
    /// turns into words.
    ///
    /// Rules report a `Detail`, never a sentence; ``ValidationError/Problem/reason(in:)`` renders
    /// it through the catalog of a ``ValidationError/Language``. Each case gives the problem's
    /// ``code``; several cases may share a code (`invalid_number` has several causes). A
    /// password's details hold positions only, never a character.
    ///
    /// ```swift
    /// let problem = ValidationError.Problem(field: .username, .tooShort(minimum: 3, unit: .characters))
    /// problem.reason                 // "is too short (minimum 3 characters)"
    /// problem.message(in: .japanese) // "ユーザー名は 3 文字以上で入力してください"
    /// ```
    public enum Detail: Sendable, Hashable {
        // MARK: Every field

        /// The value is empty or absent.
        case missing
        /// Shorter than `minimum`.
        case tooShort(minimum: Int, unit: LengthUnit)
        /// Longer than `maximum`; the content was not inspected.
        case tooLong(maximum: Int, unit: LengthUnit)
        /// `count` characters are not allowed; the first is `character`, at 1-based `position`.
        case invalidCharacter(OffendingCharacter, position: Int, count: Int, allowed: AllowedCharacters)

        // MARK: Email address

        /// No `@`.
        case missingAt
        /// `count` `@` characters.
        case multipleAt(count: Int)
        /// Nothing before `@`.
        case emptyLocalPart
        /// The part before `@` is longer than `maximum`.
        case localPartTooLong(maximum: Int)
        /// The part before `@` starts or ends with `.`.
        case localPartDotAtEdge
        /// `..` before `@`.
        case consecutiveDots
        /// Nothing after `@`.
        case emptyDomain
        /// A domain of a single label.
        case domainNeedsTwoLabels
        /// An empty domain label.
        case emptyDomainLabel
        /// A domain label longer than `maximum`.
        case domainLabelTooLong(maximum: Int)
        /// A domain label that starts or ends with `-`.
        case domainLabelHyphenAtEdge
        /// A last domain label of digits only.
        case numericTopLevelDomain

        // MARK: Country

        /// Not two ASCII letters.
        case invalidCountryFormat
        /// Letters not all capitals; `suggestion` is the upper-case form when it is a supported region.
        case notUppercase(suggestion: String?)
        /// Well formed (`region`, upper-cased) but not a supported region.
        case unknownRegion(region: String)
        /// A problem of the region code at the start of a REST form (`JP-...`).
        indirect case regionPrefix(Detail)

        // MARK: Locale

        /// The tag ends where a subtag is expected.
        case languageTagEndsEarly
        /// An empty subtag at 1-based `position`.
        case emptySubtag(position: Int)
        /// `subtag`, at 1-based `position`, does not fit where it is.
        case misplacedSubtag(String, position: Int)

        // MARK: Phone number

        /// An international number without `+`.
        case missingPlus
        /// `digits` digits, fewer than `minimum` (calling code included).
        case tooFewDigits(digits: Int, minimum: Int)
        /// `digits` digits, more than `maximum` (calling code included).
        case tooManyDigits(digits: Int, maximum: Int)
        /// A local number of more than `maximum` digits.
        case tooManyLocalDigits(maximum: Int)
        /// Typed input of `digits` digits, more than `maximum`.
        case tooManyTypedDigits(digits: Int, maximum: Int)
        /// Typed input that ends with a separator.
        case endsWithSeparator
        /// Typed input without digits.
        case noDigits
        /// No region uses the calling code.
        case unknownCallingCode
        /// libphonenumber rejects the number.
        case invalidNumber
        /// libphonenumber rejects the number as too short.
        case numberTooShort
        /// libphonenumber rejects the number as too long.
        case numberTooLong
        /// libphonenumber knows no such number under `+callingCode`.
        case noSuchNumber(callingCode: Int)
        /// Not a valid number for `region`.
        case invalidNumberForRegion(region: String)
        /// A decoded number that is not a number of `region`.
        case notNumberOfRegion(region: String)
        /// Valid, but not written in E.164 form; `suggestion` is that form.
        case notE164(suggestion: String)
        /// A landline, and only mobile numbers are accepted.
        case landline
        /// A number of `type`, and only mobile numbers are accepted.
        case notMobile(type: PhoneNumberType)
        /// A number of no country (`+callingCode`).
        case nonGeographic(callingCode: Int)
        /// A local number that starts with an international dialling prefix; `suggestion` is
        /// the E.164 form.
        case internationalPrefix(suggestion: String)
        /// A local number that starts with `callingCode` without `+`; `suggestion` is the E.164 form.
        case callingCodeWithoutPlus(callingCode: Int, suggestion: String)
        /// A local number without a country to read it in.
        case needsCountry
        /// A local number of a record without a country to read it in.
        case recordNeedsCountry
        /// A REST form that is not `CC-digits`.
        case malformedRestForm
        /// Typed letters (a vanity number).
        case containsLetters
        /// A typed extension.
        case hasExtension
        /// A `tel:` URI.
        case telURI
        /// A typed phone number's JSON object (`{"number", "country"}`) with the member `name`.
        case notTypedPhoneMember(name: String)

        // MARK: Records

        /// No username, email address or phone number.
        case noIdentifier
        /// The identifiers given cannot sign up under the verification settings.
        case verificationConflict(VerificationConflict)
        /// A custom field with an empty name.
        case emptyFieldName
        /// A custom field `name` that starts with `_`.
        case reservedPrefix(name: String)
        /// A custom field `name` that is a predefined field's.
        case predefinedName(name: String)
        /// A password member in a user record.
        case passwordNotInRecord
        /// A predefined member of another JSON type than string.
        case notAString(found: JSONType)
        /// An identifier or a password given to a pseudo user.
        case notAllowedForPseudoUser
        /// A change of the username, which is `current`.
        case usernameImmutable(current: String)
        /// An update of a pseudo user.
        case pseudoUserMustUpgrade
        /// Identifiers given to a pseudo user in an update of its fields.
        case pseudoUserIdentifiersNeedUpgrade
        /// A `password` member in an update body.
        case passwordNotInUpdate
        /// An update that removes the username.
        case usernameNotRemovable
        /// An update that removes the email address or the phone number.
        case identifierNotRemovable
        /// An update that removes the password.
        case passwordNotRemovable
        /// An update that removes a member the server sets (`userID`, `emailAddressVerified`, ...).
        case serverFieldNotRemovable
        /// An update that sets and removes the same predefined field.
        case setAndRemoved
        /// An update that sets and removes the custom field `name`.
        case customFieldSetAndRemoved(name: String)
        /// An identifier another user already has (a service's unique key is taken).
        case alreadyTaken

        // MARK: Input (JSON Lines and CSV)

        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// Not valid JSON.
        case malformedJSON
        /// Valid JSON but not an object.
        case notAnObject
        /// A member of another JSON type than `expected` (`found`, when known).
        case wrongType(expected: ExpectedType, found: JSONType?)
        /// A member that is not one of a user record.
        case notRecordMember
        /// A CSV header column (1-based) that is not a member of a user record.
        case unknownColumn(column: Int)
        /// A CSV header naming `name` a second time, at column `column` (1-based).
        case repeatedColumn(name: String, column: Int)
        /// A line longer than `maximumBytes`.
        case lineTooLong(maximumBytes: Int)
        /// CSV text after a closing quote, in column `column` (1-based).
        case textAfterClosingQuote(column: Int)
        /// A CSV quote inside an unquoted field, in column `column` (1-based).
        case quoteInUnquotedField(column: Int)
        /// A CSV quoted field that is never closed.
        case unclosedQuote
        /// A CSV record of `fields` fields under a header of `headerFields`.
        case columnCount(fields: Int, headerFields: Int)
        /// The member `member` of an input line is not a string.
        case memberNotAString(member: String)
        /// An input line has a member other than `allowed`.
        case unexpectedMember(allowed: [String])
        /// The member `member` of an input line is not one of `allowed`.
        case memberNotOneOf(member: String, allowed: [String])
        /// The member `member` of an input line is absent.
        case memberMissing(member: String)

        // MARK: JSON text

        /// A JSON text that breaks RFC 8259: `syntax` found at 1-based `column` (in Unicode scalars).
        case jsonSyntax(JSONSyntax, column: Int)
        /// The member `name` a second time in one object, at 1-based `column`.
        case duplicateMember(name: String, column: Int)
        /// Bytes that are not UTF-8 in a JSON text, at 1-based `column`.
        case jsonInvalidUTF8(column: Int)
        /// A number whose exponent has more than `maximumExponentDigits` digits, at 1-based `column`.
        case numberOutOfRange(maximumExponentDigits: Int, column: Int)
        /// Arrays and objects nested deeper than `maximum`, at 1-based `column`.
        case nestingTooDeep(maximum: Int, column: Int)

        // MARK: Built by hand

        /// A problem built from a code and a reason phrase (``ValidationError/Problem/init(field:code:reason:)``),
        /// or decoded from one the catalogs do not know. Every language shows `reason` as given.
        /// No rule of this package produces it.
        case custom(Code, reason: String)
    }
}

extension ValidationError.Detail {
    /// The unit of a length limit.
    public enum LengthUnit: String, Sendable, Hashable, CaseIterable {
        /// Unicode scalars.
        case characters
        /// UTF-8 bytes.
        case bytes
        /// ASCII letters.
        case letters
    }

    /// The offending character of an `invalid_character` problem, safe to show.
    public enum OffendingCharacter: Sendable, Hashable {
        /// A well-formed scalar; a catalog shows printable ASCII quoted, a space by name and
        /// anything else as `U+XXXX`, never raw control or invisible characters.
        case scalar(Unicode.Scalar)
        /// A byte that does not start well-formed UTF-8.
        case invalidByte
        /// Not told: the field is a password.
        case undisclosed
    }

    /// Which characters a field (or a part of one) allows.
    public enum AllowedCharacters: String, Sendable, Hashable, CaseIterable {
        /// Letters, digits, `_`, `-` and `.`.
        case username
        /// Printable ASCII and spaces.
        case password
        /// Letters, digits and `-`.
        case locale
        /// Before `@`: letters, digits, `.`, `_`, `%`, `+` and `-`.
        case emailLocalPart
        /// After `@`: letters, digits, `-` and `.`.
        case emailDomain
        /// After `+`: digits.
        case internationalPhoneNumber
        /// A local number: digits.
        case localPhoneNumber
        /// Typed: digits, a leading `+`, and spaces, `-`, `.`, `(` or `)` between digits.
        case typedPhoneNumber
    }

    /// Which identifiers a verification conflict is about.
    public enum VerificationConflict: String, Sendable, Hashable, CaseIterable {
        /// Only a phone number, and phone verification is on.
        case onlyPhoneNumber
        /// Only an email address, and email verification is on.
        case onlyEmailAddress
        /// An email address and a phone number, and both verifications are on.
        case emailAddressAndPhoneNumber
    }

    /// A JSON value's type.
    public enum JSONType: String, Sendable, Hashable, CaseIterable {
        /// `null`.
        case null
        /// `true` or `false`.
        case boolean
        /// A number.
        case number
        /// A string.
        case string
        /// An array.
        case array
        /// An object.
        case object

        /// The type of `value`.
        public init(of value: JSONValue) {
            switch value {
            case .null: self = .null
            case .bool: self = .boolean
            case .integer, .number: self = .number
            case .string: self = .string
            case .array: self = .array
            case .object: self = .object
            }
        }
    }

    /// What breaks RFC 8259 in a JSON text (a `malformed_json` problem).
    public enum JSONSyntax: String, Sendable, Hashable, CaseIterable {
        /// Nothing but white space.
        case noValue
        /// A `,` just before `]` or `}`.
        case trailingComma
        /// `//` or `/* */`.
        case comment
        /// `'text'`.
        case singleQuotedString
        /// `NaN` or `Infinity`.
        case nanOrInfinity
        /// `012`, `-01`.
        case leadingZero
        /// `+1`.
        case plusSign
        /// `.5`.
        case noDigitBeforePoint
        /// `1.`.
        case noDigitAfterPoint
        /// `1e`, `1e+`.
        case exponentWithoutDigits
        /// `-` alone.
        case minusWithoutDigits
        /// `0x1F`, `1a`.
        case letterAfterNumber
        /// A raw byte below U+0020 in a string.
        case controlCharacter
        /// `\x`, `\'`, `\u12`.
        case invalidEscape
        /// `\uD800` without a low surrogate, or `\uDC00` alone.
        case loneSurrogate
        /// U+FEFF anywhere but the start of a file.
        case byteOrderMark
        /// `,` where a value belongs (`[1,,2]`).
        case missingValue
        /// A name without `:` after it.
        case missingColon
        /// A member name that is not a string (`{a:1}`).
        case nameNotString
        /// Neither `,` nor `}` after a member.
        case missingCommaOrBrace
        /// Neither `,` nor `]` after an element.
        case missingCommaOrBracket
        /// A string without its closing quote.
        case unclosedString
        /// The text ends inside a value.
        case unexpectedEnd
        /// Text after the value.
        case textAfterValue
        /// Any other character where it cannot be.
        case unexpectedCharacter
    }

    /// The JSON type an input member must have.
    public enum ExpectedType: String, Sendable, Hashable, CaseIterable {
        /// An object.
        case object
        /// `true` or `false`.
        case boolean
    }

    /// The stable machine code of the problem.
    public var code: ValidationError.Code {
        switch self {
        case .missing, .memberMissing: .missing
        case .tooShort: .tooShort
        case .tooLong: .tooLong
        case .invalidCharacter, .endsWithSeparator: .invalidCharacter
        case .missingAt: .missingAt
        case .multipleAt: .multipleAt
        case .emptyLocalPart: .emptyLocalPart
        case .localPartTooLong: .localPartTooLong
        case .localPartDotAtEdge: .localPartDotAtEdge
        case .consecutiveDots: .consecutiveDots
        case .emptyDomain: .emptyDomain
        case .domainNeedsTwoLabels: .domainNeedsTwoLabels
        case .emptyDomainLabel: .emptyDomainLabel
        case .domainLabelTooLong: .domainLabelTooLong
        case .domainLabelHyphenAtEdge: .domainLabelHyphenAtEdge
        case .numericTopLevelDomain: .numericTopLevelDomain
        case .invalidCountryFormat: .invalidFormat
        case .notUppercase: .notUppercase
        case .unknownRegion: .unknownRegion
        case .regionPrefix(let inner): inner.code
        case .languageTagEndsEarly, .emptySubtag, .misplacedSubtag: .malformedLanguageTag
        case .missingPlus: .missingPlus
        case .tooFewDigits: .tooFewDigits
        case .tooManyDigits, .tooManyLocalDigits, .tooManyTypedDigits: .tooManyDigits
        case .unknownCallingCode: .callingCodeUnknown
        case .noDigits, .invalidNumber, .numberTooShort, .numberTooLong, .noSuchNumber, .invalidNumberForRegion,
            .notNumberOfRegion:
            .invalidNumber
        case .notE164: .notE164
        case .landline: .landline
        case .notMobile: .notMobile
        case .nonGeographic: .nonGeographic
        case .internationalPrefix: .internationalPrefix
        case .callingCodeWithoutPlus: .callingCodeWithoutPlus
        case .needsCountry, .recordNeedsCountry: .needsCountry
        case .malformedRestForm: .malformedRestForm
        case .containsLetters: .containsLetters
        case .hasExtension: .hasExtension
        case .telURI: .telURI
        case .noIdentifier: .noIdentifier
        case .verificationConflict: .verificationConflict
        case .emptyFieldName: .emptyFieldName
        case .reservedPrefix, .predefinedName, .passwordNotInRecord, .passwordNotInUpdate: .reservedName
        case .notAString, .memberNotAString: .notAString
        case .notAllowedForPseudoUser: .notAllowedForPseudoUser
        case .usernameImmutable, .usernameNotRemovable: .immutable
        case .pseudoUserMustUpgrade, .pseudoUserIdentifiersNeedUpgrade: .pseudoUserMustUpgrade
        case .identifierNotRemovable, .passwordNotRemovable, .serverFieldNotRemovable: .notRemovable
        case .setAndRemoved, .customFieldSetAndRemoved: .setAndRemoved
        case .alreadyTaken: .alreadyTaken
        case .invalidUTF8: .invalidUTF8
        case .malformedJSON: .malformedJSON
        case .notAnObject: .notAnObject
        case .wrongType: .wrongType
        case .notTypedPhoneMember, .notRecordMember, .unknownColumn, .repeatedColumn, .unexpectedMember,
            .memberNotOneOf:
            .unknownField
        case .lineTooLong: .lineTooLong
        case .textAfterClosingQuote, .quoteInUnquotedField, .unclosedQuote: .malformedCSV
        case .columnCount: .columnCount
        case .jsonSyntax: .malformedJSON
        case .duplicateMember: .duplicateMember
        case .jsonInvalidUTF8: .invalidUTF8
        case .numberOutOfRange: .numberOutOfRange
        case .nestingTooDeep: .nestingTooDeep
        case .custom(let code, _): code
        }
    }
}
