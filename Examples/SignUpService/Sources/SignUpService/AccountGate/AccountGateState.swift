/// One account's row of `account_gates` after an attempt: its streak of consecutive failed
/// logins (counted at admission), when its gate opens to strangers again, how long the next
/// stranger closes it, and whether the attempt was admitted.
struct AccountGateState: Sendable, Hashable {
    /// Consecutive failed logins from any address, the attempts being judged included.
    var streak: Int
    /// When strangers are admitted again, in Unix microseconds (0: open).
    var openAt: Int64
    /// How long the next admitted stranger closes the gate, in microseconds.
    var nextDelay: Int64
    /// Whether the last attempt was admitted (and counted in ``streak``).
    var admitted: Bool
}
