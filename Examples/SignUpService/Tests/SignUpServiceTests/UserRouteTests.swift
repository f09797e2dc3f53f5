import KiiIdentity
import SignUpService
import Testing

/// `GET /users/me`, `GET /users/{userID}`, `PATCH /users/me`, `DELETE /users/me`.
@Suite struct UserRouteTests {
    static let heidi = #"""
        {"loginName":"heidi_1","emailAddress":"heidi@example.com","phoneNumber":"+14155552671",
         "password":"correct horse","displayName":"Heidi","country":"US","HighScore":7}
        """#

    @Test(arguments: Backend.enabled)
    func ownerSeesEverythingOthersSeeNameAndDisplayName(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try #require(try await service.signUp(Self.heidi).string("userID"))
            try await service.signUp(#"{"loginName":"ivan_1","password":"correct horse"}"#)
            let ivan = try await service.logIn("ivan_1")
            let own = try await service.send(.get, "/users/\(heidi)", token: try await service.logIn("heidi_1"))
            #expect(own.string("emailAddress") == "heidi@example.com")
            #expect(own["HighScore"] == .integer(7))
            let other = try await service.send(.get, "/users/\(heidi)", token: ivan)
            #expect(other.status == 200)
            #expect(other.json == ["userID": .string(heidi), "loginName": "heidi_1", "displayName": "Heidi"])
            #expect(try await service.send(.get, "/users/\(heidi)").status == 401)
            let missing = try await service.send(.get, "/users/00000000-0000-0000-0000-000000000000", token: ivan)
            #expect(missing.status == 404)
            #expect(missing.problems == ["userID:user_not_found"])
        }
    }

    @Test(arguments: Backend.enabled)
    func exposeFullUserDataShowsEverythingButThePassword(backend: Backend) async throws {
        try await withService(backend, .exposeFullUserData) { service in
            let heidi = try #require(try await service.signUp(Self.heidi).string("userID"))
            try await service.signUp(#"{"loginName":"ivan_1","password":"correct horse"}"#)
            let other = try await service.send(.get, "/users/\(heidi)", token: try await service.logIn("ivan_1"))
            #expect(other.string("emailAddress") == "heidi@example.com")
            #expect(other["phoneNumberVerified"] == .bool(true))
            #expect(other["HighScore"] == .integer(7))
            #expect(!other.text.contains("password") && !other.text.contains("$2"))
        }
    }

    @Test(arguments: Backend.enabled)
    func updateSetsAndRemovesFieldsAndRechecksKeys(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try #require(try await service.signUp(Self.heidi).string("userID"))
            try await service.signUp(
                #"{"loginName":"judy_1","emailAddress":"judy@example.com","password":"correct horse"}"#
            )
            let token = try await service.logIn("heidi_1")
            let updated = try await service.send(
                .patch,
                "/users/me?remove=HighScore&remove=country",
                json: #"{"displayName":"H.","level":3,"emailAddress":"heidi.new@Example.com"}"#,
                token: token
            )
            #expect(updated.status == 200)
            #expect(updated.string("displayName") == "H.")
            #expect(updated["level"] == .integer(3))
            #expect(updated["HighScore"] == nil)
            #expect(updated.string("country") == nil)
            #expect(updated.string("emailAddress") == "heidi.new@example.com")
            #expect(
                try await service.store.keys(of: heidi).map(\.description) == [
                    "username=heidi_1", "email=heidi.new@example.com", "phone=+14155552671",
                ]
            )
            let freed = try await service.send(
                .post,
                "/users",
                json: #"{"emailAddress":"heidi@example.com","password":"correct horse"}"#
            )
            #expect(freed.status == 201)
            let taken = try await service.send(
                .patch,
                "/users/me",
                json: #"{"emailAddress":"judy@EXAMPLE.com","displayName":"Not saved"}"#,
                token: token
            )
            #expect(taken.status == 409)
            #expect(taken.problems == ["emailAddress:already_taken"])
            let after = try await service.send(.get, "/users/me", token: token)
            #expect(after.string("displayName") == "H.")
            #expect(after.string("emailAddress") == "heidi.new@example.com")
        }
    }

    @Test(arguments: Backend.enabled)
    func updateProblemsAre400AndChangeNothing(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.heidi)
            let token = try await service.logIn("heidi_1")
            let answer = try await service.send(
                .patch,
                "/users/me?remove=emailAddress",
                json: #"{"loginName":"someone_else","password":"new horse","displayName":""}"#,
                token: token,
                language: "ja"
            )
            #expect(answer.status == 400)
            #expect(
                answer.problems == [
                    "password:reserved_name", "loginName:immutable", "displayName:missing",
                    "emailAddress:not_removable",
                ]
            )
            #expect(!answer.text.contains("new horse"))
            let me = try await service.send(.get, "/users/me", token: token)
            #expect(me.string("displayName") == "Heidi")
            #expect(try await service.send(.patch, "/users/me", json: "{}").status == 401)
        }
    }

    @Test(arguments: Backend.enabled)
    func changedEmailWaitsForVerificationAgain(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"kim_1","emailAddress":"kim@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let token = try await service.logIn("kim_1")
            let first = try #require(service.code(.email, of: userID))
            #expect(
                try await service.send(
                    .post,
                    "/users/me/verify",
                    json: #"{"field":"emailAddress","code":"\#(first)"}"#,
                    token: token
                ).status == 204
            )
            let changed = try await service.send(
                .patch,
                "/users/me",
                json: #"{"emailAddress":"kim.new@example.com"}"#,
                token: token
            )
            #expect(changed["emailAddressVerified"] == .bool(false))
            let second = try #require(service.code(.email, of: userID))
            let early = try await service.send(
                .post,
                "/oauth2/token",
                json: #"{"username":"kim.new@example.com","password":"correct horse"}"#
            )
            #expect(early.status == 403)
            #expect(
                try await service.send(
                    .post,
                    "/users/me/verify",
                    json: #"{"field":"emailAddress","code":"\#(second)"}"#,
                    token: token
                ).status == 204
            )
            _ = try await service.logIn("kim.new@example.com")
            let wrongField = try await service.send(
                .post,
                "/users/me/verify",
                json: #"{"field":"loginName","code":"123456"}"#,
                token: token
            )
            #expect(wrongField.problems == ["field:not_verifiable"])
        }
    }

    @Test(arguments: Backend.enabled)
    func verificationAttemptsAreThrottled(backend: Backend) async throws {
        try await withService(backend, .phoneVerification, .loginFailuresPerMinute(2)) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"leo_1","phoneNumber":"+819012345678","password":"correct horse"}"#
                )
                .string("userID")
            )
            let token = try await service.logIn("leo_1")
            let code = try #require(service.code(.phone, of: userID))
            let wrong = code == "111111" ? "222222" : "111111"
            for _ in 0..<2 {
                let answer = try await service.send(
                    .post,
                    "/users/me/verify",
                    json: #"{"field":"phoneNumber","code":"\#(wrong)"}"#,
                    token: token
                )
                #expect(answer.status == 400)
            }
            let blocked = try await service.send(
                .post,
                "/users/me/verify",
                json: #"{"field":"phoneNumber","code":"\#(code)"}"#,
                token: token
            )
            #expect(blocked.status == 429)
            #expect(blocked.headers[.retryAfter] == "60")
        }
    }

    @Test(arguments: Backend.enabled)
    func deleteFreesTheKeysAndEndsTheTokens(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.heidi)
            let token = try await service.logIn("heidi_1")
            let deleted = try await service.send(.delete, "/users/me", token: token)
            #expect(deleted.status == 204)
            #expect(try await service.send(.get, "/users/me", token: token).status == 401)
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 0)
            #expect(counts[.identityKeys] == 0)
            #expect(counts[.accessTokens] == 0)
            try await service.signUp(Self.heidi)
            #expect(try await service.send(.delete, "/users/me").status == 401)
        }
    }
}
