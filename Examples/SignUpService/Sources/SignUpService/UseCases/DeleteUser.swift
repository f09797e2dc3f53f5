import KiiIdentity

extension UserAccounts {
    /// Deletes the caller; its identifiers are free at once, its tokens and codes gone.
    ///
    /// - Throws: ``ServiceFailure`` `WRONG_TOKEN` when the user is already gone.
    func delete(_ caller: Caller) async throws {
        let userID = caller.userID
        guard try await store.transaction({ tables in try await tables.users.delete(userID) }) else {
            throw BearerToken.invalid
        }
    }
}
