import KiiIdentity

/// A six-digit verification or reset code. The database keeps only a keyed hash of the code
/// bound to its user and kind (HMAC-SHA256 under the server's ``CodeKey``), so that a reader of
/// the code tables cannot try the million codes without the key. A code is void after
/// ``attemptBudget`` wrong tries in all, from any address, and when it expires. Sending the code
/// (mail, SMS) is the deployment's business: the service hands it to a
/// ``VerificationDelivery``.
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

    /// The wrong tries a code takes, from all addresses together, before it is void (a new
    /// one must be requested): 5 guesses of a million.
    public static let attemptBudget = 5

    /// The stored hash of the code for `kind` of `userID`, keyed by `key`.
    func hash(userID: String, kind: LoginKind, key: CodeKey.Secret) -> String {
        key.hash("\(userID):\(kind.rawValue):\(digits)")
    }

    /// The stored hash of the code as a password reset's code for `userID`, keyed by `key`.
    func resetHash(userID: String, key: CodeKey.Secret) -> String {
        key.hash("\(userID):password-reset:\(digits)")
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
