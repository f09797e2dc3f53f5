import Testing

@testable import KiiIdentity

/// The byte writer under the problems' JSON: what it writes is what the array-based escaper
/// writes, and each is JSON's escape of one byte at a time, across growth and repeats.
@Suite("ByteWriter: pieces by pointer, as the array escaper writes them")
struct ByteWriterTests {
    @Test(
        "escaped text is the escaper's, quotes, backslashes, controls and DEL included",
        arguments: [
            "", "a", "plain reason of some length, longer than eight bytes", "\"", "\\", "a\"b\\c\nd\re\tf",
            "\u{0}\u{1F}\u{7F}", "日本語の理由 with \"quotes\"", String(repeating: "x\"", count: 300),
        ]
    )
    func escapes(text: String) {
        var writer = ByteWriter(capacity: 1)
        writer.appendQuoted(text)
        var bytes: [UInt8] = [1, 2]
        writer.append(to: &bytes)
        var expected: [UInt8] = [1, 2]
        JSONValue.appendQuoted(text, to: &expected)
        #expect(bytes == expected)
        #expect(writer.count == expected.count - 2)
    }

    /// Every length up to three words, with the byte to escape at every position (the last
    /// word is read overlapping the one before), and none at all: the writer, the array form
    /// and the string form each against the escape of one byte at a time.
    @Test(
        "a byte to escape anywhere in texts of 0 to 24 bytes",
        arguments: ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}"]
    )
    func escapeAtEveryPosition(special: String) {
        for length in 0...24 {
            for position in -1..<length {
                let text = String((0..<length).map { $0 == position ? Character(special) : "a" })
                let expected = Self.escapedOneByteAtATime(text)
                for (form, written) in Self.escapedByEveryWriter(text) {
                    #expect(written == expected, "\(form), length \(length), position \(position)")
                }
            }
        }
    }

    /// Two bytes to escape at every pair of positions in texts of 2 to 20 characters (the others
    /// of two bytes each): runs between them of every length, in and across words.
    @Test("two bytes to escape at any two places")
    func twoEscapesAnywhere() {
        for length in 2...20 {
            for first in 0..<length {
                for second in (first + 1)..<length {
                    let text = String((0..<length).map { $0 == first ? "\"" : $0 == second ? "\u{1}" : "é" })
                    let expected = Self.escapedOneByteAtATime(text)
                    for (form, written) in Self.escapedByEveryWriter(text) {
                        #expect(written == expected, "\(form), length \(length), at \(first) and \(second)")
                    }
                }
            }
        }
    }

    /// `text` escaped by the byte writer, into an array, and into a string (its quotes taken off).
    static func escapedByEveryWriter(_ text: String) -> [(String, [UInt8])] {
        var writer = ByteWriter(capacity: 1)
        writer.appendEscaped(text)
        var written: [UInt8] = []
        writer.append(to: &written)
        var array: [UInt8] = []
        JSONValue.appendEscaped(text, to: &array)
        let quoted = Array(JSONValue.quoted(text).utf8)
        return [("writer", written), ("array", array), ("string", Array(quoted.dropFirst().dropLast()))]
    }

    /// The rule of RFC 8259 as this package writes it, one byte at a time.
    static func escapedOneByteAtATime(_ text: String) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return text.utf8.flatMap { byte -> [UInt8] in
            switch byte {
            case 0x22: Array(#"\""#.utf8)
            case 0x5C: Array(#"\\"#.utf8)
            case 0x0A: Array(#"\n"#.utf8)
            case 0x0D: Array(#"\r"#.utf8)
            case 0x09: Array(#"\t"#.utf8)
            case ..<0x20, 0x7F: Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: [byte]
            }
        }
    }

    @Test("literals, bytes and a repeat of what was written, across growth")
    func repeats() {
        var writer = ByteWriter(capacity: 4)
        writer.append(#"{"reason":"#)
        let start = writer.count
        writer.appendEscaped(String(repeating: "long reason ", count: 20))
        let reason = start..<writer.count
        writer.append(UInt8(ascii: ","))
        writer.appendWritten(reason)
        var bytes: [UInt8] = []
        writer.append(to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let reasonText = String(repeating: "long reason ", count: 20)
        #expect(text == #"{"reason":"# + reasonText + "," + reasonText)
    }
}
