import Foundation
import HTTPTypes
import Hummingbird
import KiiIdentity
import NIOCore

/// The sign-up page's answers, made once at start-up from the files in `Page/Assets` (the
/// service's resources): the HTML in each language of the problems (English and Japanese), with
/// the app's ID and key and the countries a local phone number is read in; its script and its
/// style. Plain files, no build step: `index.html` (with `{{word}}` holes, and a line for each
/// field, written out here: ``PageTemplate/expandingFields(in:)``), `words.json` (the page's
/// words by language), `signup.js`, `signup.css`.
///
/// The app's ID and key are in the HTML (`<meta name="kii-app-id">`, `kii-app-key`), read by
/// the script as a Kii app's own code holds them: every client of the app has them, and they
/// let it sign up and log in, nothing more (a user's routes need the user's token).
struct SignUpPage: Sendable {
    /// The HTML in each language, with the headers of its answer.
    let documents: [ValidationError.Language: (headers: HTTPFields, body: ByteBuffer)]
    /// `signup.js`.
    let script: ByteBuffer
    /// `signup.css`.
    let style: ByteBuffer

    /// The path of the script, under the page's own folder.
    static let scriptPath = "page/signup.js"
    /// The path of the style.
    static let stylePath = "page/signup.css"

    /// What the page may load and do: its own script, style and requests, nothing inline, no
    /// `eval`, no frames, no plug-ins, and no form sent by the browser itself (the script sends
    /// them; without it a form goes nowhere, never into a URL).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

    /// Reads the page's files and fills the HTML for `app`, its password guidance for
    /// `passwordPolicy` (the minimum the live count shows, and the hint of the rule).
    ///
    /// - Throws: ``PageAssetError`` when a file, a language or a word is missing.
    init(app: KiiApp, passwordPolicy: PasswordPolicy = .nist) throws {
        let template = PageTemplate(text: try PageTemplate.expandingFields(in: try Self.text(of: "index.html")))
        let words = try Self.words(try Self.text(of: "words.json"))
        let countries = Self.countryOptions()
        var documents: [ValidationError.Language: (headers: HTTPFields, body: ByteBuffer)] = [:]
        for language in ValidationError.Language.allCases {
            guard let languageWords = words[language.rawValue] else {
                throw PageAssetError.missingLanguage(language.rawValue)
            }
            var values = languageWords.mapValues(PageTemplate.escaped)
            values["lang"] = language.rawValue
            values["appID"] = PageTemplate.escaped(app.id)
            values["appKey"] = PageTemplate.escaped(app.key)
            values["site"] = "/api"
            values["script"] = "/" + Self.scriptPath
            values["style"] = "/" + Self.stylePath
            values["countryOptions"] = countries
            values["passwordMinimum"] = String(passwordPolicy.minimumLength)
            let hint = passwordPolicy.rule == .nist ? "passwordHintNist" : "passwordHintKii"
            guard let hintText = languageWords[hint] else {
                throw PageAssetError.missingWord(hint, language: language.rawValue)
            }
            values["passwordHint"] = PageTemplate.escaped(
                hintText.replacingOccurrences(of: "{minimum}", with: String(passwordPolicy.minimumLength))
            )
            let body = ByteBuffer(string: try template.filled(with: values, language: language.rawValue))
            documents[language] = (Self.documentHeaders(language), body)
        }
        self.documents = documents
        script = ByteBuffer(string: try Self.text(of: "signup.js"))
        style = ByteBuffer(string: try Self.text(of: "signup.css"))
    }

    /// The page in the language of `acceptLanguage`, with the headers that keep it safe.
    func document(acceptLanguage: String?) -> Response {
        let document = documents[ValidationError.Language(acceptLanguage: acceptLanguage)]!
        return Response(status: .ok, headers: document.headers, body: ResponseBody(byteBuffer: document.body))
    }

    /// The headers of the page in `language`: the safety headers, its type and language, and its
    /// Content-Security-Policy.
    static func documentHeaders(_ language: ValidationError.Language) -> HTTPFields {
        var headers = safetyHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        headers[.vary] = "Accept-Language"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        return headers
    }

    /// The script or the style, as `contentType`.
    static func asset(_ bytes: ByteBuffer, contentType: String) -> Response {
        var headers = safetyHeaders
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    /// Headers of every answer of the page: no guessing of types, no referrer, asked again each
    /// time (a new build's page is seen at once).
    static let safetyHeaders: HTTPFields = [
        .xContentTypeOptions: "nosniff", .referrerPolicy: "no-referrer", .cacheControl: "no-cache",
    ]

    /// `<option value="JP" data-calling-code="81">JP +81</option>` for every region the engine
    /// reads local numbers in, by code (the script names them in the page's language).
    static func countryOptions() -> String {
        CountryCode.allSupported.compactMap { code in
            guard let country = try? CountryCode(code) else { return nil }
            return #"<option value="\#(code)" data-calling-code="\#(country.countryCallingCode)">"#
                + "\(code) +\(country.countryCallingCode)</option>"
        }.joined(separator: "\n")
    }

    /// The words by language: `{"en": {"title": "…", …}, "ja": {…}}`, read by the library's
    /// JSON reader, as the service reads every body.
    static func words(_ text: String) throws(PageAssetError) -> [String: [String: String]] {
        guard case .object(let languages)? = try? JSONValue(parsing: text) else {
            throw .malformedWords
        }
        var words: [String: [String: String]] = [:]
        for (language, value) in languages {
            guard case .object(let members) = value else { throw .malformedWords }
            var texts: [String: String] = [:]
            for (name, word) in members {
                guard case .string(let text) = word else { throw .malformedWords }
                texts[name] = text
            }
            words[language] = texts
        }
        return words
    }

    /// A file of `Page/Assets` as text.
    static func text(of name: String) throws -> String {
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil),
            let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        else { throw PageAssetError.missingFile(name) }
        return text
    }
}

extension HTTPField.Name {
    /// `Referrer-Policy`.
    static let referrerPolicy = Self("Referrer-Policy")!
}
