extension ValidationError {
    /// The problems of a JSON text read by the strict RFC 8259 reader: syntax, repeated
    /// members, bytes that are not UTF-8, numbers out of range, nesting, and a text that is not
    /// the object a body must be.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum JSONDetail: DeclaredDetail {
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

        /// The names of the cases, as a problem is encoded under `detail`.
        package enum Name: String, CaseIterable, Sendable {
            case jsonSyntax, duplicateMember, jsonInvalidUTF8, numberOutOfRange, nestingTooDeep, malformedJSON
            case notAnObject
        }

        /// Each case's name, code, parameters and words (see ``DeclaredDetail``).
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            switch self {
            case .jsonSyntax(let syntax, let column):
                declaration.problem(
                    .jsonSyntax,
                    code: .malformedJSON,
                    parameters: [("syntax", syntax), ("column", column)],
                    english: "is not valid JSON: \(syntax.phrase(in: .english)) at column \(column)",
                    japanese: ("は", "正しい JSON ではありません（\(column) 文字目に\(syntax.phrase(in: .japanese))）")
                )
            case .duplicateMember(let name, let column):
                declaration.problem(
                    .duplicateMember,
                    code: .duplicateMember,
                    parameters: [("name", name), ("column", column)],
                    english: "has the member \(EnglishCatalog.quotedName(name)) a second time at column \(column)",
                    japanese: ("に", "メンバー \(EnglishCatalog.quotedName(name)) が 2 回あります（\(column) 文字目）")
                )
            case .jsonInvalidUTF8(let column):
                declaration.problem(
                    .jsonInvalidUTF8,
                    code: .invalidUTF8,
                    parameters: [("column", column)],
                    english: "contains bytes that are not UTF-8 at column \(column)",
                    japanese: ("に", "UTF-8 ではないバイトが含まれています（\(column) 文字目）")
                )
            case .numberOutOfRange(let digits, let column):
                declaration.problem(
                    .numberOutOfRange,
                    code: .numberOutOfRange,
                    parameters: [("maximumExponentDigits", digits), ("column", column)],
                    english: "has a number whose exponent has more than \(digits) digits at column \(column)",
                    japanese: ("に", "指数が \(digits) 桁を超える数値があります（\(column) 文字目）")
                )
            case .nestingTooDeep(let maximum, let column):
                declaration.problem(
                    .nestingTooDeep,
                    code: .nestingTooDeep,
                    parameters: [("maximum", maximum), ("column", column)],
                    english: "has arrays or objects nested more than \(maximum) deep at column \(column)",
                    japanese: ("に", "\(maximum) 段より深く入れ子になった配列またはオブジェクトがあります（\(column) 文字目）")
                )
            case .malformedJSON:
                declaration.problem(
                    .malformedJSON,
                    code: .malformedJSON,
                    english: "is not valid JSON",
                    japanese: ("は", "正しい JSON ではありません")
                )
            case .notAnObject:
                declaration.problem(
                    .notAnObject,
                    code: .notAnObject,
                    english: "is not a JSON object",
                    japanese: ("は", "JSON オブジェクトではありません")
                )
            }
        }

        /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .jsonSyntax: parameters.make(Self.jsonSyntax, "syntax", "column")
            case .duplicateMember: parameters.make(Self.duplicateMember, "name", "column")
            case .jsonInvalidUTF8: parameters.make(Self.jsonInvalidUTF8, "column")
            case .numberOutOfRange: parameters.make(Self.numberOutOfRange, "maximumExponentDigits", "column")
            case .nestingTooDeep: parameters.make(Self.nestingTooDeep, "maximum", "column")
            case .malformedJSON: .malformedJSON
            case .notAnObject: .notAnObject
            }
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
                        "a byte order mark (U+FEFF; only the very start of a file may have one)",
                        "ファイルの先頭にしか置けないバイト順マーク (U+FEFF) があります"
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
