import KiiIdentity

/// The `{user}` segment of a path under `/api/apps/{appID}/users/`, as Kii names a user: `me`,
/// a user ID, or a qualified address, `LOGIN_NAME:<username>`, `EMAIL:<address>` or
/// `PHONE:<number>` (`+81…` or Kii's local form `JP-090…`), raw or percent-encoded; a `+` is a
/// plus sign, never a space (this is a path, not a form).
enum UserReference: Sendable, Hashable {
    /// The caller.
    case me
    /// A user ID.
    case id(String)
    /// The holder of an identifier.
    case holder(UniquenessKey)
    /// An address that no user can hold (it breaks the identifier's rules): no user.
    case nobody

    /// Reads a path segment as Hummingbird gives it (still percent-encoded).
    ///
    /// - Throws: ``ServiceFailure`` `malformed_user_id` for bad percent-encoding or a prefix
    ///   other than the three.
    init(segment: String, policy: RegistrationPolicy) throws {
        guard let text = Self.percentDecoded(segment) else { throw ServiceFailure(.userID, .malformedUserID) }
        if text == "me" {
            self = .me
            return
        }
        guard let colon = text.firstIndex(of: ":") else {
            // Only an ID the service could have issued names someone: the text goes into SQL,
            // and PostgreSQL refuses a NUL in it (a 500 before, found by HTTPFuzzTests).
            self = Self.isWellFormedID(text) ? .id(text) : .nobody
            return
        }
        let prefix = text[..<colon]
        let address = String(text[text.index(after: colon)...])
        let qualified: String
        switch prefix {
        case "LOGIN_NAME":
            guard !address.hasPrefix("EMAIL:"), !address.hasPrefix("PHONE:") else {
                self = .nobody
                return
            }
            qualified = address
        case "EMAIL", "PHONE": qualified = text
        default: throw ServiceFailure(.userID, .malformedUserID)
        }
        do throws(ValidationError) {
            self = .holder(try LoginIdentifier(qualified: qualified, policy: policy.phonePolicy).key)
        } catch {
            self = .nobody
        }
    }

    /// The kind of identifier a path segment names its user by (`LOGIN_NAME:` a username,
    /// `EMAIL:`, `PHONE:`), or `nil` for `me`, a user ID, or a segment that is not one of these:
    /// what counts as a lookup.
    static func lookupKind(of segment: String) -> LoginKind? {
        guard let text = percentDecoded(segment) else { return nil }
        if text.hasPrefix("LOGIN_NAME:") { return .username }
        if text.hasPrefix("EMAIL:") { return .email }
        if text.hasPrefix("PHONE:") { return .phone }
        return nil
    }

    /// Whether `text` has the form of a user ID: 1 to 64 ASCII letters, digits, `-`, `_` or `.`
    /// (the service issues lowercase UUIDs).
    static func isWellFormedID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte == 0x2D || byte == 0x5F
                    || byte == 0x2E
            }
    }

    /// `text` with `%XX` decoded (UTF-8), or `nil` for a broken escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
