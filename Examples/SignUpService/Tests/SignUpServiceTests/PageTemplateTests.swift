import KiiIdentity
import Testing

@testable import SignUpService

/// The page's template and words (issue 38): every hole filled, a missing word or an open hole
/// a fault found at start-up, the words escaped, and both languages with the same words.
@Suite struct PageTemplateTests {
    @Test func holesAreFilledAndAMissingWordIsAFault() throws {
        let template = PageTemplate(text: "<h1>{{title}}</h1><p>{{intro}}</p>")
        let filled = try template.filled(
            with: ["title": PageTemplate.escaped("Tom & \"Jerry\" <3"), "intro": "ok"],
            language: "en"
        )
        #expect(filled == "<h1>Tom &amp; &quot;Jerry&quot; &lt;3</h1><p>ok</p>")
        #expect(throws: PageAssetError.self) { try template.filled(with: ["title": "x"], language: "ja") }
        #expect(throws: PageAssetError.self) {
            try PageTemplate(text: "<p>{{title</p>").filled(with: ["title": "x"], language: "en")
        }
    }

    @Test func everyLanguageHasTheSameWords() throws {
        let words = try SignUpPage.words(try SignUpPage.text(of: "words.json"))
        #expect(Set(words.keys) == Set(ValidationError.Language.allCases.map(\.rawValue)))
        let english = try #require(words["en"])
        let japanese = try #require(words["ja"])
        #expect(Set(english.keys) == Set(japanese.keys))
        #expect(english.values.allSatisfy { !$0.isEmpty } && japanese.values.allSatisfy { !$0.isEmpty })
        // The page names fields as the problems do in Japanese ("ディスプレイネーム").
        #expect(japanese["displayName"] == ValidationError.Field.displayName.label(in: .japanese))
    }

    @Test func aFieldLineIsWrittenOutAsItsLabelInputAndProblems() throws {
        let html = try PageTemplate.expandingFields(
            in: """
                <form>
                <field form="log-in" name="username" label="identifier" optional type="text" spellcheck="false" required>
                </form>
                """
        )
        #expect(
            html == """
                <form>
                <div class="field">
                <label for="log-in-username">{{identifier}} <span class="optional">({{optional}})</span></label>
                <input id="log-in-username" name="username" type="text" spellcheck="false" required>
                <ul id="log-in-username-problems" class="problems"></ul>
                </div>
                </form>
                """
        )
        let plain = try PageTemplate.expandingFields(in: #"<field form="f" name="password" type="password">"#)
        #expect(plain.contains(#"<label for="f-password">{{password}}</label>"#))
        for malformed in [#"<field name="x">"#, #"<field form="f">"#, #"<field form="f" name=x>"#] {
            #expect(throws: PageAssetError.self, "\(malformed)") { try PageTemplate.expandingFields(in: malformed) }
        }
    }
}
