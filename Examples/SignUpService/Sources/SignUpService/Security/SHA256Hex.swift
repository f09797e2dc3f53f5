import Crypto

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
