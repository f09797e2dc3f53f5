import Crypto
import Foundation

/// How many stored password hashes have each bcrypt cost, and the cost a decoy takes for an
/// identifier no user holds: drawn from the same mix, by a keyed hash of the identifier, so that
/// an unknown identifier costs what a stored hash costs (`BCRYPT_COST` raised or lowered leaves
/// the hashes of users who have not logged in since at the old cost) and the same identifier
/// costs the same every time (a repeated probe sees no spread that a real user's hash lacks).
public struct StoredHashCosts: Sendable, Hashable {
    /// Hashes by cost (4 to 31).
    public let counts: [UInt8: Int]

    /// The mix of `counts`; costs outside 4 to 31 and empty counts are left out.
    public init(_ counts: [UInt8: Int]) {
        self.counts = counts.filter { (4...31).contains($0.key) && $0.value > 0 }
    }

    /// The bcrypt cost of a hash (`$2b$12$…`), or `nil` for text that is not a bcrypt hash.
    public static func cost(of hash: String) -> UInt8? {
        let bytes = Array(hash.utf8.prefix(7))
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            bytes[3] == UInt8(ascii: "$"), bytes[6] == UInt8(ascii: "$"),
            bytes[4] &- 0x30 < 10, bytes[5] &- 0x30 < 10
        else { return nil }
        let cost = (bytes[4] - 0x30) * 10 + (bytes[5] - 0x30)
        return (4...31).contains(cost) ? cost : nil
    }

    /// The cost of `identifier`'s decoy under `key` (HMAC-SHA-256): each cost as often as the
    /// stored hashes have it; `fallback` when nothing is stored.
    func decoyCost(for identifier: String, key: [UInt8], fallback: UInt8) -> UInt8 {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return fallback }
        let mac = HMAC<SHA256>.authenticationCode(for: Data(identifier.utf8), using: SymmetricKey(data: key))
        let draw = mac.withUnsafeBytes { bytes in bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        var position = Int(draw % UInt64(total))
        for cost in counts.keys.sorted() {
            let count = counts[cost, default: 0]
            if position < count { return cost }
            position -= count
        }
        return fallback
    }
}
