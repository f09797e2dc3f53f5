/// The page's HTML with `{{name}}` holes, filled once a language at start-up: a word of the
/// page (escaped as HTML text), or a piece the service writes (the app's ID and key, the
/// countries' options). A hole with no value, or one left open, stops the service at start.
struct PageTemplate: Sendable {
    /// The template's text.
    let text: String

    /// The text with every hole filled from `values`, each value taken as it is (``escaped(_:)``
    /// is the caller's).
    ///
    /// - Throws: ``PageAssetError/missingWord(_:language:)`` for a hole with no value, and
    ///   ``PageAssetError/unclosedHole(language:)``.
    func filled(with values: [String: String], language: String) throws(PageAssetError) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count * 2)
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            output += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: "}}") else { throw .unclosedHole(language: language) }
            let name = String(afterOpen[..<close.lowerBound])
            guard let value = values[name] else { throw .missingWord(name, language: language) }
            output += value
            rest = afterOpen[close.upperBound...]
        }
        output += rest
        return output
    }

    /// `text` as HTML text or an attribute's value: `&`, `<`, `>`, `"` and `'` escaped.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }
}

/// Why the page's files cannot make the page (a fault of the build, found at start-up).
enum PageAssetError: Error, CustomStringConvertible {
    /// A file of the page is not among the service's resources.
    case missingFile(String)
    /// The words are not a JSON object of languages, each an object of strings.
    case malformedWords
    /// A language of the service has no words.
    case missingLanguage(String)
    /// The template has a hole that the words of `language` do not fill.
    case missingWord(String, language: String)
    /// The template has a `{{` without its `}}`.
    case unclosedHole(language: String)

    var description: String {
        switch self {
        case .missingFile(let name): "the page's file \(name) is not among the service's resources"
        case .malformedWords: "the page's words.json is not an object of languages, each an object of strings"
        case .missingLanguage(let language): "the page's words.json has no language \(language)"
        case .missingWord(let name, let language): "the page's words.json has no word \(name) in \(language)"
        case .unclosedHole(let language): "the page's index.html has a {{ without }} (\(language))"
        }
    }
}
