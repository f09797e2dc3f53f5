import Crypto

/// SHA-256 as lowercase hex.
enum SHA256Hex {
    static func of(_ text: String) -> String { Hex.of(SHA256.hash(data: Array(text.utf8))) }
}
