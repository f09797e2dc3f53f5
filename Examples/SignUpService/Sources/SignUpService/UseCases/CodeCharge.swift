import KiiIdentity

extension UserAccounts {
    /// Charges the codes a request is about to send for `kinds` of `record` (the user as it will
    /// be) to their destinations (the record's keys: the email address's, the E.164 number) and
    /// to `userID` (`nil` for a user not signed up yet), before anything is done
    /// (``Throttle/takeCodeSends(to:of:field:)``): nothing when no code goes.
    ///
    /// - Returns: the keys charged, to give back if the request fails before sending.
    /// - Throws: ``ServiceFailure`` `too_many_codes` under the first kind's field.
    func chargeCodes(for kinds: [LoginKind], of record: UserRecord, userID: String?) async throws -> [String] {
        let destinations = kinds.compactMap { record.uniquenessKeys[$0] }
        guard let first = kinds.first, !destinations.isEmpty else { return [] }
        return try await throttle.takeCodeSends(to: destinations, of: userID, field: first.field)
    }
}
