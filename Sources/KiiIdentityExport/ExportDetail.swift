public import KiiIdentity

extension ValidationError {
    /// The problems of reading a user export or a tool's input line: bytes that are not UTF-8,
    /// members of the wrong type, CSV's own syntax and columns, lines past the limit.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese. A decoder restores these details when its `userInfo` lists
    /// `ValidationError.ExportDetail.self` under ``ValidationError/detailTypesKey``.
    public enum ExportDetail: DeclaredDetail {
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A member of another JSON type than `expected` (`found`, when known).
        case wrongType(expected: ExpectedType, found: JSONDetail.ValueType?)
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

        /// The names of the cases, as a problem is encoded under `detail`.
        package enum Name: String, CaseIterable, Sendable {
            case invalidUTF8, wrongType, notRecordMember, unknownColumn, repeatedColumn, lineTooLong
            case textAfterClosingQuote, quoteInUnquotedField, unclosedQuote, columnCount, memberNotAString
            case unexpectedMember, memberNotOneOf, memberMissing
        }

        /// Each case's name, code, parameters and words (see `DeclaredDetail`).
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            switch self {
            case .invalidUTF8:
                declaration.problem(
                    .invalidUTF8,
                    code: .invalidUTF8,
                    english: "contains bytes that are not UTF-8",
                    japanese: ("に", "UTF-8 ではないバイトが含まれています")
                )
            case .wrongType(let expected, let found?):
                declaration.problem(
                    .wrongType,
                    code: .wrongType,
                    parameters: [("expected", expected), ("found", found)],
                    english: "\(Self.words(expected).english), not \(found.rawValue)",
                    japanese: ("は", "\(Self.words(expected).japanese)（\(found.japaneseName)が指定されています）")
                )
            case .wrongType(let expected, nil):
                declaration.problem(
                    .wrongType,
                    code: .wrongType,
                    parameters: [("expected", expected)],
                    english: "\(Self.words(expected).english)",
                    japanese: ("は", Self.words(expected).japanese)
                )
            case .notRecordMember:
                declaration.problem(
                    .notRecordMember,
                    code: .unknownField,
                    english: "is not a member of a user record",
                    japanese: ("は", "ユーザーレコードのメンバーではありません")
                )
            case .unknownColumn(let column):
                declaration.problem(
                    .unknownColumn,
                    code: .unknownField,
                    parameters: [("column", column)],
                    english: "has a column \(column) that is not a member of a user record; it is ignored",
                    japanese: ("に", "ユーザーレコードのメンバーではない列があります（\(column) 列目は無視されます）")
                )
            case .repeatedColumn(let name, let column):
                declaration.problem(
                    .repeatedColumn,
                    code: .unknownField,
                    parameters: [("name", name), ("column", column)],
                    english: "names column '\(name)' twice; column \(column) is ignored",
                    japanese: ("に", "列 '\(name)' が 2 回あります（\(column) 列目は無視されます）")
                )
            case .lineTooLong(let maximumBytes):
                declaration.problem(
                    .lineTooLong,
                    code: .lineTooLong,
                    parameters: [("maximumBytes", maximumBytes)],
                    english: "is longer than \(maximumBytes) bytes",
                    japanese: ("は", "\(maximumBytes) バイトを超えています")
                )
            case .textAfterClosingQuote(let column):
                declaration.problem(
                    .textAfterClosingQuote,
                    code: .malformedCSV,
                    parameters: [("column", column)],
                    english: "has text after a closing quote (column \(column))",
                    japanese: ("に", "閉じる引用符の後に文字があります（\(column) 列目）")
                )
            case .quoteInUnquotedField(let column):
                declaration.problem(
                    .quoteInUnquotedField,
                    code: .malformedCSV,
                    parameters: [("column", column)],
                    english: "has a quote inside an unquoted field (column \(column))",
                    japanese: ("に", "引用符で囲まれていないフィールドの中に引用符があります（\(column) 列目）")
                )
            case .unclosedQuote:
                declaration.problem(
                    .unclosedQuote,
                    code: .malformedCSV,
                    english: "has a quoted field that is never closed",
                    japanese: ("に", "閉じられていない引用符があります")
                )
            case .columnCount(let fields, let headerFields):
                declaration.problem(
                    .columnCount,
                    code: .columnCount,
                    parameters: [("fields", fields), ("headerFields", headerFields)],
                    english: "has \(fields) fields but the header has \(headerFields)",
                    japanese: ("の", "フィールドは \(fields) 個ですが、ヘッダーは \(headerFields) 個です")
                )
            case .memberNotAString(let member):
                declaration.problem(
                    .memberNotAString,
                    code: .notAString,
                    parameters: [("member", member)],
                    english: "\(quoted: member) must be a string",
                    japanese: ("の", "\"\(member)\" は文字列で指定してください")
                )
            case .unexpectedMember(let allowed):
                declaration.problem(
                    .unexpectedMember,
                    code: .unknownField,
                    parameters: [("allowed", allowed)],
                    english: "the line has a member other than \(EnglishCatalog.list(allowed.map { "\"\($0)\"" }))",
                    japanese: ("に", "\(allowed.map { "\"\($0)\"" }.joined(separator: "、")) 以外のメンバーがあります")
                )
            case .memberNotOneOf(let member, let allowed):
                declaration.problem(
                    .memberNotOneOf,
                    code: .unknownField,
                    parameters: [("member", member), ("allowed", allowed)],
                    english: "\(quoted: member) must be one of \(allowed.joined(separator: ", "))",
                    japanese: ("の", "\"\(member)\" は \(allowed.joined(separator: "、")) のいずれかにしてください")
                )
            case .memberMissing(let member):
                declaration.problem(
                    .memberMissing,
                    code: .missing,
                    parameters: [("member", member)],
                    english: "\(quoted: member) is missing",
                    japanese: ("に", "\"\(member)\" がありません")
                )
            }
        }

        /// What a member of the wrong type must be, in English and in Japanese.
        private static func words(_ expected: ExpectedType) -> (english: String, japanese: String) {
            switch expected {
            case .object: ("must be a JSON object", "JSON オブジェクトで指定してください")
            case .boolean: ("must be true or false", "true または false で指定してください")
            }
        }

        /// The case named `name`, read from `parameters` (see `DeclaredDetail`).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .invalidUTF8: .invalidUTF8
            case .wrongType: parameters.make(Self.wrongType, "expected", "found")
            case .notRecordMember: .notRecordMember
            case .unknownColumn: parameters.make(Self.unknownColumn, "column")
            case .repeatedColumn: parameters.make(Self.repeatedColumn, "name", "column")
            case .lineTooLong: parameters.make(Self.lineTooLong, "maximumBytes")
            case .textAfterClosingQuote: parameters.make(Self.textAfterClosingQuote, "column")
            case .quoteInUnquotedField: parameters.make(Self.quoteInUnquotedField, "column")
            case .unclosedQuote: .unclosedQuote
            case .columnCount: parameters.make(Self.columnCount, "fields", "headerFields")
            case .memberNotAString: parameters.make(Self.memberNotAString, "member")
            case .unexpectedMember: parameters.make(Self.unexpectedMember, "allowed")
            case .memberNotOneOf: parameters.make(Self.memberNotOneOf, "member", "allowed")
            case .memberMissing: parameters.make(Self.memberMissing, "member")
            }
        }
    }
}

extension ValidationError.ExportDetail {
    /// The JSON type an input member must have.
    public enum ExpectedType: String, Sendable, Hashable, CaseIterable, DetailParameter {
        /// An object.
        case object
        /// `true` or `false`.
        case boolean
    }
}

extension ValidationError.Problem {
    /// Creates a problem of reading an export: `Problem(field: .line, .lineTooLong(maximumBytes: 1_048_576))`.
    public init(field: ValidationError.Field, _ detail: ValidationError.ExportDetail) {
        self.init(field: field, detail as any ValidationError.Detail)
    }
}

extension ValidationError {
    /// Creates an error with a single problem of reading an export.
    public init(_ field: Field, _ detail: ExportDetail) {
        self.init([Problem(field: field, detail)])
    }
}
