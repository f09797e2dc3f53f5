public import KiiIdentity

/// A code to send: what it is for, the channel and address to send it to, and the code.
public struct CodeMessage: Sendable, Hashable {
    /// What a code is for.
    public enum Purpose: String, Sendable, Hashable {
        /// Verifying the address it is sent to.
        case verification
        /// Resetting the password (`…/password/complete-reset` with the code as `pinCode`).
        case passwordReset
    }

    /// The user it is for.
    public var userID: String
    /// What it is for.
    public var purpose: Purpose
    /// The channel: `.email` (mail) or `.phone` (SMS).
    public var channel: LoginKind
    /// Where to send it: the email address, or the phone number in E.164.
    public var address: String
    /// The code (never logged outside development mode).
    public var code: VerificationCode

    /// A message.
    public init(userID: String, purpose: Purpose, channel: LoginKind, address: String, code: VerificationCode) {
        self.userID = userID
        self.purpose = purpose
        self.channel = channel
        self.address = address
        self.code = code
    }
}

/// Where issued codes go. The service's default logs them in development mode only; a
/// deployment sends mail or SMS here; tests keep them.
public struct VerificationDelivery: Sendable {
    /// Called after the transaction that stored the code's hash has committed.
    public var deliver: @Sendable (CodeMessage) -> Void

    /// A delivery that calls `deliver`.
    public init(deliver: @escaping @Sendable (CodeMessage) -> Void) {
        self.deliver = deliver
    }
}
