import Crypto
import Foundation

/// How many stored password hashes have each scheme and parameters (bcrypt at cost 12, Argon2id
/// at 19 MiB and 2 passes, …), and the parameters a decoy takes for an identifier no user holds:
/// drawn from the same mix, by a keyed hash of the identifier, so that an unknown identifier costs
/// what a stored hash costs (a change of `PASSWORD_HASH`, `BCRYPT_COST` or `ARGON2_*` leaves the
/// hashes of users who have not logged in since as they were) and the same identifier costs the
/// same every time (a repeated probe sees no spread that a real user's hash lacks).
public struct StoredHashCosts: Sendable, Hashable {
    /// Hashes by parameters.
    public let counts: [HashParameters: Int]

    /// The mix of `counts`; parameters no hash can have (bcrypt's cost outside 4 to 31, Argon2
    /// parameters it refuses) and empty counts are left out.
    public init(_ counts: [HashParameters: Int]) {
        self.counts = counts.filter { HashParameters(ofHash: $0.key.prefix) == $0.key && $0.value > 0 }
    }

    /// The parameters of `identifier`'s decoy under `key` (HMAC-SHA-256): each as often as the
    /// stored hashes have them; `fallback` when nothing is stored.
    func decoyParameters(for identifier: String, key: [UInt8], fallback: HashParameters) -> HashParameters {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return fallback }
        let mac = HMAC<SHA256>.authenticationCode(for: Data(identifier.utf8), using: SymmetricKey(data: key))
        let draw = mac.withUnsafeBytes { bytes in bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        var position = Int(draw % UInt64(total))
        for parameters in counts.keys.sorted(by: { $0.prefix < $1.prefix }) {
            let count = counts[parameters, default: 0]
            if position < count { return parameters }
            position -= count
        }
        return fallback
    }
}
