import HTTPTypes
import Hummingbird

/// The access token of `Authorization: Bearer <token>` (the scheme in any case).
enum BearerToken {
    /// The token, `nil` without an `Authorization` header of the Bearer scheme.
    static func of(_ request: Request) -> AccessToken? {
        guard let header = request.headers.value(.authorization) else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let text = parts[1].trimmingSpaces()
        return text.isEmpty ? nil : AccessToken(text: String(text))
    }

    /// 401 `UNAUTHORIZED`: no token, with `WWW-Authenticate: Bearer`.
    static var missing: ServiceFailure {
        ServiceFailure(.authorization, .missingToken, headers: [.wwwAuthenticate: #"Bearer realm="kii""#])
    }

    /// 403 `WRONG_TOKEN`: a token that is unknown, revoked or expired.
    static var invalid: ServiceFailure { ServiceFailure(.authorization, .invalidToken) }
}
