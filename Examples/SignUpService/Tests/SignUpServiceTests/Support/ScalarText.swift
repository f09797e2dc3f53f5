/// A text's Unicode scalars as `U+0065 U+0301`, for comparing stored and answered names.
///
/// Swift's `String ==` is canonical equivalence: `"e\u{301}" == "\u{E9}"` holds, so a test that
/// compares a name with `==` cannot tell whether the service composed it. Tests compare
/// `scalars(actual) == scalars(expected)`: equal exactly when the scalars are, and a failure
/// prints both.
func scalars(_ text: String?) -> String? {
    text.map { text in
        text.unicodeScalars.map { scalar in
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }.joined(separator: " ")
    }
}
