/// Which rule new passwords follow.
///
/// - ``kii``: Kii Cloud's rule, 4 to 50 printable ASCII characters, kept as given. The default:
///   the library reproduces Kii exactly.
/// - ``nist``: NIST SP 800-63B-4 §3.1.1.2 for a password that is the only factor: RFC 8265's
///   OpaqueString characters (non-ASCII spaces mapped to U+0020; controls, invisible, bidi and
///   unassigned characters refused), NFKC, 15 to 256 code points, and refused when the whole
///   password is a known one (``PasswordBlocklist``), holds a word of its context
///   (``PasswordContext``), or is one short unit repeated or a run of consecutive characters.
/// - ``nist(minimumLength:blocklist:)``: the same with another minimum (8 for a password used
///   with a second factor, as NIST allows) or another blocklist (the full set's file, which a
///   minimum under 15 needs).
///
/// ```swift
/// try Password("correct horse battery staple", policy: .nist)
/// try Password("password12345678", policy: .nist)   // throws: common_password
/// ```
public struct PasswordPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The rules a policy can apply.
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// Kii Cloud's rule.
        case kii
        /// NIST SP 800-63B-4 §3.1.1.2.
        case nist
    }

    /// The rule.
    public let rule: Rule
    /// The fewest code points a password may have once normalised (``Password/lengths``' lower
    /// bound under ``kii``).
    public let minimumLength: Int
    /// The blocklist given to ``nist(minimumLength:blocklist:)``; `nil` for the in-library one,
    /// which is decoded only when a password is judged (never under ``kii``).
    private let givenBlocklist: PasswordBlocklist?

    /// The known passwords refused under ``nist``: ``PasswordBlocklist/builtIn`` unless another
    /// was given.
    public var blocklist: PasswordBlocklist { givenBlocklist ?? .builtIn }

    /// The most code points a password may have once normalised under ``nist``.
    public static let maximumLength = 256
    /// Past this many bytes of UTF-8, a password is refused as too long before any other work.
    public static let maximumInputBytes = 4096
    /// Words of a ``PasswordContext`` shorter than this many characters do not count.
    public static let minimumContextWordLength = 4

    /// Kii Cloud's rule (``Password/init(_:)``).
    public static let kii = PasswordPolicy(rule: .kii, minimumLength: Password.lengths.lowerBound, blocklist: nil)

    /// NIST SP 800-63B-4 for a single-factor password: at least 15 code points, the in-library
    /// blocklist.
    public static let nist = PasswordPolicy(rule: .nist, minimumLength: 15, blocklist: nil)

    /// NIST SP 800-63B-4 with another minimum or blocklist.
    ///
    /// - Parameters:
    ///   - minimumLength: 8 to 64 code points; 15 for a password that is the only factor, 8 at
    ///     least for one used with a second factor. Clamped into that range.
    ///   - blocklist: the known passwords; `nil` for the in-library one, which holds those of 15
    ///     code points and more, so a lower minimum wants the full set's file
    ///     (``PasswordBlocklist/init(bytes:)``).
    public static func nist(minimumLength: Int, blocklist: PasswordBlocklist? = nil) -> PasswordPolicy {
        PasswordPolicy(rule: .nist, minimumLength: min(max(minimumLength, 8), 64), blocklist: blocklist)
    }

    private init(rule: Rule, minimumLength: Int, blocklist: PasswordBlocklist?) {
        self.rule = rule
        self.minimumLength = minimumLength
        givenBlocklist = blocklist
    }

    /// `kii`, `nist`, or `nist (minimum 8)`.
    public var description: String {
        switch rule {
        case .kii: "kii"
        case .nist: minimumLength == 15 ? "nist" : "nist (minimum \(minimumLength))"
        }
    }

    /// A typed password in the form this policy stores, judging nothing: as typed under ``kii``;
    /// under ``nist``, non-ASCII spaces mapped to U+0020 and NFKC (input past
    /// ``maximumInputBytes`` is given back as typed: no stored password is that long).
    ///
    /// A login calls it before it verifies the typed password against a hash of
    /// ``Password/rawValue``, so `Ｐａｓｓ…` typed on a full-width keyboard matches `Pass…`.
    public func normalized(_ typed: String) -> String {
        rule == .kii ? typed : NISTPasswordRule.normalized(typed)
    }
}
