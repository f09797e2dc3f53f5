import Foundation
import HTTPTypes
import Hummingbird

/// Who is asking, as the throttle counts it: the connection's peer address; behind a proxy
/// the service is told about (`TRUSTED_PROXY_HEADER`, say `X-Forwarded-For`), the last address
/// in that header, the one the proxy itself saw (the ones before it are the client's own
/// claims). A header is never trusted otherwise: a client would name a new address with every
/// request and never be counted.
///
/// An IPv6 address counts as its /64 (``counted(_:)``): one subscriber's link gets a /64 and
/// may pick any of its 2^64 addresses. An IPv4 address (an IPv4-mapped IPv6 one too) counts as
/// itself.
enum ClientAddress {
    /// Spaces and tabs, trimmed around an entry.
    private static let spaces = CharacterSet(charactersIn: " \t")

    /// What a request with no peer address (an in-process test's) counts as.
    static let unknown = "unknown"

    /// The address `request` is counted against.
    static func of(
        _ request: Request,
        context: some RemoteAddressRequestContext,
        trustedHeader: HTTPField.Name?
    ) -> String {
        if let trustedHeader, let forwarded = lastEntry(of: request.headers[values: trustedHeader]) {
            return counted(forwarded)
        }
        return context.remoteAddress?.ipAddress.map(counted) ?? unknown
    }

    /// What the throttle counts `address` as: an IPv6 address's /64 (`2001:db8:0:1::/64`), an
    /// IPv4-mapped one's IPv4 address, anything else as it is.
    static func counted(_ address: String) -> String {
        guard address.contains(":"), let bytes = IPv6Address.bytes(of: address) else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map { String($0) }.joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The last non-empty comma-separated entry of the header's lines, trimmed of spaces and
    /// cut to 64 characters (an address is shorter; a longer entry is still one client's).
    static func lastEntry(of lines: [String]) -> String? {
        for line in lines.reversed() {
            for entry in line.split(separator: ",").reversed() {
                let address = entry.trimmingCharacters(in: Self.spaces)
                if !address.isEmpty { return String(address.prefix(64)) }
            }
        }
        return nil
    }
}
