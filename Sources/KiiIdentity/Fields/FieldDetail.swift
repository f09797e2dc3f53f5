extension ValidationError {
    /// The problems of the field rules: lengths and characters of every field, and the email
    /// address's, the country's and the locale's own rules.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum FieldDetail: DeclaredDetail {
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

        // MARK: Locale

        /// The tag ends where a subtag is expected.
        case languageTagEndsEarly
        /// An empty subtag at 1-based `position`.
        case emptySubtag(position: Int)
        /// `subtag`, at 1-based `position`, does not fit where it is.
        case misplacedSubtag(String, position: Int)

        /// The names of the cases, as a problem is encoded under `detail`.
        package enum Name: String, CaseIterable, Sendable {
            case missing, tooShort, tooLong, invalidCharacter
            case missingAt, multipleAt, emptyLocalPart, localPartTooLong, localPartDotAtEdge, consecutiveDots
            case emptyDomain, domainNeedsTwoLabels, emptyDomainLabel, domainLabelTooLong, domainLabelHyphenAtEdge
            case numericTopLevelDomain
            case invalidCountryFormat, notUppercase, unknownRegion
            case languageTagEndsEarly, emptySubtag, misplacedSubtag
        }

        /// Each case's name, code, parameters and words (see ``DeclaredDetail``).
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            typealias English = EnglishCatalog
            typealias Japanese = JapaneseCatalog
            return switch self {
            case .missing:
                declaration.problem(.missing, code: .missing, english: "is missing", japanese: ("を", "入力してください"))
            case .tooShort(let minimum, let unit):
                declaration.problem(
                    .tooShort,
                    code: .tooShort,
                    parameters: [("minimum", minimum), ("unit", unit)],
                    english: "is too short (minimum \(minimum) \(unit.rawValue))",
                    japanese: ("は", "\(minimum) \(Japanese.name(unit))以上で入力してください")
                )
            case .tooLong(let maximum, let unit):
                declaration.problem(
                    .tooLong,
                    code: .tooLong,
                    parameters: [("maximum", maximum), ("unit", unit)],
                    english: "is too long (maximum \(maximum) \(unit.rawValue))",
                    japanese: ("は", "\(maximum) \(Japanese.name(unit))以内で入力してください")
                )
            case .invalidCharacter(let character, let position, let count, let allowed):
                declaration.problem(
                    .invalidCharacter,
                    code: .invalidCharacter,
                    parameters: [
                        ("character", character), ("position", position), ("count", count), ("allowed", allowed),
                    ],
                    english: English.invalidCharacter(character, position: position, count: count, allowed: allowed),
                    japanese: (
                        "の", Japanese.invalidCharacter(character, position: position, count: count, allowed: allowed)
                    )
                )
            case .missingAt:
                declaration.problem(
                    .missingAt,
                    code: .missingAt,
                    english: "has no '@'",
                    japanese: ("に", "'@' が含まれていません")
                )
            case .multipleAt(let count):
                declaration.problem(
                    .multipleAt,
                    code: .multipleAt,
                    parameters: [("count", count)],
                    english: "has \(count) '@' characters (exactly one is allowed)",
                    japanese: ("に", "'@' が \(count) 個含まれています（'@' は 1 個だけにしてください）")
                )
            case .emptyLocalPart:
                declaration.problem(
                    .emptyLocalPart,
                    code: .emptyLocalPart,
                    english: "has nothing before '@'",
                    japanese: ("は", "'@' の前が空です")
                )
            case .localPartTooLong(let maximum):
                declaration.problem(
                    .localPartTooLong,
                    code: .localPartTooLong,
                    parameters: [("maximum", maximum)],
                    english: "has a part before '@' that is too long (maximum \(maximum) characters)",
                    japanese: ("は", "'@' の前を \(maximum) 文字以内にしてください")
                )
            case .localPartDotAtEdge:
                declaration.problem(
                    .localPartDotAtEdge,
                    code: .localPartDotAtEdge,
                    english: "has a part before '@' that starts or ends with '.'",
                    japanese: ("は", "'@' の前の先頭と末尾に '.' を使用できません")
                )
            case .consecutiveDots:
                declaration.problem(
                    .consecutiveDots,
                    code: .consecutiveDots,
                    english: "has '..' before '@'",
                    japanese: ("は", "'@' の前に '..'（'.' の連続）を使用できません")
                )
            case .emptyDomain:
                declaration.problem(
                    .emptyDomain,
                    code: .emptyDomain,
                    english: "has nothing after '@'",
                    japanese: ("は", "'@' の後が空です")
                )
            case .domainNeedsTwoLabels:
                declaration.problem(
                    .domainNeedsTwoLabels,
                    code: .domainNeedsTwoLabels,
                    english: "needs a domain of two or more labels after '@', like example.com",
                    japanese: ("は", "'@' の後に example.com のような 2 つ以上のラベルからなるドメインを入力してください")
                )
            case .emptyDomainLabel:
                declaration.problem(
                    .emptyDomainLabel,
                    code: .emptyDomainLabel,
                    english: "has an empty domain label (a '.' at an end, or '..')",
                    japanese: ("に", "空のドメインラベルがあります（端の '.' または '..'）")
                )
            case .domainLabelTooLong(let maximum):
                declaration.problem(
                    .domainLabelTooLong,
                    code: .domainLabelTooLong,
                    parameters: [("maximum", maximum)],
                    english: "has a domain label that is too long (maximum \(maximum) characters)",
                    japanese: ("は", "ドメインの各ラベルを \(maximum) 文字以内にしてください")
                )
            case .domainLabelHyphenAtEdge:
                declaration.problem(
                    .domainLabelHyphenAtEdge,
                    code: .domainLabelHyphenAtEdge,
                    english: "has a domain label that starts or ends with '-'",
                    japanese: ("は", "ドメインラベルの先頭と末尾に '-' を使用できません")
                )
            case .numericTopLevelDomain:
                declaration.problem(
                    .numericTopLevelDomain,
                    code: .numericTopLevelDomain,
                    english: "has a last domain label that is all digits",
                    japanese: ("は", "ドメインの最後のラベルを数字だけにすることはできません")
                )
            case .invalidCountryFormat:
                declaration.problem(
                    .invalidCountryFormat,
                    code: .invalidFormat,
                    english: "must be two capital letters (ISO 3166-1 alpha-2), like JP",
                    japanese: ("は", "JP のような英大文字 2 文字（ISO 3166-1 alpha-2）で入力してください")
                )
            case .notUppercase(let suggestion?):
                declaration.problem(
                    .notUppercase,
                    code: .notUppercase,
                    parameters: [("suggestion", suggestion)],
                    english: "must be in capital letters: did you mean '\(suggestion)'?",
                    japanese: ("は", "英大文字で入力してください（'\(suggestion)' ではありませんか？）")
                )
            case .notUppercase(nil):
                declaration.problem(
                    .notUppercase,
                    code: .notUppercase,
                    english: "must be in capital letters",
                    japanese: ("は", "英大文字で入力してください")
                )
            case .unknownRegion(let region):
                declaration.problem(
                    .unknownRegion,
                    code: .unknownRegion,
                    parameters: [("region", region)],
                    english: "must be a supported region ('\(region)' is not one)",
                    japanese: ("は", "対応している国・地域を入力してください（'\(region)' には対応していません）")
                )
            case .languageTagEndsEarly:
                declaration.problem(
                    .languageTagEndsEarly,
                    code: .malformedLanguageTag,
                    english: "is not a well-formed BCP 47 language tag (it ends where a subtag is expected)",
                    japanese: ("は", "正しい BCP 47 言語タグではありません（サブタグが必要な位置で終わっています）")
                )
            case .emptySubtag(let position):
                declaration.problem(
                    .emptySubtag,
                    code: .malformedLanguageTag,
                    parameters: [("position", position)],
                    english: "is not a well-formed BCP 47 language tag (empty subtag at position \(position))",
                    japanese: ("は", "正しい BCP 47 言語タグではありません（\(position) 文字目のサブタグが空です）")
                )
            case .misplacedSubtag(let subtag, let position):
                declaration.problem(
                    .misplacedSubtag,
                    code: .malformedLanguageTag,
                    parameters: [("subtag", subtag), ("position", position)],
                    english:
                        "is not a well-formed BCP 47 language tag ('\(subtag)' at position \(position) does not fit there)",
                    japanese: ("は", "正しい BCP 47 言語タグではありません（\(position) 文字目の '\(subtag)' はその位置に置けません）")
                )
            }
        }

        /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .missing: .missing
            case .tooShort: parameters.make(Self.tooShort, "minimum", "unit")
            case .tooLong: parameters.make(Self.tooLong, "maximum", "unit")
            case .invalidCharacter: parameters.make(Self.invalidCharacter, "character", "position", "count", "allowed")
            case .missingAt: .missingAt
            case .multipleAt: parameters.make(Self.multipleAt, "count")
            case .emptyLocalPart: .emptyLocalPart
            case .localPartTooLong: parameters.make(Self.localPartTooLong, "maximum")
            case .localPartDotAtEdge: .localPartDotAtEdge
            case .consecutiveDots: .consecutiveDots
            case .emptyDomain: .emptyDomain
            case .domainNeedsTwoLabels: .domainNeedsTwoLabels
            case .emptyDomainLabel: .emptyDomainLabel
            case .domainLabelTooLong: parameters.make(Self.domainLabelTooLong, "maximum")
            case .domainLabelHyphenAtEdge: .domainLabelHyphenAtEdge
            case .numericTopLevelDomain: .numericTopLevelDomain
            case .invalidCountryFormat: .invalidCountryFormat
            case .notUppercase: parameters.make(Self.notUppercase, "suggestion")
            case .unknownRegion: parameters.make(Self.unknownRegion, "region")
            case .languageTagEndsEarly: .languageTagEndsEarly
            case .emptySubtag: parameters.make(Self.emptySubtag, "position")
            case .misplacedSubtag: parameters.make(Self.misplacedSubtag, "subtag", "position")
            }
        }
    }
}

extension ValidationError.FieldDetail {
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
    public enum OffendingCharacter: Sendable, Hashable, DetailParameter {
        /// A well-formed scalar; a catalog shows printable ASCII quoted, a space by name and
        /// anything else as `U+XXXX`, never raw control or invisible characters.
        case scalar(Unicode.Scalar)
        /// A byte that does not start well-formed UTF-8.
        case invalidByte
        /// Not told: the field is a password.
        case undisclosed

        /// `U+0041`, `invalidByte` or `undisclosed`.
        package var parameterText: String? {
            switch self {
            case .scalar(let scalar): scalar.codePoint
            case .invalidByte: "invalidByte"
            case .undisclosed: "undisclosed"
            }
        }

        package init?(parameterText text: String) {
            switch text {
            case "invalidByte": self = .invalidByte
            case "undisclosed": self = .undisclosed
            default:
                guard let scalar = Unicode.Scalar(parameterText: text) else { return nil }
                self = .scalar(scalar)
            }
        }
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
}
