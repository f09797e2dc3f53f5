import Foundation

/// A request's path as the log shows it: no segment that can name a person reaches the log. A
/// qualified user ID (`EMAIL:…`, `PHONE:…`, `LOGIN_NAME:…`, any `KIND:…`, also percent-encoded)
/// keeps its kind only, `…/users/EMAIL:<redacted>/…`; any other segment with `@`, `:`, or a `+`
/// and a digit (an address or a number given bare) is `<redacted>` whole. A user's ID, `me` and
/// the route's own words stay.
enum LoggedPath {
    /// What stands for a redacted value.
    static let redacted = "<redacted>"

    /// `path` with its identifying segments redacted.
    static func of(_ path: String) -> String {
        // Most paths have none of the bytes an identifier needs.
        guard
            path.utf8.contains(where: {
                $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+")
            })
        else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false).map(segment).joined(separator: "/")
    }

    /// One segment as the log shows it.
    private static func segment(_ raw: Substring) -> String {
        let text = raw.removingPercentEncoding ?? String(raw)
        if let colon = text.firstIndex(of: ":") {
            let kind = text[..<colon]
            let isKind =
                !kind.isEmpty && kind.count <= 16 && kind.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
            return isKind ? "\(kind):\(redacted)" : redacted
        }
        if text.contains("@") { return redacted }
        if let plus = text.firstIndex(of: "+"), text[text.index(after: plus)...].contains(where: \.isNumber) {
            return redacted
        }
        return String(raw)
    }
}
