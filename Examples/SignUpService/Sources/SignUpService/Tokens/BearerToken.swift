import HTTPTypes
import Hummingbird

/// The access token of `Authorization: Bearer <token>` (the scheme in any case), or `nil`.
enum BearerToken {
    static func of(_ request: Request) -> AccessToken? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else { return nil }
        return AccessToken(text: String(parts[1]))
    }

    /// The 401 of a missing, unknown or expired token, with `WWW-Authenticate: Bearer`.
    static var failure: APIFailure {
        APIFailure(.unauthorized, .authorization, .invalidToken, headers: [.wwwAuthenticate: "Bearer"])
    }
}
