import Foundation
import HTTPTypes
import Hummingbird
import KiiIdentity

/// What the resources' handlers share (``UserRoutes``, ``TokenRoutes``, ``IdentityRoutes``,
/// ``PasswordResetRoutes``): the stores, the hasher, the settings, the clock and the delivery
/// of codes, with the checks every route makes first: the app, and the caller's token.
struct ServiceContext: Sendable {
    let users: UserStore
    let tokens: TokenStore
    let codes: CodeStore
    let throttle: ThrottleStore
    let hasher: any PasswordHashing
    let configuration: ServiceConfiguration
    let delivery: VerificationDelivery
    /// Unix seconds now.
    let clock: @Sendable () -> Int64

    var policy: RegistrationPolicy { configuration.policy }

    /// The throttle's window, in seconds.
    static let throttleWindow: Int64 = 60

    // MARK: Who is asking

    /// Checks an anonymous request's app (its key is required).
    func checkAnonymous(_ request: Request, pathAppID: String?) throws {
        try AppCredentials(app: configuration.app).check(request, pathAppID: pathAppID, anonymous: true)
    }

    /// The caller of a request that needs a user: the app checked, then the Bearer token.
    ///
    /// - Throws: ``ServiceFailure``: `APP_NOT_FOUND`, `UNAUTHORIZED` (no token), `WRONG_TOKEN`.
    func caller(of request: Request, context: ServiceRequestContext) async throws -> Caller {
        try AppCredentials(app: configuration.app).check(
            request,
            pathAppID: context.parameters.get("appID"),
            anonymous: false
        )
        guard let token = BearerToken.of(request) else { throw BearerToken.missing }
        let hash = token.hash
        guard let userID = try await tokens.userID(forTokenHash: hash, now: clock()) else { throw BearerToken.invalid }
        return Caller(userID: userID, tokenHash: hash)
    }

    /// The user the path's `{user}` names, who must be the caller (`me`, the caller's ID, or an
    /// address the caller holds): only users themselves change their data.
    ///
    /// - Throws: ``ServiceFailure`` `not_owner` (403) for another user, `user_not_found` (404)
    ///   for an address nobody holds.
    func callerItself(_ request: Request, context: ServiceRequestContext) async throws -> Caller {
        let caller = try await caller(of: request, context: context)
        switch try UserReference(segment: try context.parameters.require("user"), policy: policy) {
        case .me: return caller
        case .id(let userID) where userID == caller.userID: return caller
        case .id: throw ServiceFailure(.userID, .notOwner)
        case .holder(let key):
            guard let holder = try await users.user(holding: key) else { throw ServiceFailure(.userID, .userNotFound) }
            guard holder.userID == caller.userID else { throw ServiceFailure(.userID, .notOwner) }
            return caller
        case .nobody: throw ServiceFailure(.userID, .userNotFound)
        }
    }

    /// The address the throttle counts this request against (see ``ClientAddress``).
    func clientAddress(of request: Request, context: ServiceRequestContext) -> String {
        ClientAddress.of(request, context: context, trustedHeader: configuration.trustedProxyHeader)
    }

    // MARK: Bodies

    /// The body of a JSON route (see ``RequestJSON/bytes(of:accepting:maximumBytes:allowEmpty:)``).
    func body(of request: Request, accepting types: [MediaType]) async throws -> [UInt8] {
        try await RequestJSON.bytes(of: request, accepting: types, maximumBytes: configuration.maxBodyBytes) ?? []
    }

    // MARK: Throttle

    /// Takes one attempt for `subjects` (an identifier's keys, a user's code, ...) from `address`
    /// before the attempt is judged, so that at most the allowed number of attempts reach
    /// bcrypt or a code's check however many arrive at once. Counted against each subject *from
    /// that address* (``ServiceConfiguration/loginFailuresPerMinute``: a stranger failing for a
    /// user from one address does not lock the user out elsewhere) and against the address
    /// alone (``ServiceConfiguration/addressFailuresPerMinute``: one password tried against many
    /// accounts). Settle it with ``succeeded(_:)`` or ``notAFailure(_:)``; a failure leaves it
    /// counted.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_attempts` (429, `Retry-After` until the fullest
    ///   window ends) when a count is over its limit; that attempt is given back.
    func takeAttempt(
        _ subjects: [String],
        from address: String,
        field: ValidationError.Field
    ) async throws
        -> ThrottledAttempt
    {
        let attempt = ThrottledAttempt(subjects: subjects.map { "\($0)@\(address)" }, address: "address:\(address)")
        let now = clock()
        let keys = attempt.keys
        let counts = try await throttle.take(keys, now: now, window: Self.throttleWindow)
        var windowEnd: Int64?
        for (key, count) in zip(keys, counts) {
            let limit =
                key == attempt.address ? configuration.addressFailuresPerMinute : configuration.loginFailuresPerMinute
            if count.count > limit { windowEnd = max(windowEnd ?? count.windowEnd, count.windowEnd) }
        }
        guard let windowEnd else { return attempt }
        try await throttle.giveBack(keys)
        let retryAfter = max(1, windowEnd - now)
        throw ServiceFailure(
            field,
            .tooManyAttempts(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    /// Takes an attempt for a request that sends `userID` a code (a reset or a new verification
    /// code), from the client's address. It is never given back once the code is on its way: each
    /// message counts, so one address cannot make the service flood a mailbox or a phone with
    /// more than `LOGIN_FAILURES_PER_MINUTE` messages a minute for one user, nor send more than
    /// `ADDRESS_FAILURES_PER_MINUTE` a minute in all.
    func takeCodeRequest(
        of userID: String,
        _ request: Request,
        _ context: ServiceRequestContext,
        field: ValidationError.Field
    ) async throws -> ThrottledAttempt {
        try await takeAttempt(["code:\(userID)"], from: clientAddress(of: request, context: context), field: field)
    }

    /// The attempt succeeded: the subjects' failures from that address are forgotten, and the
    /// attempt is given back to the address (its other failures stay).
    func succeeded(_ attempt: ThrottledAttempt) async throws {
        try await throttle.clearFailures(of: attempt.subjects)
        try await throttle.giveBack([attempt.address])
    }

    /// The attempt was not a failure (the right password of a user who cannot log in yet):
    /// given back to every key.
    func notAFailure(_ attempt: ThrottledAttempt) async throws {
        try await throttle.giveBack(attempt.keys)
    }

    // MARK: Verification codes

    /// A new code for each of `kinds` the record has: the digits to send and the row to store.
    static func issueCodes(
        for kinds: [LoginKind],
        of record: UserRecord,
        userID: String,
        now: Int64,
        lifetime: Int64
    ) -> [CodeToSend] {
        kinds.compactMap { kind in
            guard let value = record.uniquenessKeys[kind] else { return nil }
            let code = VerificationCode()
            let issued = IssuedCode(
                kind: kind,
                value: value,
                codeHash: code.hash(userID: userID, kind: kind),
                expiresAt: now + lifetime
            )
            return CodeToSend(kind: kind, code: code, issued: issued)
        }
    }

    /// ``issueCodes(for:of:userID:now:lifetime:)`` with the configured lifetime.
    func issueCodes(for kinds: [LoginKind], of record: UserRecord, userID: String, now: Int64) -> [CodeToSend] {
        Self.issueCodes(
            for: kinds,
            of: record,
            userID: userID,
            now: now,
            lifetime: configuration.verificationCodeLifetime
        )
    }

    /// Hands committed verification codes to the delivery.
    func deliver(_ codes: [CodeToSend], to userID: String) {
        for entry in codes {
            delivery.deliver(
                CodeMessage(
                    userID: userID,
                    purpose: .verification,
                    channel: entry.kind,
                    address: entry.issued.value,
                    code: entry.code
                )
            )
        }
    }
}

/// The user a request's token names, and that token's hash (kept when the user changes the
/// password).
struct Caller: Sendable, Hashable {
    var userID: String
    var tokenHash: String
}

/// One attempt taken against the throttle (``ServiceContext/takeAttempt(_:from:field:)``): the
/// keys it was counted against.
struct ThrottledAttempt: Sendable {
    /// Each subject with the client's address: `login:email:ann@example.com@203.0.113.7`.
    var subjects: [String]
    /// The address alone: `address:203.0.113.7`.
    var address: String
    /// Every key, the address last.
    var keys: [String] { subjects + [address] }
}

/// A code to send once its hash is committed.
struct CodeToSend: Sendable {
    var kind: LoginKind
    var code: VerificationCode
    var issued: IssuedCode
}
