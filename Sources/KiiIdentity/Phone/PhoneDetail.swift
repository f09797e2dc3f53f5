extension ValidationError {
    /// The problems of phone numbers: the syntax of each form, libphonenumber's verdict, the
    /// digit bounds and the type policy.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum PhoneDetail: DeclaredDetail {
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

        /// The names of the cases, as a problem is encoded under `detail`; a region prefix's is
        /// `regionPrefix:` and its inner detail's.
        package enum Name: String, CaseIterable, Sendable {
            case regionPrefix = "regionPrefix:"
            case missingPlus, tooFewDigits, tooManyDigits, tooManyLocalDigits, tooManyTypedDigits, endsWithSeparator
            case noDigits, unknownCallingCode, invalidNumber, numberTooShort, numberTooLong, noSuchNumber
            case invalidNumberForRegion, notNumberOfRegion, notE164, landline, notMobile, nonGeographic
            case internationalPrefix, callingCodeWithoutPlus, needsCountry, recordNeedsCountry, malformedRestForm
            case containsLetters, hasExtension, telURI
        }

        /// Each case's name, code, parameters and words (see ``DeclaredDetail``).
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            switch self {
            case .regionPrefix(let inner):
                return declaration.problem(
                    .regionPrefix,
                    wrapping: inner,
                    english: "has a region prefix that \(inner.phrase(in: .english).reason)",
                    japanese: ("の", Self.japaneseRegionPrefix(inner.phrase(in: .japanese)))
                )
            case .missingPlus:
                return declaration.problem(
                    .missingPlus,
                    code: .missingPlus,
                    english: "must start with '+' and the country calling code",
                    japanese: ("は", "'+' と国番号で始めてください")
                )
            case .tooFewDigits(let digits, let minimum):
                return declaration.problem(
                    .tooFewDigits,
                    code: .tooFewDigits,
                    parameters: [("digits", digits), ("minimum", minimum)],
                    english:
                        "has \(digits) \(digits == 1 ? "digit" : "digits") (minimum \(minimum), calling code included)",
                    japanese: ("は", "国番号を含めて \(minimum) 桁以上で入力してください（現在 \(digits) 桁）")
                )
            case .tooManyDigits(let digits, let maximum):
                return declaration.problem(
                    .tooManyDigits,
                    code: .tooManyDigits,
                    parameters: [("digits", digits), ("maximum", maximum)],
                    english: "has \(digits) digits (maximum \(maximum), calling code included)",
                    japanese: ("は", "国番号を含めて \(maximum) 桁以内で入力してください（現在 \(digits) 桁）")
                )
            case .tooManyLocalDigits(let maximum):
                return declaration.problem(
                    .tooManyLocalDigits,
                    code: .tooManyDigits,
                    parameters: [("maximum", maximum)],
                    english: "has too many digits (maximum \(maximum) in a local number)",
                    japanese: ("は", "国内電話番号形式では \(maximum) 桁以内で入力してください")
                )
            case .tooManyTypedDigits(let digits, let maximum):
                return declaration.problem(
                    .tooManyTypedDigits,
                    code: .tooManyDigits,
                    parameters: [("digits", digits), ("maximum", maximum)],
                    english: "has \(digits) digits (maximum \(maximum))",
                    japanese: ("は", "\(maximum) 桁以内で入力してください（現在 \(digits) 桁）")
                )
            case .endsWithSeparator:
                return declaration.problem(
                    .endsWithSeparator,
                    code: .invalidCharacter,
                    english: "ends with a separator (separators go between digits)",
                    japanese: ("は", "区切り文字で終わっています（区切り文字は数字の間にだけ入れてください）")
                )
            case .noDigits:
                return declaration.problem(
                    .noDigits,
                    code: .invalidNumber,
                    english: "has no digits",
                    japanese: ("に", "数字が含まれていません")
                )
            case .unknownCallingCode:
                return declaration.problem(
                    .unknownCallingCode,
                    code: .callingCodeUnknown,
                    english: "does not start with a country calling code in use",
                    japanese: ("は", "使用されている国番号で始まっていません")
                )
            case .invalidNumber:
                return declaration.problem(
                    .invalidNumber,
                    code: .invalidNumber,
                    english: "is not a valid number",
                    japanese: ("は", "有効な番号ではありません")
                )
            case .numberTooShort:
                return declaration.problem(
                    .numberTooShort,
                    code: .invalidNumber,
                    english: "is not a valid number (too short)",
                    japanese: ("は", "有効な番号ではありません（短すぎます）")
                )
            case .numberTooLong:
                return declaration.problem(
                    .numberTooLong,
                    code: .invalidNumber,
                    english: "is not a valid number (too long)",
                    japanese: ("は", "有効な番号ではありません（長すぎます）")
                )
            case .noSuchNumber(let callingCode):
                return declaration.problem(
                    .noSuchNumber,
                    code: .invalidNumber,
                    parameters: [("callingCode", callingCode)],
                    english: "is not a valid number (libphonenumber knows no such +\(callingCode) number)",
                    japanese: ("は", "有効な番号ではありません（libphonenumber は +\(callingCode) のこのような番号を知りません）")
                )
            case .invalidNumberForRegion(let region):
                return declaration.problem(
                    .invalidNumberForRegion,
                    code: .invalidNumber,
                    parameters: [("region", region)],
                    english: "is not a valid number for \(region)",
                    japanese: ("は", "\(region) の番号として有効ではありません")
                )
            case .notNumberOfRegion(let region):
                return declaration.problem(
                    .notNumberOfRegion,
                    code: .invalidNumber,
                    parameters: [("region", region)],
                    english: "is not a number of region \(region)",
                    japanese: ("は", "\(region) の番号ではありません")
                )
            case .notE164(let suggestion):
                return declaration.problem(
                    .notE164,
                    code: .notE164,
                    parameters: [("suggestion", suggestion)],
                    english: "is not in E.164 form (did you mean \(suggestion)?)",
                    japanese: ("は", "E.164 形式で入力してください（\(suggestion) ではありませんか？）")
                )
            case .landline:
                return declaration.problem(
                    .landline,
                    code: .landline,
                    english: "is a landline number (only mobile numbers are accepted)",
                    japanese: ("は", "固定電話の番号です（携帯電話の番号のみ使用できます）")
                )
            case .notMobile(let type):
                return declaration.problem(
                    .notMobile,
                    code: .notMobile,
                    parameters: [("type", type)],
                    english: "is a \(type) number (only mobile numbers are accepted)",
                    japanese: ("は", "\(JapaneseCatalog.name(type))番号です（携帯電話の番号のみ使用できます）")
                )
            case .nonGeographic(let callingCode):
                return declaration.problem(
                    .nonGeographic,
                    code: .nonGeographic,
                    parameters: [("callingCode", callingCode)],
                    english: "is a non-geographic number (+\(callingCode)), which belongs to no country",
                    japanese: ("は", "特定の国に属さない番号（+\(callingCode)）のため使用できません")
                )
            case .internationalPrefix(let suggestion):
                return declaration.problem(
                    .internationalPrefix,
                    code: .internationalPrefix,
                    parameters: [("suggestion", suggestion)],
                    english: "starts with an international dialling prefix; write it as \(suggestion)",
                    japanese: ("は", "国際電話の識別番号で始まっています（\(suggestion) と入力してください）")
                )
            case .callingCodeWithoutPlus(let callingCode, let suggestion):
                return declaration.problem(
                    .callingCodeWithoutPlus,
                    code: .callingCodeWithoutPlus,
                    parameters: [("callingCode", callingCode), ("suggestion", suggestion)],
                    english:
                        "starts with the calling code \(callingCode) without '+'; write \(suggestion) or the national number",
                    japanese: ("は", "'+' なしで国番号 \(callingCode) から始まっています（\(suggestion) または国内の番号で入力してください）")
                )
            case .needsCountry:
                return declaration.problem(
                    .needsCountry,
                    code: .needsCountry,
                    english: "needs a country to be read as a local number, or a '+' and the calling code",
                    japanese: ("は", "国内電話番号形式として読むには所在国が必要です（または '+' と国番号から入力してください）")
                )
            case .recordNeedsCountry:
                return declaration.problem(
                    .recordNeedsCountry,
                    code: .needsCountry,
                    english: "needs a country: give it in the REST form (like JP-9012345678) or set the user's country",
                    japanese: (
                        "は",
                        "国内電話番号形式として読むには所在国が必要です（JP-9012345678 のような REST 形式で入力するか、ユーザーの所在国を設定してください）"
                    )
                )
            case .malformedRestForm:
                return declaration.problem(
                    .malformedRestForm,
                    code: .malformedRestForm,
                    english: "must be a region code, '-' and the national number, like JP-9012345678",
                    japanese: ("は", "JP-9012345678 のように国コード、'-'、国内の番号の順で入力してください")
                )
            case .containsLetters:
                return declaration.problem(
                    .containsLetters,
                    code: .containsLetters,
                    english: "contains letters (vanity numbers are not accepted; use digits)",
                    japanese: ("に", "英字が含まれています（英字を使った番号は使用できないため、数字で入力してください）")
                )
            case .hasExtension:
                return declaration.problem(
                    .hasExtension,
                    code: .hasExtension,
                    english: "has an extension, which is not part of a phone number",
                    japanese: ("に", "内線番号が含まれています（内線番号は電話番号に含めないでください）")
                )
            case .telURI:
                return declaration.problem(
                    .telURI,
                    code: .telURI,
                    english: "is a tel: URI; give the number itself",
                    japanese: ("は", "tel: URI になっています（番号だけを入力してください）")
                )
            }
        }

        /// 「先頭の国コードは…」: the region prefix's problem, after the field's name and 「の」.
        private static func japaneseRegionPrefix(_ inner: Phrase) -> String {
            JapaneseCatalog.joined(JapaneseCatalog.joined("先頭の国コード", inner.particle), inner.reason)
        }

        /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .regionPrefix: parameters.nested(FieldDetail.self).map(Self.regionPrefix)
            case .missingPlus: .missingPlus
            case .tooFewDigits: parameters.make(Self.tooFewDigits, "digits", "minimum")
            case .tooManyDigits: parameters.make(Self.tooManyDigits, "digits", "maximum")
            case .tooManyLocalDigits: parameters.make(Self.tooManyLocalDigits, "maximum")
            case .tooManyTypedDigits: parameters.make(Self.tooManyTypedDigits, "digits", "maximum")
            case .endsWithSeparator: .endsWithSeparator
            case .noDigits: .noDigits
            case .unknownCallingCode: .unknownCallingCode
            case .invalidNumber: .invalidNumber
            case .numberTooShort: .numberTooShort
            case .numberTooLong: .numberTooLong
            case .noSuchNumber: parameters.make(Self.noSuchNumber, "callingCode")
            case .invalidNumberForRegion: parameters.make(Self.invalidNumberForRegion, "region")
            case .notNumberOfRegion: parameters.make(Self.notNumberOfRegion, "region")
            case .notE164: parameters.make(Self.notE164, "suggestion")
            case .landline: .landline
            case .notMobile: parameters.make(Self.notMobile, "type")
            case .nonGeographic: parameters.make(Self.nonGeographic, "callingCode")
            case .internationalPrefix: parameters.make(Self.internationalPrefix, "suggestion")
            case .callingCodeWithoutPlus: parameters.make(Self.callingCodeWithoutPlus, "callingCode", "suggestion")
            case .needsCountry: .needsCountry
            case .recordNeedsCountry: .recordNeedsCountry
            case .malformedRestForm: .malformedRestForm
            case .containsLetters: .containsLetters
            case .hasExtension: .hasExtension
            case .telURI: .telURI
            }
        }
    }
}
