import KiiIdentity

/// The problems of a `check --jsonl` line's nested members (`passwordPolicy`, `context`) that
/// the export reader's details do not word: each reason names its member, as the line's other
/// reasons do (`"field" is missing`).
enum CheckLineDetail: DeclaredDetail {
    /// The member `member` is not a JSON object.
    case notAnObject(member: String)
    /// The member `member` is not an array of strings.
    case notAnArrayOfStrings(member: String)
    /// The object `member` has a member other than `allowed`.
    case unexpectedMemberOf(member: String, allowed: [String])
    /// The number `member` is not a whole number from `minimum` to `maximum`.
    case integerOutOfRange(member: String, minimum: Int, maximum: Int)

    /// The names of the cases.
    enum Name: String, CaseIterable, Sendable {
        case notAnObject = "checkLineNotAnObject"
        case notAnArrayOfStrings = "checkLineNotAnArrayOfStrings"
        case unexpectedMemberOf = "checkLineUnexpectedMemberOf"
        case integerOutOfRange = "checkLineIntegerOutOfRange"
    }

    /// Each case's name, code, parameters and words (see ``DeclaredDetail``).
    func declare<Declaration: DetailDeclaration<Self>>(to declaration: Declaration) -> Declaration.Result {
        switch self {
        case .notAnObject(let member):
            declaration.problem(
                .notAnObject,
                code: .wrongType,
                parameters: [("member", member)],
                english: "\(quoted: member) must be a JSON object",
                japanese: ("の", "\"\(member)\" は JSON オブジェクトで指定してください")
            )
        case .notAnArrayOfStrings(let member):
            declaration.problem(
                .notAnArrayOfStrings,
                code: .wrongType,
                parameters: [("member", member)],
                english: "\(quoted: member) must be an array of strings",
                japanese: ("の", "\"\(member)\" は文字列の配列で指定してください")
            )
        case .unexpectedMemberOf(let member, let allowed):
            declaration.problem(
                .unexpectedMemberOf,
                code: .unknownField,
                parameters: [("member", member), ("allowed", allowed)],
                english:
                    "\(quoted: member) has a member other than \(EnglishCatalog.list(allowed.map { "\"\($0)\"" }))",
                japanese: (
                    "の", "\"\(member)\" に \(allowed.map { "\"\($0)\"" }.joined(separator: "、")) 以外のメンバーがあります"
                )
            )
        case .integerOutOfRange(let member, let minimum, let maximum):
            declaration.problem(
                .integerOutOfRange,
                code: .numberOutOfRange,
                parameters: [("member", member), ("minimum", minimum), ("maximum", maximum)],
                english: "\(quoted: member) must be a whole number from \(minimum) to \(maximum)",
                japanese: ("の", "\"\(member)\" は \(minimum) から \(maximum) までの整数で指定してください")
            )
        }
    }

    /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
    static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
        switch name {
        case .notAnObject: parameters.make(Self.notAnObject, "member")
        case .notAnArrayOfStrings: parameters.make(Self.notAnArrayOfStrings, "member")
        case .unexpectedMemberOf: parameters.make(Self.unexpectedMemberOf, "member", "allowed")
        case .integerOutOfRange: parameters.make(Self.integerOutOfRange, "member", "minimum", "maximum")
        }
    }
}
