public import KiiIdentity

/// A verification code as the store keeps it: its hash, never the code.
public struct IssuedCode: Sendable, Hashable {
    /// The identifier it verifies (email or phone).
    public var kind: LoginKind
    /// The identifier's key when the code was issued (a later change makes the code stale).
    public var value: String
    /// The code's hash (see ``VerificationCode``).
    public var codeHash: String
    /// Unix seconds after which the code is refused.
    public var expiresAt: Int64

    /// Creates a stored code.
    public init(kind: LoginKind, value: String, codeHash: String, expiresAt: Int64) {
        self.kind = kind
        self.value = value
        self.codeHash = codeHash
        self.expiresAt = expiresAt
    }
}
