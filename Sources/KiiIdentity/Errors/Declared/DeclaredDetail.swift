/// A detail type whose cases are each declared once, in one switch: its name, code, HTTP status,
/// parameters and words in English and Japanese (``declare(to:)``), and, by name, how it is read
/// back (``make(_:from:)``). Every requirement of ``ValidationError/Detail`` comes from these two.
///
/// ```swift
/// case .tooShort(let minimum, let unit):
///     declaration.problem(
///         .tooShort, code: .tooShort, parameters: [("minimum", minimum), ("unit", unit)],
///         english: "is too short (minimum \(minimum) \(unit.rawValue))",
///         japanese: ("は", "\(minimum) \(JapaneseCatalog.name(unit))以上で入力してください")
///     )
/// ```
///
/// Both switches are exhaustive: a case without its declaration, or a name without its reading,
/// does not compile; `DetailCatalogAudit` checks every name of every type (each read back
/// from sample parameters, declared under that name, unique, worded in both languages, its
/// parameters written as they are read) in the tests.
package protocol DeclaredDetail: ValidationError.Detail {
    /// The names of the cases, as a problem is encoded under `detail`: one per case (a name that
    /// ends with `:` prefixes a nested detail's, like the phone's `regionPrefix:`).
    associatedtype Name: RawRepresentable<String>, CaseIterable, Sendable

    /// Hands this case's declaration to `declaration`, which takes what it wants of it.
    func declare<Declaration: DetailDeclaration<Self>>(to declaration: Declaration) -> Declaration.Result

    /// The case named `name`, its values read from `parameters`; `nil` when one is missing or
    /// malformed.
    static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self?
}

extension DeclaredDetail {
    /// The stable machine code, as the case declares it.
    public var code: ValidationError.Code {
        declare(to: CodeDeclaration<Self>())
    }

    /// The case's name, as a problem is encoded under `detail`.
    public var name: String {
        let facts = self.facts
        return facts.name.rawValue + facts.nestedName
    }

    /// The HTTP status the case declares: 400 unless it says otherwise.
    public var httpStatus: Int { facts.status }

    /// The values the reason needs, as strings, in the order the case declares them.
    public var parameters: [(name: String, value: String)] {
        declare(to: ParametersDeclaration<Self>())
    }

    /// The reason in `language`.
    public func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
        declare(to: PhraseDeclaration<Self>(language: language))
    }

    /// The detail named `name` with `parameters` (as ``name`` and ``parameters`` give them), or
    /// `nil` when this type has no such detail or a parameter is missing or malformed.
    public init?(name: String, parameters: [String: String]) {
        var source = EncodedParameters(parameters)
        var kind = Name(rawValue: name)
        if kind == nil, let colon = name.firstIndex(of: ":") {
            kind = Name(rawValue: String(name[...colon]))
            source.nestedName = String(name[name.index(after: colon)...])
        }
        guard let kind, let detail = Self.make(kind, from: source) else { return nil }
        self = detail
    }

    /// The case's name, code and status.
    var facts: DetailFacts<Self> {
        declare(to: FactsDeclaration<Self>())
    }

    /// Appends the reason in `language`, escaped, to a JSON string being written, without making
    /// a `String` of an English one (or copying it).
    func appendEscapedReason(in language: ValidationError.Language, to writer: inout ByteWriter) {
        withUnsafeMutablePointer(to: &writer) { writer in
            declare(to: EscapedReasonDeclaration<Self>(language: language, writer: writer))
        }
    }
}

/// What takes a case's declaration (``DeclaredDetail/declare(to:)``): each conforming type keeps
/// one part (the facts, the parameters, the words in one language) and leaves the closures of
/// the rest uncalled, so that a code costs a switch and an English reason goes from its literal
/// pieces into a JSON body with no `String` in between.
package protocol DetailDeclaration<Detail> {
    /// The detail type declared.
    associatedtype Detail: DeclaredDetail
    /// What the declaration gives back.
    associatedtype Result
    /// A case's parameters, by name, as strings.
    typealias Parameters = [(name: String, value: String)]
    /// A case's Japanese words: the particle after the field name, and the reason.
    typealias JapaneseWords = (particle: String, reason: String)

    /// Takes one case's declaration: its name, code and status, the values its reason needs, and
    /// its reason in English (after the English field name) and in Japanese.
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Parameters,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) -> Result
}

/// A case's name, code and HTTP status.
package struct DetailFacts<Detail: DeclaredDetail> {
    /// The case's name.
    let name: Detail.Name
    /// The name of the detail the case wraps, after its own (a phone's region prefix's), or empty.
    let nestedName: String
    /// The machine code.
    let code: ValidationError.Code
    /// The HTTP status.
    let status: Int
}

extension DetailDeclaration {
    /// Declares the case named `name`: its code, its HTTP status (400 unless given), the values
    /// its reason needs (in order; an absent optional one is left out) and its reason in English
    /// and Japanese. Only what the declaration wants is built.
    @inline(__always)
    package func problem(
        _ name: Detail.Name,
        code: ValidationError.Code,
        status: Int = 400,
        parameters: @autoclosure () -> [(String, any DetailParameter)] = [],
        english: @autoclosure () -> EnglishReason,
        japanese: @autoclosure () -> JapaneseWords
    ) -> Result {
        problem(
            DetailFacts(name: name, nestedName: "", code: code, status: status),
            parameters: { parameters().compactMap { key, value in value.parameterText.map { (key, $0) } } },
            english: english,
            japanese: japanese
        )
    }

    /// Declares the case named `name` that wraps `inner`: its name is `name` followed by the
    /// inner detail's, and its code, status and parameters are the inner detail's.
    @inline(__always)
    package func problem(
        _ name: Detail.Name,
        wrapping inner: some DeclaredDetail,
        english: @autoclosure () -> EnglishReason,
        japanese: @autoclosure () -> JapaneseWords
    ) -> Result {
        let facts = inner.facts
        return problem(
            DetailFacts(name: name, nestedName: inner.name, code: facts.code, status: facts.status),
            parameters: { inner.parameters },
            english: english,
            japanese: japanese
        )
    }
}
