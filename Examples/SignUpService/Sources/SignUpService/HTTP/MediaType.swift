/// The JSON media types a route takes: `application/json` and Kii's own type for that request
/// (`application/vnd.kii.RegistrationRequest+json`, ...), compared without case and parameters
/// (`; charset=utf-8`), as Kii's REST reference names them.
struct MediaType: Sendable, Hashable {
    /// The type as Kii writes it.
    let name: String

    /// `application/json`, which every JSON route takes "for compatibility".
    static let json = MediaType(name: "application/json")

    /// Kii's vendor type `application/vnd.kii.<request>+json`.
    static func kii(_ request: String) -> MediaType { MediaType(name: "application/vnd.kii.\(request)+json") }

    /// Whether a `Content-Type` header value is this type.
    func matches(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingSpaces().lowercased() == name.lowercased()
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
