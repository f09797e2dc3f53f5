import Foundation
import HTTPTypes
import Hummingbird

/// Who is asking, as the throttle counts it: the connection's peer address; behind a proxy
/// the service is told about (`TRUSTED_PROXY_HEADER`, say `X-Forwarded-For`), the last address
/// in that header, the one the proxy itself saw (the ones before it are the client's own
/// claims). A header is never trusted otherwise: a client would name a new address with every
/// request and never be counted.
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
            return forwarded
        }
        return context.remoteAddress?.ipAddress ?? unknown
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
