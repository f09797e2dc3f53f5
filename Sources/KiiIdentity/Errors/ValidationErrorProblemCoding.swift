/// A problem encodes as `{"field", "code", "reason", "detail", ...parameters}`: the English
/// reason for readers that show it as is, and the detail's name and parameters (all strings) for
/// clients that render their own text in another language:
///
/// ```json
/// {"field": "loginName", "code": "too_short", "reason": "is too short (minimum 3 characters)",
///  "detail": "tooShort", "minimum": "3", "unit": "characters"}
/// ```
///
/// Decoding restores the same ``ValidationError/Detail``, so the problem renders the same in
/// every language. A problem whose detail is missing, unknown or does not match its code and
/// reason decodes as a ``ValidationError/Detail/custom(_:reason:)`` detail with that reason.
extension ValidationError.Problem: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(field, forKey: Key("field"))
        try container.encode(code, forKey: Key("code"))
        try container.encode(reason, forKey: Key("reason"))
        if case .custom = detail { return }
        try container.encode(detail.name, forKey: Key("detail"))
        for (name, value) in detail.parameters {
            try container.encode(value, forKey: Key(name))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let field = try container.decode(ValidationError.Field.self, forKey: Key("field"))
        let code = try container.decode(ValidationError.Code.self, forKey: Key("code"))
        let reason = try container.decodeIfPresent(String.self, forKey: Key("reason"))
        var parameters: [String: String] = [:]
        for key in container.allKeys where !["field", "code", "reason"].contains(key.stringValue) {
            if let value = try? container.decode(String.self, forKey: key) { parameters[key.stringValue] = value }
        }
        if let name = parameters.removeValue(forKey: "detail"),
            let detail = ValidationError.Detail(name: name, parameters: parameters),
            detail.code == code,
            reason == nil || EnglishCatalog.reason(detail) == reason
        {
            self.init(field: field, detail)
        } else if let reason {
            self.init(field: field, .custom(code, reason: reason))
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: Key("reason"),
                in: container,
                debugDescription: "a problem has a reason or a detail with its parameters"
            )
        }
    }
}

extension ValidationError.Detail {
    /// The case's name, as encoded under `detail`: `tooShort`, `invalidNumberForRegion`, ...
    public var name: String {
        switch self {
        case .missing: "missing"
        case .tooShort: "tooShort"
        case .tooLong: "tooLong"
        case .invalidCharacter: "invalidCharacter"
        case .missingAt: "missingAt"
        case .multipleAt: "multipleAt"
        case .emptyLocalPart: "emptyLocalPart"
        case .localPartTooLong: "localPartTooLong"
        case .localPartDotAtEdge: "localPartDotAtEdge"
        case .consecutiveDots: "consecutiveDots"
        case .emptyDomain: "emptyDomain"
        case .domainNeedsTwoLabels: "domainNeedsTwoLabels"
        case .emptyDomainLabel: "emptyDomainLabel"
        case .domainLabelTooLong: "domainLabelTooLong"
        case .domainLabelHyphenAtEdge: "domainLabelHyphenAtEdge"
        case .numericTopLevelDomain: "numericTopLevelDomain"
        case .invalidCountryFormat: "invalidCountryFormat"
        case .notUppercase: "notUppercase"
        case .unknownRegion: "unknownRegion"
        case .regionPrefix(let inner): Self.regionPrefixName + inner.name
        case .languageTagEndsEarly: "languageTagEndsEarly"
        case .emptySubtag: "emptySubtag"
        case .misplacedSubtag: "misplacedSubtag"
        case .missingPlus: "missingPlus"
        case .tooFewDigits: "tooFewDigits"
        case .tooManyDigits: "tooManyDigits"
        case .tooManyLocalDigits: "tooManyLocalDigits"
        case .tooManyTypedDigits: "tooManyTypedDigits"
        case .endsWithSeparator: "endsWithSeparator"
        case .noDigits: "noDigits"
        case .unknownCallingCode: "unknownCallingCode"
        case .invalidNumber: "invalidNumber"
        case .numberTooShort: "numberTooShort"
        case .numberTooLong: "numberTooLong"
        case .noSuchNumber: "noSuchNumber"
        case .invalidNumberForRegion: "invalidNumberForRegion"
        case .notNumberOfRegion: "notNumberOfRegion"
        case .notE164: "notE164"
        case .landline: "landline"
        case .notMobile: "notMobile"
        case .nonGeographic: "nonGeographic"
        case .internationalPrefix: "internationalPrefix"
        case .callingCodeWithoutPlus: "callingCodeWithoutPlus"
        case .needsCountry: "needsCountry"
        case .recordNeedsCountry: "recordNeedsCountry"
        case .malformedRestForm: "malformedRestForm"
        case .containsLetters: "containsLetters"
        case .hasExtension: "hasExtension"
        case .telURI: "telURI"
        case .notTypedPhoneMember: "notTypedPhoneMember"
        case .noIdentifier: "noIdentifier"
        case .verificationConflict: "verificationConflict"
        case .emptyFieldName: "emptyFieldName"
        case .reservedPrefix: "reservedPrefix"
        case .predefinedName: "predefinedName"
        case .passwordNotInRecord: "passwordNotInRecord"
        case .notAString: "notAString"
        case .notAllowedForPseudoUser: "notAllowedForPseudoUser"
        case .usernameImmutable: "usernameImmutable"
        case .pseudoUserMustUpgrade: "pseudoUserMustUpgrade"
        case .pseudoUserIdentifiersNeedUpgrade: "pseudoUserIdentifiersNeedUpgrade"
        case .passwordNotInUpdate: "passwordNotInUpdate"
        case .usernameNotRemovable: "usernameNotRemovable"
        case .identifierNotRemovable: "identifierNotRemovable"
        case .passwordNotRemovable: "passwordNotRemovable"
        case .serverFieldNotRemovable: "serverFieldNotRemovable"
        case .setAndRemoved: "setAndRemoved"
        case .customFieldSetAndRemoved: "customFieldSetAndRemoved"
        case .alreadyTaken: "alreadyTaken"
        case .invalidUTF8: "invalidUTF8"
        case .malformedJSON: "malformedJSON"
        case .notAnObject: "notAnObject"
        case .wrongType: "wrongType"
        case .notRecordMember: "notRecordMember"
        case .unknownColumn: "unknownColumn"
        case .repeatedColumn: "repeatedColumn"
        case .lineTooLong: "lineTooLong"
        case .textAfterClosingQuote: "textAfterClosingQuote"
        case .quoteInUnquotedField: "quoteInUnquotedField"
        case .unclosedQuote: "unclosedQuote"
        case .columnCount: "columnCount"
        case .memberNotAString: "memberNotAString"
        case .unexpectedMember: "unexpectedMember"
        case .memberNotOneOf: "memberNotOneOf"
        case .memberMissing: "memberMissing"
        case .jsonSyntax: "jsonSyntax"
        case .duplicateMember: "duplicateMember"
        case .jsonInvalidUTF8: "jsonInvalidUTF8"
        case .numberOutOfRange: "numberOutOfRange"
        case .nestingTooDeep: "nestingTooDeep"
        case .custom: "custom"
        }
    }

    /// The values the reason needs, by name, as strings: `[("minimum", "3"), ("unit", "characters")]`.
    ///
    /// A password's `invalidCharacter` gives `character: undisclosed`, never the character.
    public var parameters: [(name: String, value: String)] {
        switch self {
        case .missing, .missingAt, .emptyLocalPart, .localPartDotAtEdge, .consecutiveDots, .emptyDomain,
            .domainNeedsTwoLabels, .emptyDomainLabel, .domainLabelHyphenAtEdge, .numericTopLevelDomain,
            .invalidCountryFormat, .languageTagEndsEarly, .missingPlus, .endsWithSeparator, .noDigits,
            .unknownCallingCode, .invalidNumber, .numberTooShort, .numberTooLong, .landline, .needsCountry,
            .recordNeedsCountry, .malformedRestForm, .containsLetters, .hasExtension, .telURI, .noIdentifier,
            .emptyFieldName, .passwordNotInRecord, .notAllowedForPseudoUser, .pseudoUserMustUpgrade,
            .pseudoUserIdentifiersNeedUpgrade, .passwordNotInUpdate, .usernameNotRemovable, .identifierNotRemovable,
            .passwordNotRemovable, .serverFieldNotRemovable, .setAndRemoved, .alreadyTaken, .invalidUTF8,
            .malformedJSON, .notAnObject, .notRecordMember, .unclosedQuote, .custom:
            []
        case .tooShort(let minimum, let unit): [("minimum", String(minimum)), ("unit", unit.rawValue)]
        case .tooLong(let maximum, let unit): [("maximum", String(maximum)), ("unit", unit.rawValue)]
        case .invalidCharacter(let character, let position, let count, let allowed):
            [
                ("character", character.encoded), ("position", String(position)), ("count", String(count)),
                ("allowed", allowed.rawValue),
            ]
        case .multipleAt(let count): [("count", String(count))]
        case .localPartTooLong(let maximum), .domainLabelTooLong(let maximum), .tooManyLocalDigits(let maximum):
            [("maximum", String(maximum))]
        case .notUppercase(let suggestion): suggestion.map { [("suggestion", $0)] } ?? []
        case .unknownRegion(let region), .invalidNumberForRegion(let region), .notNumberOfRegion(let region):
            [("region", region)]
        case .regionPrefix(let inner): inner.parameters
        case .emptySubtag(let position): [("position", String(position))]
        case .misplacedSubtag(let subtag, let position): [("subtag", subtag), ("position", String(position))]
        case .tooFewDigits(let digits, let minimum): [("digits", String(digits)), ("minimum", String(minimum))]
        case .tooManyDigits(let digits, let maximum), .tooManyTypedDigits(let digits, let maximum):
            [("digits", String(digits)), ("maximum", String(maximum))]
        case .noSuchNumber(let callingCode), .nonGeographic(let callingCode): [("callingCode", String(callingCode))]
        case .notE164(let suggestion), .internationalPrefix(let suggestion): [("suggestion", suggestion)]
        case .notMobile(let type): [("type", type.rawValue)]
        case .callingCodeWithoutPlus(let callingCode, let suggestion):
            [("callingCode", String(callingCode)), ("suggestion", suggestion)]
        case .verificationConflict(let conflict): [("conflict", conflict.rawValue)]
        case .reservedPrefix(let name), .predefinedName(let name), .customFieldSetAndRemoved(let name),
            .notTypedPhoneMember(let name):
            [("name", name)]
        case .notAString(let found): [("found", found.rawValue)]
        case .usernameImmutable(let current): [("current", current)]
        case .wrongType(let expected, let found):
            [("expected", expected.rawValue)] + (found.map { [("found", $0.rawValue)] } ?? [])
        case .unknownColumn(let column), .textAfterClosingQuote(let column), .quoteInUnquotedField(let column):
            [("column", String(column))]
        case .repeatedColumn(let name, let column): [("name", name), ("column", String(column))]
        case .lineTooLong(let maximumBytes): [("maximumBytes", String(maximumBytes))]
        case .columnCount(let fields, let headerFields):
            [("fields", String(fields)), ("headerFields", String(headerFields))]
        case .memberNotAString(let member), .memberMissing(let member): [("member", member)]
        case .unexpectedMember(let allowed): [("allowed", allowed.joined(separator: ","))]
        case .memberNotOneOf(let member, let allowed):
            [("member", member), ("allowed", allowed.joined(separator: ","))]
        case .jsonSyntax(let syntax, let column): [("syntax", syntax.rawValue), ("column", String(column))]
        case .duplicateMember(let name, let column): [("name", name), ("column", String(column))]
        case .jsonInvalidUTF8(let column): [("column", String(column))]
        case .numberOutOfRange(let digits, let column):
            [("maximumExponentDigits", String(digits)), ("column", String(column))]
        case .nestingTooDeep(let maximum, let column): [("maximum", String(maximum)), ("column", String(column))]
        }
    }

    /// The detail named `name` with `parameters` (as ``name`` and ``parameters`` give them), or
    /// `nil` when the name is unknown or a parameter is missing or malformed.
    public init?(name: String, parameters: [String: String]) {
        if name.hasPrefix(Self.regionPrefixName) {
            let innerName = String(name.dropFirst(Self.regionPrefixName.count))
            guard let inner = Self(name: innerName, parameters: parameters) else { return nil }
            self = .regionPrefix(inner)
            return
        }
        func int(_ key: String) -> Int? { parameters[key].flatMap { Int($0) } }
        func list(_ key: String) -> [String]? {
            parameters[key].map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
        let parsed: Self? =
            switch name {
            case "missing": .missing
            case "tooShort":
                int("minimum").flatMap { minimum in
                    parameters["unit"].flatMap(LengthUnit.init(rawValue:)).map { .tooShort(minimum: minimum, unit: $0) }
                }
            case "tooLong":
                int("maximum").flatMap { maximum in
                    parameters["unit"].flatMap(LengthUnit.init(rawValue:)).map { .tooLong(maximum: maximum, unit: $0) }
                }
            case "invalidCharacter":
                if let character = parameters["character"].flatMap(OffendingCharacter.init(encoded:)),
                    let position = int("position"), let count = int("count"),
                    let allowed = parameters["allowed"].flatMap(AllowedCharacters.init(rawValue:))
                {
                    .invalidCharacter(character, position: position, count: count, allowed: allowed)
                } else {
                    nil
                }
            case "missingAt": .missingAt
            case "multipleAt": int("count").map { .multipleAt(count: $0) }
            case "emptyLocalPart": .emptyLocalPart
            case "localPartTooLong": int("maximum").map { .localPartTooLong(maximum: $0) }
            case "localPartDotAtEdge": .localPartDotAtEdge
            case "consecutiveDots": .consecutiveDots
            case "emptyDomain": .emptyDomain
            case "domainNeedsTwoLabels": .domainNeedsTwoLabels
            case "emptyDomainLabel": .emptyDomainLabel
            case "domainLabelTooLong": int("maximum").map { .domainLabelTooLong(maximum: $0) }
            case "domainLabelHyphenAtEdge": .domainLabelHyphenAtEdge
            case "numericTopLevelDomain": .numericTopLevelDomain
            case "invalidCountryFormat": .invalidCountryFormat
            case "notUppercase": .notUppercase(suggestion: parameters["suggestion"])
            case "unknownRegion": parameters["region"].map { .unknownRegion(region: $0) }
            case "languageTagEndsEarly": .languageTagEndsEarly
            case "emptySubtag": int("position").map { .emptySubtag(position: $0) }
            case "misplacedSubtag":
                parameters["subtag"].flatMap { subtag in int("position").map { .misplacedSubtag(subtag, position: $0) }
                }
            case "missingPlus": .missingPlus
            case "tooFewDigits":
                int("digits").flatMap { digits in int("minimum").map { .tooFewDigits(digits: digits, minimum: $0) } }
            case "tooManyDigits":
                int("digits").flatMap { digits in int("maximum").map { .tooManyDigits(digits: digits, maximum: $0) } }
            case "tooManyLocalDigits": int("maximum").map { .tooManyLocalDigits(maximum: $0) }
            case "tooManyTypedDigits":
                int("digits").flatMap { digits in
                    int("maximum").map { .tooManyTypedDigits(digits: digits, maximum: $0) }
                }
            case "endsWithSeparator": .endsWithSeparator
            case "noDigits": .noDigits
            case "unknownCallingCode": .unknownCallingCode
            case "invalidNumber": .invalidNumber
            case "numberTooShort": .numberTooShort
            case "numberTooLong": .numberTooLong
            case "noSuchNumber": int("callingCode").map { .noSuchNumber(callingCode: $0) }
            case "invalidNumberForRegion": parameters["region"].map { .invalidNumberForRegion(region: $0) }
            case "notNumberOfRegion": parameters["region"].map { .notNumberOfRegion(region: $0) }
            case "notE164": parameters["suggestion"].map { .notE164(suggestion: $0) }
            case "landline": .landline
            case "notMobile": parameters["type"].flatMap(PhoneNumberType.init(rawValue:)).map { .notMobile(type: $0) }
            case "nonGeographic": int("callingCode").map { .nonGeographic(callingCode: $0) }
            case "internationalPrefix": parameters["suggestion"].map { .internationalPrefix(suggestion: $0) }
            case "callingCodeWithoutPlus":
                int("callingCode").flatMap { callingCode in
                    parameters["suggestion"].map { .callingCodeWithoutPlus(callingCode: callingCode, suggestion: $0) }
                }
            case "needsCountry": .needsCountry
            case "recordNeedsCountry": .recordNeedsCountry
            case "malformedRestForm": .malformedRestForm
            case "containsLetters": .containsLetters
            case "hasExtension": .hasExtension
            case "telURI": .telURI
            case "notTypedPhoneMember": parameters["name"].map { .notTypedPhoneMember(name: $0) }
            case "noIdentifier": .noIdentifier
            case "verificationConflict":
                parameters["conflict"].flatMap(VerificationConflict.init(rawValue:)).map { .verificationConflict($0) }
            case "emptyFieldName": .emptyFieldName
            case "reservedPrefix": parameters["name"].map { .reservedPrefix(name: $0) }
            case "predefinedName": parameters["name"].map { .predefinedName(name: $0) }
            case "passwordNotInRecord": .passwordNotInRecord
            case "notAString": parameters["found"].flatMap(JSONType.init(rawValue:)).map { .notAString(found: $0) }
            case "notAllowedForPseudoUser": .notAllowedForPseudoUser
            case "usernameImmutable": parameters["current"].map { .usernameImmutable(current: $0) }
            case "pseudoUserMustUpgrade": .pseudoUserMustUpgrade
            case "pseudoUserIdentifiersNeedUpgrade": .pseudoUserIdentifiersNeedUpgrade
            case "passwordNotInUpdate": .passwordNotInUpdate
            case "usernameNotRemovable": .usernameNotRemovable
            case "identifierNotRemovable": .identifierNotRemovable
            case "passwordNotRemovable": .passwordNotRemovable
            case "serverFieldNotRemovable": .serverFieldNotRemovable
            case "setAndRemoved": .setAndRemoved
            case "customFieldSetAndRemoved": parameters["name"].map { .customFieldSetAndRemoved(name: $0) }
            case "alreadyTaken": .alreadyTaken
            case "invalidUTF8": .invalidUTF8
            case "malformedJSON": .malformedJSON
            case "notAnObject": .notAnObject
            case "wrongType":
                parameters["expected"].flatMap(ExpectedType.init(rawValue:)).flatMap { expected in
                    switch parameters["found"] {
                    case nil: .wrongType(expected: expected, found: nil)
                    case let found?: JSONType(rawValue: found).map { .wrongType(expected: expected, found: $0) }
                    }
                }
            case "notRecordMember": .notRecordMember
            case "unknownColumn": int("column").map { .unknownColumn(column: $0) }
            case "repeatedColumn":
                parameters["name"].flatMap { name in int("column").map { .repeatedColumn(name: name, column: $0) } }
            case "lineTooLong": int("maximumBytes").map { .lineTooLong(maximumBytes: $0) }
            case "textAfterClosingQuote": int("column").map { .textAfterClosingQuote(column: $0) }
            case "quoteInUnquotedField": int("column").map { .quoteInUnquotedField(column: $0) }
            case "unclosedQuote": .unclosedQuote
            case "columnCount":
                int("fields").flatMap { fields in
                    int("headerFields").map { .columnCount(fields: fields, headerFields: $0) }
                }
            case "memberNotAString": parameters["member"].map { .memberNotAString(member: $0) }
            case "unexpectedMember": list("allowed").map { .unexpectedMember(allowed: $0) }
            case "memberNotOneOf":
                parameters["member"].flatMap { member in
                    list("allowed").map { .memberNotOneOf(member: member, allowed: $0) }
                }
            case "memberMissing": parameters["member"].map { .memberMissing(member: $0) }
            case "jsonSyntax":
                parameters["syntax"].flatMap(JSONSyntax.init(rawValue:)).flatMap { syntax in
                    int("column").map { .jsonSyntax(syntax, column: $0) }
                }
            case "duplicateMember":
                parameters["name"].flatMap { name in int("column").map { .duplicateMember(name: name, column: $0) } }
            case "jsonInvalidUTF8": int("column").map { .jsonInvalidUTF8(column: $0) }
            case "numberOutOfRange":
                int("maximumExponentDigits").flatMap { digits in
                    int("column").map { .numberOutOfRange(maximumExponentDigits: digits, column: $0) }
                }
            case "nestingTooDeep":
                int("maximum").flatMap { maximum in int("column").map { .nestingTooDeep(maximum: maximum, column: $0) }
                }
            default: nil
            }
        guard let parsed else { return nil }
        self = parsed
    }

    private static let regionPrefixName = "regionPrefix:"
}

extension ValidationError.Detail.OffendingCharacter {
    /// `U+0041`, `invalidByte` or `undisclosed`.
    var encoded: String {
        switch self {
        case .scalar(let scalar): scalar.codePoint
        case .invalidByte: "invalidByte"
        case .undisclosed: "undisclosed"
        }
    }

    init?(encoded: String) {
        switch encoded {
        case "invalidByte": self = .invalidByte
        case "undisclosed": self = .undisclosed
        default:
            guard encoded.hasPrefix("U+"), let value = UInt32(encoded.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            self = .scalar(scalar)
        }
    }
}
