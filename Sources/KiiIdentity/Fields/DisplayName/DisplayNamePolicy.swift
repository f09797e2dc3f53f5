/// Which rule display names follow.
///
/// - ``kii``: Kii Cloud's rule, 1 to 50 Unicode scalars of any content, kept as given. The
///   default: the library reproduces Kii exactly.
/// - ``nickname``: RFC 8266's PRECIS Nickname profile for names other people see (spaces trimmed
///   and collapsed, NFKC, no control, invisible, bidi-override or unassigned characters), with
///   RGI emoji sequences kept whole; 1 to 50 scalars once enforced, the enforced name stored.
///
/// ```swift
/// try DisplayName("ﾔﾏﾀﾞ", policy: .nickname).normalized   // "ヤマダ"
/// DisplayNamePolicy(rawValue: "nickname")               // .nickname
/// ```
public enum DisplayNamePolicy: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Kii Cloud's rule: any content, 1 to 50 scalars, kept as given.
    case kii
    /// RFC 8266 (PRECIS Nickname, case preserved), RGI emoji kept whole.
    case nickname

    /// The Unicode version of the nickname policy's tables.
    public static var unicodeVersion: String { UnicodeTables.unicodeVersion }

    public var description: String { rawValue }
}

extension DisplayNamePolicy {
    /// The bytes the nickname policy's decoded Unicode tables take in memory (for the benchmark).
    @_spi(Probes)
    public static var tableBytes: Int { UnicodeData.tableBytes }
}
