import Testing

@testable import KiiIdentity

/// `String.hasSameUTF8(as:)`, the byte comparison `DisplayName` stores and compares by, against
/// the definition (the UTF-8 arrays equal): every length up to 40 bytes, a difference at each
/// byte, small and large strings, and canonically equivalent strings (equal under `==`, not here).
@Suite("Same UTF-8: byte for byte, not canonical equivalence")
struct SameUTF8Tests {
    @Test("equal and different at every byte, every length up to 40")
    func agreesWithTheDefinition() {
        var compared = 0
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(0x61 + $0 % 26) }
            let text = String(decoding: bytes, as: UTF8.self)
            // A copy with storage of its own (not the same buffer).
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(text.hasSameUTF8(as: copy))
            #expect(text.hasSameUTF8(as: text))
            for position in 0..<length {
                var changed = bytes
                changed[position] = 0x41
                let other = String(decoding: changed, as: UTF8.self)
                #expect(!text.hasSameUTF8(as: other), "length \(length), byte \(position)")
                #expect(!other.hasSameUTF8(as: text), "length \(length), byte \(position)")
                compared += 1
            }
            #expect(!text.hasSameUTF8(as: text + "a"))
        }
        #expect(compared == 820)
    }

    @Test("canonically equivalent strings differ by bytes")
    func canonicalEquivalents() {
        let pairs: [(String, String)] = [
            ("Jos\u{E9}", "Jose\u{301}"), ("\u{AC00}", "\u{1100}\u{1161}"), ("\u{212B}", "\u{C5}"),
            ("a\u{323}\u{302}", "a\u{302}\u{323}"),
            (String(repeating: "\u{E9}", count: 30), String(repeating: "e\u{301}", count: 30)),
        ]
        for (composed, decomposed) in pairs {
            #expect(composed == decomposed)  // String's ==: canonical equivalence
            #expect(!composed.hasSameUTF8(as: decomposed))
            #expect(composed.hasSameUTF8(as: String(decoding: Array(composed.utf8), as: UTF8.self)))
        }
    }
}
