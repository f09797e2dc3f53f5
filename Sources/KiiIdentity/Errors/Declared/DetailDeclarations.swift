// The parts of a case's declaration the library asks for, one type each (see
// `DeclaredDetail.declare(to:)`): each takes what it keeps and leaves the closures of the rest
// uncalled, so that a code costs a switch and an English reason goes from its literal pieces
// into a JSON body with no `String` in between.

/// The case's code.
struct CodeDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    var language: ValidationError.Language { .english }

    @inline(__always)
    func problem(
        name: () -> String,
        code: ValidationError.Code,
        status: Int,
        parameters: () -> [(name: String, value: String)],
        english: () -> EnglishReason,
        japanese: () -> (particle: String, reason: String)
    ) -> ValidationError.Code { code }
}

/// The case's name.
struct NameDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    var language: ValidationError.Language { .english }

    @inline(__always)
    func problem(
        name: () -> String,
        code: ValidationError.Code,
        status: Int,
        parameters: () -> [(name: String, value: String)],
        english: () -> EnglishReason,
        japanese: () -> (particle: String, reason: String)
    ) -> String { name() }
}

/// The case's HTTP status.
struct StatusDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    var language: ValidationError.Language { .english }

    @inline(__always)
    func problem(
        name: () -> String,
        code: ValidationError.Code,
        status: Int,
        parameters: () -> [(name: String, value: String)],
        english: () -> EnglishReason,
        japanese: () -> (particle: String, reason: String)
    ) -> Int { status }
}

/// The case's parameters.
struct ParametersDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    var language: ValidationError.Language { .english }

    @inline(__always)
    func problem(
        name: () -> String,
        code: ValidationError.Code,
        status: Int,
        parameters: () -> [(name: String, value: String)],
        english: () -> EnglishReason,
        japanese: () -> (particle: String, reason: String)
    ) -> [(name: String, value: String)] { parameters() }
}

/// The case's reason in one language, as a ``ValidationError/Phrase``.
struct PhraseDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    let language: ValidationError.Language

    @inline(__always)
    func problem(
        name: () -> String,
        code: ValidationError.Code,
        status: Int,
        parameters: () -> [(name: String, value: String)],
        english: () -> EnglishReason,
        japanese: () -> (particle: String, reason: String)
    ) -> ValidationError.Phrase {
        switch language {
        case .english: return ValidationError.Phrase(particle: "", reason: String(english()))
        case .japanese:
            let (particle, reason) = japanese()
            return ValidationError.Phrase(particle: particle, reason: reason)
        }
    }
}

/// The case's reason in one language, appended, escaped, to a JSON string being written.
struct EscapedReasonDeclaration<Detail: DeclaredDetail>: DetailDeclaration {
    let language: ValidationError.Language
    /// The writer, for the duration of one `withUnsafeMutablePointer(to:)`.
    let writer: UnsafeMutablePointer<ByteWriter>

    @inline(__always)
    func problem(
        name: () -> String,
        code: ValidationError.Code,
        status: Int,
        parameters: () -> [(name: String, value: String)],
        english: () -> EnglishReason,
        japanese: () -> (particle: String, reason: String)
    ) {
        switch language {
        case .english: english().withBytes { writer.pointee.appendEscaped($0) }
        case .japanese: writer.pointee.appendEscaped(japanese().reason)
        }
    }
}
