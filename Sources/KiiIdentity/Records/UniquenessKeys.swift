/// The values a service keeps unique across its users: the lowercased username, the lowercased
/// email address (local part and domain: ``EmailAddress/key``), and the E.164 phone number.
///
/// `User_1` and `user_1` have one key; `Bob@Example.com` and `bob@example.com` have one key;
/// `+14155552671`, `US-4155552671` and a typed `(415) 555-2671` with country `US` have one key.
///
/// ```swift
/// let keys = registration.uniquenessKeys
/// for (kind, key) in keys.all where store.exists(kind, key) { /* already taken */ }
/// ```
public struct UniquenessKeys: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The username key (ASCII-lowercased), or `nil`.
    public let username: String?
    /// The email key (the whole address lowercased, ``EmailAddress/key``), or `nil`. The address
    /// a service stores and answers is ``EmailAddress/normalized``, its local part as given.
    public let email: String?
    /// The phone key (E.164), or `nil`.
    public let phone: String?

    /// The username's lookalike key (``Username/lookalikeKey``: `b0b` and `bob` share `bob`), or
    /// `nil`: a key of its own kind beside the login kinds, which a service keeps unique too so
    /// that a username cannot pass for another's. Not a login identifier: ``all`` and ``keys``
    /// list the login kinds only.
    ///
    /// - Complexity: O(*n*) each time it is read (a registration that is not stored pays nothing).
    public var usernameLookalike: String? { username.map(UsernameLookalikes.key) }

    /// The keys of validated identifiers.
    public init(username: Username? = nil, email: EmailAddress? = nil, phone: PhoneNumber? = nil) {
        self.username = username?.normalized
        self.email = email?.key
        self.phone = phone?.e164
    }

    /// The key of one login identifier (what a login form looks up).
    public init(identifier: LoginIdentifier) {
        switch identifier.value {
        case .username(let username): self.init(username: username)
        case .email(let email): self.init(email: email)
        case .phone(let phone): self.init(phone: phone)
        }
    }

    /// The key for `kind`, or `nil`.
    public subscript(kind: LoginKind) -> String? {
        switch kind {
        case .username: username
        case .email: email
        case .phone: phone
        }
    }

    /// Every present key with its kind, in table order (username, email, phone).
    public var all: [(kind: LoginKind, key: String)] { present { ($0, $1) } }

    /// Every present key, in table order: the rows a service stores under its UNIQUE
    /// (kind, value) constraint.
    public var keys: [UniquenessKey] { present { UniquenessKey(kind: $0, value: $1) } }

    /// `element` of each present key, in table order, in one array allocated at its size.
    private func present<Element>(_ element: (LoginKind, String) -> Element) -> [Element] {
        var present: [Element] = []
        present.reserveCapacity((username == nil ? 0 : 1) + (email == nil ? 0 : 1) + (phone == nil ? 0 : 1))
        for kind in LoginKind.allCases { if let key = self[kind] { present.append(element(kind, key)) } }
        return present
    }

    /// Whether there is no key (a pseudo user).
    public var isEmpty: Bool { username == nil && email == nil && phone == nil }

    /// `username=user_1 email=ann@example.com phone=+14155552671`.
    public var description: String {
        all.map { "\($0.kind)=\($0.key)" }.joined(separator: " ")
    }

    /// Decodes `{"username": ..., "email": ..., "phone": ...}` and checks each key is in its
    /// normalised form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func key(_ codingKey: CodingKeys, _ kind: LoginKind) throws -> String? {
            guard let raw = try container.decodeIfPresent(String.self, forKey: codingKey) else { return nil }
            if let problem = UniquenessKey.whyNotNormalized(raw, kind: kind) {
                throw DecodingError.dataCorruptedError(forKey: codingKey, in: container, debugDescription: problem)
            }
            return raw
        }
        username = try key(.username, .username)
        email = try key(.email, .email)
        phone = try key(.phone, .phone)
        // Derived from the username: a stored copy must be the username's.
        let lookalike = try container.decodeIfPresent(String.self, forKey: .usernameLookalike)
        let expected = username.map(UsernameLookalikes.key)
        if let lookalike, lookalike != expected {
            throw DecodingError.dataCorruptedError(
                forKey: .usernameLookalike,
                in: container,
                debugDescription: "not the username's lookalike key (expected \(expected ?? "none"))"
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(username, forKey: .username)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(phone, forKey: .phone)
        try container.encodeIfPresent(usernameLookalike, forKey: .usernameLookalike)
    }

    private enum CodingKeys: String, CodingKey {
        case username, email, phone, usernameLookalike
    }
}
