import KiiIdentity

/// The rows of `identity_keys` that a user's keys take, in table order (username, email, phone,
/// then the username's lookalike key), and which kinds are taken when some rows could not be
/// written: what every ``IdentityKeyRepository`` shares.
struct IdentityKeyRows {
    /// The `kind` of a username's lookalike key.
    static let lookalikeKind = "lookalike"

    /// The keys, in table order.
    let ordered: [UniquenessKey]
    /// The rows to write: each key, and with the lookalike key its row last.
    let rows: [(kind: String, value: String)]

    /// The rows of `keys`; `lookalike`: with the username's lookalike key.
    init(_ keys: [UniquenessKey], lookalike: Bool) {
        ordered = keys.sorted { $0.kind < $1.kind }
        var rows = ordered.map { (kind: $0.kind.rawValue, value: $0.value) }
        if lookalike, let username = ordered.first(where: { $0.kind == .username }),
            let key = Self.lookalikeKey(ofUsernameKey: username.value)
        {
            rows.append((kind: Self.lookalikeKind, value: key))
        }
        self.rows = rows
    }

    /// Throws ``StoreError/taken(_:)`` with the kinds whose rows are not among `inserted` (a
    /// lookalike key held by someone else is the username taken).
    func throwTaken(inserted: Set<String>) throws {
        var taken = ordered.map(\.kind).filter { !inserted.contains($0.rawValue) }
        if rows.count > ordered.count, !inserted.contains(Self.lookalikeKind), !taken.contains(.username) {
            taken.insert(.username, at: 0)
        }
        if !taken.isEmpty { throw StoreError.taken(taken) }
    }

    /// The lookalike key of a stored username key, or `nil` for a value that is no longer a
    /// valid username (written under older rules).
    static func lookalikeKey(ofUsernameKey value: String) -> String? {
        try? Username(value).lookalikeKey.text
    }
}
