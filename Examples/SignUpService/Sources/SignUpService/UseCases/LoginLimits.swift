import KiiIdentity

/// What a login takes before its password is judged: one attempt against the throttle (its
/// subjects from the client's address, and the address alone: one statement) and against the
/// account's gate (the remembered-address read and the gate's upsert). `make bench-signup`
/// times it under load ("login limit check"), the added latency issue 51 bounds.
package struct LoginLimits: Sendable {
    /// The per-address limits.
    let throttle: Throttle
    /// The per-account budget.
    let gate: AccountGate

    /// Takes one attempt for `subjects` (the resolved user's key, or the typed identifier's
    /// keys) and `account` (the user's ID, or the identifier nobody holds) from `address`.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_attempts` when either refuses it (the throttle's
    ///   keys keep their charge, as ``Throttle/take(_:from:field:)`` says).
    func take(_ subjects: [String], account: String, from address: String) async throws -> LoginAttempt {
        let throttled = try await throttle.take(subjects, from: address, field: .loginUsername)
        let admission = try await gate.admit(account, from: address, field: .loginUsername)
        return LoginAttempt(throttled: throttled, admission: admission)
    }

    /// The check of a login to the user `userID` from `address`, as ``take(_:account:from:)``
    /// makes it, left counted as a failure (the benchmark's route).
    package func takeFailure(of userID: String, from address: String) async throws {
        _ = try await take(["login:user:\(userID)"], account: userID, from: address)
    }

    /// The attempt logged in: the throttle's subjects and the account's streak are cleared, the
    /// address's attempt given back and the address remembered.
    func succeeded(_ attempt: LoginAttempt) async throws {
        try await throttle.succeeded(attempt.throttled)
        try await gate.succeeded(attempt.admission)
    }

    /// The attempt was not a failure (the right password of a user who cannot log in yet).
    func notAFailure(_ attempt: LoginAttempt) async throws {
        try await throttle.notAFailure(attempt.throttled)
        try await gate.notAFailure(attempt.admission)
    }
}

/// One login attempt taken by ``LoginLimits``: what to settle.
struct LoginAttempt: Sendable {
    /// The throttle's keys it was counted against.
    var throttled: ThrottledAttempt
    /// The account's gate's admission.
    var admission: AccountAdmission
}
