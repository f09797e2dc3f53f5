extension ValidationError {
    /// A language the reasons of problems are written in, each with its own catalog.
    ///
    /// The raw value is the BCP 47 tag: `en`, `ja`.
    ///
    /// ```swift
    /// let error = ValidationError(.username, .tooShort(minimum: 3, unit: .characters))
    /// error.description                 // "username is too short (minimum 3 characters)"
    /// error.description(in: .japanese)  // "ユーザー名は 3 文字以上で入力してください"
    /// ```
    public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
        /// English, the language of ``ValidationError/description`` and ``ValidationError/Problem/reason``.
        case english = "en"
        /// Japanese, in the polite style of form errors, with the field names of Kii's Japanese documentation.
        case japanese = "ja"
    }

    /// Every problem's message in `language`, joined as that language joins sentences (`; ` in
    /// English, `。` in Japanese).
    public func description(in language: Language) -> String {
        let messages = problems.map { $0.message(in: language) }
        switch language {
        case .english: return messages.joined(separator: EnglishCatalog.separator)
        case .japanese: return messages.joined(separator: JapaneseCatalog.separator)
        }
    }
}

extension ValidationError.Problem {
    /// The reason in `language`, without the field's name: "is too short (minimum 3 characters)",
    /// "3 文字以上で入力してください".
    public func reason(in language: ValidationError.Language) -> String {
        stored.phrase(in: language).reason
    }

    /// The field's name and the reason in `language`: "username is too short (minimum 3 characters)",
    /// "ユーザー名は 3 文字以上で入力してください".
    public func message(in language: ValidationError.Language) -> String {
        message(in: language, phrase: stored.phrase(in: language))
    }

    /// The field's name and `phrase`, this problem's reason in `language`.
    func message(in language: ValidationError.Language, phrase: ValidationError.Phrase) -> String {
        switch language {
        case .english: return "\(EnglishCatalog.label(field)) \(phrase.reason)"
        case .japanese:
            return JapaneseCatalog.joined(
                JapaneseCatalog.joined(JapaneseCatalog.label(field), phrase.particle),
                phrase.reason
            )
        }
    }
}

extension ValidationError.Field {
    /// The field's name in `language`: "username", "ユーザー名".
    public func label(in language: ValidationError.Language) -> String {
        switch language {
        case .english: EnglishCatalog.label(self)
        case .japanese: JapaneseCatalog.label(self)
        }
    }
}
