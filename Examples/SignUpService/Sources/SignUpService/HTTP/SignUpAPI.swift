import Foundation
import HTTPTypes
import Hummingbird
import KiiIdentity
import Logging

/// The routes' work: read the request, let KiiIdentity judge it, store it, answer.
///
/// Every handler throws its refusals (``APIFailure``, `ValidationError`, ``StoreError``);
/// ``AnswerMiddleware`` turns them into answers in the request's language.
struct SignUpAPI: Sendable {
    let store: UserStore
    let hasher: PasswordHasher
    let configuration: ServiceConfiguration
    let delivery: VerificationDelivery
    let clock: @Sendable () -> Int64
    let timings: BenchmarkTimings

    var policy: RegistrationPolicy { configuration.policy }

    /// The failed-login window, in seconds.
    static let throttleWindow: Int64 = 60

    // MARK: POST /users

    func signUp(_ request: Request) async throws -> Response {
        let bytes = try await RequestJSON.bytes(of: request, maximumBytes: configuration.maxBodyBytes) ?? []
        let registration: Registration
        do throws(ValidationError) {
            let policy = policy
            registration = try timings.library.measure { () throws(ValidationError) in
                try Registration(json: bytes, policy: policy)
            }
        } catch {
            throw APIFailure(error)
        }
        let hash = try await hasher.hash(registration.body.password.rawValue)
        let userID = Self.newUserID()
        let now = clock()
        let codes = issueCodes(
            for: registration.awaitingVerification,
            of: registration.record,
            userID: userID,
            now: now
        )
        let user = StoredUser(
            userID: userID,
            record: registration.record,
            passwordHash: hash,
            emailVerified: registration.emailAddressVerified,
            phoneVerified: registration.phoneNumberVerified
        )
        let keys = registration.uniquenessKeys.keys
        try await timings.database.measureAsync {
            try await store.create(user, keys: keys, codes: codes.map(\.issued), now: now)
        }
        deliver(codes, to: userID)
        return .json(.created, timings.library.measure { UserJSON.owner(user) })
    }

    // MARK: POST /users/pseudo

    func createPseudoUser(_ request: Request) async throws -> Response {
        let bytes = try await RequestJSON.bytes(of: request, maximumBytes: configuration.maxBodyBytes, allowEmpty: true)
        let pseudo: PseudoUserRegistration
        do throws(ValidationError) {
            if let bytes {
                pseudo = try PseudoUserRegistration(json: bytes)
            } else {
                pseudo = try PseudoUserRegistration()
            }
        } catch {
            throw APIFailure(error)
        }
        let userID = Self.newUserID()
        let now = clock()
        let token = AccessToken()
        let user = StoredUser(
            userID: userID,
            record: pseudo.body,
            passwordHash: nil,
            emailVerified: nil,
            phoneVerified: nil
        )
        try await store.createPseudoUser(
            user,
            token: AccessTokenRecord(token: token, userID: userID, expiresAt: now + configuration.tokenLifetime),
            now: now
        )
        return .json(.created, ["userID": .string(userID), "access_token": .string(token.text)])
    }

    // MARK: PUT /users/me/identity

    func upgrade(_ request: Request) async throws -> Response {
        let userID = try await authenticate(request)
        let bytes = try await RequestJSON.bytes(of: request, maximumBytes: configuration.maxBodyBytes) ?? []
        guard let current = try await store.user(userID) else { throw BearerToken.failure }
        let policy = policy
        let upgrade: PseudoUserUpgrade
        do throws(ValidationError) {
            upgrade = try PseudoUserUpgrade(of: current.record, json: bytes, policy: policy)
        } catch {
            throw APIFailure(error)
        }
        // Hashed before the transaction (bcrypt is slow); the upgrade is checked again on the
        // user as locked, whose fields another request may have changed meanwhile.
        let hash = try await hasher.hash(upgrade.body.password.rawValue)
        let now = clock()
        let codes = issueCodes(for: upgrade.awaitingVerification, of: upgrade.body.record, userID: userID, now: now)
        let updated = try await store.change(userID: userID, now: now) { locked in
            let upgrade = try PseudoUserUpgrade(of: locked.record, json: bytes, policy: policy)
            return UserChange(
                record: upgrade.updated,
                passwordHash: hash,
                emailVerified: upgrade.emailAddressVerified,
                phoneVerified: upgrade.phoneNumberVerified,
                newKeys: upgrade.uniquenessKeys.keys,
                codes: codes.map(\.issued)
            )
        }
        deliver(codes, to: userID)
        return .json(.ok, UserJSON.owner(updated))
    }

    // MARK: POST /oauth2/token

    func logIn(_ request: Request) async throws -> Response {
        let bytes = try await RequestJSON.bytes(of: request, maximumBytes: configuration.maxBodyBytes) ?? []
        let names = ["username", "password", "country"]
        let given = try RequestJSON.strings(
            names,
            of: try RequestJSON.members(of: bytes, allowed: names),
            fields: ["username": .identifier, "password": .password, "country": .country]
        )
        var missing: [ValidationError.Problem] = []
        if given["username"] == nil { missing.append(ValidationError.Problem(field: .identifier, .missing)) }
        if given["password"] == nil { missing.append(ValidationError.Problem(field: .password, .missing)) }
        guard missing.isEmpty, let text = given["username"], let password = given["password"] else {
            throw APIFailure(ValidationError(missing))
        }
        let lookup: LoginLookup
        do throws(ValidationError) {
            let country = given["country"]
            let policy = policy
            lookup = try timings.library.measure { () throws(ValidationError) in
                try LoginLookup(text, country: country, policy: policy)
            }
        } catch {
            throw APIFailure(error)
        }
        let throttleKeys = lookup.keys.map { "login:\($0.kind.rawValue):\($0.value)" }
        try await checkThrottle(throttleKeys, field: .loginUsername)
        let found = try await store.user(holdingFirstOf: lookup.keys)
        let matches = try await hasher.verify(password, against: found?.user.passwordHash)
        guard matches, let found else {
            try await store.recordFailure(of: throttleKeys, now: clock(), window: Self.throttleWindow)
            throw APIFailure(.unauthorized, .password, .invalidCredentials)
        }
        guard found.user.canLogIn(with: found.key.kind, policy: policy) else {
            throw APIFailure(.forbidden, found.key.kind.field, .notVerified)
        }
        try await store.clearFailures(of: throttleKeys)
        let token = AccessToken()
        try await store.insert(
            AccessTokenRecord(token: token, userID: found.user.userID, expiresAt: clock() + configuration.tokenLifetime)
        )
        return .json(
            .ok,
            [
                "access_token": .string(token.text), "expires_in": .integer(Int(configuration.tokenLifetime)),
                "userID": .string(found.user.userID),
            ]
        )
    }

    // MARK: GET /users/me, GET /users/{userID}

    func readMe(_ request: Request) async throws -> Response {
        let userID = try await authenticate(request)
        guard let user = try await store.user(userID) else { throw BearerToken.failure }
        return .json(.ok, UserJSON.owner(user))
    }

    func readUser(_ request: Request, userID: String) async throws -> Response {
        let caller = try await authenticate(request)
        guard let user = try await store.user(userID) else { throw APIFailure(.notFound, .userID, .userNotFound) }
        if caller == userID { return .json(.ok, UserJSON.owner(user)) }
        return .json(.ok, UserJSON.others(user, exposeFullUserData: policy.exposeFullUserData))
    }

    // MARK: PATCH /users/me

    /// Kii's members to set in the body; members to remove as `?remove=NAME` (repeatable).
    func update(_ request: Request) async throws -> Response {
        let userID = try await authenticate(request)
        let bytes = try await RequestJSON.bytes(of: request, maximumBytes: configuration.maxBodyBytes) ?? []
        let removing = Set(request.uri.queryParameters[values: "remove"].map(String.init))
        let policy = policy
        let now = clock()
        let lifetime = configuration.verificationCodeLifetime
        let (updated, codes) = try await store.change(userID: userID, now: now) { current in
            let update = try UserUpdate(of: current.record, json: bytes, removing: removing, policy: policy)
            let changed = update.changedKinds
            let codes = Self.issueCodes(
                for: update.awaitingVerification,
                of: update.updated,
                userID: userID,
                now: now,
                lifetime: lifetime
            )
            func flag(_ kind: LoginKind) -> Bool? {
                guard update.updated.uniquenessKeys[kind] != nil else { return nil }
                return changed.contains(kind) ? !policy.requiresVerification(of: kind) : current.verified(kind)
            }
            let change = UserChange(
                record: update.updated,
                emailVerified: flag(.email),
                phoneVerified: flag(.phone),
                releasedKinds: changed,
                newKeys: update.uniquenessKeys.keys,
                codes: codes.map(\.issued)
            )
            return (change, codes)
        }
        deliver(codes, to: userID)
        return .json(.ok, UserJSON.owner(updated))
    }

    // MARK: POST /users/me/verify

    func verify(_ request: Request) async throws -> Response {
        let userID = try await authenticate(request)
        let bytes = try await RequestJSON.bytes(of: request, maximumBytes: configuration.maxBodyBytes) ?? []
        let names = ["field", "code"]
        let given = try RequestJSON.strings(names, of: try RequestJSON.members(of: bytes, allowed: names))
        var missing: [ValidationError.Problem] = []
        for name in names where given[name] == nil {
            missing.append(ValidationError.Problem(field: ValidationError.Field(rawValue: name), .missing))
        }
        guard missing.isEmpty, let field = given["field"], let code = given["code"] else {
            throw APIFailure(ValidationError(missing))
        }
        let kind: LoginKind
        switch field {
        case ValidationError.Field.emailAddress.rawValue: kind = .email
        case ValidationError.Field.phoneNumber.rawValue: kind = .phone
        default: throw APIFailure(.badRequest, .verificationTarget, .notVerifiable)
        }
        let throttleKeys = ["verify:\(userID):\(kind.rawValue)"]
        try await checkThrottle(throttleKeys, field: .code)
        let codeHash = VerificationCode(digits: code).hash(userID: userID, kind: kind)
        guard try await store.verify(userID: userID, kind: kind, codeHash: codeHash, now: clock()) else {
            try await store.recordFailure(of: throttleKeys, now: clock(), window: Self.throttleWindow)
            throw APIFailure(.badRequest, .code, .wrongCode)
        }
        try await store.clearFailures(of: throttleKeys)
        return .empty()
    }

    // MARK: DELETE /users/me

    func deleteMe(_ request: Request) async throws -> Response {
        let userID = try await authenticate(request)
        guard try await store.delete(userID: userID) else { throw BearerToken.failure }
        return .empty()
    }

    // MARK: GET /health

    func health() async throws -> Response {
        do {
            _ = try await store.pool.withConnection { database in
                try await database.raw("SELECT 1 AS one").first(decodingColumn: "one", as: Int.self)
            }
        } catch {
            throw APIFailure(.serviceUnavailable, .database, .databaseUnavailable)
        }
        return .json(.ok, ["status": "ok", "database": .string(store.pool.flavour.rawValue)])
    }

    // MARK: Helpers

    /// The user of the request's access token.
    func authenticate(_ request: Request) async throws -> String {
        guard let token = BearerToken.of(request),
            let userID = try await store.userID(forTokenHash: token.hash, now: clock())
        else { throw BearerToken.failure }
        return userID
    }

    /// 429 with `Retry-After` when `keys` have had the allowed failures in the current window.
    private func checkThrottle(_ keys: [String], field: ValidationError.Field) async throws {
        let now = clock()
        let failures = try await store.failures(of: keys, now: now, window: Self.throttleWindow)
        guard failures.count >= configuration.loginFailuresPerMinute else { return }
        let retryAfter = max(1, failures.windowEnd - now)
        throw APIFailure(
            .tooManyRequests,
            field,
            .tooManyAttempts(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

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

    private func issueCodes(for kinds: [LoginKind], of record: UserRecord, userID: String, now: Int64) -> [CodeToSend] {
        Self.issueCodes(
            for: kinds,
            of: record,
            userID: userID,
            now: now,
            lifetime: configuration.verificationCodeLifetime
        )
    }

    private func deliver(_ codes: [CodeToSend], to userID: String) {
        for entry in codes { delivery.deliver(userID, entry.kind, entry.code) }
    }

    /// A code to send once its hash is committed.
    struct CodeToSend: Sendable {
        var kind: LoginKind
        var code: VerificationCode
        var issued: IssuedCode
    }

    /// A new user ID: a random UUID in lowercase, as Kii's user IDs look.
    static func newUserID() -> String { UUID().uuidString.lowercased() }
}
