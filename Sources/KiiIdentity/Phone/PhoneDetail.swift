extension ValidationError {
    /// The problems of phone numbers: the syntax of each form, libphonenumber's verdict, the
    /// digit bounds and the type policy.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum PhoneDetail: Detail {
        /// A problem of the region code at the start of a REST form (`JP-...`).
        indirect case regionPrefix(FieldDetail)
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

        /// The stable machine code.
        public var code: Code {
            switch self {
            case .regionPrefix(let inner): inner.code
            case .missingPlus: .missingPlus
            case .tooFewDigits: .tooFewDigits
            case .tooManyDigits, .tooManyLocalDigits, .tooManyTypedDigits: .tooManyDigits
            case .endsWithSeparator: .invalidCharacter
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
            }
        }

        /// The case's name, as a problem is encoded under `detail`; a region prefix's is
        /// `regionPrefix:` and its inner detail's.
        public var name: String {
            switch self {
            case .regionPrefix(let inner): Self.regionPrefixName + inner.name
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
            }
        }

        /// The values the reason needs, as strings.
        public var parameters: [(name: String, value: String)] {
            switch self {
            case .missingPlus, .endsWithSeparator, .noDigits, .unknownCallingCode, .invalidNumber, .numberTooShort,
                .numberTooLong, .landline, .needsCountry, .recordNeedsCountry, .malformedRestForm, .containsLetters,
                .hasExtension, .telURI:
                []
            case .regionPrefix(let inner): inner.parameters
            case .tooFewDigits(let digits, let minimum): [("digits", String(digits)), ("minimum", String(minimum))]
            case .tooManyDigits(let digits, let maximum), .tooManyTypedDigits(let digits, let maximum):
                [("digits", String(digits)), ("maximum", String(maximum))]
            case .tooManyLocalDigits(let maximum): [("maximum", String(maximum))]
            case .noSuchNumber(let callingCode), .nonGeographic(let callingCode): [("callingCode", String(callingCode))]
            case .invalidNumberForRegion(let region), .notNumberOfRegion(let region): [("region", region)]
            case .notE164(let suggestion), .internationalPrefix(let suggestion): [("suggestion", suggestion)]
            case .notMobile(let type): [("type", type.rawValue)]
            case .callingCodeWithoutPlus(let callingCode, let suggestion):
                [("callingCode", String(callingCode)), ("suggestion", suggestion)]
            }
        }

        /// The reason in `language`.
        public func phrase(in language: Language) -> Phrase {
            var target = PhraseTarget(language: language)
            return reason(to: &target)
        }

        /// Hands the reason to `target`, in its language (see ``ReasonTarget``).
        func reason<Target: ReasonTarget>(to target: inout Target) -> Target.Result {
            let language = target.language
            switch self {
            case .regionPrefix(let inner):
                let innerPhrase = inner.phrase(in: language)
                return target.words(
                    "has a region prefix that \(innerPhrase.reason)",
                    (
                        "の",
                        JapaneseCatalog.joined(
                            JapaneseCatalog.joined("先頭の国コード", innerPhrase.particle),
                            innerPhrase.reason
                        )
                    )
                )
            case .missingPlus:
                return target.words("must start with '+' and the country calling code", ("は", "'+' と国番号で始めてください"))
            case .tooFewDigits(let digits, let minimum):
                return target.words(
                    "has \(digits) \(digits == 1 ? "digit" : "digits") (minimum \(minimum), calling code included)",
                    ("は", "国番号を含めて \(minimum) 桁以上で入力してください（現在 \(digits) 桁）")
                )
            case .tooManyDigits(let digits, let maximum):
                return target.words(
                    "has \(digits) digits (maximum \(maximum), calling code included)",
                    ("は", "国番号を含めて \(maximum) 桁以内で入力してください（現在 \(digits) 桁）")
                )
            case .tooManyLocalDigits(let maximum):
                return target.words(
                    "has too many digits (maximum \(maximum) in a local number)",
                    ("は", "国内電話番号形式では \(maximum) 桁以内で入力してください")
                )
            case .tooManyTypedDigits(let digits, let maximum):
                return target.words(
                    "has \(digits) digits (maximum \(maximum))",
                    ("は", "\(maximum) 桁以内で入力してください（現在 \(digits) 桁）")
                )
            case .endsWithSeparator:
                return target.words(
                    "ends with a separator (separators go between digits)",
                    ("は", "区切り文字で終わっています（区切り文字は数字の間にだけ入れてください）")
                )
            case .noDigits: return target.words("has no digits", ("に", "数字が含まれていません"))
            case .unknownCallingCode:
                return target.words(
                    "does not start with a country calling code in use",
                    ("は", "使用されている国番号で始まっていません")
                )
            case .invalidNumber: return target.words("is not a valid number", ("は", "有効な番号ではありません"))
            case .numberTooShort:
                return target.words("is not a valid number (too short)", ("は", "有効な番号ではありません（短すぎます）"))
            case .numberTooLong:
                return target.words("is not a valid number (too long)", ("は", "有効な番号ではありません（長すぎます）"))
            case .noSuchNumber(let callingCode):
                return target.words(
                    "is not a valid number (libphonenumber knows no such +\(callingCode) number)",
                    ("は", "有効な番号ではありません（libphonenumber は +\(callingCode) のこのような番号を知りません）")
                )
            case .invalidNumberForRegion(let region):
                return target.words("is not a valid number for \(region)", ("は", "\(region) の番号として有効ではありません"))
            case .notNumberOfRegion(let region):
                return target.words("is not a number of region \(region)", ("は", "\(region) の番号ではありません"))
            case .notE164(let suggestion):
                return target.words(
                    "is not in E.164 form (did you mean \(suggestion)?)",
                    ("は", "E.164 形式で入力してください（\(suggestion) ではありませんか？）")
                )
            case .landline:
                return target.words(
                    "is a landline number (only mobile numbers are accepted)",
                    ("は", "固定電話の番号です（携帯電話の番号のみ使用できます）")
                )
            case .notMobile(let type):
                return target.words(
                    "is a \(type) number (only mobile numbers are accepted)",
                    ("は", "\(JapaneseCatalog.name(type))番号です（携帯電話の番号のみ使用できます）")
                )
            case .nonGeographic(let callingCode):
                return target.words(
                    "is a non-geographic number (+\(callingCode)), which belongs to no country",
                    ("は", "特定の国に属さない番号（+\(callingCode)）のため使用できません")
                )
            case .internationalPrefix(let suggestion):
                return target.words(
                    "starts with an international dialling prefix; write it as \(suggestion)",
                    ("は", "国際電話の識別番号で始まっています（\(suggestion) と入力してください）")
                )
            case .callingCodeWithoutPlus(let callingCode, let suggestion):
                return target.words(
                    "starts with the calling code \(callingCode) without '+'; write \(suggestion) or the national number",
                    ("は", "'+' なしで国番号 \(callingCode) から始まっています（\(suggestion) または国内の番号で入力してください）")
                )
            case .needsCountry:
                return target.words(
                    "needs a country to be read as a local number, or a '+' and the calling code",
                    ("は", "国内電話番号形式として読むには所在国が必要です（または '+' と国番号から入力してください）")
                )
            case .recordNeedsCountry:
                return target.words(
                    "needs a country: give it in the REST form (like JP-9012345678) or set the user's country",
                    (
                        "は",
                        "国内電話番号形式として読むには所在国が必要です（JP-9012345678 のような REST 形式で入力するか、ユーザーの所在国を設定してください）"
                    )
                )
            case .malformedRestForm:
                return target.words(
                    "must be a region code, '-' and the national number, like JP-9012345678",
                    ("は", "JP-9012345678 のように国コード、'-'、国内の番号の順で入力してください")
                )
            case .containsLetters:
                return target.words(
                    "contains letters (vanity numbers are not accepted; use digits)",
                    ("に", "英字が含まれています（英字を使った番号は使用できないため、数字で入力してください）")
                )
            case .hasExtension:
                return target.words(
                    "has an extension, which is not part of a phone number",
                    ("に", "内線番号が含まれています（内線番号は電話番号に含めないでください）")
                )
            case .telURI:
                return target.words(
                    "is a tel: URI; give the number itself",
                    ("は", "tel: URI になっています（番号だけを入力してください）")
                )
            }
        }

        /// The detail named `name` with `parameters`, or `nil`.
        public init?(name: String, parameters: [String: String]) {
            if name.hasPrefix(Self.regionPrefixName) {
                let innerName = String(name.dropFirst(Self.regionPrefixName.count))
                guard let inner = FieldDetail(name: innerName, parameters: parameters) else { return nil }
                self = .regionPrefix(inner)
                return
            }
            let read = ParameterReader(parameters)
            let parsed: Self? =
                switch name {
                case "missingPlus": .missingPlus
                case "tooFewDigits":
                    read.int("digits").flatMap { digits in
                        read.int("minimum").map { .tooFewDigits(digits: digits, minimum: $0) }
                    }
                case "tooManyDigits":
                    read.int("digits").flatMap { digits in
                        read.int("maximum").map { .tooManyDigits(digits: digits, maximum: $0) }
                    }
                case "tooManyLocalDigits": read.int("maximum").map { .tooManyLocalDigits(maximum: $0) }
                case "tooManyTypedDigits":
                    read.int("digits").flatMap { digits in
                        read.int("maximum").map { .tooManyTypedDigits(digits: digits, maximum: $0) }
                    }
                case "endsWithSeparator": .endsWithSeparator
                case "noDigits": .noDigits
                case "unknownCallingCode": .unknownCallingCode
                case "invalidNumber": .invalidNumber
                case "numberTooShort": .numberTooShort
                case "numberTooLong": .numberTooLong
                case "noSuchNumber": read.int("callingCode").map { .noSuchNumber(callingCode: $0) }
                case "invalidNumberForRegion": parameters["region"].map { .invalidNumberForRegion(region: $0) }
                case "notNumberOfRegion": parameters["region"].map { .notNumberOfRegion(region: $0) }
                case "notE164": parameters["suggestion"].map { .notE164(suggestion: $0) }
                case "landline": .landline
                case "notMobile": read.value("type").map { .notMobile(type: $0) }
                case "nonGeographic": read.int("callingCode").map { .nonGeographic(callingCode: $0) }
                case "internationalPrefix": parameters["suggestion"].map { .internationalPrefix(suggestion: $0) }
                case "callingCodeWithoutPlus":
                    read.int("callingCode").flatMap { callingCode in
                        parameters["suggestion"].map {
                            .callingCodeWithoutPlus(callingCode: callingCode, suggestion: $0)
                        }
                    }
                case "needsCountry": .needsCountry
                case "recordNeedsCountry": .recordNeedsCountry
                case "malformedRestForm": .malformedRestForm
                case "containsLetters": .containsLetters
                case "hasExtension": .hasExtension
                case "telURI": .telURI
                default: nil
                }
            guard let parsed else { return nil }
            self = parsed
        }

        private static let regionPrefixName = "regionPrefix:"
    }
}
