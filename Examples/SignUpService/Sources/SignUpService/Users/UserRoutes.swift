import HTTPTypes
import Hummingbird
import KiiIdentity

/// Kii's user collection, `/api/apps/{appID}/users`: sign-up (a user, or a pseudo user by the
/// content type), reads (`me`, an ID, `LOGIN_NAME:`/`EMAIL:`/`PHONE:`), the update (a pseudo
/// user's upgrade when it sets identifiers and a password) and deletion.
struct UserRoutes {
    let service: ServiceContext

    static let users = "/api/apps/:appID/users"
    static let user = "/api/apps/:appID/users/:user"

    static let registration = MediaType.kii("RegistrationRequest")
    static let pseudoRegistration = MediaType.kii("RegistrationAndAuthorizationRequest")
    static let update = MediaType.kii("UserUpdateRequest")

    func add(to routes: inout Routes) {
        routes.add(.post, Self.users) { request, context in try await create(request, context) }
        routes.add(.get, Self.user) { request, context in try await read(request, context) }
        routes.add(.post, Self.user) { request, context in try await update(request, context) }
        routes.add(.delete, Self.user) { request, context in try await delete(request, context) }
    }

    // MARK: POST /api/apps/{appID}/users

    /// A user (`RegistrationRequest` or `application/json`) or a pseudo user
    /// (`RegistrationAndAuthorizationRequest`).
    func create(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        try service.checkAnonymous(request, pathAppID: context.parameters.get("appID"))
        if let contentType = request.headers[.contentType], Self.pseudoRegistration.matches(contentType) {
            return try await createPseudoUser(request, context)
        }
        let bytes = try await service.body(of: request, accepting: [.json, Self.registration, Self.pseudoRegistration])
        let body = try KiiUserBody(bytes: bytes, update: false)
        let registration: Registration
        do throws(ValidationError) {
            registration = try Registration(json: body.members, policy: service.policy)
        } catch {
            throw ServiceFailure(error)
        }
        let hash = try await service.hasher.hash(registration.body.password.rawValue)
        let now = service.clock()
        let user = StoredUser(
            newUser: registration.record,
            passwordHash: hash,
            emailVerified: registration.emailAddressVerified,
            phoneVerified: registration.phoneNumberVerified,
            now: now
        )
        let codes = service.issueCodes(
            for: registration.awaitingVerification,
            of: registration.record,
            userID: user.userID,
            now: now
        )
        try await service.users.create(user, keys: registration.uniquenessKeys.keys, codes: codes.map(\.issued))
        service.deliver(codes, to: user.userID)
        return .json(
            .created,
            UserJSON.owner(user),
            contentType: "application/vnd.kii.RegistrationResponse+json",
            headers: [.location: Self.location(of: user, app: service.configuration.app)]
        )
    }

    /// A pseudo user: fields only (`{}` is fine), and its access token as `_accessToken`.
    private func createPseudoUser(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let bytes = try await service.body(of: request, accepting: [Self.pseudoRegistration])
        let body = bytes.isEmpty ? KiiUserBody(members: [:]) : try KiiUserBody(bytes: bytes, update: false)
        let pseudo: PseudoUserRegistration
        do throws(ValidationError) {
            pseudo = try PseudoUserRegistration(
                json: body.members,
                displayNamePolicy: service.policy.displayNamePolicy
            )
        } catch {
            throw ServiceFailure(error)
        }
        let now = service.clock()
        let user = StoredUser(newUser: pseudo.body, passwordHash: nil, emailVerified: nil, phoneVerified: nil, now: now)
        let token = AccessToken()
        try await service.users.createPseudoUser(
            user,
            token: AccessTokenRecord(
                token: token,
                userID: user.userID,
                expiresAt: now + TokenRoutes.pseudoUserLifetime,
                issuedAt: now
            )
        )
        var members = UserJSON.owner(user)
        members["_accessToken"] = .string(token.text)
        return .json(
            .created,
            members,
            contentType: "application/vnd.kii.RegistrationAndAuthorizationResponse+json",
            headers: [.location: Self.location(of: user, app: service.configuration.app)]
        )
    }

    // MARK: GET /api/apps/{appID}/users/{user}

    /// The user as the caller may see it: everything for the user itself, the visibility rule
    /// for others.
    func read(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let caller = try await service.caller(of: request, context: context)
        let found: StoredUser?
        switch try UserReference(segment: try context.parameters.require("user"), policy: service.policy) {
        case .me: found = try await service.users.user(caller.userID)
        case .id(let userID): found = try await service.users.user(userID)
        case .holder(let key): found = try await service.users.user(holding: key)
        case .nobody: found = nil
        }
        guard let user = found else { throw ServiceFailure(.userID, .userNotFound) }
        let members =
            user.userID == caller.userID
            ? UserJSON.owner(user)
            : UserJSON.others(user, exposeFullUserData: service.policy.exposeFullUserData)
        return .json(.ok, members, contentType: "application/vnd.kii.UserDataRetrievalResponse+json")
    }

    // MARK: POST /api/apps/{appID}/users/{user}

    /// Kii's update (`UserUpdateRequest`): predefined members set, custom fields replaced;
    /// answers `{"modifiedAt": …}`. On a pseudo user, identifiers with a password are the
    /// upgrade (an SDK's `putIdentity`).
    func update(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let caller = try await service.callerItself(request, context: context)
        let bytes = try await service.body(of: request, accepting: [.json, Self.update])
        let body = try KiiUserBody(bytes: bytes, update: true)
        let userID = caller.userID
        let policy = service.policy
        // bcrypt is slow: an upgrade's password is hashed before the transaction, and the
        // upgrade checked again on the user as locked, which another request may have changed.
        var hash: String?
        if body.hasUpgradeMembers, let password = body.members[PredefinedMember.password.rawValue]?.stringValue,
            try await service.users.user(userID)?.isPseudoUser == true
        {
            hash = try await service.hasher.hash(password)
        }
        let now = service.clock()
        let lifetime = service.configuration.verificationCodeLifetime
        let newHash = hash
        let (updated, codes) = try await service.users.change(userID: userID, now: now) { current in
            if current.isPseudoUser, current.passwordHash == nil, body.hasUpgradeMembers {
                let upgrade = try body.upgrade(of: current.record, policy: policy)
                // Hashed above whenever the body has a password and the user was a pseudo user;
                // a user never becomes a pseudo user again.
                guard let newHash else { throw ServiceFailure(.service, .internalError) }
                let codes = ServiceContext.issueCodes(
                    for: upgrade.awaitingVerification,
                    of: upgrade.updated,
                    userID: userID,
                    now: now,
                    lifetime: lifetime
                )
                let change = UserChange(
                    record: upgrade.updated,
                    passwordHash: newHash,
                    emailVerified: upgrade.emailAddressVerified,
                    phoneVerified: upgrade.phoneNumberVerified,
                    newKeys: upgrade.uniquenessKeys.keys,
                    codes: codes.map(\.issued)
                )
                return (change, codes)
            }
            let update = try body.update(of: current.record, policy: policy)
            return Self.change(applying: update, to: current, userID: userID, now: now, lifetime: lifetime)
        }
        service.deliver(codes, to: userID)
        return .json(
            .ok,
            ["modifiedAt": .integer(Int(updated.modifiedAt) * 1_000)],
            contentType: "application/vnd.kii.UserUpdateResponse+json"
        )
    }

    /// The stored change of an update: changed identifiers release their old keys, take new
    /// ones and, with their verification on, wait for a new code.
    static func change(
        applying update: UserUpdate,
        to current: StoredUser,
        userID: String,
        now: Int64,
        lifetime: Int64
    ) -> (UserChange, [CodeToSend]) {
        let changed = update.changedKinds
        let codes = ServiceContext.issueCodes(
            for: update.awaitingVerification,
            of: update.updated,
            userID: userID,
            now: now,
            lifetime: lifetime
        )
        func flag(_ kind: LoginKind) -> Bool? {
            guard update.updated.uniquenessKeys[kind] != nil else { return nil }
            return changed.contains(kind) ? !update.policy.requiresVerification(of: kind) : current.verified(kind)
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

    // MARK: DELETE /api/apps/{appID}/users/{user}

    /// Deletes the user; its identifiers are free at once, its tokens and codes gone.
    func delete(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let caller = try await service.callerItself(request, context: context)
        guard try await service.users.delete(userID: caller.userID) else { throw BearerToken.invalid }
        return .empty()
    }

    /// `Location` of a new user.
    static func location(of user: StoredUser, app: KiiApp) -> String {
        "/api/apps/\(app.id)/users/\(user.userID)"
    }
}
