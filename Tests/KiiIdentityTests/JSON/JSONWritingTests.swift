import KiiIdentity
import Testing

@Suite("Writing JSON: the one escaper and compact text")
struct JSONWritingTests {
    /// Every ASCII control character, quote and backslash, and some non-ASCII text.
    @Test("every byte that must be escaped is, and nothing else")
    func escaper() {
        for value in UInt32(0)...0x7F {
            let scalar = Unicode.Scalar(value)!
            let expected: String =
                switch scalar {
                case "\"": #""\"""#
                case "\\": #""\\""#
                case "\n": #""\n""#
                case "\r": #""\r""#
                case "\t": #""\t""#
                case _ where value < 0x20 || value == 0x7F:
                    "\"\\u00" + (value < 0x10 ? "0" : "") + String(value, radix: 16) + "\""
                default: "\"" + String(Character(scalar)) + "\""
                }
            #expect(JSONValue.quoted(String(Character(scalar))) == expected, "U+\(String(value, radix: 16))")
        }
        #expect(JSONValue.quoted("山😀é") == "\"山😀é\"")
        #expect(JSONValue.quoted("a\"b\u{7F}c\u{1}山") == #""a\"b\u007fc\u0001山""#)
        #expect(JSONValue.quoted("") == #""""#)
    }

    @Test("a value's text: members sorted, numbers as written, strings escaped")
    func valueText() throws {
        let value = try JSONValue(parsing: #"{"b": [1, 2.50, -0], "a": {"y": null, "x": "\u007f"}, "c": true}"#)
        #expect(value.description == #"{"a":{"x":"\u007f","y":null},"b":[1,2.50,-0],"c":true}"#)
    }
}
