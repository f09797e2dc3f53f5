import HTTPTypes
import KiiIdentity

/// A budget per account across addresses (NIST SP 800-63B-4, 3.2.2; OWASP's answer to the
/// lock-out dilemma): each account counts its *consecutive* failed logins from every address
/// (its streak), before they are judged, and a successful login or a completed password reset
/// ends the streak. While the streak is below `ACCOUNT_FAILURES_BEFORE_DELAY` every attempt is
/// admitted (the per-address limits of ``Throttle`` aside); from there a *stranger* (an address
/// that has not logged in to the account in the last 90 days) is admitted only while the
/// account's gate is open, and each admitted stranger closes it for 1 s, 2 s, 4 s, … (at most
/// an hour); at `ACCOUNT_FAILURE_LIMIT` strangers are refused until the streak ends. An address
/// the account logged in from (its latest ``RememberedAddress/perAccount``) is never held at the
/// gate: an attack does not lock the owner out. See ``AccountGateRules``.
///
/// The gate is a row of `account_gates`, judged and charged in one statement per attempt, so
/// that every instance shares it and concurrent attempts are admitted one after another.
struct AccountGate: Sendable {
    let store: any DataStore
    let rules: AccountGateRules
    /// Unix microseconds now.
    let clock: @Sendable () -> Int64

    /// Takes one attempt on `account` (a user ID, or an identifier nobody holds) from `address`
    /// before it is judged. Settle it with ``succeeded(_:)`` or ``notAFailure(_:)``; a failure
    /// leaves it counted.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_attempts` (429, `Retry-After`: the whole seconds
    ///   until the gate opens, or an hour past the limit) when the gate refuses it.
    func admit(_ account: String, from address: String, field: ValidationError.Field) async throws -> AccountAdmission {
        let now = clock()
        let remembered = RememberedAddress(address)
        let rules = rules
        let state = try await store.session { tables in
            var known = false
            if let remembered {
                known = try await tables.remembered.remembers(remembered.text, of: account, now: now / 1_000_000)
            }
            return try await tables.gates.admit(account, stranger: !known, rules: rules, now: now)
        }
        let admission = AccountAdmission(account: account, address: remembered)
        guard let retryAfter = rules.retryAfter(state, now: now) else { return admission }
        throw ServiceFailure(
            field,
            .tooManyAttempts(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    /// The attempt logged in: the streak ends (the gate opens, its delay starts over) and the
    /// address is remembered for the account (its oldest past ``RememberedAddress/perAccount``
    /// forgotten).
    func succeeded(_ admission: AccountAdmission) async throws {
        let expiresAt = clock() / 1_000_000 + RememberedAddress.lifetime
        try await store.session { tables in
            try await tables.gates.clear(admission.account)
            if let address = admission.address {
                try await tables.remembered.remember(
                    address.text,
                    of: admission.account,
                    until: expiresAt,
                    keeping: RememberedAddress.perAccount
                )
            }
        }
    }

    /// The attempt was not a failure (the right password of a user who cannot log in yet): it
    /// leaves the streak.
    func notAFailure(_ admission: AccountAdmission) async throws {
        try await store.session { tables in try await tables.gates.giveBack(admission.account) }
    }

    /// The user's password was reset: the streak ends.
    func reset(_ userID: String) async throws {
        try await store.session { tables in try await tables.gates.clear(userID) }
    }
}

/// One attempt admitted by an ``AccountGate``: the account, and the address as the account
/// would remember it.
struct AccountAdmission: Sendable {
    /// A user ID, or an identifier nobody holds (`login:username:bob`).
    var account: String
    /// The client's address, `nil` when it is no IP address.
    var address: RememberedAddress?
}
