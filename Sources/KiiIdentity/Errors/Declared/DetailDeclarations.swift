// The parts of a case's declaration the library asks for, one type each (see
// `DetailDeclaration`).

/// The case's name, code and status.
struct FactsDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    @inline(__always)
    func problem(_ facts: DetailFacts<Detail>, parameters: () -> Parameters, words: Words) -> DetailFacts<Detail> {
        facts
    }
}

/// The case's parameters.
struct ParametersDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    typealias Result = [(name: String, value: String)]

    @inline(__always)
    func problem(_ facts: DetailFacts<Detail>, parameters: () -> Result, words: Words) -> Result { parameters() }
}

/// The case's words in one language.
struct WordsDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    let language: ValidationError.Language

    @inline(__always)
    func problem(_ facts: DetailFacts<Detail>, parameters: () -> Parameters, words: Words) -> DetailWords {
        words(language)
    }
}
