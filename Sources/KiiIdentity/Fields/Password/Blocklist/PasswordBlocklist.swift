/// A set of known passwords (common, expected and breached ones) a new password is compared
/// with, whole: ``contains(_:)`` folds the password (NFKC, then lowercase) and looks it up in a
/// 16-bit binary fuse filter of the folded entries.
///
/// A member is always found; a password that is not one is taken for one about once in 65,536
/// (Scripts/password-blocklist/generate.py makes the filters; the tests measure both).
///
/// - ``builtIn``, in the library: the entries of at least 15 code points (337,344 of them),
///   enough for ``PasswordPolicy/nist``'s minimum of 15.
/// - Every entry (4,105,121), for a shorter minimum: the file `make password-blocklist` writes
///   (about 9.2 MB), read with ``init(bytes:)``.
///
/// ```swift
/// PasswordBlocklist.builtIn.contains("Password1234567890")   // true
/// ```
public struct PasswordBlocklist: Sendable, Hashable {
    /// How many distinct folded entries the set holds.
    public let entryCount: Int
    /// The fewest code points of an entry the set holds (folded): shorter passwords are not
    /// looked up.
    public let minimumLength: Int
    /// The packages and versions the entries come from.
    public let sources: String
    private let filter: BinaryFuseFilter16

    /// The in-library set: every known password of at least 15 code points, decoded from the
    /// generated literals at first use.
    public static let builtIn: PasswordBlocklist = {
        var bytes: [UInt8] = []
        for literal in PasswordBlocklistData.fingerprints {
            bytes.append(contentsOf: GeneratedTable(literal, width: 2).bytes)
        }
        let fingerprints = littleEndianUInt16(bytes[...])
        precondition(
            BinaryFuseFilter16.isWhole(
                segmentLength: PasswordBlocklistData.segmentLength,
                segmentCount: PasswordBlocklistData.segmentCount,
                fingerprintCount: fingerprints.count
            ),
            "the generated password blocklist is not whole"
        )
        return PasswordBlocklist(
            entryCount: PasswordBlocklistData.entryCount,
            minimumLength: PasswordBlocklistData.minimumLength,
            sources: PasswordBlocklistData.sources,
            filter: BinaryFuseFilter16(
                seed: PasswordBlocklistData.seed,
                segmentLength: PasswordBlocklistData.segmentLength,
                segmentCount: PasswordBlocklistData.segmentCount,
                fingerprints: fingerprints
            )
        )
    }()

    private init(entryCount: Int, minimumLength: Int, sources: String, filter: BinaryFuseFilter16) {
        self.entryCount = entryCount
        self.minimumLength = minimumLength
        self.sources = sources
        self.filter = filter
    }

    /// Reads a blocklist file as `make password-blocklist` writes it:
    /// its header, then its fingerprints, then a checksum of both.
    ///
    /// - Throws: ``FileProblem`` when the bytes are not a whole blocklist file of a format this
    ///   library reads (a truncated or altered file, another file, another format version).
    /// - Complexity: O(*n*) in the file's size (one pass for the checksum, one copy).
    public init(bytes: [UInt8]) throws(FileProblem) {
        let file = try PasswordBlocklistFile(bytes: bytes)
        self.init(
            entryCount: file.entryCount,
            minimumLength: file.minimumLength,
            sources: file.sources,
            filter: file.filter
        )
    }

    /// Whether `password`, folded (NFKC, then each code point's full lowercase mapping), is one
    /// of the set's entries (or, about once in 65,536, taken for one). A password shorter than
    /// ``minimumLength`` once folded is never found.
    ///
    /// - Complexity: O(*n*) in the password's length; allocates nothing for ASCII up to 256 bytes.
    public func contains(_ password: String) -> Bool {
        PasswordFolding.withFolded(password) { bytes, codePoints in
            codePoints >= minimumLength && filter.mayContain(keyHash: PasswordBlocklistHash.hash(bytes))
        }
    }

    /// Whether the folded password in `bytes` (`codePoints` long) is an entry: the lookup alone.
    func contains(folded bytes: UnsafeBufferPointer<UInt8>, codePoints: Int) -> Bool {
        codePoints >= minimumLength && filter.mayContain(keyHash: PasswordBlocklistHash.hash(bytes))
    }

    /// Whether two blocklists are one set: the same entries and the same filter (seed and shape).
    public static func == (left: Self, right: Self) -> Bool {
        left.entryCount == right.entryCount && left.minimumLength == right.minimumLength
            && left.sources == right.sources
            && left.filter.seed == right.filter.seed && left.filter.segmentLength == right.filter.segmentLength
            && left.filter.segmentCount == right.filter.segmentCount
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entryCount)
        hasher.combine(minimumLength)
        hasher.combine(filter.seed)
    }

    /// `bytes` read as little-endian 16-bit values (a whole number of them).
    static func littleEndianUInt16(_ bytes: ArraySlice<UInt8>) -> [UInt16] {
        let count = bytes.count / 2
        return [UInt16](unsafeUninitializedCapacity: count) { values, initialized in
            bytes.withUnsafeBytes { raw in
                guard count > 0, let target = values.baseAddress, let source = raw.baseAddress else { return }
                UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: count * 2)
            }
            #if _endian(big)
            for index in 0..<count { values[index] = UInt16(littleEndian: values[index]) }
            #endif
            initialized = count
        }
    }
}
