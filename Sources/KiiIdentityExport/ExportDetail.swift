public import KiiIdentity

extension ValidationError {
    /// The problems of reading a user export or a tool's input line: bytes that are not UTF-8,
    /// members of the wrong type, CSV's own syntax and columns, lines past the limit.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese. A decoder restores these details when its `userInfo` lists
    /// `ValidationError.ExportDetail.self` under ``ValidationError/detailTypesKey``.
    public enum ExportDetail: Detail {
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

        /// The stable machine code.
        public var code: Code {
            switch self {
            case .invalidUTF8: .invalidUTF8
            case .wrongType: .wrongType
            case .notRecordMember, .unknownColumn, .repeatedColumn, .unexpectedMember, .memberNotOneOf: .unknownField
            case .lineTooLong: .lineTooLong
            case .textAfterClosingQuote, .quoteInUnquotedField, .unclosedQuote: .malformedCSV
            case .columnCount: .columnCount
            case .memberNotAString: .notAString
            case .memberMissing: .missing
            }
        }

        /// The case's name, as a problem is encoded under `detail`.
        public var name: String {
            switch self {
            case .invalidUTF8: "invalidUTF8"
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
            }
        }

        /// The values the reason needs, as strings.
        public var parameters: [(name: String, value: String)] {
            switch self {
            case .invalidUTF8, .notRecordMember, .unclosedQuote: []
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
            }
        }

        /// The reason in `language`.
        public func phrase(in language: Language) -> Phrase {
            switch self {
            case .invalidUTF8:
                language.phrase("contains bytes that are not UTF-8", ("に", "UTF-8 ではないバイトが含まれています"))
            case .wrongType(.object, let found?):
                language.phrase(
                    "must be a JSON object, not \(found.rawValue)",
                    ("は", "JSON オブジェクトで指定してください（\(found.japaneseName)が指定されています）")
                )
            case .wrongType(.object, nil):
                language.phrase("must be a JSON object", ("は", "JSON オブジェクトで指定してください"))
            case .wrongType(.boolean, let found?):
                language.phrase(
                    "must be true or false, not \(found.rawValue)",
                    ("は", "true または false で指定してください（\(found.japaneseName)が指定されています）")
                )
            case .wrongType(.boolean, nil):
                language.phrase("must be true or false", ("は", "true または false で指定してください"))
            case .notRecordMember:
                language.phrase("is not a member of a user record", ("は", "ユーザーレコードのメンバーではありません"))
            case .unknownColumn(let column):
                language.phrase(
                    "has a column \(column) that is not a member of a user record; it is ignored",
                    ("に", "ユーザーレコードのメンバーではない列があります（\(column) 列目は無視されます）")
                )
            case .repeatedColumn(let name, let column):
                language.phrase(
                    "names column '\(name)' twice; column \(column) is ignored",
                    ("に", "列 '\(name)' が 2 回あります（\(column) 列目は無視されます）")
                )
            case .lineTooLong(let maximumBytes):
                language.phrase("is longer than \(maximumBytes) bytes", ("は", "\(maximumBytes) バイトを超えています"))
            case .textAfterClosingQuote(let column):
                language.phrase(
                    "has text after a closing quote (column \(column))",
                    ("に", "閉じる引用符の後に文字があります（\(column) 列目）")
                )
            case .quoteInUnquotedField(let column):
                language.phrase(
                    "has a quote inside an unquoted field (column \(column))",
                    ("に", "引用符で囲まれていないフィールドの中に引用符があります（\(column) 列目）")
                )
            case .unclosedQuote:
                language.phrase("has a quoted field that is never closed", ("に", "閉じられていない引用符があります"))
            case .columnCount(let fields, let headerFields):
                language.phrase(
                    "has \(fields) fields but the header has \(headerFields)",
                    ("の", "フィールドは \(fields) 個ですが、ヘッダーは \(headerFields) 個です")
                )
            case .memberNotAString(let member):
                language.phrase("\"\(member)\" must be a string", ("の", "\"\(member)\" は文字列で指定してください"))
            case .unexpectedMember(let allowed):
                language.phrase(
                    "the line has a member other than \(EnglishCatalog.list(allowed.map { "\"\($0)\"" }))",
                    ("に", "\(allowed.map { "\"\($0)\"" }.joined(separator: "、")) 以外のメンバーがあります")
                )
            case .memberNotOneOf(let member, let allowed):
                language.phrase(
                    "\"\(member)\" must be one of \(allowed.joined(separator: ", "))",
                    ("の", "\"\(member)\" は \(allowed.joined(separator: "、")) のいずれかにしてください")
                )
            case .memberMissing(let member):
                language.phrase("\"\(member)\" is missing", ("に", "\"\(member)\" がありません"))
            }
        }

        /// The detail named `name` with `parameters`, or `nil`.
        public init?(name: String, parameters: [String: String]) {
            let read = ParameterReader(parameters)
            let parsed: Self? =
                switch name {
                case "invalidUTF8": .invalidUTF8
                case "wrongType":
                    read.value("expected").flatMap { (expected: ExpectedType) -> Self? in
                        switch parameters["found"] {
                        case nil: .wrongType(expected: expected, found: nil)
                        case let found?:
                            JSONDetail.ValueType(rawValue: found).map { .wrongType(expected: expected, found: $0) }
                        }
                    }
                case "notRecordMember": .notRecordMember
                case "unknownColumn": read.int("column").map { .unknownColumn(column: $0) }
                case "repeatedColumn":
                    parameters["name"].flatMap { name in
                        read.int("column").map { .repeatedColumn(name: name, column: $0) }
                    }
                case "lineTooLong": read.int("maximumBytes").map { .lineTooLong(maximumBytes: $0) }
                case "textAfterClosingQuote": read.int("column").map { .textAfterClosingQuote(column: $0) }
                case "quoteInUnquotedField": read.int("column").map { .quoteInUnquotedField(column: $0) }
                case "unclosedQuote": .unclosedQuote
                case "columnCount":
                    read.int("fields").flatMap { fields in
                        read.int("headerFields").map { .columnCount(fields: fields, headerFields: $0) }
                    }
                case "memberNotAString": parameters["member"].map { .memberNotAString(member: $0) }
                case "unexpectedMember": read.list("allowed").map { .unexpectedMember(allowed: $0) }
                case "memberNotOneOf":
                    parameters["member"].flatMap { member in
                        read.list("allowed").map { .memberNotOneOf(member: member, allowed: $0) }
                    }
                case "memberMissing": parameters["member"].map { .memberMissing(member: $0) }
                default: nil
                }
            guard let parsed else { return nil }
            self = parsed
        }
    }
}

extension ValidationError.ExportDetail {
    /// The JSON type an input member must have.
    public enum ExpectedType: String, Sendable, Hashable, CaseIterable {
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
