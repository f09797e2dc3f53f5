extension ValidationError {
    /// A problem built from a code and a reason phrase (``Problem/init(field:code:reason:)``), or
    /// decoded from one whose detail no known type reads. Every language shows `reason` as given;
    /// no rule of this package produces it.
    public struct CustomDetail: Detail {
        /// The code, as given.
        public let code: Code
        /// The reason, as given, shown in every language.
        public let reason: String

        /// A detail of `code` worded `reason` in every language.
        public init(code: Code, reason: String) {
            self.code = code
            self.reason = reason
        }

        /// `custom`: a problem with a custom detail is encoded without `detail`.
        public var name: String { "custom" }

        /// None: the reason is given whole.
        public var parameters: [(name: String, value: String)] { [] }

        /// The reason as given, with no Japanese particle.
        public func phrase(in language: Language) -> Phrase {
            Phrase(particle: "", reason: reason)
        }

        /// Never: a custom detail is decoded from its code and reason, not by name.
        public init?(name: String, parameters: [String: String]) {
            nil
        }
    }
}
