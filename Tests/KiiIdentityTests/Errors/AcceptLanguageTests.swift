import KiiIdentity
import Testing

@Suite("Language from an Accept-Language header")
struct AcceptLanguageTests {
    @Test(
        "headers and the language they ask for",
        arguments: [
            (nil, "en"),
            ("", "en"),
            ("ja", "ja"),
            ("ja-JP", "ja"),
            ("JA-jp", "ja"),
            ("ja-Jpan-JP-u-ca-japanese", "ja"),
            ("en", "en"),
            ("en-US,en;q=0.9", "en"),
            ("ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7", "ja"),
            ("en-US,en;q=0.9,ja;q=0.8", "en"),
            ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5", "en"),
            ("fr-CH, fr;q=0.9, ja;q=0.8, *;q=0.5", "ja"),
            ("de", "en"),
            ("de, *;q=0.5, en;q=0.1", "ja"),
            ("*", "en"),
            ("*, en;q=0", "ja"),
            ("ja;q=0", "en"),
            ("ja;q=0.000, en;q=0", "en"),
            ("en;q=0.5, ja;q=0.5", "en"),
            ("ja;q=0.5, en;q=0.5", "ja"),
            ("en;q=0.5, ja;q=0.501", "ja"),
            ("ja;q=1.0, en", "ja"),
            ("  ja ; q=0.9 ,\ten;q=0.8", "ja"),
            ("ja;Q=0.9, en;q=0.8", "ja"),
            ("jpn, ja-", "en"),
            ("ja;q=2, en;q=0.1", "en"),
            ("ja;q=1.5, en;q=0.1", "en"),
            ("ja;q=0.1234, en;q=0.1", "en"),
            ("ja;level=1, en;q=0.1", "en"),
            ("ja-toolongsubtag, en;q=0.1", "en"),
            ("jap, en;q=0.1", "en"),
            (",,, ja ,", "ja"),
            ("en;q=0.1,ja;q=0.1,ja-JP;q=0.9", "ja"),
        ] as [(String?, String)]
    )
    func header(_ header: String?, _ expected: String) {
        #expect(ValidationError.Language(acceptLanguage: header).rawValue == expected, "\(String(describing: header))")
    }

    @Test("a header of a million bytes is read in one pass")
    func long() {
        let header = String(repeating: "de;q=0.1, ", count: 100_000) + "ja"
        #expect(ValidationError.Language(acceptLanguage: header) == .japanese)
    }
}
