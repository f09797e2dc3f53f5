/// A client address as an account remembers it (``AccountGate``): an IPv4 address as it is, an
/// IPv6 address as its /64 (`2001:db8:0:1::/64`; one subscriber's link may use any of its
/// addresses), an IPv4-mapped IPv6 address as its IPv4 address. Anything else (`unknown`, a
/// proxy header's junk) is no address and is never remembered.
struct RememberedAddress: Sendable, Hashable {
    /// The canonical text: `203.0.113.7`, `2001:db8:0:1::/64`.
    let text: String

    /// How many addresses an account remembers: its latest.
    static let perAccount = 8
    /// How long an address is remembered after a successful login from it, in seconds (90 days).
    static let lifetime: Int64 = 90 * 86_400

    /// The remembered form of `address` (as ``ClientAddress`` counts it, or as written), or
    /// `nil` when it is no IP address.
    init?(_ address: String) {
        guard address.utf8.count <= 64 else { return nil }
        if let prefix = Self.sixtyFourPrefix(address) {
            text = prefix
        } else if Self.isIPv4(address) {
            text = address
        } else if address.contains(":"), IPv6Address.bytes(of: address) != nil {
            text = ClientAddress.counted(address)
        } else {
            return nil
        }
    }

    /// `address` when it is already a /64 as ``ClientAddress/counted(_:)`` writes it.
    private static func sixtyFourPrefix(_ address: String) -> String? {
        guard address.hasSuffix("::/64") else { return nil }
        return ClientAddress.counted(String(address.dropLast(3))) == address ? address : nil
    }

    /// Whether `text` is a dotted IPv4 address in its plain form (four decimal bytes, no
    /// leading zero).
    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.utf8.count) && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
                    && UInt8(part) != nil && (part == "0" || part.first != "0")
            }
    }
}
