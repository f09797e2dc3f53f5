/// A fuzzer's bytes, read front to back: selector bytes first, then the text under test.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 once the input is used up.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// Everything not read yet, as a string (ill-formed UTF-8 is repaired, as `String` must).
    mutating func rest() -> String {
        defer { index = bytes.count }
        return String(decoding: bytes[min(index, bytes.count)...], as: UTF8.self)
    }

    /// Everything not read yet, split at the first `0x00` byte into two strings.
    mutating func restPair() -> (String, String) {
        let remaining = bytes[min(index, bytes.count)...]
        index = bytes.count
        guard let split = remaining.firstIndex(of: 0) else {
            return (String(decoding: remaining, as: UTF8.self), "")
        }
        return (
            String(decoding: remaining[..<split], as: UTF8.self),
            String(decoding: remaining[(split + 1)...], as: UTF8.self)
        )
    }
}
