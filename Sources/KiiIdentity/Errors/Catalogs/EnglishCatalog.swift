/// The English texts of every ``ValidationError/Detail``: phrases that read after the field's
/// name ("username is too short (minimum 3 characters)").
enum EnglishCatalog {
    /// Between the messages of one error.
    static let separator = "; "

    /// The field's name: "username", "email address", ...; a field the catalog does not know
    /// is named by its raw value.
    static func label(_ field: ValidationError.Field) -> String {
        switch field {
        case .username: "username"
        case .emailAddress: "email address"
        case .phoneNumber: "phone number"
        case .displayName: "display name"
        case .identifier: "login identifier"
        case .customFields: "custom field"
        case .json: "JSON text"
        case .userID: "user ID"
        case .internalUserID: "internal user ID"
        case .emailAddressVerified: "email verified flag"
        case .phoneNumberVerified: "phone verified flag"
        default: field.rawValue
        }
    }

    /// The label, a space and the reason.
    static func message(_ field: ValidationError.Field, _ detail: ValidationError.Detail) -> String {
        "\(label(field)) \(reason(detail))"
    }

    /// The phrase that reads after the field's name.
    static func reason(_ detail: ValidationError.Detail) -> String {
        switch detail {
        case .missing: "is missing"
        case .tooShort(let minimum, let unit): "is too short (minimum \(minimum) \(unit.rawValue))"
        case .tooLong(let maximum, let unit): "is too long (maximum \(maximum) \(unit.rawValue))"
        case .invalidCharacter(let character, let position, let count, let allowed):
            invalidCharacter(character, position: position, count: count, allowed: allowed)
        case .missingAt: "has no '@'"
        case .multipleAt(let count): "has \(count) '@' characters (exactly one is allowed)"
        case .emptyLocalPart: "has nothing before '@'"
        case .localPartTooLong(let maximum): "has a part before '@' that is too long (maximum \(maximum) characters)"
        case .localPartDotAtEdge: "has a part before '@' that starts or ends with '.'"
        case .consecutiveDots: "has '..' before '@'"
        case .emptyDomain: "has nothing after '@'"
        case .domainNeedsTwoLabels: "needs a domain of two or more labels after '@', like example.com"
        case .emptyDomainLabel: "has an empty domain label (a '.' at an end, or '..')"
        case .domainLabelTooLong(let maximum):
            "has a domain label that is too long (maximum \(maximum) characters)"
        case .domainLabelHyphenAtEdge: "has a domain label that starts or ends with '-'"
        case .numericTopLevelDomain: "has a last domain label that is all digits"
        case .invalidCountryFormat: "must be two capital letters (ISO 3166-1 alpha-2), like JP"
        case .notUppercase(let suggestion?): "must be in capital letters: did you mean '\(suggestion)'?"
        case .notUppercase(nil): "must be in capital letters"
        case .unknownRegion(let region): "must be a supported region ('\(region)' is not one)"
        case .regionPrefix(let inner): "has a region prefix that " + reason(inner)
        case .languageTagEndsEarly:
            "is not a well-formed BCP 47 language tag (it ends where a subtag is expected)"
        case .emptySubtag(let position):
            "is not a well-formed BCP 47 language tag (empty subtag at position \(position))"
        case .misplacedSubtag(let subtag, let position):
            "is not a well-formed BCP 47 language tag ('\(subtag)' at position \(position) does not fit there)"
        case .missingPlus: "must start with '+' and the country calling code"
        case .tooFewDigits(let digits, let minimum):
            "has \(digits) \(digits == 1 ? "digit" : "digits") (minimum \(minimum), calling code included)"
        case .tooManyDigits(let digits, let maximum):
            "has \(digits) digits (maximum \(maximum), calling code included)"
        case .tooManyLocalDigits(let maximum): "has too many digits (maximum \(maximum) in a local number)"
        case .tooManyTypedDigits(let digits, let maximum): "has \(digits) digits (maximum \(maximum))"
        case .endsWithSeparator: "ends with a separator (separators go between digits)"
        case .noDigits: "has no digits"
        case .unknownCallingCode: "does not start with a country calling code in use"
        case .invalidNumber: "is not a valid number"
        case .numberTooShort: "is not a valid number (too short)"
        case .numberTooLong: "is not a valid number (too long)"
        case .noSuchNumber(let callingCode):
            "is not a valid number (libphonenumber knows no such +\(callingCode) number)"
        case .invalidNumberForRegion(let region): "is not a valid number for \(region)"
        case .notNumberOfRegion(let region): "is not a number of region \(region)"
        case .notE164(let suggestion): "is not in E.164 form (did you mean \(suggestion)?)"
        case .landline: "is a landline number (only mobile numbers are accepted)"
        case .notMobile(let type): "is a \(type) number (only mobile numbers are accepted)"
        case .nonGeographic(let callingCode):
            "is a non-geographic number (+\(callingCode)), which belongs to no country"
        case .internationalPrefix(let suggestion):
            "starts with an international dialling prefix; write it as \(suggestion)"
        case .callingCodeWithoutPlus(let callingCode, let suggestion):
            "starts with the calling code \(callingCode) without '+'; write \(suggestion) or the national number"
        case .needsCountry: "needs a country to be read as a local number, or a '+' and the calling code"
        case .recordNeedsCountry:
            "needs a country: give it in the REST form (like JP-9012345678) or set the user's country"
        case .malformedRestForm: "must be a region code, '-' and the national number, like JP-9012345678"
        case .containsLetters: "contains letters (vanity numbers are not accepted; use digits)"
        case .hasExtension: "has an extension, which is not part of a phone number"
        case .telURI: "is a tel: URI; give the number itself"
        case .notTypedPhoneMember(let name): "has a member '\(name)' (a typed number has only 'number' and 'country')"
        case .noIdentifier: "has no username, email address or phone number (give at least one)"
        case .verificationConflict(.onlyPhoneNumber):
            "has only a phone number, so phone verification must be off (turn phone verification off, or add a username)"
        case .verificationConflict(.onlyEmailAddress):
            "has only an email address, so email verification must be off (turn email verification off, or add a username)"
        case .verificationConflict(.emailAddressAndPhoneNumber):
            "has an email address and a phone number but no username, so email verification or phone verification must be off (turn one of them off, or add a username)"
        case .emptyFieldName: "has an empty name"
        case .reservedPrefix(let name): "'\(name)' starts with '_', which is reserved"
        case .predefinedName(let name): "'\(name)' is a predefined field name"
        case .passwordNotInRecord: "is not part of a user record (only of a request body)"
        case .notAString(let found): "must be a JSON string, not \(found.rawValue)"
        case .notAllowedForPseudoUser: "is not allowed for a pseudo user (upgrade it to a normal user to set one)"
        case .usernameImmutable(let current): "cannot be changed once registered (it is '\(current)')"
        case .pseudoUserMustUpgrade:
            "is a pseudo user, which is upgraded to a normal user (with an identifier and a password), not updated"
        case .pseudoUserIdentifiersNeedUpgrade:
            "is a pseudo user: it gets identifiers by an upgrade to a normal user (with a password), not by an update"
        case .passwordNotInUpdate: "is not changed by a user update (only by a password change)"
        case .usernameNotRemovable: "cannot be removed (it cannot change once registered)"
        case .identifierNotRemovable:
            "cannot be removed by an update: it is how the user logs in (give a new one instead)"
        case .passwordNotRemovable: "is not a user field and cannot be removed"
        case .serverFieldNotRemovable: "is set by the server and cannot be removed"
        case .setAndRemoved: "is both set and removed"
        case .customFieldSetAndRemoved(let name): "'\(name)' is both set and removed"
        case .alreadyTaken: "is already taken"
        case .invalidUTF8: "contains bytes that are not UTF-8"
        case .malformedJSON: "is not valid JSON"
        case .notAnObject: "is not a JSON object"
        case .wrongType(.object, let found?): "must be a JSON object, not \(found.rawValue)"
        case .wrongType(.object, nil): "must be a JSON object"
        case .wrongType(.boolean, let found?): "must be true or false, not \(found.rawValue)"
        case .wrongType(.boolean, nil): "must be true or false"
        case .notRecordMember: "is not a member of a user record"
        case .unknownColumn(let column): "has a column \(column) that is not a member of a user record; it is ignored"
        case .repeatedColumn(let name, let column): "names column '\(name)' twice; column \(column) is ignored"
        case .lineTooLong(let maximumBytes): "is longer than \(maximumBytes) bytes"
        case .textAfterClosingQuote(let column): "has text after a closing quote (column \(column))"
        case .quoteInUnquotedField(let column): "has a quote inside an unquoted field (column \(column))"
        case .unclosedQuote: "has a quoted field that is never closed"
        case .columnCount(let fields, let headerFields): "has \(fields) fields but the header has \(headerFields)"
        case .memberNotAString(let member): "\"\(member)\" must be a string"
        case .unexpectedMember(let allowed): "the line has a member other than \(list(allowed.map { "\"\($0)\"" }))"
        case .memberNotOneOf(let member, let allowed):
            "\"\(member)\" must be one of \(allowed.joined(separator: ", "))"
        case .memberMissing(let member): "\"\(member)\" is missing"
        case .jsonSyntax(let syntax, let column): "is not valid JSON: \(describe(syntax)) at column \(column)"
        case .duplicateMember(let name, let column):
            "has the member \(quotedName(name)) a second time at column \(column)"
        case .jsonInvalidUTF8(let column): "contains bytes that are not UTF-8 at column \(column)"
        case .numberOutOfRange(let digits, let column):
            "has a number whose exponent has more than \(digits) digits at column \(column)"
        case .nestingTooDeep(let maximum, let column):
            "has arrays or objects nested more than \(maximum) deep at column \(column)"
        case .custom(_, let reason): reason
        }
    }

    /// What breaks the JSON grammar, as a noun phrase.
    static func describe(_ syntax: ValidationError.Detail.JSONSyntax) -> String {
        switch syntax {
        case .noValue: "no value"
        case .trailingComma: "a trailing comma"
        case .comment: "a comment"
        case .singleQuotedString: "a single-quoted string"
        case .nanOrInfinity: "NaN or Infinity, which JSON does not have"
        case .leadingZero: "a number with a leading zero"
        case .plusSign: "a '+' before a number"
        case .noDigitBeforePoint: "a number without a digit before '.'"
        case .noDigitAfterPoint: "a number without digits after '.'"
        case .exponentWithoutDigits: "an exponent without digits"
        case .minusWithoutDigits: "a '-' without digits"
        case .letterAfterNumber: "a letter right after a number"
        case .controlCharacter: "a control character in a string (it must be escaped)"
        case .invalidEscape: "an invalid escape"
        case .loneSurrogate: "a lone surrogate (a \\u escape of half a pair)"
        case .byteOrderMark: "a byte order mark (U+FEFF), allowed only at the start of a file"
        case .missingValue: "a missing value before ','"
        case .missingColon: "a missing ':' after a name"
        case .nameNotString: "a member name that is not a string"
        case .missingCommaOrBrace: "a missing ',' or '}'"
        case .missingCommaOrBracket: "a missing ',' or ']'"
        case .unclosedString: "a string without its closing quote"
        case .unexpectedEnd: "the end of the text before the value is complete"
        case .textAfterValue: "more text after the value"
        case .unexpectedCharacter: "an unexpected character"
        }
    }

    /// A member name for a reason: quoted as JSON, cut after 64 scalars.
    static func quotedName(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard scalars.count > 64 else { return JSONValue.quoted(name) }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(64))
        return JSONValue.quoted(String(cut)) + "..."
    }

    /// "contains 'x' at position 3 [and 2 more characters] that [is|are] not allowed (only ... are)";
    /// a password's character is "a character".
    private static func invalidCharacter(
        _ character: ValidationError.Detail.OffendingCharacter,
        position: Int,
        count: Int,
        allowed: ValidationError.Detail.AllowedCharacters
    ) -> String {
        var reason = "contains \(describe(character)) at position \(position)"
        if count > 1 {
            reason +=
                allowed == .typedPhoneNumber
                ? " and \(count - 1) more" : " and \(count - 1) more \(count == 2 ? "character" : "characters")"
        }
        return reason + " that \(count == 1 ? "is" : "are") not allowed (\(describe(allowed)))"
    }

    /// `'x'` for printable ASCII, `a space`, otherwise `U+XXXX`.
    static func describe(_ character: ValidationError.Detail.OffendingCharacter) -> String {
        switch character {
        case .scalar(" "): "a space"
        case .scalar(let scalar) where scalar.value > 0x20 && scalar.value < 0x7F: "'\(Character(scalar))'"
        case .scalar(let scalar): scalar.codePoint
        case .invalidByte: "an invalid UTF-8 byte"
        case .undisclosed: "a character"
        }
    }

    private static func describe(_ allowed: ValidationError.Detail.AllowedCharacters) -> String {
        switch allowed {
        case .username: "only letters, digits, '_', '-' and '.' are"
        case .password: "only printable ASCII characters and spaces are"
        case .locale: "only letters, digits and '-' are"
        case .emailLocalPart: "before '@' only letters, digits, '.', '_', '%', '+' and '-' are"
        case .emailDomain: "after '@' only letters, digits, '-' and '.' are"
        case .internationalPhoneNumber: "after the '+' only digits are"
        case .localPhoneNumber: "a local number is only digits; an international one starts with '+'"
        case .typedPhoneNumber: "digits, a leading '+', and spaces, '-', '.', '(' or ')' between digits are"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension Unicode.Scalar {
    /// `U+0041`: at least four upper-case hexadecimal digits.
    var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
