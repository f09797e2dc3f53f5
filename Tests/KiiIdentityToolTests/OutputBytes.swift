#if CommandLineTool
import Foundation

/// What a test looks for in the tool's output, byte for byte.
enum OutputBytes {
    /// Whether `output` holds `secret`'s UTF-8 bytes, or those of its JSON-escaped form, anywhere:
    /// a byte search, which no normalisation of either side can fool.
    static func contains(_ output: String, _ secret: String) -> Bool {
        let haystack = Array(output.utf8)
        var escaped = String(decoding: (try? JSONEncoder().encode(secret)) ?? Data(), as: UTF8.self)
        if escaped.count >= 2 { escaped = String(escaped.dropFirst().dropLast()) }
        for needle in Set([Array(secret.utf8), Array(escaped.utf8)]) where !needle.isEmpty {
            guard needle.count <= haystack.count else { continue }
            for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
                if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
            }
        }
        return false
    }
}
#endif
