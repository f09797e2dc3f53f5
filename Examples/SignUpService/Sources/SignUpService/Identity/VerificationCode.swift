public import KiiIdentity

/// A six-digit verification code for an email address or a phone number. The database keeps
/// only a hash of the code bound to its user and kind; attempts are throttled like logins and
/// the code expires, so the hash of a one-in-a-million code is worth little to a reader of the
/// database. Sending the code (mail, SMS) is the deployment's business: the service hands it to
/// a ``VerificationDelivery``.
public struct VerificationCode: Sendable, Hashable, CustomStringConvertible {
    /// The six digits (never logged outside development mode).
    public let digits: String

    /// A new random code.
    public init() {
        var generator = SystemRandomNumberGenerator()
        digits = String(UInt32.random(in: 0..<1_000_000, using: &generator)).leftPadded(to: 6)
    }

    /// A code a user sent.
    public init(digits: String) { self.digits = digits }

    /// The stored hash of the code for `kind` of `userID`.
    public func hash(userID: String, kind: LoginKind) -> String {
        SHA256Hex.of("\(userID):\(kind.rawValue):\(digits)")
    }

    /// The stored hash of the code as a password reset's code for `userID`.
    public func resetHash(userID: String) -> String {
        SHA256Hex.of("\(userID):password-reset:\(digits)")
    }

    /// `VerificationCode(<redacted>)`: a code never reaches a log through its description.
    public var description: String { "VerificationCode(<redacted>)" }

    /// Compares two hashes in time that does not depend on where they differ.
    static func sameHash(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
