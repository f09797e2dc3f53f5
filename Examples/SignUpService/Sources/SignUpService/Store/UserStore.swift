public import KiiIdentity

/// The users as a test or a tool reads them, through the service's ``DataStore``: a user by ID
/// or by an identifier, and the keys it holds.
public struct UserStore: Sendable {
    /// The tables.
    let store: any DataStore

    /// A reader of `store`.
    init(store: any DataStore) { self.store = store }

    /// The user with `userID`, or `nil`.
    public func user(_ userID: String) async throws -> StoredUser? {
        try await store.session { tables in try await tables.users.user(userID, locking: false) }
    }

    /// The user holding `key`, or `nil`.
    public func user(holding key: UniquenessKey) async throws -> StoredUser? {
        try await store.session { tables in try await tables.users.user(holdingFirstOf: [key])?.user }
    }

    /// The login keys stored for `userID`, in table order (not its lookalike key).
    public func keys(of userID: String) async throws -> [UniquenessKey] {
        try await store.session { tables in try await tables.keys.keys(of: userID) }
    }

    /// The lookalike key stored for `userID`, or `nil`.
    public func lookalikeKey(of userID: String) async throws -> String? {
        try await store.session { tables in try await tables.keys.lookalikeKey(of: userID) }
    }

    /// A record as the `record` column holds it: compact JSON, members sorted.
    public static func text(of record: UserRecord) -> String { StoredUser.text(of: record) }
}
