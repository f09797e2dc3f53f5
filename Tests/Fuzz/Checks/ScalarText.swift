/// A string's Unicode scalars as text, for comparing normalised forms.
///
/// Swift's `String ==` is canonical equivalence: `"e\u{301}" == "\u{E9}"` is true, so a test that
/// compares a normalised form with `==` cannot tell NFKC from the input it was given. Tests compare
/// `ScalarText.of(actual) == ScalarText.of(expected)` instead: equal exactly when the scalars are,
/// and a failure prints both as `U+0065 U+0301`.
public enum ScalarText {
    /// `U+0065 U+0301` for `"e\u{301}"`: each scalar in hex, at least four digits.
    public static func of(_ text: String) -> String { of(text.unicodeScalars.map(\.value)) }

    /// `U+0065 U+0301` for `[0x65, 0x301]`.
    public static func of(_ scalars: [UInt32]) -> String {
        scalars.map { value in
            let digits = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }.joined(separator: " ")
    }

    /// `text` with every scalar past ASCII written `\u{E9}`: exact when compared, readable when
    /// printed (`Jos\u{E9}` and `Jose\u{301}` differ), for whole lines of output.
    public static func escaped(_ text: String) -> String {
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
    public static func same(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.elementsEqual(rhs.utf8) }
}
