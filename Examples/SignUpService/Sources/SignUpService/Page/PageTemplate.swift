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

extension PageTemplate {
    /// `html` with each field line written out, so that the page says each field once: a line
    /// `<field form="sign-up" name="loginName" optional type="text" …>` becomes the field's
    /// label (the word named by its `label`, by default its `name`, and "(optional)" with
    /// `optional`), its input (its `id`, the form's and the name, its `name`, then the line's
    /// other attributes as they stand) and the list of its problems:
    ///
    /// ```html
    /// <div class="field">
    /// <label for="sign-up-loginName">{{loginName}} <span class="optional">({{optional}})</span></label>
    /// <input id="sign-up-loginName" name="loginName" type="text" …>
    /// <ul id="sign-up-loginName-problems" class="problems"></ul>
    /// </div>
    /// ```
    ///
    /// - Throws: ``PageAssetError/malformedField(_:)`` for a field line without its `form` or
    ///   `name`, or with an attribute that is neither `name="value"` nor a bare name.
    static func expandingFields(in html: String) throws(PageAssetError) -> String {
        var lines: [String] = []
        for line in html.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("<field "), line.hasSuffix(">") else {
                lines.append(String(line))
                continue
            }
            lines.append(try field(line))
        }
        return lines.joined(separator: "\n")
    }

    /// One field line written out (``expandingFields(in:)``).
    private static func field(_ line: Substring) throws(PageAssetError) -> String {
        var form: Substring?
        var name: Substring?
        var label: Substring?
        var optional = false
        var inputAttributes = ""
        var rest = line.dropFirst("<field ".count).dropLast()
        while let start = rest.firstIndex(where: { $0 != " " }) {
            rest = rest[start...]
            let attribute = rest.prefix { $0 != "=" && $0 != " " }
            rest = rest[attribute.endIndex...]
            var value: Substring?
            if rest.first == "=" {
                let quoted = rest.dropFirst()
                guard quoted.first == "\"", let close = quoted.dropFirst().firstIndex(of: "\"") else {
                    throw .malformedField(String(line))
                }
                value = quoted[quoted.index(after: quoted.startIndex)..<close]
                rest = quoted[quoted.index(after: close)...]
            }
            switch (attribute, value) {
            case ("form", let value?): form = value
            case ("name", let value?): name = value
            case ("label", let value?): label = value
            case ("optional", nil): optional = true
            case (_, let value?): inputAttributes += " \(attribute)=\"\(value)\""
            case (_, nil): inputAttributes += " \(attribute)"
            }
        }
        guard let form, let name else { throw .malformedField(String(line)) }
        let id = "\(form)-\(name)"
        let optionalMark = optional ? #" <span class="optional">({{optional}})</span>"# : ""
        return """
            <div class="field">
            <label for="\(id)">{{\(label ?? name)}}\(optionalMark)</label>
            <input id="\(id)" name="\(name)"\(inputAttributes)>
            <ul id="\(id)-problems" class="problems"></ul>
            </div>
            """
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
    /// A field line of the template without its `form` or `name`, or with a malformed attribute.
    case malformedField(String)

    var description: String {
        switch self {
        case .missingFile(let name): "the page's file \(name) is not among the service's resources"
        case .malformedWords: "the page's words.json is not an object of languages, each an object of strings"
        case .missingLanguage(let language): "the page's words.json has no language \(language)"
        case .missingWord(let name, let language): "the page's words.json has no word \(name) in \(language)"
        case .unclosedHole(let language): "the page's index.html has a {{ without }} (\(language))"
        case .malformedField(let line): "the page's index.html has a malformed field line: \(line)"
        }
    }
}
