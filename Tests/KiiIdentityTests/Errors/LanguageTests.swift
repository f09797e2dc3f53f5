import Foundation
import KiiIdentity
import Testing

@Suite("Languages: every reason in English and Japanese")
struct LanguageTests {
    // MARK: Every detail

    @Test("every detail renders a reason in every language")
    func everyDetail() {
        for detail in DetailSamples.all {
            let problem = ValidationError.Problem(field: .username, detail)
            for language in ValidationError.Language.allCases {
                #expect(!problem.reason(in: language).isEmpty, "\(detail) in \(language)")
                #expect(problem.message(in: language).hasPrefix(problem.field.label(in: language)))
            }
            #expect(problem.reason(in: .english) == problem.reason)
            if detail is ValidationError.CustomDetail { continue }
            JapaneseText.expectJapanese(problem.reason(in: .japanese), "\(detail)")
            JapaneseText.expectJapanese(problem.message(in: .japanese), "\(detail)")
        }
    }

    @Test("every (field, code) a rule produces has a reason in both languages")
    func everyFieldAndCode() throws {
        let problems = RuleProblems.all
        let pairs = Set(problems.map { "\($0.field.rawValue)/\($0.code.rawValue)" })
        #expect(
            pairs == RuleProblems.expectedPairs,
            "\(pairs.symmetricDifference(RuleProblems.expectedPairs).sorted())"
        )
        for problem in problems {
            #expect(!problem.reason(in: .english).isEmpty)
            JapaneseText.expectJapanese(problem.message(in: .japanese), problem.message)
            if problem.detail is ValidationError.CustomDetail {
                Issue.record("a rule built a problem from a sentence: \(problem)")
            }
        }
    }

    // MARK: Texts

    @Test(
        "Japanese messages of real problems",
        arguments: [
            ("username", "ab", "ユーザー名は 3 文字以上で入力してください"),
            ("username", "a b", "ユーザー名の 2 文字目の空白は使用できません（使用できるのは半角英数字と '_'、'-'、'.' だけです）"),
            ("username", "ab!?", "ユーザー名の 3 文字目の '!' ほか 1 文字は使用できません（使用できるのは半角英数字と '_'、'-'、'.' だけです）"),
            ("email", "", "メールアドレスを入力してください"),
            ("email", "userexample.com", "メールアドレスに '@' が含まれていません"),
            ("password", "Zq9", "パスワードは 4 文字以上で入力してください"),
            ("password", "Zq9#\u{7F}\u{1}", "パスワードの 5 文字目ほか 1 文字は使用できません（使用できるのは半角英数字、記号（ASCII の印字可能文字）と空白だけです）"),
            ("displayName", String(repeating: "x", count: 51), "ディスプレイネームは 50 文字以内で入力してください"),
            ("country", "jp", "所在国は英大文字で入力してください（'JP' ではありませんか？）"),
            ("country", "XX", "所在国は対応している国・地域を入力してください（'XX' には対応していません）"),
            ("locale", "en-", "ロケールは正しい BCP 47 言語タグではありません（サブタグが必要な位置で終わっています）"),
            ("phone", "819012345678", "電話番号は '+' と国番号で始めてください"),
            ("phone", "+8190", "電話番号は国番号を含めて 10 桁以上で入力してください（現在 4 桁）"),
            ("phone", "+81312345678", "電話番号は固定電話の番号です（携帯電話の番号のみ使用できます）"),
            ("phone", "+18002345678", "電話番号はフリーダイヤルの番号です（携帯電話の番号のみ使用できます）"),
            ("phone", "+8109012345678", "電話番号は E.164 形式で入力してください（+819012345678 ではありませんか？）"),
            ("rest", "jp-9012345678", "電話番号の先頭の国コードは英大文字で入力してください（'JP' ではありませんか？）"),
            ("identifier", "", "ログイン ID を入力してください"),
        ]
    )
    func japaneseMessages(kind: String, raw: String, message: String) throws {
        let error = try #require(RuleProblems.error(kind, raw))
        #expect(error.problems[0].message(in: .japanese) == message)
    }

    @Test("records, in Japanese")
    func records() throws {
        let conflict = try #require(
            Probe.error {
                try Registration(
                    identity: IdentityData(email: "ann@example.com"),
                    password: "Zq9#secret",
                    policy: RegistrationPolicy(emailVerification: true)
                )
            }
        )
        #expect(
            conflict.description(in: .japanese)
                == "ユーザーはメールアドレスだけで登録するため、メールアドレスによる認証をオフにする必要があります（メールアドレスによる認証をオフにするか、ユーザー名を追加してください）"
        )
        let custom = try #require(Probe.error { try UserRecord(json: ["loginName": "ann", "_x": 1, "": 2]) })
        #expect(
            custom.description(in: .japanese)
                == "カスタムフィールドの名前が空です。カスタムフィールドの名前 '_x' は '_' で始まるため使用できません（'_' で始まる名前は予約されています）"
        )
        let type = try #require(Probe.error { try Registration(json: ["loginName": 3, "password": "Zq9#secret"]) })
        #expect(type.problems[0].message(in: .japanese) == "ユーザー名は JSON の文字列で指定してください（数値が指定されています）")
    }

    @Test("a description joins the messages of its language")
    func descriptions() throws {
        let error = try #require(Probe.error { try Username("a ") })
        #expect(error.description(in: .english) == error.description)
        #expect(
            error.description(in: .japanese)
                == error.problems.map { $0.message(in: .japanese) }.joined(separator: "。")
        )
        #expect(ValidationError.Language(rawValue: "ja") == .japanese)
        #expect(ValidationError.Language(rawValue: "en") == .english)
        #expect(ValidationError.Field.country.label(in: .japanese) == "所在国")
        #expect(ValidationError.Field.displayName.label(in: .japanese) == "ディスプレイネーム")
    }

    // MARK: Encoding

    @Test("an encoded problem carries its parameters; decoding renders the same in every language")
    func roundTrip() throws {
        for problem in RuleProblems.all + DetailSamples.all.map({ ValidationError.Problem(field: .phoneNumber, $0) }) {
            let data = try JSONEncoder().encode(problem)
            let decoded = try JSONDecoder().decode(ValidationError.Problem.self, from: data)
            #expect(decoded == problem, "\(String(decoding: data, as: UTF8.self))")
            for language in ValidationError.Language.allCases {
                #expect(decoded.message(in: language) == problem.message(in: language))
            }
        }
        let short = ValidationError.Problem(field: .username, .tooShort(minimum: 3, unit: .characters))
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(short)) as? [String: String]
        )
        #expect(
            object == [
                "field": "loginName", "code": "too_short", "reason": "is too short (minimum 3 characters)",
                "detail": "tooShort", "minimum": "3", "unit": "characters",
            ]
        )
    }

    @Test("a problem from another writer decodes to its reason, as given")
    func foreignProblems() throws {
        let json = #"{"field": "loginName", "code": "future_code", "reason": "is odd"}"#
        let problem = try JSONDecoder().decode(ValidationError.Problem.self, from: Data(json.utf8))
        #expect(problem.code.rawValue == "future_code")
        #expect(problem.message == "username is odd")
        let mismatched =
            #"{"field": "loginName", "code": "too_long", "reason": "is short", "detail": "tooShort", "minimum": "3", "unit": "characters"}"#
        let kept = try JSONDecoder().decode(ValidationError.Problem.self, from: Data(mismatched.utf8))
        #expect(kept.code == .tooLong)
        #expect(kept.reason == "is short")
        let bare = #"{"field": "loginName", "code": "too_long"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ValidationError.Problem.self, from: Data(bare.utf8))
        }
    }

    @Test("a password's problem carries positions only, in every language and in its encoding")
    func passwordPositions() throws {
        let raw = "Zq9#\u{7F}Zq9#é"
        let error = try #require(Probe.error { try Password(raw) })
        guard
            case .invalidCharacter(let character, let position, let count, _) = error.problems[0].detail
                as? ValidationError.FieldDetail
        else {
            Issue.record("expected invalid_character, got \(error.problems[0].detail)")
            return
        }
        #expect(character == .undisclosed)
        #expect(position == 5)
        #expect(count == 2)
        PasswordSecrecy.expectNothingOf(raw, in: error)
    }
}

/// Checks that a Japanese text is Japanese.
enum JapaneseText {
    /// Fails unless `text` has kana or kanji and no English sentence (two English words in a row).
    static func expectJapanese(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            text.unicodeScalars.contains {
                (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
            },
            "no Japanese script in \(text.debugDescription) (\(context))",
            sourceLocation: sourceLocation
        )
        let words = text.split(separator: " ")
        let englishWords = words.map { $0.count > 1 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
        let twoInARow = zip(englishWords, englishWords.dropFirst()).contains { $0 && $1 }
        #expect(!twoInARow, "English words in \(text.debugDescription) (\(context))", sourceLocation: sourceLocation)
    }
}
