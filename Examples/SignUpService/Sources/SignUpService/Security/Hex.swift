/// Bytes as lowercase hex.
enum Hex {
    /// `bytes` as lowercase hex, two digits a byte.
    static func of(_ bytes: some Sequence<UInt8>) -> String {
        var hex = ""
        hex.reserveCapacity(64)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return hex
    }

    private static let digits = Array("0123456789abcdef")
}
