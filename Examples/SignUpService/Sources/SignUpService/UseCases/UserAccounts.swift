import KiiIdentity

/// The use cases of Kii's user API, each one method that owns its transaction and, where it
/// counts attempts, the throttle's take and settle: sign-up and pseudo sign-up, login and the
/// token check, reads, updates (and a pseudo user's upgrade), address changes, password change
/// and reset, verification and deletion. The controllers read a request into typed values,
/// call one of these and write the answer; the data is the ``DataStore``'s (SQL in the service,
/// memory in the use cases' tests).
final class UserAccounts: Sendable {
    /// The tables.
    let store: any DataStore
    /// How passwords are hashed and checked.
    let hasher: any PasswordHashing
    /// The settings (the policy, lifetimes and limits).
    let configuration: ServiceConfiguration
    /// Where codes go once their hashes are committed.
    let delivery: VerificationDelivery
    /// Unix seconds now.
    let clock: @Sendable () -> Int64
    /// Unix microseconds now, for the rate limits.
    let limitClock: @Sendable () -> Int64
    /// The key of the codes' stored hashes.
    let codeKey: CodeKey

    /// The use cases over `store`, with `configuration`'s policy, limits and lifetimes; codes
    /// hashed under `codeKey`; the rate limits read `limitClock` (Unix microseconds), by default
    /// `clock`'s seconds.
    init(
        store: any DataStore,
        hasher: any PasswordHashing,
        configuration: ServiceConfiguration,
        delivery: VerificationDelivery,
        codeKey: CodeKey,
        clock: @escaping @Sendable () -> Int64,
        limitClock: (@Sendable () -> Int64)? = nil
    ) {
        self.store = store
        self.hasher = hasher
        self.configuration = configuration
        self.delivery = delivery
        self.codeKey = codeKey
        self.clock = clock
        self.limitClock = limitClock ?? { clock() * 1_000_000 }
    }

    /// The registration policy.
    var policy: RegistrationPolicy { configuration.policy }

    /// How new passwords are judged (``PasswordJudge``).
    var passwordJudge: PasswordJudge { PasswordJudge(configuration: configuration) }

    /// The failed-attempt throttle.
    var throttle: Throttle { Throttle(store: store, configuration: configuration, clock: limitClock) }

    /// The budget of each account across addresses.
    var accountGate: AccountGate {
        AccountGate(store: store, rules: AccountGateRules(configuration), clock: limitClock)
    }

    /// What a login takes before its password is judged.
    var loginLimits: LoginLimits { LoginLimits(throttle: throttle, gate: accountGate) }

    /// A new code for each of `kinds` the record has: the digits to send and the row to store,
    /// its hash keyed by `key` (``CodeKey/current()``, taken before the transaction).
    func issueCodes(
        for kinds: [LoginKind],
        of record: UserRecord,
        userID: String,
        now: Int64,
        key: CodeKey.Secret
    ) -> [CodeToSend] {
        kinds.compactMap { kind in
            guard let value = record.uniquenessKeys[kind], let address = record.address(kind) else { return nil }
            let code = VerificationCode()
            let issued = IssuedCode(
                kind: kind,
                value: value,
                codeHash: code.hash(userID: userID, kind: kind, key: key),
                expiresAt: now + configuration.verificationCodeLifetime
            )
            return CodeToSend(kind: kind, code: code, issued: issued, address: address)
        }
    }

    /// Hands committed verification codes to the delivery.
    func deliver(_ codes: [CodeToSend], to userID: String) {
        for entry in codes {
            delivery.deliver(
                CodeMessage(
                    userID: userID,
                    purpose: .verification,
                    channel: entry.kind,
                    address: entry.address,
                    code: entry.code
                )
            )
        }
    }

    /// Writes `keys` of a new user's row in the transaction of `tables`, with the username's
    /// lookalike key where the policy refuses lookalikes.
    func take(_ keys: [UniquenessKey], for userID: String, in tables: Tables) async throws {
        try await tables.keys.take(keys, lookalike: configuration.refusesUsernameLookalikes, for: userID)
    }
}

/// A code to send once its hash is committed.
struct CodeToSend: Sendable {
    var kind: LoginKind
    var code: VerificationCode
    var issued: IssuedCode
    /// Where the code goes: the address as the user wrote it (its key may be lowercased).
    var address: String
}
