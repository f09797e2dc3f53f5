/// How a password is folded before a blocklist looks it up, as the generator folds the entries:
/// NFKC (Unicode 17.0, the library's ``CompatibilityNormalization``), then each code point
/// replaced by its full lowercase mapping, one code point at a time (no context: a final capital
/// sigma becomes U+03C3).
enum PasswordFolding {
    /// The longest ASCII password folded on the stack.
    static let stackBytes = 256

    /// Calls `body` with the UTF-8 bytes of `password` folded and how many code points they hold.
    static func withFolded<Result>(
        _ password: String,
        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Result
    ) -> Result {
        var text = password
        let ascii = text.withUTF8 { bytes -> Result? in
            guard bytes.count <= stackBytes else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackBytes) { buffer in
                var high: UInt8 = 0
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    high |= byte
                    buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                guard high < 0x80 else { return nil }
                return body(UnsafeBufferPointer(rebasing: buffer[..<bytes.count]), bytes.count)
            }
        }
        if let ascii { return ascii }
        let (folded, codePoints) = fold(password)
        return folded.withUnsafeBufferPointer { body($0, codePoints) }
    }

    /// `password` folded: its UTF-8 bytes and how many code points they hold.
    static func fold(_ password: String) -> (bytes: [UInt8], codePoints: Int) {
        // Printable ASCII and controls: NFKC keeps them, lowercase maps A-Z alone.
        if password.utf8.allSatisfy({ $0 < 0x80 }) {
            return (password.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, password.utf8.count)
        }
        let normalized = CompatibilityNormalization.nfkc(password.unicodeScalars.map(\.value))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(normalized.count * 2)
        var codePoints = 0
        for value in normalized {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.properties.changesWhenLowercased {
                for lowered in scalar.properties.lowercaseMapping.unicodeScalars {
                    bytes.append(contentsOf: UTF8.encode(lowered)!)
                    codePoints += 1
                }
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
                codePoints += 1
            }
        }
        return (bytes, codePoints)
    }
}

extension PasswordFolding {
    /// `bytes` (folded UTF-8) with each ASCII byte replaced by its username lookalike skeleton
    /// (`0` → `o`, `1` → `l`, `m` → `rn`; UnicodeTables' TR39 skeletons); other bytes as they are.
    static func skeleton(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { skeleton($0) }
    }

    /// `bytes` with each ASCII byte replaced by its username lookalike skeleton.
    static func skeleton(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 4)
        for byte in bytes {
            let packed = byte < 0x80 ? UnicodeTables.usernameLookalikeSkeleton(of: byte) : 0
            if packed == 0 {
                output.append(byte)
                continue
            }
            for index in 0..<Int(packed >> 24) {
                output.append(UInt8(truncatingIfNeeded: packed >> (8 * UInt32(index))))
            }
        }
        return output
    }
}
