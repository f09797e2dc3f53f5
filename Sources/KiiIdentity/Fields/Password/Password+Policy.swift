extension Password {
    /// Validates a new password under `policy`, with what is known of its owner.
    ///
    /// Under ``PasswordPolicy/kii`` this is ``init(_:)``, the context unused. Under
    /// ``PasswordPolicy/nist`` the password is enforced (non-ASCII spaces to U+0020, NFKC) and
    /// ``rawValue`` is the enforced form: what a service hashes, and what it makes of a typed
    /// password before it verifies one.
    ///
    /// - Throws: ``ValidationError`` with `missing`, `too_short`, `too_long`,
    ///   `invalid_character` (Kii's rule); under ``PasswordPolicy/nist``, `control_character`,
    ///   `invisible_character`, `bidi_control`, `unassigned_character`, `disallowed_character`
    ///   (by position), `common_password`, `contains_context_word` and
    ///   `repetitive_or_sequential`. No reason holds the password or a part of it.
    /// - Complexity: O(*n*) in the password's length (past 4 KiB, O(1)), times the context's words.
    public init(_ raw: String, policy: PasswordPolicy, context: PasswordContext = .none) throws(ValidationError) {
        switch policy.rule {
        case .kii:
            try self.init(raw)
        case .nist:
            let result = NISTPasswordRule.enforce(
                raw,
                minimumLength: policy.minimumLength,
                blocklist: policy.blocklist,
                context: context
            )
            switch result {
            case .success(let enforced): self.init(enforced: enforced)
            case .failure(let error): throw error
            }
        }
    }

    /// ``init(_:policy:context:)`` with a context made only when it is needed: after the
    /// characters and the length passed (a record's own words, in a batch).
    init(_ raw: String, policy: PasswordPolicy, lazyContext context: () -> PasswordContext) throws(ValidationError) {
        guard policy.rule == .nist else {
            try self.init(raw)
            return
        }
        let result = NISTPasswordRule.prepare(raw, minimumLength: policy.minimumLength).flatMap { prepared in
            NISTPasswordRule.judge(prepared, blocklist: policy.blocklist, contextWords: context().foldedWords)
        }
        switch result {
        case .success(let enforced): self.init(enforced: enforced)
        case .failure(let error): throw error
        }
    }
}
