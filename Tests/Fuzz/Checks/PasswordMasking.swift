/// Password look-alikes: the same shape (lengths, which scalars are allowed and where) with
/// every scalar replaced, so an error text that depends only on the shape is the same for all
/// of them, and one that echoes any part of the password is not.
enum PasswordMasking {
    /// `password` with every scalar replaced by another of the same class and UTF-8 length;
    /// `variant` 0 and 1 give two different replacements.
    static func mask(_ password: String, variant: UInt32) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in password.unicodeScalars {
            scalars.append(replacement(for: scalar, variant: variant))
        }
        return String(scalars)
    }

    private static func replacement(for scalar: Unicode.Scalar, variant: UInt32) -> Unicode.Scalar {
        let value = scalar.value
        let shifted: UInt32
        switch value {
        case 0x20:
            shifted = 0x20  // a space stays a space: it is allowed, like every printable character
        case 0x21...0x7E:
            shifted = 0x21 + (value - 0x21 + 1 + variant) % 94
        case 0x00...0x1F:
            shifted = (value + 1 + variant) % 0x20
        case 0x7F:
            shifted = 0x01 + variant
        case 0x80...0x7FF:
            shifted = value == 0xE9 + variant ? 0xE0 + variant : 0xE9 + variant
        case 0x800...0xFFFF:
            shifted = value == 0x3042 + variant ? 0x3044 + variant : 0x3042 + variant
        default:
            shifted = value == 0x1F600 + variant ? 0x1F610 + variant : 0x1F600 + variant
        }
        return Unicode.Scalar(shifted)!
    }
}
