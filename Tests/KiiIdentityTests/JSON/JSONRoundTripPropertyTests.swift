import KiiIdentity
import PropertyBased
import Testing

/// Any valid JSON number and any JSON value goes through ``JSONValue`` and a request body
/// unchanged. The expected text comes from the generator's own model of the
/// document (the test's independent reading of it), never from the parser under test.
@Suite struct JSONRoundTripPropertyTests {
    /// RFC 8259 number text: sign, integer part without leading zeros (up to 40 digits),
    /// optional fraction (up to 30 digits), optional exponent in every spelling.
    static let numbers = zip(
        Gen.bool,
        Gen.int(in: 0...9),
        Gen.int(in: 0...9).array(of: 0...39),
        Gen.int(in: 0...9).array(of: 0...30),
        Gen.int(in: 0...5),
        Gen.int(in: 0...9).array(of: 1...4)
    )
    .map { negative, first, rest, fraction, exponentForm, exponent in
        var text = negative ? "-" : ""
        text += first == 0 ? "0" : ([first] + rest).map(String.init).joined()
        if !fraction.isEmpty { text += "." + fraction.map(String.init).joined() }
        let marks = ["", "e", "E", "e+", "E-", "e-"]
        if exponentForm > 0 { text += marks[exponentForm] + exponent.map(String.init).joined() }
        return text
    }

    @Test func anyNumberKeepsItsDigitsThroughJSONValueAndTheBody() async {
        await propertyCheck(count: 500, input: Self.numbers) { text in
            let value = try #require(try? JSONValue(parsing: text))
            #expect(value.description == text)
            let body = #"{"loginName":"ann","password":"pw123456","n":"# + text + "}"
            let registration = try #require(try? Registration(json: body))
            #expect(registration.record.json["n"]?.description == text)
            #expect(registration.record.description.contains(#""n":"# + text + "}"))
            #expect(JSONNumber(text)?.text == text)
        }
    }

    /// A generated document: the text to parse (random white space, random escapes) and the
    /// compact text `JSONValue.description` must give (members sorted, minimal escapes).
    struct Document {
        var text = ""
        var expected = ""
    }

    static let scalars: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{7F}", "é",
        "山", "\u{2028}", "\u{FFFF}", "😀", "\u{10FFFF}",
    ]

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// A string as written in the document (each scalar raw or escaped at random) and as
    /// `description` writes it (`"`, `\`, `\n`, `\r`, `\t` escaped, other controls and U+007F as
    /// `\u00xx`).
    static func string(
        _ random: inout EmailAddressMaskTests.Generator
    ) -> (text: String, expected: String, value: String) {
        var text = "\""
        var expected = "\""
        var value = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let scalar = scalars.randomElement(using: &random)!
            value.unicodeScalars.append(scalar)
            switch scalar {
            case "\"": expected += "\\\""
            case "\\": expected += "\\\\"
            case "\n": expected += "\\n"
            case "\r": expected += "\\r"
            case "\t": expected += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: expected += "\\u" + hex4(scalar.value)
            default: expected.unicodeScalars.append(scalar)
            }
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if !mustEscape && Bool.random(using: &random) {
                text.unicodeScalars.append(scalar)
            } else if scalar.value > 0xFFFF {
                let offset = scalar.value - 0x10000
                text += "\\u" + hex4(0xD800 + (offset >> 10)).uppercased() + "\\u" + hex4(0xDC00 + (offset & 0x3FF))
            } else if scalar == "/" && Bool.random(using: &random) {
                text += "\\/"
            } else {
                text += "\\u" + hex4(scalar.value)
            }
        }
        return (text + "\"", expected + "\"", value)
    }

    static func space(_ random: inout EmailAddressMaskTests.Generator) -> String {
        String((0..<Int.random(in: 0...2, using: &random)).map { _ in " \t\r\n".randomElement(using: &random)! })
    }

    static func document(_ random: inout EmailAddressMaskTests.Generator, depth: Int) -> Document {
        let kind = Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random)
        switch kind {
        case 0: return Document(text: "null", expected: "null")
        case 1:
            let word = Bool.random(using: &random) ? "true" : "false"
            return Document(text: word, expected: word)
        case 2:
            let digits = (0..<Int.random(in: 1...25, using: &random)).map { _ in
                String(Int.random(in: 0...9, using: &random))
            }
            let integer = digits.first == "0" ? "0" : digits.joined()
            let text =
                (Bool.random(using: &random) ? "-" : "") + integer
                + (Bool.random(using: &random) ? ".5e-7" : "")
            return Document(text: text, expected: text)
        case 3, 4:
            let string = string(&random)
            return Document(text: string.text, expected: string.expected)
        case 5:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in document(&random, depth: depth + 1) }
            return Document(
                text: "[" + elements.map { space(&random) + $0.text + space(&random) }.joined(separator: ",") + "]",
                expected: "[" + elements.map(\.expected).joined(separator: ",") + "]"
            )
        default:
            var members: [(name: (text: String, expected: String, value: String), value: Document)] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let name = string(&random)
                if members.contains(where: { $0.name.value == name.value }) { continue }
                members.append((name, document(&random, depth: depth + 1)))
            }
            let text = members.map { space(&random) + $0.name.text + space(&random) + ":" + $0.value.text }
            let sorted = members.sorted { $0.name.value < $1.name.value }
            return Document(
                text: "{" + text.joined(separator: ",") + space(&random) + "}",
                expected: "{" + sorted.map { $0.name.expected + ":" + $0.value.expected }.joined(separator: ",") + "}"
            )
        }
    }

    @Test func anyValueRoundTripsThroughJSONValueAndTheBody() async {
        await propertyCheck(count: 500, input: Gen.uint64()) { seed in
            var random = EmailAddressMaskTests.Generator(seed: seed)
            let document = Self.document(&random, depth: 0)
            let value = try #require(try? JSONValue(parsing: Self.space(&random) + document.text))
            #expect(value.description == document.expected, "\(document.text)")
            // What is written reads back as the same value and the same text.
            #expect(try JSONValue(parsing: value.description) == value)
            #expect(try JSONValue(parsing: value.description).description == document.expected)
            let body = #"{"loginName":"ann","password":"pw123456","v":"# + document.text + "}"
            let registration = try #require(try? Registration(json: body))
            #expect(registration.record.json["v"]?.description == document.expected)
        }
    }
}
