extension ValidationError {
    /// The problems of a JSON text read by the strict RFC 8259 reader: syntax, repeated
    /// members, bytes that are not UTF-8, numbers out of range, nesting, and a text that is not
    /// the object a body must be.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum JSONDetail: Detail {
        /// A JSON text that breaks RFC 8259: `syntax` found at 1-based `column` (in Unicode scalars).
        case jsonSyntax(Syntax, column: Int)
        /// The member `name` a second time in one object, at 1-based `column`.
        case duplicateMember(name: String, column: Int)
        /// Bytes that are not UTF-8 in a JSON text, at 1-based `column`.
        case jsonInvalidUTF8(column: Int)
        /// A number whose exponent has more than `maximumExponentDigits` digits, at 1-based `column`.
        case numberOutOfRange(maximumExponentDigits: Int, column: Int)
        /// Arrays and objects nested deeper than `maximum`, at 1-based `column`.
        case nestingTooDeep(maximum: Int, column: Int)
        /// Not valid JSON, without saying where (no rule of this package reports it; other
        /// writers' problems decode to it).
        case malformedJSON
        /// Valid JSON but not an object.
        case notAnObject

        /// The stable machine code.
        public var code: Code {
            switch self {
            case .jsonSyntax, .malformedJSON: .malformedJSON
            case .duplicateMember: .duplicateMember
            case .jsonInvalidUTF8: .invalidUTF8
            case .numberOutOfRange: .numberOutOfRange
            case .nestingTooDeep: .nestingTooDeep
            case .notAnObject: .notAnObject
            }
        }

        /// The case's name, as a problem is encoded under `detail`.
        public var name: String {
            switch self {
            case .jsonSyntax: "jsonSyntax"
            case .duplicateMember: "duplicateMember"
            case .jsonInvalidUTF8: "jsonInvalidUTF8"
            case .numberOutOfRange: "numberOutOfRange"
            case .nestingTooDeep: "nestingTooDeep"
            case .malformedJSON: "malformedJSON"
            case .notAnObject: "notAnObject"
            }
        }

        /// The values the reason needs, as strings.
        public var parameters: [(name: String, value: String)] {
            switch self {
            case .malformedJSON, .notAnObject: []
            case .jsonSyntax(let syntax, let column): [("syntax", syntax.rawValue), ("column", String(column))]
            case .duplicateMember(let name, let column): [("name", name), ("column", String(column))]
            case .jsonInvalidUTF8(let column): [("column", String(column))]
            case .numberOutOfRange(let digits, let column):
                [("maximumExponentDigits", String(digits)), ("column", String(column))]
            case .nestingTooDeep(let maximum, let column): [("maximum", String(maximum)), ("column", String(column))]
            }
        }

        /// The reason in `language`.
        public func phrase(in language: Language) -> Phrase {
            switch self {
            case .jsonSyntax(let syntax, let column):
                language.phrase(
                    "is not valid JSON: \(syntax.phrase(in: .english)) at column \(column)",
                    ("は", "正しい JSON ではありません（\(column) 文字目に\(syntax.phrase(in: .japanese))）")
                )
            case .duplicateMember(let name, let column):
                language.phrase(
                    "has the member \(EnglishCatalog.quotedName(name)) a second time at column \(column)",
                    ("に", "メンバー \(EnglishCatalog.quotedName(name)) が 2 回あります（\(column) 文字目）")
                )
            case .jsonInvalidUTF8(let column):
                language.phrase(
                    "contains bytes that are not UTF-8 at column \(column)",
                    ("に", "UTF-8 ではないバイトが含まれています（\(column) 文字目）")
                )
            case .numberOutOfRange(let digits, let column):
                language.phrase(
                    "has a number whose exponent has more than \(digits) digits at column \(column)",
                    ("に", "指数が \(digits) 桁を超える数値があります（\(column) 文字目）")
                )
            case .nestingTooDeep(let maximum, let column):
                language.phrase(
                    "has arrays or objects nested more than \(maximum) deep at column \(column)",
                    ("に", "\(maximum) 段より深く入れ子になった配列またはオブジェクトがあります（\(column) 文字目）")
                )
            case .malformedJSON: language.phrase("is not valid JSON", ("は", "正しい JSON ではありません"))
            case .notAnObject: language.phrase("is not a JSON object", ("は", "JSON オブジェクトではありません"))
            }
        }

        /// The detail named `name` with `parameters`, or `nil`.
        public init?(name: String, parameters: [String: String]) {
            let read = ParameterReader(parameters)
            let parsed: Self? =
                switch name {
                case "jsonSyntax":
                    read.value("syntax").flatMap { syntax in read.int("column").map { .jsonSyntax(syntax, column: $0) }
                    }
                case "duplicateMember":
                    parameters["name"].flatMap { name in
                        read.int("column").map { .duplicateMember(name: name, column: $0) }
                    }
                case "jsonInvalidUTF8": read.int("column").map { .jsonInvalidUTF8(column: $0) }
                case "numberOutOfRange":
                    read.int("maximumExponentDigits").flatMap { digits in
                        read.int("column").map { .numberOutOfRange(maximumExponentDigits: digits, column: $0) }
                    }
                case "nestingTooDeep":
                    read.int("maximum").flatMap { maximum in
                        read.int("column").map { .nestingTooDeep(maximum: maximum, column: $0) }
                    }
                case "malformedJSON": .malformedJSON
                case "notAnObject": .notAnObject
                default: nil
                }
            guard let parsed else { return nil }
            self = parsed
        }
    }
}

extension ValidationError.JSONDetail {
    /// A JSON value's type.
    public enum ValueType: String, Sendable, Hashable, CaseIterable {
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

        /// The type's name in Japanese, as a reason writes it: 「数値」, 「null 」.
        package var japaneseName: String {
            switch self {
            case .null: "null "
            case .boolean: "真偽値"
            case .number: "数値"
            case .string: "文字列"
            case .array: "配列"
            case .object: "オブジェクト"
            }
        }
    }

    /// What breaks RFC 8259 in a JSON text (a `malformed_json` problem).
    public enum Syntax: String, Sendable, Hashable, CaseIterable {
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

        /// What breaks the grammar, in `language`: a noun phrase in English ("a trailing
        /// comma"), a clause in Japanese (「末尾のカンマがあります」).
        func phrase(in language: ValidationError.Language) -> String {
            let words: (english: String, japanese: String) =
                switch self {
                case .noValue: ("no value", "値がありません")
                case .trailingComma: ("a trailing comma", "末尾のカンマがあります")
                case .comment: ("a comment", "コメントがあります")
                case .singleQuotedString: ("a single-quoted string", "単一引用符で囲まれた文字列があります")
                case .nanOrInfinity: ("NaN or Infinity, which JSON does not have", "JSON にない NaN または Infinity があります")
                case .leadingZero: ("a number with a leading zero", "先頭に 0 が付いた数値があります")
                case .plusSign: ("a '+' before a number", "数値の前に '+' があります")
                case .noDigitBeforePoint: ("a number without a digit before '.'", "'.' の前に数字のない数値があります")
                case .noDigitAfterPoint: ("a number without digits after '.'", "'.' の後に数字のない数値があります")
                case .exponentWithoutDigits: ("an exponent without digits", "数字のない指数があります")
                case .minusWithoutDigits: ("a '-' without digits", "数字のない '-' があります")
                case .letterAfterNumber: ("a letter right after a number", "数値の直後に文字があります")
                case .controlCharacter:
                    ("a control character in a string (it must be escaped)", "文字列の中にエスケープされていない制御文字があります")
                case .invalidEscape: ("an invalid escape", "不正なエスケープがあります")
                case .loneSurrogate: ("a lone surrogate (a \\u escape of half a pair)", "対になっていないサロゲートがあります")
                case .byteOrderMark:
                    (
                        "a byte order mark (U+FEFF), allowed only at the start of a file",
                        "ファイルの先頭以外にバイト順マーク (U+FEFF) があります"
                    )
                case .missingValue: ("a missing value before ','", "',' の前に値がありません")
                case .missingColon: ("a missing ':' after a name", "名前の後に ':' がありません")
                case .nameNotString: ("a member name that is not a string", "文字列ではないメンバー名があります")
                case .missingCommaOrBrace: ("a missing ',' or '}'", "',' または '}' がありません")
                case .missingCommaOrBracket: ("a missing ',' or ']'", "',' または ']' がありません")
                case .unclosedString: ("a string without its closing quote", "閉じられていない文字列があります")
                case .unexpectedEnd: ("the end of the text before the value is complete", "値の途中でテキストが終わっています")
                case .textAfterValue: ("more text after the value", "値の後に余分なテキストがあります")
                case .unexpectedCharacter: ("an unexpected character", "予期しない文字があります")
                }
            return switch language {
            case .english: words.english
            case .japanese: words.japanese
            }
        }
    }
}
