import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentity

/// `FlatJSONObject`, the in-place reader of export lines, against the strict JSON reader: when it
/// reads a text, the strict reader reads the same members; what it gives up on, the strict
/// reader decides.
@Suite struct FlatJSONObjectTests {
    static let pieces = [
        "{", "}", "\"", ":", ",", " ", "\t", "\n", "\r", "\\", "\\n", "\\u0041", "true", "false", "null", "1", "-0",
        "[]", "{}", "a", "name", "é", "\u{1}", "\u{7F}", "👍", "tru", "nul", "//",
    ]

    /// Random texts: mostly flat objects of strings and literals, often broken.
    static func text(_ random: inout SplitMix64) -> [UInt8] {
        if random.next() % 3 == 0 {
            var bytes: [UInt8] = []
            for _ in 0..<(random.next() % 12) {
                bytes += Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8)
            }
            if random.next() % 10 == 0 { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
            return bytes
        }
        var members: [String] = []
        for index in 0..<(random.next() % 5) {
            let name = random.next() % 8 == 0 ? "k" : "k\(index)"
            let value: String
            switch random.next() % 7 {
            case 0: value = "true"
            case 1: value = "false"
            case 2: value = "null"
            case 3: value = "12"
            case 4: value = #""with \"escape\"""#
            default:
                value =
                    "\"" + pieces[Int(random.next() % UInt64(pieces.count))].replacingOccurrences(of: "\"", with: "")
                    + "x\""
            }
            let space = random.next() % 4 == 0 ? " \t" : ""
            members.append("\"\(name)\"\(space):\(space)\(value)")
        }
        var text = Array(("{" + members.joined(separator: ",") + "}").utf8)
        if random.next() % 10 == 0, !text.isEmpty { text.remove(at: Int(random.next() % UInt64(text.count))) }
        if random.next() % 10 == 0 { text += Array(" \r\n".utf8) }
        if random.next() % 20 == 0 { text.append(0xC3) }
        return text
    }

    @Test func agreesWithTheStrictReader() throws {
        var random = SplitMix64(seed: 7)
        var read = 0
        var given = 0
        for _ in 0..<50_000 {
            let text = Self.text(&random)
            var members: [(String, JSONValue)] = []
            let isFlat = text.withUnsafeBufferPointer { bytes in
                FlatJSONObject.forEachMember(in: bytes) { name, value in
                    let converted: JSONValue
                    switch value {
                    case .string(let bytes): converted = .string(String(decoding: bytes, as: UTF8.self))
                    case .bool(let flag): converted = .bool(flag)
                    case .null: converted = .null
                    case .other(let value): converted = value
                    }
                    members.append((String(decoding: name, as: UTF8.self), converted))
                    return true
                }
            }
            let strict = try? JSONValue(parsing: text)
            guard isFlat else {
                given += 1
                continue
            }
            read += 1
            let names = members.map(\.0)
            if Set(names).count < names.count {
                // A repeated name: the caller refuses it, as the strict reader does.
                #expect(strict == nil, "\(String(decoding: text, as: UTF8.self))")
                continue
            }
            let expected = JSONValue.object(Dictionary(uniqueKeysWithValues: members))
            #expect(strict == expected, "\(String(decoding: text, as: UTF8.self))")
        }
        #expect(read > 10_000 && given > 10_000)
    }

    @Test func givesUpOnWhatItDoesNotRead() {
        let texts = [
            #"{"a":"x\"y"}"#, #"{"a":01}"#, #"{"a":[1,]}"#, #"{"a":{"b":1,"b":2}}"#, #"{"a":"x",}"#, #"{"a":"x"} x"#,
            #"{"a" "x"}"#,
            #"["a"]"#, "", #"{"a":"\#u{1}"}"#, #"{"a":tru}"#,
        ]
        for text in texts {
            let isFlat = Array(text.utf8).withUnsafeBufferPointer {
                FlatJSONObject.forEachMember(in: $0) { _, _ in true }
            }
            #expect(!isFlat, "\(text)")
        }
        let flat = Array(#" {"a" : "x" ,"b":true,"c":null} "#.utf8)
        #expect(flat.withUnsafeBufferPointer { FlatJSONObject.forEachMember(in: $0) { _, _ in true } })
        #expect(Array("{}".utf8).withUnsafeBufferPointer { FlatJSONObject.forEachMember(in: $0) { _, _ in true } })
    }
}
