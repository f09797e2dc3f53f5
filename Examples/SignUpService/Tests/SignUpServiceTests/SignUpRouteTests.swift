import KiiIdentity
import SignUpService
import Testing

/// `POST /users`: 201 with the stored user, 400 with every problem, 409 naming what is taken.
@Suite struct SignUpRouteTests {
    @Test(arguments: Backend.enabled)
    func createdUserHasItsIDAndNormalisedMembersAndNoPassword(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                "/users",
                json: #"""
                    {"loginName":"User_1","emailAddress":"ann@Example.COM","phoneNumber":"+14155552671",
                     "password":"correct horse","displayName":"Ann","country":"US","locale":"en-us","HighScore":12}
                    """#
            )
            #expect(answer.status == 201)
            #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
            let userID = try #require(answer.string("userID"))
            #expect(userID.count == 36)
            #expect(answer.string("loginName") == "user_1")
            #expect(answer.string("emailAddress") == "ann@example.com")
            #expect(answer.string("phoneNumber") == "+14155552671")
            #expect(answer.string("locale") == "en-US")
            #expect(answer["HighScore"] == .integer(12))
            #expect(answer["emailAddressVerified"] == .bool(true))
            #expect(answer["phoneNumberVerified"] == .bool(true))
            #expect(!answer.text.contains("correct horse"))
            #expect(answer["password"] == nil)
            #expect(
                try await service.store.keys(of: userID).map(\.description) == [
                    "username=user_1", "email=ann@example.com", "phone=+14155552671",
                ]
            )
            let stored = try #require(try await service.store.user(userID))
            #expect(stored.passwordHash?.hasPrefix("$2") == true)
            #expect(stored.passwordHash?.contains("correct horse") == false)
        }
    }

    @Test(arguments: Backend.enabled)
    func everyProblemComesBackAtOnce(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                "/users",
                json: #"{"loginName":"a b","emailAddress":"no-at-sign","password":"x","country":"jp"}"#
            )
            #expect(answer.status == 400)
            #expect(
                answer.problems == [
                    "loginName:invalid_character", "emailAddress:missing_at", "password:too_short",
                    "country:not_uppercase",
                ]
            )
            #expect(!answer.text.contains("\"x\""))
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func acceptLanguageJapaneseGivesJapaneseReasons(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                "/users",
                json: #"{"loginName":"ab","password":"correct horse"}"#,
                language: "ja-JP,ja;q=0.9,en;q=0.8"
            )
            #expect(answer.status == 400)
            #expect(answer.messages == ["ユーザー名は 3 文字以上で入力してください"])
            #expect(answer.headers[.contentLanguage] == "ja")
            let english = try await service.send(
                .post,
                "/users",
                json: #"{"loginName":"ab","password":"correct horse"}"#,
                language: "fr, en;q=0.5"
            )
            #expect(english.messages == ["username is too short (minimum 3 characters)"])
        }
    }

    @Test(arguments: Backend.enabled)
    func takenIdentifiersAre409NamingEachTakenField(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(
                #"{"loginName":"taken_1","emailAddress":"bob@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            )
            let both = try await service.send(
                .post,
                "/users",
                json:
                    #"{"loginName":"TAKEN_1","phoneNumber":"JP-9012345678","emailAddress":"other@example.com","password":"correct horse"}"#,
                language: "ja"
            )
            #expect(both.status == 409)
            #expect(both.problems == ["loginName:already_taken", "phoneNumber:already_taken"])
            #expect(both.messages.first == "ユーザー名はすでに使用されています")
            let email = try await service.send(
                .post,
                "/users",
                json: #"{"emailAddress":"bob@EXAMPLE.com","password":"correct horse"}"#
            )
            #expect(email.status == 409)
            #expect(email.problems == ["emailAddress:already_taken"])
            #expect(try await service.rowCounts()[.users] == 1)
            #expect(try await service.rowCounts()[.identityKeys] == 3)
        }
    }

    @Test(arguments: Backend.enabled)
    func onePhoneInEveryFormIsOneKey(backend: Backend) async throws {
        try await withService(backend) { service in
            let first = try await service.signUp(
                #"{"loginName":"local_1","phoneNumber":"4155552671","country":"US","password":"correct horse"}"#
            )
            #expect(first.string("phoneNumber") == "+14155552671")
            for form in [
                #""phoneNumber":"+14155552671""#, #""phoneNumber":"US-4155552671""#,
                #""phoneNumber":{"number":"(415) 555-2671","country":"US"}"#,
            ] {
                let answer = try await service.send(
                    .post,
                    "/users",
                    json: #"{"# + form + #","password":"correct horse"}"#
                )
                #expect(answer.status == 409, "\(form)")
                #expect(answer.problems == ["phoneNumber:already_taken"], "\(form)")
            }
        }
    }

    @Test(arguments: Backend.enabled)
    func verificationOnLeavesTheIdentifierUnverifiedAndIssuesACode(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let answer = try await service.signUp(
                #"{"loginName":"verify_me","emailAddress":"carol@example.com","password":"correct horse"}"#
            )
            let userID = try #require(answer.string("userID"))
            #expect(answer["emailAddressVerified"] == .bool(false))
            let code = try #require(service.code(.email, of: userID))
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(try await service.rowCounts()[.verificationCodes] == 1)
            let emailOnly = try await service.send(
                .post,
                "/users",
                json: #"{"emailAddress":"dave@example.com","password":"correct horse"}"#
            )
            #expect(emailOnly.status == 400)
            #expect(emailOnly.problems == ["user:verification_conflict"])
        }
    }

    @Test(arguments: Backend.enabled)
    func customFieldsAndReservedNames(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                "/users",
                json: #"{"loginName":"custom_1","password":"correct horse","userID":"mine","_secret":1}"#
            )
            #expect(answer.status == 400)
            #expect(answer.problems == ["custom:reserved_name", "custom:reserved_name"])
            let created = try await service.signUp(
                #"{"loginName":"custom_2","password":"correct horse","n":12345678901234567890123,"tags":["a","b"]}"#
            )
            #expect(created["n"]?.description == "12345678901234567890123")
            #expect(created["tags"] == ["a", "b"])
        }
    }
}
