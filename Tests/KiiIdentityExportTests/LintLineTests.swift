import Foundation
import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentity
@_spi(ToolInternals) @testable import KiiIdentityExport

/// What `lint` does with each JSON line, against the full way (`JSONLineDecoder` then
/// `RecordCheck`) over generated lines of every shape: the same verdicts, problems, codes and keys.
@Suite struct LintLineTests {
    static let values: [String: [String]] = [
        "username": [
            #""User_1""#, #""ab""#, #""a b""#, #""Mixed.Case""#, "12", "null", #""\u0055ser_2""#, #""user.x""#,
        ],
        "email": [#""Ann@Example.COM""#, #""no-at""#, #""b@example.org""#, "true", "null", #""a@b""#],
        "phone": [
            #""+14155552671""#, #""US-4155552671""#, #""4155552671""#, #""09012345678""#, #""+1415""#,
            #""JP-9012345678""#,
            "null", "14155552671",
        ],
        "country": [#""US""#, #""JP""#, #""jp""#, #""XX""#, "null"],
        "password": [#""correct horse""#, #""pw""#, #""tab\there""#, "null", #""Pw~secret""#],
        // Raw characters the nickname policy refuses or maps (the fast reader takes no escapes).
        "displayName": [
            #""Ann""#, #""""#, #""山田""#, "null", "\"\u{202E}evil\"", "\"  Ｙａｍａｄａ  \"", "\"a\u{200B}b\"",
        ],
        "locale": [#""en-US""#, #""en_US""#, "null"],
        "custom": [#"{"age":30}"#, #"{"_x":1}"#, "null", #""text""#, "{}"],
        "pseudo": ["true", "false", "null", #""yes""#],
        "nickname": [#""n""#, "null"],
        // Names around the fast reader's packed names: empty, 16 and 17 bytes, Kii's name of a member.
        "": [#""e""#],
        "sixteen_bytes_ab": [#""s""#],
        "seventeen_bytes_a": [#""s""#],
        "loginName": [#""user_3""#],
    ]

    /// A random line: members of a record (some repeated, some unknown), sometimes broken.
    static func line(_ random: inout SplitMix64) -> String {
        let names = values.keys.sorted()
        // Mostly a valid username and password, then any members.
        var members: [String] = []
        if random.next() % 5 != 0 { members.append(#""username":"user\#(random.next() % 1000)""#) }
        if random.next() % 8 == 0 { members.append(#""username":"Mod\#(random.next() % 3)ern""#) }
        if random.next() % 5 != 0 { members.append(#""password":"secret word""#) }
        for _ in 0..<(random.next() % 4) {
            let name = names[Int(random.next() % UInt64(names.count))]
            let choices = values[name]!
            let spacing = random.next() % 5 == 0 ? " " : ""
            members.append("\"\(name)\":\(spacing)\(choices[Int(random.next() % UInt64(choices.count))])")
        }
        var text = "{" + members.joined(separator: ",") + "}"
        switch random.next() % 20 {
        case 0: text.removeLast()
        case 1: text = "[" + text + "]"
        case 2: text += " \r"
        default: break
        }
        return text
    }

    static func fingerprints(of check: RecordCheck) -> LintLine.Keys {
        check.keys.map(LintLine.Keys.init) ?? LintLine.Keys()
    }

    @Test(arguments: [
        RegistrationPolicy(), RegistrationPolicy(emailVerification: true, phoneVerification: true),
        RegistrationPolicy(displayNamePolicy: .nickname),
    ])
    func sameOutcomeAsTheFullWay(policy: RegistrationPolicy) {
        var random = SplitMix64(seed: 99)
        var valid = 0
        var fast = 0
        for _ in 0..<20_000 {
            let bytes = Array(Self.line(&random).utf8)
            bytes.withUnsafeBufferPointer { text in
                let full = LintLine.fullCheck(text, policy: policy)
                if LintLine.fastCheck(text, policy: policy) != nil { fast += 1 }
                switch LintLine.check(text, policy: policy) {
                case .valid(let keys):
                    valid += 1
                    #expect(full.isValid, "\(String(decoding: bytes, as: UTF8.self))")
                    #expect(keys == Self.fingerprints(of: full), "\(String(decoding: bytes, as: UTF8.self))")
                case .invalid(let problems):
                    #expect(!full.isValid)
                    #expect(problems == full.problems)
                }
            }
        }
        #expect(valid > 500 && fast > 200)
    }

    /// The fast way checks a display name under the policy's rule: a raw RIGHT-TO-LEFT OVERRIDE is
    /// Kii's and not RFC 8266's, and the problem is the full way's.
    @Test func displayNamePolicyOnTheFastWay() {
        let line = Array("{\"username\":\"bob\",\"password\":\"Pass-word-1\",\"displayName\":\"\u{202E}evil\"}".utf8)
        line.withUnsafeBufferPointer { text in
            #expect(LintLine.fastCheck(text, policy: RegistrationPolicy()) != nil)
            #expect(LintLine.fastCheck(text, policy: RegistrationPolicy(displayNamePolicy: .nickname)) == nil)
            guard
                case .invalid(let problems) = LintLine.check(
                    text,
                    policy: RegistrationPolicy(displayNamePolicy: .nickname)
                )
            else {
                Issue.record("valid under the nickname policy")
                return
            }
            #expect(problems.map(\.code.rawValue) == ["bidi_control"])
        }
    }

    @Test func generatedExportsTakeTheFastWay() {
        for mix in ExportGenerator.Mix.allCases {
            var generator = ExportGenerator(mix: mix)
            for index in 0..<2_000 {
                let bytes = Array(generator.line(index).text.utf8)
                bytes.withUnsafeBufferPointer { text in
                    let full = LintLine.fullCheck(text, policy: RegistrationPolicy())
                    let fast = LintLine.fastCheck(text, policy: RegistrationPolicy())
                    #expect(full.isValid == (fast != nil), "\(String(decoding: bytes, as: UTF8.self))")
                    if let fast { #expect(fast == Self.fingerprints(of: full)) }
                }
            }
        }
    }
}

/// ``LineBlockReader``: the lines ``LineReader`` reads, in blocks of any size.
@Suite struct LineBlockReaderTests {
    static func text(_ random: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<(random.next() % 30) {
            let length = random.next() % 4 == 0 ? Int(random.next() % 40) : Int(random.next() % 8)
            text += String(repeating: "x", count: length)
            text += random.next() % 6 == 0 ? "\r\n" : "\n"
        }
        if random.next() % 2 == 0 { text += "tail" }
        return text
    }

    static func viaLineReader(_ text: String, maximum: Int) throws -> [String] {
        let pipe = PipeInput(text)
        let reader = LineReader(descriptor: pipe.descriptor, name: "pipe", maximumLineBytes: maximum, chunkSize: 3)
        var lines: [String] = []
        while let line = try reader.next() {
            switch line {
            case .bytes(let bytes): lines.append("\(reader.lineNumber): " + String(decoding: bytes, as: UTF8.self))
            case .tooLong: lines.append("\(reader.lineNumber): <long>")
            }
        }
        return lines
    }

    static func viaBlocks(_ text: String, maximum: Int, blockSize: Int) throws -> [String] {
        let pipe = PipeInput(text)
        let reader = LineBlockReader(
            descriptor: pipe.descriptor,
            name: "pipe",
            blockSize: blockSize,
            maximumLineBytes: maximum
        )
        var lines: [String] = []
        while let block = try reader.next() {
            switch block {
            case .tooLong(let line): lines.append("\(line): <long>")
            case .lines(let block):
                block.forEachLine { line, bytes in
                    lines.append(
                        "\(line): " + (bytes.count > maximum ? "<long>" : String(decoding: bytes, as: UTF8.self))
                    )
                }
            }
        }
        return lines
    }

    @Test func sameLinesAsTheLineReader() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<2_000 {
            let text = Self.text(&random)
            let maximum = 1 + Int(random.next() % 20)
            let blockSize = 1 + Int(random.next() % 64)
            #expect(
                try Self.viaBlocks(text, maximum: maximum, blockSize: blockSize)
                    == Self.viaLineReader(text, maximum: maximum)
            )
        }
    }
}

/// `JSONLinesLint`: blocks checked on several threads come back as one thread checks them.
@Suite struct JSONLinesLintTests {
    struct Merged: Equatable {
        var records = 0
        var invalid: [String] = []
        var keys: [String] = []
    }

    static func lint(_ path: String, workers: Int, blockSize: Int) throws -> Merged {
        let source = try RecordSource(input: InputFile(path: path), format: .jsonLines, skipsBlankLines: true)
        var merged = Merged()
        try JSONLinesLint.run(source.lineBlocks(blockSize: blockSize), policy: RegistrationPolicy(), workers: workers) {
            block in
            merged.records += block.records
            merged.invalid += block.invalid.map { "\($0.line) \($0.problems)" }
            merged.keys += block.keys.map {
                "\($0.line(from: block.firstLine)) \($0.kind) \($0.fingerprint.high) \($0.fingerprint.low)"
            }
        }
        return merged
    }

    @Test func threadsChangeNothing() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-blocks-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = "\u{FEFF}"
        var invalid = ExportGenerator(mix: .invalid, seed: 1)
        var conflicts = ExportGenerator(mix: .conflicts, seed: 2)
        for index in 0..<3_000 {
            text +=
                (index % 2 == 0 ? invalid.line(index) : conflicts.line(index)).text
                + (index % 97 == 0 ? "\n  \n" : "\n")
        }
        try Data(text.utf8).write(to: url)
        let one = try Self.lint(url.path, workers: 1, blockSize: 1 << 20)
        #expect(one.records == 3_000)
        #expect(one.invalid.count > 100)
        for (workers, blockSize) in [(2, 4096), (3, 333), (4, 1 << 16)] {
            #expect(try Self.lint(url.path, workers: workers, blockSize: blockSize) == one)
        }
    }
}
