import KiiIdentity

/// How the service judges a new password: under its policy (`PASSWORD_POLICY`), with the words
/// of the user who chooses it (username, email address, display name) and the app's own (its
/// ID) as context. A refusal is 400 `INVALID_INPUT_DATA` with the library's problems, which
/// never hold the password.
///
/// Sign-ups and pseudo-user upgrades are judged by the library with the record's own words
/// (``RegistrationPolicy/passwordPolicy``); ``appWordProblem(in:)`` adds the app's words there.
/// A login never judges: it verifies ``PasswordPolicy/normalized(_:)`` of what was typed, so a
/// user stored under another rule logs in as before.
struct PasswordJudge: Sendable {
    /// The rule.
    let policy: PasswordPolicy
    /// The service's own words, refused in any password under ``PasswordPolicy/nist``.
    let appWords: [String]

    /// The judge of `configuration`: its policy, the app's ID as a word.
    init(configuration: ServiceConfiguration) {
        policy = configuration.policy.passwordPolicy
        appWords = [configuration.app.id]
    }

    /// A password change's or a reset's new password, with the words of `record` (the user it is
    /// for, when known) and the app's; problems reported under `newPassword`.
    ///
    /// - Throws: ``ServiceFailure`` with the problems (400 `INVALID_INPUT_DATA`).
    func newPassword(_ raw: String, of record: UserRecord?) throws -> Password {
        let context = record.map { PasswordContext(record: $0, words: appWords) } ?? PasswordContext(words: appWords)
        do throws(ValidationError) {
            return try Password(raw, policy: policy, context: context)
        } catch {
            throw ServiceFailure(ValidationError(error.problems.map { $0.reported(under: .newPassword) }))
        }
    }

    /// The problem of a password the library judged with the record's own words (a sign-up, an
    /// upgrade, a form's check) when it holds a word of the app's: `contains_context_word` under
    /// `password`; `nil` when it holds none, under Kii's rule, and without a password.
    func appWordProblem(in raw: String?) -> ValidationError.Problem? {
        guard let raw, policy.rule == .nist else { return nil }
        do throws(ValidationError) {
            _ = try Password(raw, policy: policy, context: PasswordContext(words: appWords))
            return nil
        } catch {
            let word = ValidationError.Problem(field: .password, ValidationError.PasswordDetail.containsContextWord)
            return error.problems.contains { $0.code == word.code } ? word : nil
        }
    }
}
