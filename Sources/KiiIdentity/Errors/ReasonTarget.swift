/// Where a detail hands its reason, in the language the target asks for: ``FieldDetail`` and
/// ``PhoneDetail`` word every case once (`target.words(english, japanese)`), and the target
/// decides what the words become, a ``ValidationError/Phrase`` (``PhraseTarget``) or escaped
/// bytes in a JSON body being written (``EscapedReasonTarget``), so that an English reason
/// goes from its literal pieces into the body with no `String` and no copy in between.
protocol ReasonTarget {
    associatedtype Result
    /// The language wanted.
    var language: ValidationError.Language { get }
    /// Takes an English reason.
    mutating func english(_ reason: borrowing EnglishReason) -> Result
    /// Takes a Japanese particle and reason.
    mutating func japanese(particle: String, reason: String) -> Result
}

extension ReasonTarget {
    /// Hands the reason in ``language`` to the target: only that language's words are built,
    /// and a case without both languages does not compile.
    @inline(__always)
    mutating func words(
        _ english: @autoclosure () -> EnglishReason,
        _ japanese: @autoclosure () -> (particle: String, reason: String)
    ) -> Result {
        switch language {
        case .english: return self.english(english())
        case .japanese:
            let (particle, reason) = japanese()
            return self.japanese(particle: particle, reason: reason)
        }
    }
}

/// The reason as a ``ValidationError/Phrase`` (a detail's `phrase(in:)`).
struct PhraseTarget: ReasonTarget {
    let language: ValidationError.Language

    func english(_ reason: borrowing EnglishReason) -> ValidationError.Phrase {
        ValidationError.Phrase(particle: "", reason: String(reason))
    }

    func japanese(particle: String, reason: String) -> ValidationError.Phrase {
        ValidationError.Phrase(particle: particle, reason: reason)
    }
}

/// The reason appended, escaped, to a JSON string being written.
struct EscapedReasonTarget: ReasonTarget {
    let language: ValidationError.Language
    /// The writer, for the duration of one `withUnsafeMutablePointer(to:)`.
    let writer: UnsafeMutablePointer<ByteWriter>

    func english(_ reason: borrowing EnglishReason) {
        reason.withBytes { writer.pointee.appendEscaped($0) }
    }

    func japanese(particle: String, reason: String) {
        writer.pointee.appendEscaped(reason)
    }
}
