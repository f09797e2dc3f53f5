import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// `GET`, `POST` (Kii's update) and `DELETE` on `/api/apps/{appID}/users/{user}`, `{user}` being
/// `me`, a user ID, or `LOGIN_NAME:`/`EMAIL:`/`PHONE:` and an address, raw or percent-encoded.
@Suite struct UserRouteTests {
    static let heidi = #"""
        {"loginName":"heidi_1","emailAddress":"heidi@example.com","phoneNumber":"+819012345678",
         "password":"correct horse","displayName":"Heidi","country":"JP","locale":"ja","HighScore":7}
        """#

    @Test(arguments: Backend.enabled)
    func ownerSeesEverythingOthersSeeIDNameAndDisplayName(backend: Backend) async throws {
        try await withService(backend) { service in
            let registered = try await service.signUp(Self.heidi)
            let heidi = try #require(registered.string("userID"))
            try await service.signUp(#"{"loginName":"ivan_1","password":"correct horse"}"#)
            let ivan = try await service.logIn("ivan_1")
            let own = try await service.send(.get, service.userPath(heidi), token: try await service.logIn("heidi_1"))
            #expect(own.status == 200)
            #expect(own.headers[.contentType] == "application/vnd.kii.UserDataRetrievalResponse+json; charset=utf-8")
            #expect(own.json == registered.json)
            let other = try await service.send(.get, service.userPath(heidi), token: ivan)
            #expect(other.status == 200)
            #expect(other.json == ["userID": .string(heidi), "loginName": "heidi_1", "displayName": "Heidi"])
            let anonymous = try await service.send(.get, service.userPath(heidi))
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "UNAUTHORIZED")
            let missing = try await service.send(
                .get,
                service.userPath("00000000-0000-0000-0000-000000000000"),
                token: ivan
            )
            #expect(missing.status == 404)
            #expect(missing.errorCode == "USER_NOT_FOUND")
            #expect(missing.problems == ["userID:user_not_found"])
        }
    }

    @Test(arguments: Backend.enabled)
    func exposeFullUserDataShowsEverythingButThePassword(backend: Backend) async throws {
        try await withService(backend, .exposeFullUserData) { service in
            let registered = try await service.signUp(Self.heidi)
            let heidi = try #require(registered.string("userID"))
            try await service.signUp(#"{"loginName":"ivan_1","password":"correct horse"}"#)
            let other = try await service.send(.get, service.userPath(heidi), token: try await service.logIn("ivan_1"))
            #expect(other.json == registered.json)
            #expect(other.string("emailAddress") == "heidi@example.com")
            #expect(other["HighScore"] == .integer(7))
            #expect(!other.text.contains("password") && !other.text.contains("$argon2id$"))
        }
    }

    @Test(arguments: Backend.enabled)
    func qualifiedIDsFindTheUserRawAndPercentEncoded(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try #require(try await service.signUp(Self.heidi).string("userID"))
            let token = try await service.logIn("heidi_1")
            let forms = [
                "me", heidi, "LOGIN_NAME:heidi_1", "LOGIN_NAME:HEIDI_1", "EMAIL:heidi@example.com",
                "EMAIL:heidi%40example.com", "EMAIL:heidi@EXAMPLE.com", "EMAIL%3Aheidi%40example.com",
                "PHONE:+819012345678", "PHONE:%2B819012345678", "PHONE%3A%2B819012345678", "PHONE:JP-09012345678",
                "PHONE:JP-9012345678", "LOGIN_NAME%3Aheidi_1",
            ]
            for form in forms {
                let answer = try await service.send(.get, service.userPath(form), token: token)
                #expect(answer.status == 200, "\(form)")
                #expect(answer.string("userID") == heidi, "\(form)")
            }
            for nobody in [
                "LOGIN_NAME:nobody_1", "EMAIL:nobody@example.com", "PHONE:+14155552671", "PHONE:+8190", "EMAIL:no-at",
                "LOGIN_NAME:EMAIL:heidi@example.com", "PHONE:%20819012345678",
            ] {
                let answer = try await service.send(.get, service.userPath(nobody), token: token)
                #expect(answer.status == 404, "\(nobody)")
                #expect(answer.errorCode == "USER_NOT_FOUND", "\(nobody)")
            }
            // A `+` in a path is a plus sign (`PHONE:+81…` above); a space is not one (`%20`: nobody).
            for malformed in ["THING:abc", "email:heidi@example.com", "PHONE:%2", "EMAIL:%FF"] {
                let answer = try await service.send(.get, service.userPath(malformed), token: token)
                #expect(answer.status == 400, "\(malformed)")
                #expect(answer.errorCode == "INVALID_INPUT_DATA", "\(malformed)")
                #expect(answer.problems == ["userID:malformed_user_id"], "\(malformed)")
            }
        }
    }

    @Test(arguments: Backend.enabled)
    func updateSetsPredefinedMembersAndReplacesTheCustomFields(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let before = try await service.send(.get, service.userPath("me"), token: heidi.token)
            service.advance(seconds: 30)
            let updated = try await service.send(
                .post,
                service.userPath(heidi.id),
                json: #"{"displayName":"H.","level":3,"locale":"en-us"}"#,
                token: heidi.token,
                contentType: KiiType.userUpdate
            )
            #expect(updated.status == 200)
            #expect(updated.headers[.contentType] == "application/vnd.kii.UserUpdateResponse+json; charset=utf-8")
            #expect(updated.json == ["modifiedAt": .integer(Int(Harness.start + 30) * 1_000)])
            let after = try await service.send(.get, service.userPath("me"), token: heidi.token)
            #expect(after.string("displayName") == "H.")
            #expect(after.string("locale") == "en-US")
            #expect(after["level"] == .integer(3))
            #expect(after["HighScore"] == nil)  // absent custom field: removed
            #expect(after.string("country") == "JP")  // absent predefined member: unchanged
            #expect(after.string("emailAddress") == "heidi@example.com")
            #expect(after.string("phoneNumber") == "+819012345678")
            #expect(after.integer("createdAt") == before.integer("createdAt"))
            #expect(after.integer("internalUserID") == before.integer("internalUserID"))
            #expect(after.integer("modifiedAt") == Int(Harness.start + 30) * 1_000)
            #expect(
                try await service.keys(of: heidi.id) == [
                    "username=heidi_1", "email=heidi@example.com", "phone=+819012345678",
                ]
            )
        }
    }

    @Test(arguments: Backend.enabled)
    func updateIgnoresUnderscoreMembersAndEchoedServerMembers(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let before = try await service.send(.get, service.userPath("me"), token: heidi.token)
            let answer = try await service.send(
                .post,
                service.userPath("me"),
                json: #"""
                    {"userID":"someone-else","internalUserID":42,"createdAt":1,"modifiedAt":2,"_hasPassword":false,
                     "_disabled":true,"_accessToken":"abc","_anything":{"x":1},"HighScore":8,
                     "emailAddressVerified":false,"phoneNumberVerified":true}
                    """#,
                token: heidi.token,
                contentType: KiiType.userUpdate
            )
            #expect(answer.status == 200)
            let after = try await service.send(.get, service.userPath("me"), token: heidi.token)
            var expected = before.members
            expected["HighScore"] = .integer(8)
            #expect(after.members == expected)
            #expect(after["_anything"] == nil)
        }
    }

    @Test(arguments: Backend.enabled)
    func updateRefusesThePasswordAndTheUsernameAndChangesNothing(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let before = try await service.send(.get, service.userPath("me"), token: heidi.token)
            let answer = try await service.send(
                .post,
                service.userPath(heidi.id),
                json: #"{"loginName":"someone_else","password":"new horse","displayName":""}"#,
                token: heidi.token,
                language: "ja"
            )
            #expect(answer.status == 400)
            #expect(answer.errorCode == "INVALID_INPUT_DATA")
            #expect(answer.problems == ["password:reserved_name", "loginName:immutable", "displayName:missing"])
            #expect(!answer.text.contains("new horse"))
            let after = try await service.send(.get, service.userPath("me"), token: heidi.token)
            #expect(after.json == before.json)
            #expect(try await service.logIn("heidi_1").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func updateChangesTheAddressesAndFreesTheOldKeys(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            try await service.signUp(
                #"{"loginName":"judy_1","emailAddress":"judy@example.com","password":"correct horse"}"#
            )
            let changed = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"emailAddress":"heidi.new@Example.com","phoneNumber":"09087654321","HighScore":7}"#,
                token: heidi.token
            )
            #expect(changed.status == 200)
            #expect(
                try await service.keys(of: heidi.id) == [
                    "username=heidi_1", "email=heidi.new@example.com", "phone=+819087654321",
                ]
            )
            let freed = try await service.send(
                .post,
                service.usersPath,
                json: #"{"emailAddress":"heidi@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            )
            #expect(freed.status == 201)
            let taken = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"emailAddress":"judy@EXAMPLE.com","displayName":"Not saved"}"#,
                token: heidi.token
            )
            #expect(taken.status == 409)
            #expect(taken.errorCode == "USER_ALREADY_EXISTS")
            #expect(taken.problems == ["emailAddress:already_taken"])
            let after = try await service.send(.get, service.userPath("me"), token: heidi.token)
            #expect(after.string("displayName") == "Heidi")
            #expect(after.string("emailAddress") == "heidi.new@example.com")
        }
    }

    @Test(arguments: Backend.enabled)
    func onlyUsersThemselvesUpdateOrDelete(backend: Backend) async throws {
        try await withService(backend) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let ivan = try await service.signUpAndLogIn(
                #"{"loginName":"ivan_1","password":"correct horse"}"#,
                as: "ivan_1"
            )
            for target in [heidi.id, "LOGIN_NAME:heidi_1", "EMAIL:heidi@example.com", "PHONE:+819012345678"] {
                let update = try await service.send(
                    .post,
                    service.userPath(target),
                    json: #"{"displayName":"Hacked"}"#,
                    token: ivan.token
                )
                #expect(update.status == 403, "\(target)")
                #expect(update.errorCode == "ACCESS_DENIED", "\(target)")
                #expect(update.problems == ["userID:not_owner"], "\(target)")
                let delete = try await service.send(.delete, service.userPath(target), token: ivan.token)
                #expect(delete.status == 403, "\(target)")
                #expect(delete.errorCode == "ACCESS_DENIED", "\(target)")
            }
            let unknownID = try await service.send(
                .delete,
                service.userPath("00000000-0000-0000-0000-000000000000"),
                token: ivan.token
            )
            #expect(unknownID.status == 403)
            #expect(unknownID.errorCode == "ACCESS_DENIED")
            let nobody = try await service.send(.delete, service.userPath("LOGIN_NAME:nobody_1"), token: ivan.token)
            #expect(nobody.status == 404)
            #expect(nobody.errorCode == "USER_NOT_FOUND")
            let me = try await service.send(.get, service.userPath("me"), token: heidi.token)
            #expect(me.string("displayName") == "Heidi")
            #expect(try await service.rowCounts()[.users] == 2)
        }
    }

    @Test(arguments: Backend.enabled, ["me", "id", "LOGIN_NAME:heidi_1", "EMAIL:heidi%40example.com"])
    func deleteFreesTheIdentifiersAtOnceAndEndsTheTokens(backend: Backend, target: String) async throws {
        try await withService(backend, .emailVerification) { service in
            let heidi = try await service.signUpAndLogIn(Self.heidi, as: "heidi_1")
            let second = try await service.logIn("heidi_1")
            let deleted = try await service.send(
                .delete,
                service.userPath(target == "id" ? heidi.id : target),
                token: heidi.token
            )
            #expect(deleted.status == 204)
            #expect(deleted.text.isEmpty)
            for token in [heidi.token, second] {
                let after = try await service.send(.get, service.userPath("me"), token: token)
                #expect(after.status == 403)
                #expect(after.errorCode == "WRONG_TOKEN")
            }
            // Nothing of hers is left; a deletion by identifier was a lookup, counted
            // against her (gone) and the address in the throttle's table.
            var counts = try await service.rowCounts()
            let throttled = counts.removeValue(forKey: .rateLimits)
            #expect(counts.values.allSatisfy { $0 == 0 })
            #expect(throttled == (target.contains(":") ? 2 : 0))
            let again = try await service.signUp(Self.heidi)
            #expect(again.string("userID") != heidi.id)
            #expect(try await service.send(.delete, service.userPath("me")).status == 401)
        }
    }
}

/// A `{user}` segment that is not an ID the service could have issued names nobody: 404 on both
/// databases (PostgreSQL refused a NUL in a query, a 500, found by `HTTPFuzzTests`).
@Suite struct UserIDSegmentTests {
    @Test(arguments: Backend.enabled)
    func malformedIDsAreUserNotFound(backend: Backend) async throws {
        try await withService(backend) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"segments_1","password":"correct horse"}"#,
                as: "segments_1"
            )
            for segment in ["%00", "a%00b", "%0A", "a%20b", String(repeating: "a", count: 65), "%C3%A9"] {
                let read = try await service.send(.get, service.userPath(segment), token: user.token)
                #expect(read.status == 404, "GET \(segment): \(read)")
                #expect(read.errorCode == "USER_NOT_FOUND", "GET \(segment)")
                let update = try await service.send(.post, service.userPath(segment), json: "{}", token: user.token)
                #expect(update.status == 404, "POST \(segment): \(update)")
                let delete = try await service.send(.delete, service.userPath(segment), token: user.token)
                #expect(delete.status == 404, "DELETE \(segment): \(delete)")
            }
            #expect(try await service.send(.get, service.userPath(user.id), token: user.token).status == 200)
        }
    }
}
