/// The JSON media types a route takes: `application/json` and Kii's own type for that request
/// (`application/vnd.kii.RegistrationRequest+json`, ...), compared without case and parameters
/// (`; charset=utf-8`), as Kii's REST reference names them.
struct MediaType: Sendable, Hashable {
    /// The type as Kii writes it.
    let name: String
    /// ``name`` in lowercase ASCII, as a `Content-Type` is compared with it.
    private let folded: [UInt8]

    /// The type `name` (ASCII).
    init(name: String) {
        self.name = name
        folded = name.utf8.map(Self.lowercased)
    }

    /// `application/json`, which every JSON route takes "for compatibility".
    static let json = MediaType(name: "application/json")

    /// Kii's vendor type `application/vnd.kii.<request>+json`.
    static func kii(_ request: String) -> MediaType { MediaType(name: "application/vnd.kii.\(request)+json") }

    /// Whether a `Content-Type` header value is this type: the part before any `;`, without
    /// spaces and tabs around it, in any case. An ASCII value (every one a client sends) is
    /// compared byte by byte, with nothing copied.
    func matches(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes -> Bool? in
            var end = 0
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") {
                guard bytes[end] < 0x80 else { return nil }
                end += 1
            }
            var start = 0
            while start < end, Self.isSpace(bytes[start]) { start += 1 }
            while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
            guard end - start == folded.count else { return false }
            return folded.withUnsafeBufferPointer { folded in
                for offset in 0..<folded.count where Self.lowercased(bytes[start + offset]) != folded[offset] {
                    return false
                }
                return true
            }
        } ?? matchesByCharacters(contentType)
    }

    /// ``matches(_:)`` by Unicode characters and case mapping, for a value that is not ASCII.
    private func matchesByCharacters(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingSpaces().lowercased() == name.lowercased()
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (header values only; user data is never trimmed).
    func trimmingSpaces() -> Substring {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
