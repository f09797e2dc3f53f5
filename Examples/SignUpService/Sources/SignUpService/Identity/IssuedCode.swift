import KiiIdentity

/// A verification code as the store keeps it: its hash, never the code.
struct IssuedCode: Sendable, Hashable {
    /// The identifier it verifies (email or phone).
    var kind: LoginKind
    /// The identifier's key when the code was issued (a later change makes the code stale).
    var value: String
    /// The code's hash (see ``VerificationCode``).
    var codeHash: String
    /// Unix seconds after which the code is refused.
    var expiresAt: Int64
    /// Wrong tries so far, from any address: at ``VerificationCode/attemptBudget`` the code is
    /// void.
    var failures = 0
}
