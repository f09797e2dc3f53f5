import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// A pseudo user (`POST …/users` as `RegistrationAndAuthorizationRequest`) and its upgrade, an
/// SDK's `putIdentity`: `POST …/users/{id}` with identifiers and a password.
@Suite struct PseudoUserRouteTests {
    @Test(arguments: Backend.enabled)
    func pseudoUserGetsAnIDAToken201AndALocation(backend: Backend) async throws {
        try await withService(backend) { service in
            let empty = try await service.send(
                .post,
                service.usersPath,
                contentType: nil,
                headers: [.contentType: KiiType.pseudoRegistration]
            )
            #expect(empty.status == 201)
            #expect(
                empty.headers[.contentType]
                    == "application/vnd.kii.RegistrationAndAuthorizationResponse+json; charset=utf-8"
            )
            let userID = try #require(empty.string("userID"))
            #expect(empty.headers[.location] == "/api/apps/signupdev/users/\(userID)")
            #expect(
                empty.memberNames == [
                    "_accessToken", "_disabled", "_hasPassword", "createdAt", "internalUserID", "modifiedAt", "userID",
                ]
            )
            #expect(empty["_hasPassword"] == .bool(false))
            let token = try #require(empty.string("_accessToken"))
            #expect(token.count == 43)
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me.status == 200)
            #expect(me.string("userID") == userID)
            #expect(me["_accessToken"] == nil)
            #expect(me["_hasPassword"] == .bool(false))
            let withFields = try await service.send(
                .post,
                service.usersPath,
                json: #"{"displayName":"Guest","country":"JP","age":30,"_ignored":true}"#,
                contentType: KiiType.pseudoRegistration + "; charset=utf-8"
            )
            #expect(withFields.status == 201)
            #expect(withFields.string("displayName") == "Guest")
            #expect(withFields["age"] == .integer(30))
            #expect(withFields["_ignored"] == nil)
            let guestToken = try #require(withFields.string("_accessToken"))
            let guest = try await service.send(.get, service.userPath("me"), token: guestToken)
            #expect(guest.string("displayName") == "Guest")
            #expect(guest.string("country") == "JP")
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 2)
            #expect(counts[.identityKeys] == 0)
            #expect(counts[.accessTokens] == 2)
        }
    }

    @Test(arguments: Backend.enabled)
    func pseudoUsersTokenOutlivesTheLoginLifetime(backend: Backend) async throws {
        try await withService(backend, .tokenLifetime(600)) { service in
            let pseudo = try await service.pseudoUser()
            service.advance(seconds: 365 * 86_400)
            #expect(try await service.send(.get, service.userPath("me"), token: pseudo.token).status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func pseudoUserRefusesIdentifiersAndPassword(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"x","password":"y"}"#,
                contentType: KiiType.pseudoRegistration
            )
            #expect(answer.status == 400)
            #expect(answer.errorCode == "INVALID_INPUT_DATA")
            #expect(
                answer.problems == ["loginName:not_allowed_for_pseudo_user", "password:not_allowed_for_pseudo_user"]
            )
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func putIdentityGivesIdentifiersAPasswordAndUpdatesTheFields(backend: Backend) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.pseudoUser(#"{"displayName":"Guest","country":"JP","score":1,"age":30}"#)
            service.advance(seconds: 10)
            // The body an SDK sends: the custom fields it read (age left out: removed), the
            // server's members echoed, the identity, the password and new fields.
            let upgraded = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json: #"""
                    {"userID":"\#(pseudo.id)","internalUserID":1,"createdAt":1,"modifiedAt":1,"_accessToken":"\#(pseudo.token)",
                     "score":2,"loginName":"Upgraded_1","phoneNumber":"09012345678","password":"correct horse"}
                    """#,
                token: pseudo.token,
                contentType: KiiType.userUpdate
            )
            #expect(upgraded.status == 200)
            #expect(upgraded.headers[.contentType] == "application/vnd.kii.UserUpdateResponse+json; charset=utf-8")
            #expect(upgraded.json == ["modifiedAt": .integer(Int(Harness.start + 10) * 1_000)])
            let me = try await service.send(.get, service.userPath("me"), token: pseudo.token)
            #expect(me.string("userID") == pseudo.id)
            #expect(me.string("loginName") == "upgraded_1")
            #expect(me.string("phoneNumber") == "+819012345678")
            #expect(me["phoneNumberVerified"] == .bool(true))
            #expect(me.string("displayName") == "Guest")
            #expect(me["score"] == .integer(2))
            #expect(me["age"] == nil)
            #expect(me["_hasPassword"] == .bool(true))
            #expect(me.integer("createdAt") == Int(Harness.start) * 1_000)
            #expect(me.integer("modifiedAt") == Int(Harness.start + 10) * 1_000)
            #expect(me.integer("internalUserID") == pseudo.answer.integer("internalUserID"))
            #expect(try await service.keys(of: pseudo.id) == ["username=upgraded_1", "phone=+819012345678"])
            #expect(try await service.logIn("09012345678", country: "JP").count == 43)
            #expect(try await service.logIn("UPGRADED_1").count == 43)
            let again = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json: #"{"loginName":"other_2","password":"correct horse"}"#,
                token: pseudo.token
            )
            #expect(again.status == 400)
            #expect(again.errorCode == "INVALID_INPUT_DATA")
            #expect(again.problems == ["password:reserved_name", "loginName:immutable"])
        }
    }

    @Test(arguments: Backend.enabled)
    func putIdentityReadsALocalPhoneInTheBodysCountry(backend: Backend) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.pseudoUser(#"{"country":"JP"}"#)
            let answer = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"phoneNumber":"4155552671","country":"US","password":"correct horse"}"#,
                token: pseudo.token,
                contentType: KiiType.userUpdate
            )
            #expect(answer.status == 200)
            let me = try await service.send(.get, service.userPath("me"), token: pseudo.token)
            #expect(me.string("phoneNumber") == "+14155552671")
            #expect(me.string("country") == "US")
            #expect(try await service.keys(of: pseudo.id) == ["phone=+14155552671"])
        }
    }

    @Test(arguments: Backend.enabled)
    func putIdentityWithVerificationOnSendsCodes(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let pseudo = try await service.pseudoUser()
            let answer = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json: #"{"loginName":"verified_1","emailAddress":"vera@example.com","password":"correct horse"}"#,
                token: pseudo.token
            )
            #expect(answer.status == 200)
            let me = try await service.send(.get, service.userPath("me"), token: pseudo.token)
            #expect(me["emailAddressVerified"] == .bool(false))
            let code = try #require(service.code(.email, of: pseudo.id))
            let early = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("vera@example.com"))
            #expect(early.status == 400)
            #expect(early.errorCode == "invalid_grant")
            let verified = try await service.send(
                .post,
                service.userPath("me") + "/email-address/verify",
                json: #"{"verificationCode":"\#(code)"}"#,
                token: pseudo.token,
                contentType: KiiType.verification
            )
            #expect(verified.status == 204)
            #expect(try await service.logIn("vera@example.com").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func putIdentityToATakenIdentifierIs409AndLeavesThePseudoUser(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(#"{"emailAddress":"erin@example.com","password":"correct horse"}"#)
            let pseudo = try await service.pseudoUser(#"{"displayName":"Guest"}"#)
            let answer = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json:
                    #"{"emailAddress":"erin@Example.com","phoneNumber":"+819012345678","password":"correct horse","displayName":"New"}"#,
                token: pseudo.token
            )
            #expect(answer.status == 409)
            #expect(answer.errorCode == "USER_ALREADY_EXISTS")
            #expect(answer.problems == ["emailAddress:already_taken"])
            let me = try await service.send(.get, service.userPath("me"), token: pseudo.token)
            #expect(me.string("emailAddress") == nil)
            #expect(me.string("phoneNumber") == nil)
            #expect(me.string("displayName") == "Guest")
            #expect(me["_hasPassword"] == .bool(false))
            #expect(try await service.rowCounts()[.identityKeys] == 1)
            #expect(try await service.users.user(pseudo.id)?.passwordHash == nil)
        }
    }

    @Test(arguments: Backend.enabled)
    func putIdentityProblemsComeBackTogether(backend: Backend) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.pseudoUser()
            let cases: [(body: String, problems: [String])] = [
                (
                    #"{"phoneNumber":"09012345678","password":"pw"}"#,
                    ["phoneNumber:needs_country", "password:too_short"]
                ),
                (#"{"loginName":"identity_1"}"#, ["password:missing"]),
                (#"{"password":"correct horse"}"#, ["user:no_identifier"]),
                (#"{"loginName":"identity_1","password":5}"#, ["password:not_a_string"]),
                (#"{"loginName":"identity_1","password":"correct horse","displayName":""}"#, ["displayName:missing"]),
            ]
            for (body, problems) in cases {
                let answer = try await service.send(.post, service.userPath(pseudo.id), json: body, token: pseudo.token)
                #expect(answer.status == 400, "\(body)")
                #expect(answer.errorCode == "INVALID_INPUT_DATA", "\(body)")
                #expect(answer.problems == problems, "\(body)")
            }
            #expect(try await service.rowCounts()[.identityKeys] == 0)
            let noToken = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json: #"{"loginName":"identity_1","password":"correct horse"}"#
            )
            #expect(noToken.status == 401)
            #expect(noToken.errorCode == "UNAUTHORIZED")
            #expect(noToken.headers[.wwwAuthenticate] == #"Bearer realm="kii""#)
        }
    }
}
