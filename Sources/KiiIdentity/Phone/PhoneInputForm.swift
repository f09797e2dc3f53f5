/// Which strict form a phone number is written in, by its first bytes: the first step of a
/// number's one path (form, then syntax, then the engine).
enum PhoneInputForm {
    /// Starts with `+`.
    case international
    /// Two ASCII letters then `-`: `JP-9012345678`.
    case rest
    /// Anything else: local digits.
    case local

    /// The form of `raw`.
    init(_ raw: String) {
        self = raw.withUTF8Bytes(Self.init)
    }

    /// The form of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.first == UInt8(ascii: "+") {
            self = .international
        } else if bytes.count >= 3, ByteSet.letters.contains(bytes[0]), ByteSet.letters.contains(bytes[1]),
            bytes[2] == UInt8(ascii: "-")
        {
            self = .rest
        } else {
            self = .local
        }
    }
}
