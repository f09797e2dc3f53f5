extension ValidationError {
    /// What exactly is wrong, with the values a reason needs: each domain's problems are one
    /// type that conforms, owned by that domain.
    ///
    /// | type | domain | examples |
    /// |---|---|---|
    /// | ``FieldDetail`` | a field's own rule | `tooShort`, `missingAt`, `notUppercase` |
    /// | ``PhoneDetail`` | phone numbers | `landline`, `notE164`, `needsCountry` |
    /// | ``RecordDetail`` | users as records | `noIdentifier`, `immutable`, `alreadyTaken` |
    /// | ``JSONDetail`` | JSON text | `jsonSyntax`, `duplicateMember` |
    /// | ``CustomDetail`` | built by hand | a code and a reason as given |
    ///
    /// Another module adds its own (KiiIdentityExport's `ExportDetail`, for a line of an
    /// export). A conforming type carries, beside each of its cases, the stable ``code``, the
    /// ``name`` it is encoded by, its ``parameters`` and its reason in every ``Language``
    /// (``phrase(in:)``), so a new problem is added in one file and cannot ship without its
    /// English and its Japanese. A password's details hold positions only, never a character.
    ///
    /// ```swift
    /// let problem = ValidationError.Problem(field: .username, .tooShort(minimum: 3, unit: .characters))
    /// problem.reason                 // "is too short (minimum 3 characters)"
    /// problem.message(in: .japanese) // "ユーザー名は 3 文字以上で入力してください"
    /// problem.detail as? ValidationError.FieldDetail == .tooShort(minimum: 3, unit: .characters)   // true
    /// ```
    public protocol Detail: Sendable, Hashable {
        /// The stable machine code; several details may share one (`invalid_number` has
        /// several causes).
        var code: Code { get }

        /// The detail's name, as a problem is encoded under `detail`: `tooShort`,
        /// `invalidNumberForRegion`; unique across every detail type.
        var name: String { get }

        /// The values the reason needs, by name, as strings: `[("minimum", "3"), ("unit", "characters")]`.
        var parameters: [(name: String, value: String)] { get }

        /// The reason in `language`, and for Japanese the particle that joins the field's name
        /// to it: "is too short (minimum 3 characters)", 「は」「3 文字以上で入力してください」.
        func phrase(in language: Language) -> Phrase

        /// The detail named `name` with `parameters` (as ``name`` and ``parameters`` give them),
        /// or `nil` when this type has no such detail or a parameter is missing or malformed.
        init?(name: String, parameters: [String: String])

        /// The HTTP status of a request refused for this problem alone: 400 (Bad Request) unless
        /// the detail says otherwise (409 for a conflict with what is stored, a service's 401,
        /// 404 or 429). ``ValidationError/httpStatus`` is its problems' status.
        var httpStatus: Int { get }
    }

    /// A reason in one language: the phrase that follows the field's name, and the particle
    /// that joins them in Japanese (empty in English, where a space does).
    public struct Phrase: Sendable, Hashable {
        /// The Japanese particle after the field's name (「は」, 「を」, 「に」, 「の」), or empty.
        public var particle: String
        /// The reason: "is too short (minimum 3 characters)", 「3 文字以上で入力してください」.
        public var reason: String

        /// A phrase with a particle.
        public init(particle: String, reason: String) {
            self.particle = particle
            self.reason = reason
        }
    }
}

extension ValidationError.Language {
    /// The phrase of this language, given side by side with the other's: only the one asked
    /// for is built, and a case without both languages does not compile. Another module's detail
    /// type words each case through this; this package's types declare each case's words beside
    /// its name, code and parameters, in the same order (English, then the Japanese particle and
    /// reason), with an English reason written without a `String`.
    ///
    /// - Parameters:
    ///   - english: the reason after the English field name.
    ///   - japanese: the particle after the Japanese field name, and the reason.
    @inline(__always)
    public func phrase(
        _ english: @autoclosure () -> String,
        _ japanese: @autoclosure () -> (particle: String, reason: String)
    ) -> ValidationError.Phrase {
        switch self {
        case .english: return ValidationError.Phrase(particle: "", reason: english())
        case .japanese:
            let (particle, reason) = japanese()
            return ValidationError.Phrase(particle: particle, reason: reason)
        }
    }
}

extension ValidationError.Detail {
    /// 400 (Bad Request): the input must change.
    public var httpStatus: Int { 400 }

    /// Whether `other` is the same detail: of this type and equal.
    func isEqual(to other: any ValidationError.Detail) -> Bool {
        (other as? Self) == self
    }
}
