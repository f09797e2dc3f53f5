public import KiiIdentity

/// What a store operation can refuse, besides a database failure.
public enum StoreError: Error, Sendable, Hashable {
    /// Keys another user holds: the kinds, in table order. Nothing was written.
    case taken([LoginKind])
    /// No user with that ID (deleted meanwhile).
    case userNotFound
    /// A stored key that is not the normalised key of its kind: the database was written by
    /// something else.
    case corruptKey(LoginKind)
    /// A statement answered what it cannot answer (an upsert with `RETURNING` and no row).
    case unexpectedAnswer(String)
}

/// A step of a write at which a test can make the store fail, to prove that a failure at any
/// step leaves nothing behind.
public enum StoreStep: String, Sendable, Hashable, CaseIterable {
    /// The user's row is written (or updated), its keys not yet.
    case afterUserRow
    /// The keys are written too.
    case afterKeys
    /// Everything is written; the transaction is about to commit.
    case beforeCommit
}

/// The failure a ``StoreStep`` hook throws in tests.
public struct InjectedFailure: Error, Sendable, Hashable {
    /// Where it was thrown.
    public var step: StoreStep

    /// A failure at `step`.
    public init(step: StoreStep) { self.step = step }
}
