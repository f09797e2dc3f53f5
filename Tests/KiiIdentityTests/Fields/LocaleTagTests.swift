import Foundation
import KiiIdentity
import Testing

@Suite("Locale")
struct LocaleTagTests {
    /// A 64-character well-formed tag: `en-x-` and private-use subtags.
    static let longest = "en-x-" + Array(repeating: "abcdefgh", count: 6).joined(separator: "-") + "-abcde"

    @Test(
        "well-formed tags and their canonical case",
        arguments: [
            ("en", "en"),
            ("EN", "en"),
            ("EN-us", "en-US"),
            ("en-US", "en-US"),
            ("zh-hant-tw", "zh-Hant-TW"),
            ("ZH-HANT-TW", "zh-Hant-TW"),
            ("sr-latn-rs", "sr-Latn-RS"),
            ("es-419", "es-419"),
            ("en-123", "en-123"),
            ("de-ch-1901", "de-CH-1901"),
            ("sl-rozaj-biske", "sl-rozaj-biske"),
            ("hy-Latn-IT-arevela", "hy-Latn-IT-arevela"),
            ("de-Latn-DE-1996", "de-Latn-DE-1996"),
            ("zh-yue", "zh-yue"),
            ("zh-YUE-hk", "zh-yue-HK"),
            ("zh-cmn-Hans-CN", "zh-cmn-Hans-CN"),
            ("zh-yue-yue-yue", "zh-yue-yue-yue"),
            ("abcd", "abcd"),
            ("abcdefgh", "abcdefgh"),
            ("ja-JP-u-ca-japanese", "ja-JP-u-ca-japanese"),
            ("en-u-CA-GREGORY", "en-u-ca-gregory"),
            ("en-a-bbb-x-priv", "en-a-bbb-x-priv"),
            ("EN-A-BBB-X-PRIV", "en-a-bbb-x-priv"),
            ("EN-ca-X-Ca", "en-CA-x-ca"),
            ("az-Latn-x-latn", "az-Latn-x-latn"),
            ("en-US-x-twain", "en-US-x-twain"),
            ("x-whatever", "x-whatever"),
            ("X-PRIV", "x-priv"),
            ("x-a-b-c", "x-a-b-c"),
            ("qaa-Qaaa-QM-x-southern", "qaa-Qaaa-QM-x-southern"),
            ("de-CH-x-phonebk", "de-CH-x-phonebk"),
            ("en-a-bb-b-cc", "en-a-bb-b-cc"),
            ("i-klingon", "i-klingon"),
            ("I-KLINGON", "i-klingon"),
            ("i-default", "i-default"),
            ("en-gb-oed", "en-GB-oed"),
            ("sgn-be-fr", "sgn-BE-FR"),
            ("SGN-CH-DE", "sgn-CH-DE"),
            ("art-lojban", "art-lojban"),
            ("zh-min-nan", "zh-min-nan"),
            ("no-bok", "no-bok"),
            ("cel-gaulish", "cel-gaulish"),
            (longest, longest),
        ]
    )
    func wellFormed(raw: String, normalized: String) throws {
        #expect(LocaleTag.isValid(raw))
        let tag = try LocaleTag(raw)
        #expect(tag.rawValue == raw)
        #expect(tag.normalized == normalized)
        #expect(try LocaleTag(normalized).normalized == normalized)
    }

    @Test(
        "malformed tags",
        arguments: [
            "en-", "-en", "a", "toolongsubtag", "en--US", "123", "en-US-", "x", "x-", "x-abcdefghi", "en-x-",
            "en-a", "en-a-b", "en-US-u", "en-x-toolongsub", "abcdefghi", "de-419-DE", "en-Latn-Latn", "abcd-yue",
            "zh-yue-yue-yue-yue", "1en", "e1", "en-1", "en-12", "en-1x", "i-notgrandfathered", "en-US-a-b-c",
            "-", "--",
        ]
    )
    func malformed(raw: String) throws {
        #expect(!LocaleTag.isValid(raw))
        let error = try #require(Probe.error { try LocaleTag(raw) })
        #expect(error.problems.map(\.code) == [.malformedLanguageTag])
        #expect(error.field == .locale)
        #expect(error.reason.hasPrefix("is not a well-formed BCP 47 language tag"))
    }

    @Test("the reason names the subtag that does not fit")
    func reasonNamesSubtag() {
        #expect(
            Probe.error { try LocaleTag("toolongsubtag") }?.reason.contains("'toolongsubtag' at position 1") == true
        )
        #expect(Probe.error { try LocaleTag("de-419-DE") }?.reason.contains("'DE' at position 8") == true)
        #expect(Probe.error { try LocaleTag("en--US") }?.reason.contains("empty subtag at position 4") == true)
        #expect(Probe.error { try LocaleTag("en-") }?.reason.contains("ends where a subtag is expected") == true)
    }

    @Test(
        "characters other than letters, digits and '-'",
        arguments: [
            "en_US", "en US", " en", "en ", "en\n", "en\u{0}", "en-US.UTF-8", "en@euro", "ën", "ｅｎ", "en\u{34C}",
        ]
    )
    func invalidCharacter(raw: String) {
        #expect(!LocaleTag.isValid(raw))
        #expect(Probe.codes(Probe.error { try LocaleTag(raw) }) == ["invalid_character"])
    }

    @Test("length boundaries")
    func lengths() {
        #expect(Self.longest.utf8.count == 64)
        #expect(LocaleTag.isValid(Self.longest))
        let over = Self.longest + "g"
        #expect(over.utf8.count == 65)
        #expect(!LocaleTag.isValid(over))
        #expect(Probe.codes(Probe.error { try LocaleTag(over) }) == ["too_long"])
        #expect(Probe.codes(Probe.error { try LocaleTag("") }) == ["missing"])
        #expect(Probe.codes(Probe.error { try LocaleTag(String(repeating: "_", count: 65)) }) == ["too_long"])
    }

    @Test("compared case-insensitively")
    func equality() throws {
        #expect(try LocaleTag("EN-us") == LocaleTag("en-US"))
        #expect(try Set([LocaleTag("zh-hant-tw"), LocaleTag("ZH-Hant-tw")]).count == 1)
        #expect(try LocaleTag("en-US") != LocaleTag("en-GB"))
    }

    @Test("Codable writes the raw value and re-validates")
    func codable() throws {
        let data = try JSONEncoder().encode(try LocaleTag("EN-us"))
        #expect(String(decoding: data, as: UTF8.self) == #""EN-us""#)
        #expect(try JSONDecoder().decode(LocaleTag.self, from: data).normalized == "en-US")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LocaleTag.self, from: Data(#""en-""#.utf8)) }
    }
}
