#if CommandLineTool
import Foundation
import Testing

/// `--language ja`: the reasons (and lint's headings) in Japanese, everything else as in English.
@Suite struct LanguageOptionTests {
    @Test(
        "check prints Japanese messages",
        arguments: [
            (["username", "ab"], "invalid\ntoo_short: ユーザー名は 3 文字以上で入力してください\n"),
            (["country", "jp"], "invalid\nnot_uppercase: 所在国は英大文字で入力してください（'JP' ではありませんか？）\n"),
            (
                ["phone", "+81312345678"],
                "invalid\nlandline: 電話番号は固定電話の番号です（携帯電話の番号のみ使用できます）\n"
            ),
            (["password", "Zq9"], "invalid\ntoo_short: パスワードは 4 文字以上で入力してください\n"),
            (["username", "User_1"], "valid\nnormalized: user_1\nlookalikeKey: user_l\n"),
        ]
    )
    func check(arguments: [String], expected: String) throws {
        let output = try ToolRunner.run(["check", "--language", "ja"] + arguments)
        #expect(output.stdout == expected)
    }

    @Test(
        "the default is English",
        arguments: [
            ["check", "username", "a b"], ["check", "--jsonl", "Fixtures/cli/check-input.jsonl"],
            ["register", "--jsonl", "Fixtures/cli/register-input.jsonl"], ["lint", "Fixtures/cli/users.csv"],
        ]
    )
    func defaultLanguage(arguments: [String]) throws {
        let plain = try ToolRunner.run(arguments)
        let english = try ToolRunner.run(arguments + ["--language", "en"])
        #expect(plain.stdout == english.stdout)
        #expect(plain.status == english.status)
    }

    @Test(
        "JSON output: same keys, codes and values; only the reasons change, to Japanese",
        arguments: [
            ["check", "--jsonl", "Fixtures/cli/check-input.jsonl"],
            ["register", "--jsonl", "Fixtures/cli/register-input.jsonl"],
            [
                "register", "--jsonl", "--email-verification", "--phone-verification",
                "Fixtures/cli/register-verification-input.jsonl",
            ],
            ["lint", "--format", "json", "Fixtures/cli/lint-invalid.jsonl"],
            ["lint", "--format", "json", "Fixtures/cli/lint-malformed.jsonl"],
            ["lint", "--format", "json", "Fixtures/cli/users.csv"],
        ]
    )
    func jsonOutput(arguments: [String]) throws {
        #expect(try Self.compareReasons(arguments) > 0)
    }

    /// Standard inputs with every kind of input problem: unknown, repeated and extra members or
    /// columns, cells that are not UTF-8 or not JSON, wrong types, a line over 1 MiB.
    static let brokenInputs: [([String], String)] = [
        (
            ["lint", "--format", "json", "--input-format", "csv", "-"],
            "username,email,nickname,email,password,custom,pseudo\nann,a@example.com,x,y,Zq9#secret,{bad,\n"
                + "bob,\u{FF}@example.com,,,Zq9#secret,[1],maybe\n\"a\"b,c\n\"open\n"
        ),
        (
            ["register", "--jsonl", "-"],
            #"{"username": "ann", "password": "Zq9#secret", "nickname": "x", "custom": [1], "pseudo": 1}"# + "\n"
                + #"{"username": 7, "password": null}"# + "\n[1]\n{\n"
                + "{\"username\": \"" + String(repeating: "a", count: 1 << 20) + "\"}\n"
        ),
        (
            ["check", "--jsonl", "-"],
            #"{"field": "username", "value": "ann", "extra": 1}"# + "\n" + #"{"field": "nick", "value": 1}"# + "\n"
                + #"{"value": "x"}"# + "\n" + #"{"field": 2}"# + "\n"
        ),
    ]

    @Test("input problems of every kind, in Japanese", arguments: brokenInputs)
    func brokenInput(arguments: [String], input: String) throws {
        // Every scalar is ASCII but U+00FF, which stands for the byte 0xFF (not UTF-8).
        let bytes = Data(input.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        #expect(try Self.compareReasons(arguments, stdin: bytes) >= 3)
    }

    /// Runs `arguments` in English and in Japanese and checks that the JSON lines have the same
    /// shape and that every reason is Japanese; returns how many reasons were compared.
    static func compareReasons(_ arguments: [String], stdin: Data? = nil) throws -> Int {
        let english = try ToolRunner.run(arguments, stdin: stdin)
        let japanese = try ToolRunner.run(arguments + ["--language", "ja"], stdin: stdin)
        #expect(english.status == japanese.status)
        let englishLines = english.stdout.split(separator: "\n")
        let japaneseLines = japanese.stdout.split(separator: "\n")
        #expect(englishLines.count == japaneseLines.count)
        var reasons = 0
        for (englishLine, japaneseLine) in zip(englishLines, japaneseLines) {
            let englishValue = try JSONSerialization.jsonObject(with: Data(englishLine.utf8))
            let japaneseValue = try JSONSerialization.jsonObject(with: Data(japaneseLine.utf8))
            var englishReasons: [String] = []
            var japaneseReasons: [String] = []
            let englishShape = withoutReasons(englishValue, into: &englishReasons)
            let japaneseShape = withoutReasons(japaneseValue, into: &japaneseReasons)
            #expect(englishShape == japaneseShape)
            #expect(englishReasons.count == japaneseReasons.count)
            for (englishReason, japaneseReason) in zip(englishReasons, japaneseReasons) {
                #expect(englishReason != japaneseReason)
                expectJapanese(japaneseReason)
                reasons += 1
            }
        }
        return reasons
    }

    @Test("lint's text report: Japanese headings and messages")
    func lintText() throws {
        let output = try ToolRunner.run(["lint", "--language", "ja", "--limit", "2", "Fixtures/cli/users.csv"])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let release = "libphonenumber \(ToolRunner.bundledVersion)（同梱、\(ToolRunner.bundledReleaseDate)）"
        #expect(lines[0] == "電話番号メタデータ: \(release)")
        #expect(lines[1] == "Fixtures/cli/users.csv: レコード 9 件（有効 5 件、無効 4 件）、重複 2 件")
        #expect(lines.contains("コード別の問題数:"))
        #expect(lines.contains("重複（同じ値を持つ複数のレコード）:"))
        #expect(lines.contains("  username csv_one: 2、9 行目"))
        #expect(lines.contains("最初の 2 件の問題:"))
        #expect(lines.contains("  7 行目: malformed_csv: 行に引用符で囲まれていないフィールドの中に引用符があります（1 列目）"))
        #expect(lines.contains("  8 行目: column_count: 行のフィールドは 8 個ですが、ヘッダーは 9 個です"))
        #expect(lines.contains("  ほか 2 件（--limit で表示件数を増やせます）"))
        let malformed = try ToolRunner.run(["lint", "--language", "ja", "Fixtures/cli/lint-malformed.jsonl"])
        #expect(malformed.stdout.contains("  4 行目: invalid_utf8: 行に UTF-8 ではないバイトが含まれています（18 文字目）\n"))
        #expect(
            malformed.stdout.contains("  7 行目: wrong_type: pseudo は true または false で指定してください（文字列が指定されています）\n")
        )
    }

    @Test("an unknown language is a usage error")
    func unknownLanguage() throws {
        let output = try ToolRunner.run(["check", "--language", "fr", "username", "ab"])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
    }

    /// `value` with every `reason` string replaced by a marker; the reasons are collected in order.
    static func withoutReasons(_ value: Any, into reasons: inout [String]) -> String {
        switch value {
        case let object as [String: Any]:
            let members = object.keys.sorted().map { key -> String in
                if key == "reason", let reason = object[key] as? String {
                    reasons.append(reason)
                    return "reason:<reason>"
                }
                return "\(key):" + withoutReasons(object[key]!, into: &reasons)
            }
            return "{" + members.joined(separator: ",") + "}"
        case let array as [Any]:
            return "[" + array.map { withoutReasons($0, into: &reasons) }.joined(separator: ",") + "]"
        default:
            return "\(value)"
        }
    }

    /// Fails unless `text` has kana or kanji and no two English words in a row.
    static func expectJapanese(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            text.unicodeScalars.contains {
                (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
            },
            "no Japanese script in \(text.debugDescription)",
            sourceLocation: sourceLocation
        )
        let words = text.split(separator: " ").map { $0.count > 1 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
        #expect(
            !zip(words, words.dropFirst()).contains { $0 && $1 },
            "English words in \(text.debugDescription)",
            sourceLocation: sourceLocation
        )
    }
}
#endif
