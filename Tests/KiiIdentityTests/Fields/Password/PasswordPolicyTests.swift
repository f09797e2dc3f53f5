import Foundation
import Testing

@testable import KiiIdentity

/// ``PasswordPolicy``: Kii's rule unchanged, and NIST SP 800-63B-4's, rule by rule and edge by
/// edge: characters (OpaqueString), length once normalised, the blocklist, the context words and
/// the patterns; no reason holds the password or a part of it.
@Suite struct PasswordPolicyTests {
    /// A password no rule refuses: 15 printable ASCII characters, no pattern, not a known one.
    static let fine = "Tx7#qLm2$vR9pWz"

    /// The codes `raw` is refused with under `policy`, in order; empty when it is accepted.
    static func codes(_ raw: String, _ policy: PasswordPolicy = .nist, context: PasswordContext = .none) -> [String] {
        do {
            _ = try Password(raw, policy: policy, context: context)
            return []
        } catch {
            return error.problems.map(\.code.rawValue)
        }
    }

    /// The problems `raw` is refused with (none when accepted).
    static func problems(_ raw: String, context: PasswordContext = .none) -> [ValidationError.Problem] {
        do {
            _ = try Password(raw, policy: .nist, context: context)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func kiisRuleIsUnchanged() throws {
        for raw in [
            "abcd", "password", "aaaa", "1234", String(repeating: "x", count: 50), "", "abc", "café1", "\t1234",
        ] {
            let plain = Result { () throws(ValidationError) in try Password(raw) }
            let viaPolicy = Result { () throws(ValidationError) in
                try Password(raw, policy: .kii, context: PasswordContext(username: raw))
            }
            switch (plain, viaPolicy) {
            case (.success(let left), .success(let right)):
                #expect(Array(left.rawValue.utf8) == Array(right.rawValue.utf8))
            case (.failure(let left), .failure(let right)): #expect(left == right)
            default: Issue.record("Kii's rule and .kii differ on an input of \(raw.utf8.count) bytes")
            }
        }
        #expect(PasswordPolicy.kii.minimumLength == 4)
        #expect(PasswordPolicy.kii.description == "kii")
    }

    @Test func theLengthIsCountedInCodePointsOnceNormalised() throws {
        #expect(Self.codes(Self.fine).isEmpty)
        #expect(Self.codes(String(Self.fine.dropLast())) == ["too_short"])
        // 13 ASCII characters and `e` + U+0301: 15 scalars as given, 14 once NFKC composes them.
        #expect(Self.codes("Tx7#qLm2$vR9p" + "e\u{301}") == ["too_short"])
        #expect(Self.codes("Tx7#qLm2$vR9pW" + "e\u{301}").isEmpty)
        // Fullwidth letters are one code point each before and after NFKC.
        #expect(Self.codes("Ｔｘ７＃ｑＬｍ２＄ｖＲ９ｐＷｚ").isEmpty)
        #expect(try Password("Ｔｘ７＃ｑＬｍ２＄ｖＲ９ｐＷｚ", policy: .nist).rawValue == Self.fine)
        // 256 code points are allowed, 257 are not.
        var scalars = String.UnicodeScalarView()
        for index in 0..<256 {
            let offset = (index * 7 + index / 13) % 94
            scalars.append(Unicode.Scalar(UInt8(0x21 + offset)))
        }
        let long = String(scalars)
        #expect(Self.codes(long).isEmpty)
        #expect(Self.codes(long + "x") == ["too_long"])
        // Past 4 KiB the input is refused as it is; at 4 KiB it is read (1,024 emoji: too long).
        #expect(Self.codes(String(repeating: "😀", count: 1024)) == ["too_long"])
        #expect(Self.codes(String(repeating: "a", count: 4097)) == ["too_long"])
        #expect(Self.codes("") == ["missing"])
    }

    @Test func aSecondFactorAllowsEight() {
        let policy = PasswordPolicy.nist(minimumLength: 8)
        #expect(policy.minimumLength == 8)
        #expect(policy.description == "nist (minimum 8)")
        #expect(Self.codes("Tx7#qLm2", policy).isEmpty)
        #expect(Self.codes("Tx7#qLm", policy) == ["too_short"])
        #expect(PasswordPolicy.nist(minimumLength: 3).minimumLength == 8)
        #expect(PasswordPolicy.nist(minimumLength: 100).minimumLength == 64)
        #expect(PasswordPolicy.nist.minimumLength == 15)
        #expect(PasswordPolicy.nist.description == "nist")
    }

    @Test func spacesAreMappedAndUnicodeIsAccepted() throws {
        // U+3000 IDEOGRAPHIC SPACE and U+00A0 NO-BREAK SPACE become U+0020.
        let password = try Password("correct\u{3000}horse\u{A0}battery staple", policy: .nist)
        #expect(password.rawValue == "correct horse battery staple")
        #expect(Self.codes("パスワードは長い文を使いましょう").isEmpty)
        #expect(Self.codes("Ünïcödé pässwörd 🔑 fine").isEmpty)
    }

    @Test func refusedCharactersAreReportedByPositionOnly() {
        let cases: [(String, String, Int)] = [
            ("Tx7\u{7}qLm2$vR9pWz12", "control_character", 4),
            ("Tx7qLm2$vR9pWz1\u{200B}2", "invisible_character", 16),
            ("\u{202E}Tx7qLm2$vR9pWz12", "bidi_control", 1),
            ("Tx7qLm2$vR9pWz12\u{378}", "unassigned_character", 17),
            ("Tx7qLm2\u{E000}$vR9pWz12", "disallowed_character", 8),
        ]
        for (raw, code, position) in cases {
            let problems = Self.problems(raw)
            #expect(problems.map(\.code.rawValue) == [code], "\(code)")
            #expect(problems.first?.detail.parameters.map(\.value) == ["\(position)"], "\(code)")
        }
    }

    @Test func theWholePasswordIsComparedWithTheBlocklist() {
        for raw in ["qwertyuiopasdfgh", "QWERTYUIOPASDFGH", "ｑｗｅｒｔｙｕｉｏｐａｓｄｆｇｈ", "1q2w3e4r5t6y7u8i", "password12345678"]
        {
            #expect(Self.codes(raw) == ["common_password"], "an entry of \(raw.unicodeScalars.count) code points")
        }
        // A known password inside a longer one is not the whole password.
        #expect(Self.codes("qwertyuiopasdfgh!" + "Tx7#").isEmpty)
        // Under a minimum of 8 the in-library set holds nothing shorter than 15.
        #expect(Self.codes("Tx7#qLm2", .nist(minimumLength: 8)).isEmpty)
    }

    @Test func contextWordsAreRefusedFoldedAndReversed() {
        let context = PasswordContext(
            username: "Taro_Yamada",
            email: "kenji.sato@example.com",
            displayName: "Hanako Suzuki",
            words: ["PayPal", "abc"]
        )
        let refused = [
            "my own taro_yamada Tx7#",  // the username
            "ＴＡＲＯ＿ＹＡＭＡＤＡ Tx7#qL",  // the username, fullwidth and upper-case
            "xkenji.satox Tx7#qL",  // the email's local part
            "zz Kenji.Sato@Example.com",  // the email address
            "suzuki q9 Tx7#qLm2",  // a word of the display name
            "Tx7# PAYPA1 q9 Lm2",  // a word the service adds, by its skeleton (1 reads l)
            "adamay_orat!!!!",  // the username backwards
            "Tx7#qadamay_orat",
        ]
        for raw in refused {
            #expect(
                Self.codes(raw, context: context).contains("contains_context_word"),
                "\(raw.unicodeScalars.count) code points"
            )
        }
        #expect(Self.codes("adamay_orat!!!!", context: context) == ["contains_context_word"])
        // A password too short or with a refused character is not judged further.
        #expect(Self.codes("adamay_orat", context: context) == ["too_short"])
        // Words shorter than 4 characters do not count; a word split across is not the word.
        #expect(Self.codes("abc Tx7#qLm2$vR9", context: context).isEmpty)
        #expect(Self.codes("taro yamada Tx7#q", context: context).isEmpty)
        // Without the context the same password is fine.
        #expect(Self.codes("my own taro_yamada Tx7#").isEmpty)
        // The display name's words: `Hanako` alone counts too.
        #expect(Self.codes("HANAKO q9 Tx7#qLm2", context: context) == ["contains_context_word"])
        #expect(Self.codes("HANAKO q9 Tx7#qLm2", context: PasswordContext(displayName: "Han")).isEmpty)
        // A word of exactly 4 characters counts; one of 3 does not.
        #expect(
            Self.codes("zork q9 Tx7#qLm2$v", context: PasswordContext(words: ["Zork"])) == ["contains_context_word"]
        )
        #expect(Self.codes("zor q9 Tx7#qLm2$v", context: PasswordContext(words: ["Zor"])).isEmpty)
        // The skeleton reads m as rn, in the word and in the password.
        #expect(
            Self.codes("rnodern q9 Tx7#qL", context: PasswordContext(words: ["Modern"])) == ["contains_context_word"]
        )
    }

    @Test func repetitionAndRunsAreRefusedAtTheirEdges() {
        let refused = [
            "aaaaaaaaaaaaaaa",  // a unit of 1
            "AaAaAaAaAaAaAaAa",  // a unit of 1 once lowercased
            "x9x9x9x9x9x9x9x9",  // a unit of 2
            "abcabcabcabcabca",  // a unit of 3, the last repetition cut short
            "q7!zq7!zq7!zq7!z",  // a unit of 4
            "abcdefghijklmnop",  // a run up
            "ponmlkjihgfedcba",  // a run down
            "ABCDEFGHIJKLMNOP",  // a run once lowercased
            "0123456789:;<=>?",  // a run of code points, past the digits
            "ｐｑｒｓｔｕｖｗｘｙｚ{|}~",  // a run once NFKC makes it ASCII
        ]
        for raw in refused {
            #expect(Self.codes(raw).contains("repetitive_or_sequential"), "\(raw)")
        }
        #expect(Self.codes("987654321", .nist(minimumLength: 8)) == ["repetitive_or_sequential"])
        let accepted = [
            "aaaaaaaaaaaaaab",  // one unit of 1 broken at the end
            "q7!zxq7!zxq7!zxq7",  // a unit of 5
            "abcdefghijklmnoq",  // a run broken at the end
            "abcdefghgfedcba12",  // up then down
        ]
        for raw in accepted {
            #expect(!Self.codes(raw).contains("repetitive_or_sequential"), "\(raw)")
        }
        #expect(!PasswordPatterns.isSequential([0x61, 0x62]))
        #expect(PasswordPatterns.isSequential([0x61, 0x62, 0x63]))
        #expect(!PasswordPatterns.isRepetitive([0x61]))
        #expect(PasswordPatterns.isRepetitive([0x61, 0x61]))
        #expect(!PasswordPatterns.isRepetitive([0x61, 0x62, 0x63, 0x64, 0x61, 0x62, 0x63]))
        #expect(PasswordPatterns.isRepetitive([0x61, 0x62, 0x63, 0x64, 0x61, 0x62, 0x63, 0x64]))
    }

    @Test func noReasonHoldsThePasswordOrAPartOfIt() {
        let context = PasswordContext(username: "qz_wombat_77", words: ["Zyxwvut"])
        let refused = [
            "qwertyuiopasdfgh", "zzzzzzzzzzzzzzzz", "qz_wombat_77 and more", "Zyxwvut Qk#9 Rr$2", "Qk9\u{7}Rr2", "Qk9",
            "Qk9Rr2Tt6\u{200B}Uu8", String(repeating: "Qk9", count: 2000),
        ]
        for raw in refused {
            let problems = Self.problems(raw, context: context)
            #expect(!problems.isEmpty)
            let folded = Array(raw.lowercased().unicodeScalars)
            for problem in problems {
                for language in ValidationError.Language.allCases {
                    let phrase = problem.detail.phrase(in: language)
                    let text = (phrase.particle + phrase.reason).lowercased()
                    #expect(!text.contains(raw.lowercased()))
                    for start in 0..<max(0, folded.count - 3) {
                        let piece = String(String.UnicodeScalarView(folded[start..<start + 4]))
                        if piece.unicodeScalars.allSatisfy({
                            $0.properties.isAlphabetic || $0.properties.numericType != nil
                        }) {
                            #expect(!text.contains(piece), "a reason in \(language) holds 4 characters of the password")
                        }
                    }
                }
            }
        }
    }
}

/// ``RegistrationPolicy/passwordPolicy``: Kii's rule by default; under ``PasswordPolicy/nist`` a
/// sign-up's password is judged with the record's own words, by the registration and by the
/// fingerprints' fast check alike.
@Suite struct RegistrationPasswordPolicyTests {
    static let nist = RegistrationPolicy(passwordPolicy: .nist)

    static func codes(_ json: String, _ policy: RegistrationPolicy) -> [String] {
        do {
            _ = try Registration(json: json, policy: policy)
            return []
        } catch {
            return error.problems.map(\.code.rawValue)
        }
    }

    @Test func kiisRuleIsTheDefault() {
        #expect(RegistrationPolicy().passwordPolicy == .kii)
        #expect(Self.codes(#"{"loginName": "taro_yamada", "password": "1234"}"#, RegistrationPolicy()).isEmpty)
        #expect(Self.codes(#"{"loginName": "taro_yamada", "password": "1234"}"#, Self.nist) == ["too_short"])
    }

    @Test func theRecordsOwnWordsAreTheContext() {
        let username = #"{"loginName": "taro_yamada", "password": "i am taro_yamada!!"}"#
        #expect(Self.codes(username, Self.nist) == ["contains_context_word"])
        #expect(Self.codes(username, RegistrationPolicy()).isEmpty)
        let name = #"{"loginName": "ann_k", "displayName": "Hanako Suzuki", "password": "suzuki Tx7#qLm2$v"}"#
        #expect(Self.codes(name, Self.nist) == ["contains_context_word"])
        let email = #"{"emailAddress": "kenji.sato@example.com", "password": "kenji.sato Tx7#qL"}"#
        #expect(Self.codes(email, Self.nist) == ["contains_context_word"])
        #expect(
            Self.codes(#"{"loginName": "ann_k", "password": "qwertyuiopasdfgh"}"#, Self.nist) == ["common_password"]
        )
        #expect(Self.codes(#"{"loginName": "ann_k", "password": "Tx7#qLm2$vR9pWz"}"#, Self.nist).isEmpty)
    }

    @Test func theFingerprintsCheckAgrees() throws {
        func key(_ password: String, _ policy: RegistrationPolicy) -> String? {
            var username = Array("taro_yamada".utf8)
            var bytes = Array(password.utf8)
            return username.withUnsafeMutableBufferPointer { name in
                bytes.withUnsafeMutableBufferPointer { word in
                    var record = RegistrationBytes()
                    record.username = UnsafeBufferPointer(name)
                    record.password = UnsafeBufferPointer(word)
                    return Registration.key(.username, of: record, policy: policy)
                }
            }
        }
        #expect(key("Tx7#qLm2$vR9pWz", Self.nist) == "taro_yamada")
        #expect(key("qwertyuiopasdfgh", Self.nist) == nil)
        #expect(key("i am taro_yamada!!", Self.nist) == nil)
        #expect(key("1234", Self.nist) == nil)
        #expect(key("1234", RegistrationPolicy()) == "taro_yamada")
        #expect(key("Tx7#qLm2$vR9pWz ünïcödé", Self.nist) == "taro_yamada")
    }

    @Test func thePolicyIsEncodedAndDescribed() throws {
        for policy in [RegistrationPolicy(), Self.nist, RegistrationPolicy(passwordPolicy: .nist(minimumLength: 8))] {
            let data = try JSONEncoder().encode(policy)
            #expect(try JSONDecoder().decode(RegistrationPolicy.self, from: data) == policy)
        }
        let encoded = String(
            decoding: try JSONEncoder().encode(RegistrationPolicy(passwordPolicy: .nist(minimumLength: 8))),
            as: UTF8.self
        )
        #expect(encoded.contains(#""passwordPolicy":{"#) && encoded.contains(#""minimumLength":8"#))
        #expect(
            !String(decoding: try JSONEncoder().encode(RegistrationPolicy()), as: UTF8.self).contains("passwordPolicy")
        )
        let decoded = try JSONDecoder().decode(RegistrationPolicy.self, from: Data(#"{"passwordPolicy": "nist"}"#.utf8))
        #expect(decoded.passwordPolicy == .nist)
        #expect(Self.nist.description.hasSuffix(", nist passwords"))
        #expect(!RegistrationPolicy().description.contains("passwords"))
    }

    /// A login's form of a typed password is the stored form of the same password: NFKC and
    /// spaces mapped under `nist`, as typed under `kii`, and nothing judged.
    @Test func aTypedPasswordIsNormalizedAsItWasStored() throws {
        // Full-width letters (U+FF34 …), an ideographic space (U+3000), a decomposed é.
        let typed = "\u{FF34}\u{FF58}7#qLm2\u{3000}vR9pWz cafe\u{301}"
        let stored = try Password(typed, policy: .nist).rawValue
        #expect(
            Array(stored.unicodeScalars.map(\.value)) == Array("Tx7#qLm2 vR9pWz caf\u{E9}".unicodeScalars.map(\.value))
        )
        #expect(Array(PasswordPolicy.nist.normalized(typed).utf8) == Array(stored.utf8))
        #expect(Array(PasswordPolicy.nist(minimumLength: 8).normalized(typed).utf8) == Array(stored.utf8))
        #expect(Array(PasswordPolicy.kii.normalized(typed).utf8) == Array(typed.utf8))
        // Nothing judged: a short, common or over-long password comes back normalised or as typed.
        #expect(PasswordPolicy.nist.normalized("password") == "password")
        #expect(Array(PasswordPolicy.nist.normalized("\u{FF41}").utf8) == [0x61])
        let huge = String(repeating: "\u{FF41}", count: 2_000)
        #expect(Array(PasswordPolicy.nist.normalized(huge).utf8) == Array(huge.utf8))
    }

    /// A stored user's words are the context of the password they change to.
    @Test func aStoredUsersWordsAreTheContextOfAChange() throws {
        let record = try UserRecord(
            json: #"{"loginName":"taro_yamada","emailAddress":"hanako@example.com","displayName":"Jiro Suzuki"}"#
        )
        let context = PasswordContext(record: record, words: ["ExampleApp"])
        #expect(context.username == "taro_yamada")
        #expect(context.email == "hanako@example.com")
        #expect(context.displayName == "Jiro Suzuki")
        for word in ["taro_yamada", "hanako", "suzuki", "exampleapp"] {
            #expect(
                PasswordPolicyTests.codes("Tx7#q\(word)Lm2$vR9", context: context) == ["contains_context_word"],
                "\(word)"
            )
        }
        #expect(PasswordPolicyTests.codes(PasswordPolicyTests.fine, context: context) == [])
    }
}
