// The parts of a case's declaration the library asks for, one type each (see
// `DetailDeclaration`).

/// The case's code: of everything declared, what every problem's answer needs.
struct CodeDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    @inline(__always)
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Parameters,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) -> ValidationError.Code {
        facts.code
    }
}

/// The case's name, code and status.
struct FactsDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    @inline(__always)
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Parameters,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) -> DetailFacts<Detail> {
        facts
    }
}

/// The case's parameters.
struct ParametersDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    typealias Result = [(name: String, value: String)]

    @inline(__always)
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Result,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) -> Result {
        parameters()
    }
}

/// The case's reason in one language.
struct PhraseDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    let language: ValidationError.Language

    @inline(__always)
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Parameters,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) -> ValidationError.Phrase {
        switch language {
        case .english: return ValidationError.Phrase(particle: "", reason: String(english()))
        case .japanese:
            let (particle, reason) = japanese()
            return ValidationError.Phrase(particle: particle, reason: reason)
        }
    }
}

/// The case's reason in one language, appended, escaped, to a JSON string being written: an
/// English one from its literal pieces, with no `String` and no copy in between.
struct EscapedReasonDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    let language: ValidationError.Language
    /// The writer, for the duration of one `withUnsafeMutablePointer(to:)`.
    let writer: UnsafeMutablePointer<ByteWriter>

    @inline(__always)
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Parameters,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) {
        switch language {
        case .english:
            let reason = english()
            // Nothing in it to escape: copied as it is (see `EnglishReason.isPlain`).
            reason.withBytes { bytes in
                if reason.isPlain {
                    writer.pointee.append(UnsafeRawBufferPointer(bytes))
                } else {
                    writer.pointee.appendEscaped(bytes)
                }
            }
        case .japanese: writer.pointee.appendEscaped(japanese().reason)
        }
    }
}

/// The case's English reason as it is built, for the catalog audit.
struct EnglishReasonDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    @inline(__always)
    func problem(
        _ facts: DetailFacts<Detail>,
        parameters: () -> Parameters,
        english: () -> EnglishReason,
        japanese: () -> JapaneseWords
    ) -> EnglishReason {
        english()
    }
}
