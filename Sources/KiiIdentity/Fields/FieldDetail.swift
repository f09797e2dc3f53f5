extension ValidationError {
    /// The problems of the field rules: lengths and characters of every field, and the email
    /// address's, the country's and the locale's own rules.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum FieldDetail: Detail {
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

        /// The stable machine code.
        public var code: Code {
            switch self {
            case .missing: .missing
            case .tooShort: .tooShort
            case .tooLong: .tooLong
            case .invalidCharacter: .invalidCharacter
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
            case .languageTagEndsEarly, .emptySubtag, .misplacedSubtag: .malformedLanguageTag
            }
        }

        /// The case's name, as a problem is encoded under `detail`.
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
            case .languageTagEndsEarly: "languageTagEndsEarly"
            case .emptySubtag: "emptySubtag"
            case .misplacedSubtag: "misplacedSubtag"
            }
        }

        /// The values the reason needs, as strings; a password's character is `undisclosed`.
        public var parameters: [(name: String, value: String)] {
            switch self {
            case .missing, .missingAt, .emptyLocalPart, .localPartDotAtEdge, .consecutiveDots, .emptyDomain,
                .domainNeedsTwoLabels, .emptyDomainLabel, .domainLabelHyphenAtEdge, .numericTopLevelDomain,
                .invalidCountryFormat, .languageTagEndsEarly:
                []
            case .tooShort(let minimum, let unit): [("minimum", String(minimum)), ("unit", unit.rawValue)]
            case .tooLong(let maximum, let unit): [("maximum", String(maximum)), ("unit", unit.rawValue)]
            case .invalidCharacter(let character, let position, let count, let allowed):
                [
                    ("character", character.encoded), ("position", String(position)), ("count", String(count)),
                    ("allowed", allowed.rawValue),
                ]
            case .multipleAt(let count): [("count", String(count))]
            case .localPartTooLong(let maximum), .domainLabelTooLong(let maximum): [("maximum", String(maximum))]
            case .notUppercase(let suggestion): suggestion.map { [("suggestion", $0)] } ?? []
            case .unknownRegion(let region): [("region", region)]
            case .emptySubtag(let position): [("position", String(position))]
            case .misplacedSubtag(let subtag, let position): [("subtag", subtag), ("position", String(position))]
            }
        }

        /// The reason in `language`.
        public func phrase(in language: Language) -> Phrase {
            var target = PhraseTarget(language: language)
            return reason(to: &target)
        }

        /// Hands the reason to `target`, in its language (see ``ReasonTarget``).
        func reason<Target: ReasonTarget>(to target: inout Target) -> Target.Result {
            typealias English = EnglishCatalog
            typealias Japanese = JapaneseCatalog
            return switch self {
            case .missing: target.words("is missing", ("を", "入力してください"))
            case .tooShort(let minimum, let unit):
                target.words(
                    "is too short (minimum \(minimum) \(unit.rawValue))",
                    ("は", "\(minimum) \(Japanese.name(unit))以上で入力してください")
                )
            case .tooLong(let maximum, let unit):
                target.words(
                    "is too long (maximum \(maximum) \(unit.rawValue))",
                    ("は", "\(maximum) \(Japanese.name(unit))以内で入力してください")
                )
            case .invalidCharacter(let character, let position, let count, let allowed):
                target.words(
                    English.invalidCharacter(character, position: position, count: count, allowed: allowed),
                    ("の", Japanese.invalidCharacter(character, position: position, count: count, allowed: allowed))
                )
            case .missingAt: target.words("has no '@'", ("に", "'@' が含まれていません"))
            case .multipleAt(let count):
                target.words(
                    "has \(count) '@' characters (exactly one is allowed)",
                    ("に", "'@' が \(count) 個含まれています（'@' は 1 個だけにしてください）")
                )
            case .emptyLocalPart: target.words("has nothing before '@'", ("は", "'@' の前が空です"))
            case .localPartTooLong(let maximum):
                target.words(
                    "has a part before '@' that is too long (maximum \(maximum) characters)",
                    ("は", "'@' の前を \(maximum) 文字以内にしてください")
                )
            case .localPartDotAtEdge:
                target.words(
                    "has a part before '@' that starts or ends with '.'",
                    ("は", "'@' の前の先頭と末尾に '.' を使用できません")
                )
            case .consecutiveDots:
                target.words("has '..' before '@'", ("は", "'@' の前に '..'（'.' の連続）を使用できません"))
            case .emptyDomain: target.words("has nothing after '@'", ("は", "'@' の後が空です"))
            case .domainNeedsTwoLabels:
                target.words(
                    "needs a domain of two or more labels after '@', like example.com",
                    ("は", "'@' の後に example.com のような 2 つ以上のラベルからなるドメインを入力してください")
                )
            case .emptyDomainLabel:
                target.words(
                    "has an empty domain label (a '.' at an end, or '..')",
                    ("に", "空のドメインラベルがあります（端の '.' または '..'）")
                )
            case .domainLabelTooLong(let maximum):
                target.words(
                    "has a domain label that is too long (maximum \(maximum) characters)",
                    ("は", "ドメインの各ラベルを \(maximum) 文字以内にしてください")
                )
            case .domainLabelHyphenAtEdge:
                target.words(
                    "has a domain label that starts or ends with '-'",
                    ("は", "ドメインラベルの先頭と末尾に '-' を使用できません")
                )
            case .numericTopLevelDomain:
                target.words(
                    "has a last domain label that is all digits",
                    ("は", "ドメインの最後のラベルを数字だけにすることはできません")
                )
            case .invalidCountryFormat:
                target.words(
                    "must be two capital letters (ISO 3166-1 alpha-2), like JP",
                    ("は", "JP のような英大文字 2 文字（ISO 3166-1 alpha-2）で入力してください")
                )
            case .notUppercase(let suggestion?):
                target.words(
                    "must be in capital letters: did you mean '\(suggestion)'?",
                    ("は", "英大文字で入力してください（'\(suggestion)' ではありませんか？）")
                )
            case .notUppercase(nil): target.words("must be in capital letters", ("は", "英大文字で入力してください"))
            case .unknownRegion(let region):
                target.words(
                    "must be a supported region ('\(region)' is not one)",
                    ("は", "対応している国・地域を入力してください（'\(region)' には対応していません）")
                )
            case .languageTagEndsEarly:
                target.words(
                    "is not a well-formed BCP 47 language tag (it ends where a subtag is expected)",
                    ("は", "正しい BCP 47 言語タグではありません（サブタグが必要な位置で終わっています）")
                )
            case .emptySubtag(let position):
                target.words(
                    "is not a well-formed BCP 47 language tag (empty subtag at position \(position))",
                    ("は", "正しい BCP 47 言語タグではありません（\(position) 文字目のサブタグが空です）")
                )
            case .misplacedSubtag(let subtag, let position):
                target.words(
                    "is not a well-formed BCP 47 language tag ('\(subtag)' at position \(position) does not fit there)",
                    ("は", "正しい BCP 47 言語タグではありません（\(position) 文字目の '\(subtag)' はその位置に置けません）")
                )
            }
        }

        /// The detail named `name` with `parameters`, or `nil`.
        public init?(name: String, parameters: [String: String]) {
            let read = ParameterReader(parameters)
            let parsed: Self? =
                switch name {
                case "missing": .missing
                case "tooShort":
                    read.int("minimum").flatMap { minimum in
                        read.value("unit").map { .tooShort(minimum: minimum, unit: $0) }
                    }
                case "tooLong":
                    read.int("maximum").flatMap { maximum in
                        read.value("unit").map { .tooLong(maximum: maximum, unit: $0) }
                    }
                case "invalidCharacter":
                    if let character = parameters["character"].flatMap(OffendingCharacter.init(encoded:)),
                        let position = read.int("position"), let count = read.int("count"),
                        let allowed: AllowedCharacters = read.value("allowed")
                    {
                        .invalidCharacter(character, position: position, count: count, allowed: allowed)
                    } else {
                        nil
                    }
                case "missingAt": .missingAt
                case "multipleAt": read.int("count").map { .multipleAt(count: $0) }
                case "emptyLocalPart": .emptyLocalPart
                case "localPartTooLong": read.int("maximum").map { .localPartTooLong(maximum: $0) }
                case "localPartDotAtEdge": .localPartDotAtEdge
                case "consecutiveDots": .consecutiveDots
                case "emptyDomain": .emptyDomain
                case "domainNeedsTwoLabels": .domainNeedsTwoLabels
                case "emptyDomainLabel": .emptyDomainLabel
                case "domainLabelTooLong": read.int("maximum").map { .domainLabelTooLong(maximum: $0) }
                case "domainLabelHyphenAtEdge": .domainLabelHyphenAtEdge
                case "numericTopLevelDomain": .numericTopLevelDomain
                case "invalidCountryFormat": .invalidCountryFormat
                case "notUppercase": .notUppercase(suggestion: parameters["suggestion"])
                case "unknownRegion": parameters["region"].map { .unknownRegion(region: $0) }
                case "languageTagEndsEarly": .languageTagEndsEarly
                case "emptySubtag": read.int("position").map { .emptySubtag(position: $0) }
                case "misplacedSubtag":
                    parameters["subtag"].flatMap { subtag in
                        read.int("position").map { .misplacedSubtag(subtag, position: $0) }
                    }
                default: nil
                }
            guard let parsed else { return nil }
            self = parsed
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
    public enum OffendingCharacter: Sendable, Hashable {
        /// A well-formed scalar; a catalog shows printable ASCII quoted, a space by name and
        /// anything else as `U+XXXX`, never raw control or invisible characters.
        case scalar(Unicode.Scalar)
        /// A byte that does not start well-formed UTF-8.
        case invalidByte
        /// Not told: the field is a password.
        case undisclosed

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
