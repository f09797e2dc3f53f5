/// An access token: 32 random bytes from the system's secure generator, given to the client as
/// 43 characters of base64url and stored only as the SHA-256 of that text, so that a copy of the
/// database holds no usable token.
public struct AccessToken: Sendable, Hashable {
    /// What the client sends as `Authorization: Bearer ...`.
    public let text: String

    /// A new random token.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        text = Base64URL.encode(bytes)
    }

    /// How long a pseudo user's first token lasts, in seconds: the SDKs keep it as the user's
    /// only credential, with no expiry (`MAX_DATE_IN_MILLIS`).
    public static let pseudoUserLifetime: Int64 = 100 * 365 * 86_400

    /// The token a client sent (not checked: an unknown text simply matches no stored hash).
    public init(text: String) { self.text = text }

    /// The SHA-256 of the token's text, in lowercase hex: what the `access_tokens` table holds.
    public var hash: String { SHA256Hex.of(text) }
}

/// A token's row: its hash, its user, when it was issued and expires, and the hash of the
/// refresh token issued with it (if any) and when that stops working. The row is one login's
/// session: a refresh deletes it and writes the next one.
struct AccessTokenRecord: Sendable, Hashable {
    /// ``AccessToken/hash``.
    let hash: String
    /// The user it logs in.
    let userID: String
    /// Unix seconds at which it stops working.
    let expiresAt: Int64
    /// Unix seconds at which it was issued (the oldest go first past a user's limit).
    let issuedAt: Int64
    /// The hash of the refresh token issued with it, or `nil`.
    var refreshHash: String?
    /// Unix seconds at which the refresh token stops working, or `nil`.
    var refreshExpiresAt: Int64?
    /// The session's family: the hash of the first access token of the login that began it,
    /// which every refresh carries on (a used refresh token replayed ends the whole family);
    /// `nil` in rows of schema version 5, whose family is their own hash.
    var family: String?
}
