/// One identifier's key: what a service stores as one row under a UNIQUE (kind, value)
/// constraint, so that the database itself refuses a second user with the same identifier.
///
/// The value is the identifier's key: the lowercased username, the lowercased email address
/// (local part included, ``EmailAddress/key``), the E.164 phone number. Two users collide
/// exactly when they have an equal key: `User_1` and `user_1` do, `Bob@example.com` and
/// `bob@example.com` do, and so do `+14155552671`, `US-4155552671` and `4155552671` read in `US`.
///
/// ```swift
/// for key in registration.uniquenessKeys.keys {
///     // INSERT INTO user_keys (kind, value, user_id) VALUES (key.kind.rawValue, key.value, id)
/// }
/// ```
public struct UniquenessKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which identifier the key is of; its raw value (`username`, `email`, `phone`) names the
    /// kind in a stored row.
    public let kind: LoginKind
    /// The normalised value.
    public let value: String

    /// The key of `value` as ``UniquenessKeys`` normalises it; internal, so that a key is
    /// always one the library normalised.
    init(kind: LoginKind, value: String) {
        self.kind = kind
        self.value = value
    }

    /// The key of a stored row: `value` must be a normalised key of `kind` (a lowercased
    /// username, a lowercased email address, an E.164 number of any valid type); `nil`
    /// otherwise (an email key with a capital in its local part, as earlier releases stored it,
    /// included: a service rebuilds such keys with ``EmailAddress/key``).
    ///
    /// ```swift
    /// UniquenessKey(kind: .phone, storedValue: "+14155552671")    // phone=+14155552671
    /// UniquenessKey(kind: .username, storedValue: "User_1")       // nil: not lowercased
    /// ```
    public init?(kind: LoginKind, storedValue value: String) {
        guard Self.whyNotNormalized(value, kind: kind) == nil else { return nil }
        self.init(kind: kind, value: value)
    }

    /// Decodes `{"kind": "email", "value": "ann@example.com"}` and checks the value is a
    /// normalised key of that kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(LoginKind.self, forKey: .kind)
        let raw = try container.decode(String.self, forKey: .value)
        if let problem = Self.whyNotNormalized(raw, kind: kind) {
            throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: problem)
        }
        self.init(kind: kind, value: raw)
    }

    /// Why `raw` is not a stored key of `kind`: its problems, or the normalised form it should
    /// have been written in; `nil` when it is one. A phone key is checked with any valid
    /// number accepted, whatever policy stored it.
    static func whyNotNormalized(_ raw: String, kind: LoginKind) -> String? {
        let normalized: String
        do throws(ValidationError) {
            normalized =
                switch kind {
                case .username: try Username(raw).normalized
                case .email: try EmailAddress(raw).key
                case .phone: try PhoneNumber(international: raw, policy: .anyValidNumber).e164
                }
        } catch {
            return error.description
        }
        return normalized == raw ? nil : "not a normalised key (expected \(normalized))"
    }

    private enum CodingKeys: String, CodingKey {
        case kind, value
    }

    /// `email=ann@example.com`.
    public var description: String { "\(kind)=\(value)" }
}
