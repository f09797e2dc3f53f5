import KiiIdentity
import SignUpService
import Testing

/// `POST /users/pseudo` and `PUT /users/me/identity`.
@Suite struct PseudoUserRouteTests {
    @Test(arguments: Backend.enabled)
    func pseudoUserGetsAnIDAndAWorkingToken(backend: Backend) async throws {
        try await withService(backend) { service in
            let empty = try await service.send(.post, "/users/pseudo", contentType: nil)
            #expect(empty.status == 201)
            let token = try #require(empty.string("access_token"))
            #expect(token.count == 43)
            let me = try await service.send(.get, "/users/me", token: token)
            #expect(me.status == 200)
            let userID = try #require(empty.string("userID"))
            #expect(me.json == ["userID": .string(userID)])
            let withFields = try await service.send(
                .post,
                "/users/pseudo",
                json: #"{"displayName":"Guest","country":"JP"}"#
            )
            #expect(withFields.status == 201)
            let guestToken = try #require(withFields.string("access_token"))
            let guest = try await service.send(.get, "/users/me", token: guestToken)
            #expect(guest.string("displayName") == "Guest")
            #expect(guest.string("country") == "JP")
            #expect(try await service.rowCounts()[.users] == 2)
            #expect(try await service.rowCounts()[.identityKeys] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func pseudoUserRefusesIdentifiersAndPassword(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(.post, "/users/pseudo", json: #"{"loginName":"x","password":"y"}"#)
            #expect(answer.status == 400)
            #expect(
                answer.problems == ["loginName:not_allowed_for_pseudo_user", "password:not_allowed_for_pseudo_user"]
            )
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func upgradeGivesIdentifiersAPasswordAndKeepsTheFields(backend: Backend) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.send(
                .post,
                "/users/pseudo",
                json: #"{"displayName":"Guest","country":"JP"}"#
            )
            let token = try #require(pseudo.string("access_token"))
            let userID = try #require(pseudo.string("userID"))
            let upgraded = try await service.send(
                .put,
                "/users/me/identity",
                json: #"{"loginName":"Upgraded_1","phoneNumber":"09012345678","password":"correct horse"}"#,
                token: token
            )
            #expect(upgraded.status == 200)
            #expect(upgraded.string("userID") == userID)
            #expect(upgraded.string("loginName") == "upgraded_1")
            #expect(upgraded.string("phoneNumber") == "+819012345678")
            #expect(upgraded.string("displayName") == "Guest")
            #expect(upgraded["phoneNumberVerified"] == .bool(true))
            #expect(
                try await service.store.keys(of: userID).map(\.description) == [
                    "username=upgraded_1", "phone=+819012345678",
                ]
            )
            let again = try await service.send(
                .put,
                "/users/me/identity",
                json: #"{"loginName":"other_2","password":"correct horse"}"#,
                token: token
            )
            #expect(again.status == 409)
            #expect(again.problems == ["user:not_a_pseudo_user"])
            let login = try await service.logIn("09012345678", country: "JP")
            #expect(login.count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func upgradeToATakenIdentifierIs409AndLeavesThePseudoUser(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(#"{"emailAddress":"erin@example.com","password":"correct horse"}"#)
            let pseudo = try await service.send(.post, "/users/pseudo", contentType: nil)
            let token = try #require(pseudo.string("access_token"))
            let answer = try await service.send(
                .put,
                "/users/me/identity",
                json:
                    #"{"emailAddress":"erin@Example.com","phoneNumber":{"number":"090-1234-5678","country":"JP"},"password":"correct horse"}"#,
                token: token
            )
            #expect(answer.status == 409)
            #expect(answer.problems == ["emailAddress:already_taken"])
            let me = try await service.send(.get, "/users/me", token: token)
            #expect(me.string("emailAddress") == nil)
            #expect(me.string("phoneNumber") == nil)
            #expect(try await service.rowCounts()[.identityKeys] == 1)
            let pseudoID = try #require(pseudo.string("userID"))
            let stored = try #require(try await service.store.user(pseudoID))
            #expect(stored.passwordHash == nil)
        }
    }

    @Test(arguments: Backend.enabled)
    func upgradeProblemsAndUnknownMembers(backend: Backend) async throws {
        try await withService(backend) { service in
            let token = try #require(
                try await service.send(.post, "/users/pseudo", contentType: nil).string("access_token")
            )
            let invalid = try await service.send(
                .put,
                "/users/me/identity",
                json: #"{"phoneNumber":"09012345678","password":"pw"}"#,
                token: token
            )
            #expect(invalid.status == 400)
            #expect(invalid.problems == ["phoneNumber:needs_country", "password:too_short"])
            let unknown = try await service.send(
                .put,
                "/users/me/identity",
                json: #"{"loginName":"someone","password":"correct horse","displayName":"X"}"#,
                token: token
            )
            #expect(unknown.status == 400)
            #expect(unknown.problems == ["json:unknown_field"])
            let noToken = try await service.send(.put, "/users/me/identity", json: #"{"loginName":"abc"}"#)
            #expect(noToken.status == 401)
            #expect(noToken.headers[.wwwAuthenticate] == "Bearer")
        }
    }
}
