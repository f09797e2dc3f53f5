/// Unicode scalars as hexadecimal text, the form the Unicode oracle reads and answers and
/// failure messages show: `004A 006F 0073 0065 0301`. Normalised text is compared by its
/// scalars, never with `String`'s `==` (canonical equivalence: a decomposed and a composed
/// string compare equal).
package enum ScalarHex {
    /// The values of `text`'s scalars.
    package static func values(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// `scalars` as four or more hexadecimal digits each, separated by spaces.
    package static func text(_ scalars: [UInt32]) -> String {
        scalars.map { value in
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }.joined(separator: " ")
    }

    /// The scalars of `text`, shown as `U+004A U+0301` (empty: `(empty)`).
    package static func describe(_ text: String) -> String { describe(values(text)) }

    /// `scalars` shown as `U+004A U+0301` (empty: `(empty)`).
    package static func describe(_ scalars: [UInt32]) -> String {
        scalars.isEmpty ? "(empty)" : text(scalars).split(separator: " ").map { "U+\($0)" }.joined(separator: " ")
    }

    /// The scalars of hexadecimal `text` (space-separated); `nil` when it is not that.
    package static func scalars(_ text: String) -> [UInt32]? {
        var values: [UInt32] = []
        for part in text.split(separator: " ") {
            guard let value = UInt32(part, radix: 16) else { return nil }
            values.append(value)
        }
        return values
    }

    /// `text` with every scalar past ASCII written `\u{E9}`: exact when compared, readable when
    /// printed (`Jos\u{E9}` and `Jose\u{301}` differ), for whole lines of output.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Whether two strings hold the same scalars (their UTF-8 bytes are equal).
    package static func same(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.elementsEqual(rhs.utf8) }
}
