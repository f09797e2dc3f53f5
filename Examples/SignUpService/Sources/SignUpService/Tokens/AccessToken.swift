import Crypto

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

    /// The token a client sent (not checked: an unknown text simply matches no stored hash).
    public init(text: String) { self.text = text }

    /// The SHA-256 of the token's text, in lowercase hex: what the `access_tokens` table holds.
    public var hash: String { SHA256Hex.of(text) }
}

/// A token's row: its hash, its user and when it expires.
public struct AccessTokenRecord: Sendable, Hashable {
    /// ``AccessToken/hash``.
    public var hash: String
    /// The user it logs in.
    public var userID: String
    /// Unix seconds at which it stops working.
    public var expiresAt: Int64

    /// A row for `token`.
    public init(token: AccessToken, userID: String, expiresAt: Int64) {
        hash = token.hash
        self.userID = userID
        self.expiresAt = expiresAt
    }
}

/// SHA-256 as lowercase hex.
enum SHA256Hex {
    static func of(_ text: String) -> String {
        let digest = SHA256.hash(data: Array(text.utf8))
        var hex = ""
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return hex
    }

    private static let digits = Array("0123456789abcdef")
}

/// base64url without padding (RFC 4648, section 5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            var chunk = UInt32(bytes[index]) << 16
            if rest == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
            let shifts = rest == 2 ? [18, 12, 6] : [18, 12]
            for shift in shifts { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
