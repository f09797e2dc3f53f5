import HTTPTypes
import KiiIdentity
import Testing

/// Kii's Unity SDK's (3.2.10, `KiiCloudStorageSDK`) user requests as they reach the wire, written
/// down from its source (`storage/KiiUser.cs`'s `Exec…` calls) through its two transports, and
/// what each transport makes of the answer. Nothing of the SDK's code is here; this is a client
/// of our own that puts the same requests on the wire.
///
/// | | `HttpWebRequest` (`storage/http/impl/KiiHttpClientImpl.cs`: .NET, Mono, the Unity editor) | `WWW` (`unity/http/impl/KiiHttpUnityClientImpl.cs`: inside Unity) |
/// |---|---|---|
/// | method | the call's | `POST`; a GET, PUT, DELETE or HEAD adds `X-HTTP-Method-Override: <method>` |
/// | body | the call's, none on GET and DELETE | the call's; without one, `{"_method":"<method>"}` (a POST's with `Content-Type: application/X-Dummy-Content`) |
/// | `Content-Type` | the call's | the call's; `WWW`'s `application/x-www-form-urlencoded` when the call sets none |
/// | headers | `X-Kii-AppID`, `X-Kii-AppKey`, the call's in its order (`Authorization: Bearer …`, `userID: <id>`, `Content-Type`), `X-Kii-SDK: sn=cs;sv=3.2.10.0` last | the same, the override before `X-Kii-SDK` |
/// | status | the answer's | `X-HTTP-Status-Code`; without it 200 (204 without a body) |
/// | error body | read (Kii's `errorCode`) | not readable: `WWW` gives the status only |
///
/// A user's JSON is what the SDK last read (`mJSON`): the sign-up's answer, then each refresh;
/// `Update` and `PutIdentity` send it back whole with the changes, which is how the server's
/// members (`userID`, `emailAddressVerified`, `createdAt`, `_hasPassword`, ...) reach an update.
struct KiiUnitySDK {
    enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case httpWebRequest = "HttpWebRequest"
        case www = "WWW"

        var testDescription: String { "Unity SDK over \(rawValue)" }
    }

    static let sdkHeader = "sn=cs;sv=3.2.10.0"
    /// `X-HTTP-Status-Code`.
    static let statusHeader = HTTPField.Name("X-HTTP-Status-Code")!

    let transport: Transport
    let service: Harness
    /// `KiiCloudEngine`'s access token.
    var accessToken: String?
    /// The user's ID (`mId`).
    var userID: String?
    /// The user's JSON as the SDK holds it (`mJSON`), members in the order it put them.
    var json: [(String, JSONValue)] = []

    init(_ transport: Transport, service: Harness) {
        self.transport = transport
        self.service = service
    }

    var appPath: String { "/api/apps/\(service.app.id)" }
    var mePath: String { "\(appPath)/users/me" }

    /// What each request actually answered (the status the service set, before a transport
    /// reads it), in order.
    private(set) var statuses: [Int] = []

    /// Sends a request through the transport. `headers` are the call's own, in its order;
    /// `nil` body is a call without one.
    @discardableResult
    mutating func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        headers callHeaders: [(String, String)] = [],
        body: String? = nil
    ) async throws -> Answer {
        var headers: HTTPFields = [:]
        func add(_ name: String, _ value: String) {
            headers.append(HTTPField(name: HTTPField.Name(name)!, value: value))
        }
        add("X-Kii-AppID", service.app.id)
        add("X-Kii-AppKey", service.app.key)
        for (name, value) in callHeaders { add(name, value) }
        var wireMethod = method
        var wireBody = body
        if transport == .www {
            switch method {
            case .post:
                if body == nil {
                    add("Content-Type", "application/X-Dummy-Content")
                    wireBody = #"{"_method":"POST"}"#
                }
            default:
                add("X-HTTP-Method-Override", method.rawValue)
                if body == nil { wireBody = #"{"_method":"\#(method.rawValue)"}"# }
                wireMethod = .post
            }
        }
        add("X-Kii-SDK", Self.sdkHeader)
        if transport == .www, !callHeaders.contains(where: { $0.0 == "Content-Type" }), headers[.contentType] == nil {
            add("Content-Type", "application/x-www-form-urlencoded")
        }
        let answer = try await service.send(
            wireMethod,
            path,
            json: wireBody,
            contentType: nil,
            app: .none,
            headers: headers
        )
        statuses.append(answer.status)
        // Every answer says its status, errors too (what the WWW transport reads).
        #expect(answer.headers[Self.statusHeader] == String(answer.status), "\(method) \(path): \(answer)")
        switch transport {
        case .httpWebRequest:
            return answer
        case .www:
            let status = answer.headers[Self.statusHeader].flatMap { Int($0) } ?? (answer.text.isEmpty ? 204 : 200)
            return Answer(status: status, headers: answer.headers, text: status >= 400 ? "" : answer.text)
        }
    }

    var bearer: [(String, String)] { accessToken.map { [("Authorization", "Bearer \($0)")] } ?? [] }

    // MARK: The user's JSON

    /// `mJSON = new JsonObject(response.Body)`.
    mutating func hold(_ answer: Answer) {
        json = answer.members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `JsonObject.Put`: replaces in place, or appends.
    static func put(_ name: String, _ value: JSONValue, in members: inout [(String, JSONValue)]) {
        if let index = members.firstIndex(where: { $0.0 == name }) {
            members[index].1 = value
        } else {
            members.append((name, value))
        }
    }

    /// `JsonObject.ToString()`.
    static func text(_ members: [(String, JSONValue)]) -> String {
        "{" + members.map { "\(JSONValue.string($0.0).description):\($0.1.description)" }.joined(separator: ",") + "}"
    }

    // MARK: Calls

    /// `user.Register(password)`: `ExecRegister` (the builder's members, then `loginName` and
    /// `password`), `ExecLogin` with the user's identifier, then `ExecRefresh`.
    mutating func register(
        _ members: [(String, JSONValue)],
        password: String
    ) async throws -> (registration: Answer, login: Answer, refresh: Answer) {
        var body = members
        if let name = members.first(where: { $0.0 == "loginName" })?.1 { Self.put("loginName", name, in: &body) }
        Self.put("password", .string(password), in: &body)
        let registration = try await send(
            .post,
            "\(appPath)/users",
            headers: [("Content-Type", "application/vnd.kii.RegistrationRequest+json")],
            body: Self.text(body)
        )
        guard registration.status == 201 else { return (registration, registration, registration) }
        hold(registration)
        userID = registration.string("userID")
        let identifier =
            members.first { $0.0 == "loginName" }?.1.stringValue ?? members.first { $0.0 == "emailAddress" }?.1
            .stringValue ?? members.first { $0.0 == "phoneNumber" }?.1.stringValue ?? ""
        let login = try await logIn(identifier, password)
        guard login.status == 200 else { return (registration, login, login) }
        return (registration, login, try await refresh())
    }

    /// `KiiUser.LogIn(identifier, password)` (and `LogInWithLocalPhone`, whose identifier is
    /// `PHONE:<country>-<number>`): `POST /api/oauth2/token`.
    mutating func logIn(_ identifier: String, _ password: String) async throws -> Answer {
        let body = Self.text([("username", .string(identifier)), ("password", .string(password))])
        let answer = try await send(
            .post,
            "/api/oauth2/token",
            headers: [("Content-Type", "application/vnd.kii.OauthTokenRequest+json")],
            body: body
        )
        if answer.status == 200 {
            accessToken = answer.string("access_token")
            userID = answer.string("id")
        }
        return answer
    }

    /// `KiiUser.LoginWithToken(token)`: reads `me` with that token.
    mutating func logIn(withToken token: String) async throws -> Answer {
        let answer = try await send(.get, mePath, headers: [("Authorization", "Bearer \(token)")])
        if answer.status == 200 {
            accessToken = token
            userID = answer.string("userID")
            hold(answer)
        }
        return answer
    }

    /// `user.Refresh()`: `GET …/users/{id}` with the token and a `userID` header.
    @discardableResult
    mutating func refresh() async throws -> Answer {
        let id = userID ?? ""
        let answer = try await send(.get, "\(appPath)/users/\(id)", headers: bearer + [("userID", id)])
        if answer.status == 200 { hold(answer) }
        return answer
    }

    /// `user.Update(identityData, userFields)`: a refresh, then `POST …/users/{id}` with the
    /// whole user it read, the changes put in, the removed fields taken out.
    mutating func update(
        identity: [(String, JSONValue)] = [],
        fields: [(String, JSONValue)],
        remove: [String] = []
    ) async throws -> (read: Answer, update: Answer, members: [String]) {
        let read = try await refresh()
        var body = json
        for (name, value) in identity + fields { Self.put(name, value, in: &body) }
        body.removeAll { remove.contains($0.0) }
        let update = try await send(
            .post,
            "\(appPath)/users/\(userID ?? "")",
            headers: bearer + [("Content-Type", "application/vnd.kii.UserUpdateRequest+json")],
            body: Self.text(body)
        )
        if update.status == 200 { json = body.filter { $0.0 != "password" } }
        return (read, update, body.map(\.0))
    }

    /// The older `user.Update()`: `POST …/users/{id}` with the JSON the SDK holds, local
    /// changes (`user["key"] = value`) put in.
    mutating func save(_ changes: [(String, JSONValue)]) async throws -> Answer {
        for (name, value) in changes { Self.put(name, value, in: &json) }
        let id = userID ?? ""
        return try await send(
            .post,
            "\(appPath)/users/\(id)",
            headers: bearer + [("userID", id), ("Content-Type", "application/vnd.kii.UserUpdateRequest+json")],
            body: Self.text(json)
        )
    }

    /// `KiiUser.RegisterAsPseudoUser(userFields)`.
    mutating func registerAsPseudoUser(_ fields: [(String, JSONValue)]) async throws -> Answer {
        let answer = try await send(
            .post,
            "\(appPath)/users",
            headers: [("Content-Type", "application/vnd.kii.RegistrationAndAuthorizationRequest+json")],
            body: Self.text(fields)
        )
        if answer.status == 201 {
            hold(answer)
            accessToken = answer.string("_accessToken")
            userID = answer.string("userID")
        }
        return answer
    }

    /// `user.PutIdentity(identityData, userFields, password)`: a refresh, then `POST …/users/me`
    /// with the whole user it read, the password, the identity and the fields.
    mutating func putIdentity(
        _ identity: [(String, JSONValue)],
        password: String,
        fields: [(String, JSONValue)]
    ) async throws -> (read: Answer, update: Answer, members: [String]) {
        let read = try await refresh()
        var body = json
        Self.put("password", .string(password), in: &body)
        for (name, value) in identity + fields { Self.put(name, value, in: &body) }
        let update = try await send(
            .post,
            mePath,
            headers: bearer + [("Content-Type", "application/vnd.kii.UserUpdateRequest+json")],
            body: Self.text(body)
        )
        return (read, update, body.map(\.0))
    }

    /// `KiiUser.ChangePassword(newPassword, oldPassword)`: `PUT …/users/me/password`.
    mutating func changePassword(from old: String, to new: String) async throws -> Answer {
        try await send(
            .put,
            "\(mePath)/password",
            headers: bearer + [
                ("userID", userID ?? ""), ("Content-Type", "application/vnd.kii.ChangePasswordRequest+json"),
            ],
            body: Self.text([("newPassword", .string(new)), ("oldPassword", .string(old))])
        )
    }

    /// `KiiUser.FindUserByUserName`, `FindUserByEmail` (its `@` as `%40`), `FindUserByPhone`.
    mutating func findUser(_ segment: String) async throws -> Answer {
        try await send(.get, "\(appPath)/users/\(segment)", headers: bearer)
    }

    /// `KiiUser.ResetPassword(email)`: `POST …/users/EMAIL:<email>/password/request-reset`
    /// without a body.
    mutating func resetPassword(email: String) async throws -> Answer {
        try await send(.post, "\(appPath)/users/EMAIL:\(email)/password/request-reset")
    }

    /// `user.Delete()`: `DELETE …/users/{id}` with a `userID` header; the SDK logs out.
    mutating func delete() async throws -> Answer {
        let id = userID ?? ""
        let answer = try await send(.delete, "\(appPath)/users/\(id)", headers: bearer + [("userID", id)])
        if answer.status == 204 {
            accessToken = nil
            json = []
        }
        return answer
    }
}
