import Foundation

@testable import KiiIdentity

/// What `make password-blocklist` (or its check) writes beside the repository and the proofs
/// read: the full set's filter file and every entry as listed. Never committed.
enum PasswordBlocklistOutputs {
    /// `KII_PASSWORD_BLOCKLIST_FOLDER`, or `<repository>/.build-password-blocklist`.
    static let folder: URL = {
        if let folder = ProcessInfo.processInfo.environment["KII_PASSWORD_BLOCKLIST_FOLDER"] {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return FixturePaths.directory.deletingLastPathComponent()
            .appendingPathComponent(".build-password-blocklist", isDirectory: true)
    }()

    /// The full set's filter file.
    static var fullSet: URL { folder.appendingPathComponent("password-blocklist.kiipwbl") }

    /// Every entry as its package lists it, one a line.
    static var entries: URL { folder.appendingPathComponent("entries.txt") }

    /// Why a missing output fails the test.
    static let missing = "run `make password-blocklist-check` (or `make password-blocklist`) first"

    /// The full set's file, read.
    static func fullSetBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fullSet))
    }

    /// Every entry as listed of at least `minimumLength` code points once folded: its three forms to look up (as listed, upper-cased, an NFKC-equivalent
    /// form), whether it is ASCII, and how many code points it folds to.
    static func forEachEntry(
        atLeast minimumLength: Int,
        _ body: (_ forms: [String], _ foldedCodePoints: Int, _ foldedBytes: [UInt8]?) -> Void
    ) throws {
        let data = try Data(contentsOf: entries)
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            for index in 0..<bytes.count where bytes[index] == 0x0A {
                let line = UnsafeBufferPointer(rebasing: bytes[start..<index])
                start = index + 1
                if line.allSatisfy({ $0 < 0x80 }) {
                    guard line.count >= minimumLength else { continue }
                    let listed = String(decoding: line, as: UTF8.self)
                    var upper = [UInt8](line)
                    var wide: [UInt8] = []
                    wide.reserveCapacity(line.count * 3)
                    for offset in 0..<upper.count {
                        let byte = upper[offset]
                        if byte &- 0x61 < 26 { upper[offset] = byte - 0x20 }
                        switch byte {
                        case 0x21...0x5F: wide += [0xEF, 0xBC, 0x60 + byte]  // U+FF01...U+FF3F
                        case 0x60...0x7E: wide += [0xEF, 0xBD, 0x20 + byte]  // U+FF40...U+FF5E
                        case 0x20: wide += [0xE3, 0x80, 0x80]  // U+3000
                        default: wide.append(byte)
                        }
                    }
                    body(
                        [listed, String(decoding: upper, as: UTF8.self), String(decoding: wide, as: UTF8.self)],
                        line.count,
                        nil
                    )
                } else {
                    guard let entry = String(validating: line, as: UTF8.self) else { throw Unreadable() }
                    let folded = PasswordFolding.fold(entry)
                    body(
                        [entry, entry.uppercased(), compatibilityForm(Substring(entry))],
                        folded.codePoints,
                        folded.bytes
                    )
                }
            }
        }
    }

    struct Unreadable: Error {}

    /// A form of `entry` whose NFKC is the entry's: each printable ASCII character as its
    /// fullwidth form (U+FF01...U+FF5E) and a space as the ideographic space (U+3000).
    static func compatibilityForm(_ entry: Substring) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in entry.unicodeScalars {
            switch scalar.value {
            case 0x21...0x7E: scalars.append(Unicode.Scalar(scalar.value + 0xFEE0)!)
            case 0x20: scalars.append(Unicode.Scalar(0x3000)!)
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// Random printable ASCII passwords from a fixed seed (SplitMix64): the false-positive sample.
struct RandomPasswords {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A password of `lengths` characters, each in U+0020...U+007E (from 16 random bits each:
    /// `bits * 95 >> 16`).
    mutating func next(lengths: ClosedRange<Int>) -> String {
        let length = lengths.lowerBound + Int(next64() % UInt64(lengths.count))
        return String(unsafeUninitializedCapacity: length) { bytes in
            var index = 0
            while index < length {
                var bits = next64()
                for _ in 0..<4 where index < length {
                    bytes[index] = 0x20 + UInt8(truncatingIfNeeded: ((bits & 0xFFFF) &* 95) >> 16)
                    bits >>= 16
                    index += 1
                }
            }
            return length
        }
    }
}
