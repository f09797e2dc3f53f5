import KiiIdentity
import Testing

/// JSON read exactly: RFC 8259 only, repeated members refused, numbers kept
/// digit for digit. The expectations are written out here, never taken from the parser.
@Suite struct JSONReadingTests {
    /// The codes `text` is refused with by ``JSONValue/init(parsing:allowingByteOrderMark:maximumBytes:)``;
    /// `[]` when it is read.
    static func codes(_ text: String) -> [String] {
        do throws(ValidationError) {
            _ = try JSONValue(parsing: text)
            return []
        } catch {
            return error.problems.map(\.code.rawValue)
        }
    }

    /// The problem `Registration(json:)` reports first for `text` (`nil` when it is valid).
    static func registrationProblem(_ text: String) -> ValidationError.Problem? {
        do throws(ValidationError) {
            _ = try Registration(json: text)
            return nil
        } catch {
            return error.problems.first
        }
    }

    /// A malformed construct, as a JSON value's text, and what the reason must name.
    struct Construct: Sendable, CustomStringConvertible {
        let description: String
        let text: String
        let what: String
        var code = "malformed_json"
    }

    /// One of each construct RFC 8259 forbids and lenient parsers take.
    static let constructs: [Construct] = [
        Construct(description: "trailing comma in an array", text: "[1,2,]", what: "a trailing comma"),
        Construct(description: "trailing comma in an object", text: #"{"a":1,}"#, what: "a trailing comma"),
        Construct(description: "line comment", text: "[1 // note\n]", what: "a comment"),
        Construct(description: "block comment", text: "[1,/* note */2]", what: "a comment"),
        Construct(description: "comment between members", text: #"{"a":1 /* x */}"#, what: "a comment"),
        Construct(description: "single-quoted string", text: "'text'", what: "a single-quoted string"),
        Construct(description: "single-quoted name", text: "{'a':1}", what: "a single-quoted string"),
        Construct(description: "NaN", text: "NaN", what: "NaN or Infinity"),
        Construct(description: "Infinity", text: "Infinity", what: "NaN or Infinity"),
        Construct(description: "-Infinity", text: "-Infinity", what: "Infinity"),
        Construct(description: "leading zero", text: "012", what: "a leading zero"),
        Construct(description: "negative leading zero", text: "-01", what: "a leading zero"),
        Construct(description: "leading zero before a fraction", text: "00.5", what: "a leading zero"),
        Construct(description: "plus sign", text: "+1", what: "a '+' before a number"),
        Construct(description: "fraction without an integer", text: ".5", what: "without a digit before '.'"),
        Construct(description: "point without digits", text: "1.", what: "without digits after '.'"),
        Construct(description: "exponent without digits", text: "1e+", what: "an exponent without digits"),
        Construct(description: "hexadecimal number", text: "0x1F", what: "a letter right after a number"),
        Construct(description: "raw tab in a string", text: "\"a\tb\"", what: "a control character"),
        Construct(description: "raw newline in a string", text: "\"a\nb\"", what: "a control character"),
        Construct(description: "raw U+0001 in a string", text: "\"a\u{1}b\"", what: "a control character"),
        Construct(description: "invalid escape \\x", text: #""\x41""#, what: "an invalid escape"),
        Construct(description: "invalid escape \\'", text: #""\'""#, what: "an invalid escape"),
        Construct(description: "short \\u escape", text: #""\u12""#, what: "an invalid escape"),
        Construct(description: "upper-case \\U escape", text: #""\U0041""#, what: "an invalid escape"),
        Construct(description: "lone high surrogate", text: #""\uD83D""#, what: "a lone surrogate"),
        Construct(description: "lone low surrogate", text: #""\uDE00""#, what: "a lone surrogate"),
        Construct(description: "high surrogate then a letter", text: #""\uD83D\u0041""#, what: "a lone surrogate"),
        Construct(description: "byte order mark inside", text: "\u{FEFF}1", what: "a byte order mark"),
        Construct(description: "missing value", text: "[1,,2]", what: "a missing value"),
        Construct(description: "unclosed string", text: #""abc"#, what: "without its closing quote"),
        Construct(description: "capitalised literal", text: "True", what: "an unexpected character"),
        Construct(description: "undefined", text: "undefined", what: "an unexpected character"),
        Construct(description: "missing colon", text: #"{"a" 1}"#, what: "a missing ':'"),
        Construct(description: "unquoted name", text: "{a:1}", what: "a member name that is not a string"),
        Construct(
            description: "huge exponent",
            text: "1e1234567890123456",
            what: "exponent has more than 15 digits",
            code: "number_out_of_range"
        ),
    ]

    /// Where a construct is put: alone, as a record member, in `custom`, in nested arrays and objects.
    static let contexts: [(name: String, wrap: @Sendable (String) -> String)] = [
        ("alone", { $0 }),
        ("record member", { #"{"loginName":"ann","password":"pw123456","x":"# + $0 + "}" }),
        ("custom member", { #"{"loginName":"ann","password":"pw123456","custom":{"a":"# + $0 + "}}" }),
        ("nested array", { #"{"loginName":"ann","password":"pw123456","list":[1,["# + $0 + "]]}" }),
        ("nested object", { #"{"loginName":"ann","password":"pw123456","o":{"b":{"c":"# + $0 + "}}}" }),
    ]

    @Test("every malformed construct is refused, in every position, with what and where", arguments: constructs)
    func malformedConstructs(_ construct: Construct) {
        for context in Self.contexts {
            let text = context.wrap(construct.text)
            #expect(Self.codes(text) == [construct.code], "\(context.name): \(text)")
            if context.name != "alone" {
                let problem = Self.registrationProblem(text)
                #expect(problem?.code.rawValue == construct.code, "\(context.name): \(text)")
                #expect(problem?.field == .json)
                #expect(problem?.reason.contains(construct.what) == true, "\(problem?.reason ?? "")")
                #expect(problem?.reason.contains("at column ") == true)
            }
        }
    }

    @Test(
        "the column is counted in characters from 1",
        arguments: [
            (#"{"a":[1,2,]}"#, 11), ("[1, 2 // c\n]", 7), (#"{"名前":01}"#, 7), (#"["é", 'x']"#, 7),
        ]
    )
    func columns(text: String, column: Int) throws {
        let error = try #require(throws: ValidationError.self) { try JSONValue(parsing: text) }
        #expect(error.problems.first?.reason.hasSuffix("at column \(column)") == true, "\(error)")
    }

    @Test(
        "bytes that are not UTF-8 are invalid_utf8",
        arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE3, 0x81]]
    )
    func invalidUTF8(sequence: [UInt8]) throws {
        let bytes = Array(#"{"a":""#.utf8) + sequence + Array(#""}"#.utf8)
        let error = try #require(throws: ValidationError.self) { try JSONValue(parsing: bytes) }
        #expect(error.problems.map(\.code) == [.invalidUTF8])
        #expect(error.problems.first?.reason == "contains bytes that are not UTF-8 at column 7")
    }

    @Test(
        "a repeated member is duplicate_member, naming it, at any depth",
        arguments: [
            (#"{"loginName":"alice","loginName":"admin","password":"pw123456"}"#, "loginName", 22),
            (#"{"loginName":"al","password":"pw123456","custom":{"n":1,"n":1}}"#, "n", 57),
            (#"{"loginName":"al","password":"pw123456","a":[{"x":{"y":1,"y":2}}]}"#, "y", 58),
            (#"{"a":1,"\u0061":2}"#, "a", 8),
        ]
    )
    func duplicates(text: String, name: String, column: Int) throws {
        for problem in [
            try #require(throws: ValidationError.self) { try JSONValue(parsing: text) }.problems.first,
            Self.registrationProblem(text),
        ] {
            #expect(problem?.code == .duplicateMember)
            #expect(problem?.reason == "has the member \"\(name)\" a second time at column \(column)")
        }
    }

    @Test(
        "what RFC 8259 allows is read",
        arguments: [
            "0", "-0", "1E+2", "1e-2", "-0.0e0", "123456789012345678901234567890", "true", "null", " \t\r\n[] ",
            #""\"\\\/\b\f\n\r\t\u0000\uD83D\uDE00""#, #"{"":{"a":[[],{}]}}"#, #""\u00e9é""#,
        ]
    )
    func validTexts(text: String) {
        #expect(Self.codes(text) == [], "\(text)")
    }

    @Test("an unfinished text is malformed", arguments: ["", " ", "[1,2", #"{"a":1"#, #"{"a""#, "[", "tru", "-"])
    func unfinished(text: String) {
        #expect(Self.codes(text) == ["malformed_json"])
    }

    @Test("a byte order mark is read only at the start, and only when asked for")
    func byteOrderMark() throws {
        #expect(Self.codes("\u{FEFF}{}") == ["malformed_json"])
        #expect(try JSONValue(parsing: "\u{FEFF}{}", allowingByteOrderMark: true) == [:])
        #expect(throws: ValidationError.self) { try JSONValue(parsing: " \u{FEFF}{}", allowingByteOrderMark: true) }
        #expect(throws: ValidationError.self) { try JSONValue(parsing: "{}\u{FEFF}", allowingByteOrderMark: true) }
    }

    @Test("nesting is bounded; past the bound is nesting_too_deep, not a crash")
    func nesting() {
        let depth = JSONValue.maximumNesting
        #expect(Self.codes(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == [])
        let deeper = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(Self.codes(deeper) == ["nesting_too_deep"])
        #expect(Self.codes(String(repeating: "[", count: 100_000)) == ["nesting_too_deep"])
    }

    @Test("a text past the limit is too_long before it is read")
    func tooLong() {
        let valid = #"{"a":""# + String(repeating: "a", count: JSONValue.maximumTextBytes) + #""}"#
        #expect(Self.codes(valid) == ["too_long"])
        #expect(Self.registrationProblem(valid)?.code == .tooLong)
        #expect(Self.registrationProblem(valid)?.reason == "is too long (maximum 1048576 bytes)")
    }

    @Test("a text that is not an object is not a record")
    func notAnObject() {
        #expect(Self.registrationProblem("[1]")?.code == .notAnObject)
        #expect(Self.registrationProblem("[1]")?.reason == "is not a JSON object")
    }

    @Test("Registration(json:) reads a body and keeps custom digits")
    func registrationFromText() throws {
        let text = #"{"loginName":"Ann","password":"pw123456","n":12345678901234567890123,"d":0.10,"z":-0}"#
        let registration = try Registration(json: text)
        #expect(registration.record.json["n"]?.description == "12345678901234567890123")
        #expect(registration.record.json["d"]?.description == "0.10")
        #expect(registration.record.json["z"]?.description == "-0")
        #expect(
            registration.record.description
                == #"{"d":0.10,"loginName":"ann","n":12345678901234567890123,"z":-0}"#
        )
    }

    @Test("Registration(json:) of bytes refuses bytes that are not UTF-8 instead of repairing them")
    func registrationFromBytes() throws {
        let valid = Array(#"{"loginName":"ann","password":"pw123456","n":1.50}"#.utf8)
        #expect(try Registration(json: valid).record.json["n"]?.description == "1.50")
        let broken = Array(#"{"loginName":"ann","password":"pw123456","x":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let error = try #require(throws: ValidationError.self) { try Registration(json: broken) }
        #expect(error.problems.map(\.code) == [.invalidUTF8])
        #expect(error.problems.first?.field == .json)
    }

    @Test("the problems read in English and in Japanese")
    func languages() throws {
        let error = try #require(throws: ValidationError.self) { try JSONValue(parsing: #"{"a":[1,2,]}"#) }
        let problem = try #require(error.problems.first)
        #expect(problem.message(in: .english) == "JSON text is not valid JSON: a trailing comma at column 11")
        #expect(problem.message(in: .japanese) == "JSON テキストは正しい JSON ではありません（11 文字目に末尾のカンマがあります）")
        let repeated = try #require(throws: ValidationError.self) { try JSONValue(parsing: #"{"a":1,"a":2}"#) }
        #expect(repeated.problems.first?.message(in: .japanese) == "JSON テキストにメンバー \"a\" が 2 回あります（8 文字目）")
    }

    @Test("numbers compare and hash by value, whatever their text")
    func numbersByValue() throws {
        let values = try ["2", "2.0", "20e-1", "0.2E1", "2.000e0"].map { try JSONValue(parsing: $0) }
        #expect(Set(values).count == 1)
        #expect(values.allSatisfy { $0 == .integer(2) })
        #expect(try JSONValue(parsing: "-0") == .integer(0))
        #expect(try JSONValue(parsing: "1e400") != JSONValue(parsing: "1e401"))
        #expect(
            try JSONValue(parsing: "12345678901234567890123") != JSONValue(parsing: "12345678901234567890124")
        )
        #expect(JSONNumber("0.1") == 0.1)
        #expect(JSONNumber("01") == nil)
        #expect(JSONNumber("1e") == nil)
        #expect(JSONNumber(" 1") == nil)
    }

    /// The member names a Kii body uses, which the reader takes from the binary, and names one
    /// byte away from them (changed, added, dropped, escaped), which it builds from their bytes.
    static let memberNames: [String] = {
        let kii = [
            "loginName", "emailAddress", "phoneNumber", "password", "displayName", "country", "locale", "number",
        ]
        var names = kii
        for name in kii {
            let bytes = Array(name.utf8)
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x01
                names.append(String(decoding: changed, as: UTF8.self))
                names.append(String(decoding: bytes[..<index] + bytes[(index + 1)...], as: UTF8.self))
            }
            names += [name + "s", "_" + name, name.uppercased(), String(name.dropLast())]
        }
        return names
    }()

    @Test("a member's name is read as written, Kii's names and their near misses alike", arguments: memberNames)
    func memberName(_ name: String) throws {
        for text in [#"{"\#(name)":1}"#, #"{ "\#(name)" : "v", "x": true }"#, #"{"x":[{"\#(name)":null}]}"#] {
            let value = try JSONValue(parsing: text)
            guard case .object(var members) = value else {
                Issue.record("not an object: \(text)")
                continue
            }
            if case .array(let elements)? = members["x"], case .object(let inner)? = elements.first { members = inner }
            #expect(members.keys.contains(name), "\(text)")
            #expect(members.keys.filter { $0 != "x" } == [name], "\(text)")
        }
        // With an escape, the name goes the slow way and is the same string.
        let first = name.unicodeScalars.first!
        let escaped =
            "\\u" + String(first.value, radix: 16).leftPadded(to: 4)
            + name.unicodeScalars.dropFirst().map(String.init).joined()
        let value = try JSONValue(parsing: #"{"\#(escaped)":1}"#)
        #expect(value == .object([name: .integer(1)]))
    }
}

extension String {
    /// The string with `0`s before it up to `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
