import KiiIdentity

/// Properties of every problem a rule reports: it carries data, not a sentence, and
/// each catalog has words for it.
enum ProblemChecks {
    /// Each problem of `error` has a catalogued detail (never a hand-built `custom` one) and a
    /// reason in every language.
    static func catalogued(_ error: ValidationError, _ name: String, _ violations: inout Violations) {
        for problem in error.problems {
            if problem.detail is ValidationError.CustomDetail {
                violations.expect(false, "\(name) built a problem from a sentence: \(problem.code)")
            }
            for language in ValidationError.Language.allCases {
                violations.expect(!problem.reason(in: language).isEmpty, "\(name) has no \(language) reason")
            }
        }
    }
}
