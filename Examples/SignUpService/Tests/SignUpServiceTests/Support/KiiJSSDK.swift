import Foundation
import HTTPTypes
import KiiIdentity
import Testing

/// A Kii JavaScript SDK's user requests as they reach the wire, written down from traces of
/// versions 2.4.19 (in Node with an XMLHttpRequest stand-in) and 3.0.2 (Node's fetch) driven
/// against this service: which path, which headers in which spelling and order, which body.
/// Nothing of the SDKs' code is here; this is a client of our own that puts the same requests on
/// the wire, so that the service is tested against what the SDKs send rather than against what
/// we would send.
///
/// What the two versions do differently:
///
/// | | 2.4.19 | 3.0.2 |
/// |---|---|---|
/// | app headers | `x-kii-appid`, `x-kii-appkey`, `x-kii-sdk: sn=jss;sv=2.4.19` | the same with `sv=3.0.2` (twice on pseudo sign-up, find and reset) |
/// | every URL | `?disable_cache=<ms>` | as is |
/// | token | `Authorization: Bearer …` | `authorization: bearer …` |
/// | `Content-Type` | `application/json` unless the call sets Kii's type; none on the XHR-wrapper calls (find) | `application/json` unless the call sets Kii's type, on every request, bodiless ones too |
/// | `Accept` | `*/*` (the generic requests set it first, the XHR adds it to the others) | `accept: */*` and `accept-language: *` (fetch's) |
/// | what it keeps as custom fields from a user's JSON | every member but the predefined ones, `userID`, `createdAt`, `modifiedAt` and a few `_` ones: `internalUserID` and `_accessToken` stay, and it never forgets one | every member not starting with `_` but the predefined ones: `userID`, `internalUserID`, `createdAt`, `modifiedAt` stay |
/// | update and putIdentity | read the user first (`GET …/users/{id}`), then `POST …/users/{id}` with the kept custom fields, the changes, minus the removed fields | the same |
/// | qualified IDs in reset paths | percent-encoded (`EMAIL%3Aann%40example.com`) | raw (`EMAIL:ann@example.com`) |
struct KiiJSSDK {
    enum Version: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case v2 = "2.4.19"
        case v3 = "3.0.2"

        var testDescription: String { "JS SDK \(rawValue)" }
    }

    let version: Version
    let service: Harness
    /// The SDK's current user's token (`Kii.getCurrentUser().getAccessToken()`).
    var accessToken: String?
    /// The current user's ID as the SDK holds it.
    var userID: String?
    /// The current user's username as the SDK holds it (from the server's answers).
    var username: String?
    /// The custom fields the SDK keeps from the server's answers, in the order it met them.
    var customInfo: [(name: String, value: JSONValue)] = []
    /// `Kii.setAccessTokenExpiration(seconds)`: the login sends `expiresAt` when it is set.
    var accessTokenExpiration: Int64?

    init(_ version: Version, service: Harness) {
        self.version = version
        self.service = service
    }

    /// How a request carries the user's token.
    enum Credential {
        /// None (anonymous calls).
        case none
        /// The current user's, in the SDK's spelling.
        case current
        /// `Authorization: Bearer <token>` exactly (login with a stored token).
        case explicit(String)
    }

    /// Which of the SDK's request builders a call uses (version 2 has two; 3 has one, which some
    /// calls give `x-kii-sdk` a second time).
    enum Builder {
        /// v2's generic request (`Accept: */*`, `Content-Type` always); v3's request.
        case generic
        /// v2's XHR wrapper (`Content-Type` only when the call sets one, the XHR's `Accept`
        /// last); v3's request with `x-kii-sdk` added again.
        case wrapper
    }

    var sdkHeader: String { "sn=jss;sv=\(version.rawValue)" }

    /// Sends a request as the SDK does. `path` is under the SDK's base URL (`…/api`).
    @discardableResult
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        body: String? = nil,
        contentType: String? = nil,
        credential: Credential = .current,
        builder: Builder = .generic
    ) async throws -> Answer {
        var headers: HTTPFields = [:]
        func add(_ name: String, _ value: String) {
            headers.append(HTTPField(name: HTTPField.Name(name)!, value: value))
        }
        let authorization: (name: String, value: String)? =
            switch credential {
            case .none: nil
            case .current:
                accessToken.map {
                    version == .v2 ? ("Authorization", "Bearer \($0)") : ("authorization", "bearer \($0)")
                }
            case .explicit(let token): ("Authorization", "Bearer \(token)")
            }
        let type: String? =
            switch (version, builder) {
            case (.v2, .wrapper): contentType
            default: contentType ?? "application/json"
            }
        switch version {
        case .v2:
            // The generic request starts with `accept`; the XHR wrapper gets the XHR's own
            // `Accept: */*` last.
            if builder == .generic { add("accept", "*/*") }
            add("x-kii-appid", service.app.id)
            add("x-kii-appkey", service.app.key)
            add("x-kii-sdk", sdkHeader)
            if let authorization { add(authorization.name, authorization.value) }
            if let type { add("Content-Type", type) }
            if builder == .wrapper { add("Accept", "*/*") }
        case .v3:
            // fetch (Node's) adds `accept: */*` and `accept-language: *` after the SDK's headers.
            add("x-kii-appid", service.app.id)
            add("x-kii-appkey", service.app.key)
            add("x-kii-sdk", builder == .wrapper ? "\(sdkHeader), \(sdkHeader)" : sdkHeader)
            if case .explicit = credential, let authorization { add(authorization.name, authorization.value) }
            if let type { add("Content-Type", type) }
            if case .current = credential, let authorization { add(authorization.name, authorization.value) }
            add("accept", "*/*")
            add("accept-language", "*")
        }
        var uri = "/api" + path
        if version == .v2 {
            uri += (uri.contains("?") ? "&" : "?") + "disable_cache=\(service.now * 1_000 + 321)"
        }
        return try await service.send(method, uri, json: body, contentType: nil, app: .none, headers: headers)
    }

    var appPath: String { "/apps/\(service.app.id)" }

    // MARK: What the SDK keeps from a user's JSON

    /// Members each version reads into properties of its own rather than custom fields.
    static func isKeptAsCustomField(_ name: String, by version: Version) -> Bool {
        let predefined: Set<String> = [
            "loginName", "displayName", "country", "locale", "emailAddress", "phoneNumber", "emailAddressVerified",
            "phoneNumberVerified",
        ]
        switch version {
        case .v2:
            let own: Set<String> = [
                "userID", "id", "created", "createdAt", "_created", "modified", "modifiedAt", "_modified",
                "_emailAddressPending", "_phoneNumberPending", "_hasPassword", "_thirdPartyAccounts", "_disabled",
            ]
            return !predefined.contains(name) && !own.contains(name)
        case .v3:
            return !predefined.contains(name) && !name.hasPrefix("_")
        }
    }

    /// Takes in a user's JSON as the SDK does after a sign-up, a read or a find.
    mutating func read(_ answer: Answer) {
        if let id = answer.string("userID") { userID = id }
        if let name = answer.string("loginName") { username = name }
        if version == .v3 { customInfo = [] }
        for (name, value) in answer.members.sorted(by: { $0.key < $1.key })
        where Self.isKeptAsCustomField(name, by: version) {
            if let index = customInfo.firstIndex(where: { $0.name == name }) {
                customInfo[index].value = value
            } else {
                customInfo.append((name, value))
            }
        }
    }

    // MARK: Calls

    /// `user.register()`: the sign-up, then the login with the identifier it just got.
    mutating func register(
        _ members: [(String, JSONValue)],
        password: String
    ) async throws -> (
        registration: Answer, login: Answer
    ) {
        let body = Self.json([("password", .string(password))] + members)
        let registration = try await send(
            .post,
            "\(appPath)/users",
            body: body,
            contentType: "application/vnd.kii.RegistrationRequest+json",
            credential: .none
        )
        guard registration.status == 201 else { return (registration, registration) }
        read(registration)
        let identifier =
            username ?? registration.string("emailAddress") ?? registration.string("phoneNumber") ?? ""
        return (registration, try await logIn(identifier, password))
    }

    /// `KiiUser.authenticate(username, password)`: `POST /api/oauth2/token` as JSON.
    mutating func logIn(_ identifier: String, _ password: String) async throws -> Answer {
        var members: [(String, JSONValue)] = [("username", .string(identifier)), ("password", .string(password))]
        if let accessTokenExpiration {
            members.append(("expiresAt", .integer(Int((service.now + accessTokenExpiration) * 1_000))))
        }
        let answer = try await send(.post, "/oauth2/token", body: Self.json(members), credential: .none)
        if answer.status == 200 {
            accessToken = answer.string("access_token")
            userID = answer.string("id")
        }
        return answer
    }

    /// `KiiUser.authenticateWithToken(token)`: reads `me` with that token.
    mutating func authenticate(withToken token: String) async throws -> Answer {
        let answer = try await send(.get, "\(appPath)/users/me", credential: .explicit(token))
        if answer.status == 200 {
            accessToken = token
            read(answer)
        }
        return answer
    }

    /// `KiiUser.registerAsPseudoUser(userFields)`.
    mutating func registerAsPseudoUser(_ fields: [(String, JSONValue)]) async throws -> Answer {
        let answer = try await send(
            .post,
            "\(appPath)/users",
            body: Self.json(fields),
            contentType: "application/vnd.kii.RegistrationAndAuthorizationRequest+json",
            credential: .none,
            builder: .wrapper
        )
        if answer.status == 201 {
            read(answer)
            accessToken = answer.string("_accessToken")
        }
        return answer
    }

    /// `user.refresh()`.
    @discardableResult
    mutating func refresh() async throws -> Answer {
        let answer = try await send(.get, "\(appPath)/users/\(userID ?? "")")
        if answer.status == 200 { read(answer) }
        return answer
    }

    /// `user.update(identityData, userFields, removeFields)`: a read, then the update.
    mutating func update(
        identity: [(String, JSONValue)] = [],
        fields: [(String, JSONValue)],
        remove: [String] = []
    ) async throws -> (read: Answer, update: Answer, members: [String]) {
        let read = try await refresh()
        let members = updateMembers(identity + fields, remove: remove)
        let update = try await send(
            .post,
            "\(appPath)/users/\(userID ?? "")",
            body: Self.json(members),
            contentType: "application/vnd.kii.UserUpdateRequest+json",
            builder: .wrapper.forUpdate(version)
        )
        return (read, update, members.map(\.0))
    }

    /// `user.putIdentity(identityData, password, userFields, removeFields)`: a read, then the
    /// update with the identity and the password.
    mutating func putIdentity(
        _ identity: [(String, JSONValue)],
        password: String,
        fields: [(String, JSONValue)] = [],
        remove: [String] = []
    ) async throws -> (read: Answer, update: Answer, members: [String]) {
        let read = try await refresh()
        let members = updateMembers(identity + [("password", .string(password))] + fields, remove: remove)
        let update = try await send(
            .post,
            "\(appPath)/users/\(userID ?? "")",
            body: Self.json(members),
            contentType: "application/vnd.kii.UserUpdateRequest+json",
            builder: .wrapper.forUpdate(version)
        )
        return (read, update, members.map(\.0))
    }

    /// The update's body: the kept custom fields, then the changes, without the removed names.
    func updateMembers(_ changes: [(String, JSONValue)], remove: [String]) -> [(String, JSONValue)] {
        var members = customInfo.map { ($0.name, $0.value) }
        for (name, value) in changes {
            if let index = members.firstIndex(where: { $0.0 == name }) {
                members[index].1 = value
            } else {
                members.append((name, value))
            }
        }
        return members.filter { !remove.contains($0.0) }
    }

    /// `user.updatePassword(from, to)`.
    func updatePassword(from old: String, to new: String) async throws -> Answer {
        try await send(
            .put,
            "\(appPath)/users/\(userID ?? "")/password",
            body: Self.json([("oldPassword", .string(old)), ("newPassword", .string(new))]),
            contentType: "application/vnd.kii.ChangePasswordRequest+json"
        )
    }

    /// `KiiUser.findUserByUsername` / `findUserByEmail` / `findUserByPhone`: the prefix and the
    /// value as given, unencoded.
    func findUser(_ prefix: String, _ value: String) async throws -> Answer {
        try await send(.get, "\(appPath)/users/\(prefix):\(value)", builder: .wrapper)
    }

    /// `user.delete()`.
    func delete() async throws -> Answer {
        try await send(.delete, "\(appPath)/users/\(userID ?? "")")
    }

    /// `user.changeEmail(address)` / `user.changePhone(number)`.
    func change(_ member: String, to value: String) async throws -> Answer {
        let (segment, type) =
            member == "emailAddress"
            ? ("email-address", "EmailAddressModificationRequest") : ("phone-number", "PhoneNumberModificationRequest")
        return try await send(
            .put,
            "\(appPath)/users/\(userID ?? "")/\(segment)",
            body: Self.json([(member, .string(value))]),
            contentType: "application/vnd.kii.\(type)+json"
        )
    }

    /// `user.verifyEmailAddress(code)` / `verifyPhoneNumber(code)`: always `me`.
    func verify(_ segment: String, code: String) async throws -> Answer {
        try await send(
            .post,
            "\(appPath)/users/me/\(segment)/verify",
            body: Self.json([("verificationCode", .string(code))]),
            contentType: "application/vnd.kii.AddressVerificationRequest+json"
        )
    }

    /// `user.resendEmailVerification()` / `resendPhoneNumberVerification()`: no body.
    func resendVerification(_ segment: String) async throws -> Answer {
        try await send(.post, "\(appPath)/users/\(userID ?? "")/\(segment)/resend-verification")
    }

    /// `KiiUser.resetPassword(email)`: no body, `application/json`.
    func resetPassword(email: String) async throws -> Answer {
        try await send(.post, "\(appPath)/users/EMAIL:\(email)/password/request-reset", credential: .none)
    }

    /// The qualified ID of a reset: `EMAIL:` for an email, `PHONE:` for `+…`, else as given;
    /// version 2 percent-encodes it as `encodeURIComponent` does.
    func qualifiedID(_ identifier: String) -> String {
        let qualified =
            identifier.contains("@")
            ? "EMAIL:\(identifier)" : identifier.hasPrefix("+") ? "PHONE:\(identifier)" : identifier
        return version == .v2 ? Self.encodeURIComponent(qualified) : qualified
    }

    /// `KiiUser.resetPasswordWithNotificationMethod(identifier, method)` (`SMS_PIN` is `SMS` with
    /// `smsResetMethod: PIN`).
    func resetPassword(_ identifier: String, notificationMethod: String) async throws -> Answer {
        var members: [(String, JSONValue)] = [
            ("notificationMethod", .string(notificationMethod == "SMS_PIN" ? "SMS" : notificationMethod))
        ]
        if notificationMethod == "SMS_PIN" { members.append(("smsResetMethod", "PIN")) }
        return try await send(
            .post,
            "\(appPath)/users/\(qualifiedID(identifier))/password/request-reset",
            body: Self.json(members),
            contentType: "application/vnd.kii.ResetPasswordRequest+json",
            credential: .none,
            builder: .wrapper
        )
    }

    /// `KiiUser.completeResetPassword(identifier, pinCode, newPassword)`.
    func completeResetPassword(_ identifier: String, pin: String, newPassword: String) async throws -> Answer {
        try await send(
            .post,
            "\(appPath)/users/\(qualifiedID(identifier))/password/complete-reset",
            body: Self.json([("pinCode", .string(pin)), ("newPassword", .string(newPassword))]),
            contentType: "application/vnd.kii.CompletePasswordResetRequest+json",
            credential: version == .v2 ? .none : .current,
            builder: .wrapper
        )
    }

    // MARK: JSON as `JSON.stringify` writes it

    /// An object's text with its members in the given order.
    static func json(_ members: [(String, JSONValue)]) -> String {
        "{" + members.map { "\(JSONValue.string($0.0).description):\($0.1.description)" }.joined(separator: ",") + "}"
    }

    /// JavaScript's `encodeURIComponent`.
    static func encodeURIComponent(_ text: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
        )
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension KiiJSSDK.Builder {
    /// Version 2 updates through its XHR wrapper (`Authorization: Bearer`, Kii's type, no
    /// `Accept`); version 3 through its one request (no second `x-kii-sdk`).
    func forUpdate(_ version: KiiJSSDK.Version) -> Self { version == .v2 ? .wrapper : .generic }
}
