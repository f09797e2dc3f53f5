import Testing

@testable import KiiIdentity

/// The byte writer under the problems' JSON: what it writes is what the array-based escaper
/// writes, across growth and repeats.
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
    /// word is read overlapping the one before), and none at all.
    @Test("a byte to escape anywhere in texts of 0 to 24 bytes", arguments: ["\"", "\\", "\n", "\u{7F}"])
    func escapeAtEveryPosition(special: String) {
        for length in 0...24 {
            for position in -1..<length {
                let text = String((0..<length).map { $0 == position ? Character(special) : "a" })
                var writer = ByteWriter(capacity: 1)
                writer.appendEscaped(text)
                var bytes: [UInt8] = []
                writer.append(to: &bytes)
                var expected: [UInt8] = []
                JSONValue.appendEscaped(text, to: &expected)
                #expect(bytes == expected, "length \(length), position \(position)")
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
