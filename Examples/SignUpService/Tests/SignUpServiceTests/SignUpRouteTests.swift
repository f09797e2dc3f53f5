import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// `POST /api/apps/{appID}/users` (`RegistrationRequest` or `application/json`): 201 with the
/// user's JSON and a `Location`, 400 `INVALID_INPUT_DATA` with every problem, 409
/// `USER_ALREADY_EXISTS` naming every taken field.
@Suite struct SignUpRouteTests {
    static let ann = #"""
        {"loginName":"User_1","emailAddress":"ann@Example.COM","phoneNumber":"+14155552671",
         "password":"correct horse","displayName":"Ann","country":"US","locale":"en-us","HighScore":12}
        """#

    @Test(arguments: Backend.enabled)
    func createdUserIsKiisUserJSONWithALocationAndNoPassword(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                service.usersPath,
                json: Self.ann,
                contentType: KiiType.registration
            )
            #expect(answer.status == 201)
            #expect(answer.headers[.contentType] == "application/vnd.kii.RegistrationResponse+json; charset=utf-8")
            let userID = try #require(answer.string("userID"))
            #expect(userID.count == 36 && userID == userID.lowercased())
            #expect(answer.headers[.location] == "/api/apps/signupdev/users/\(userID)")
            #expect(
                answer.memberNames == [
                    "HighScore", "_disabled", "_hasPassword", "country", "createdAt", "displayName", "emailAddress",
                    "emailAddressVerified", "internalUserID", "locale", "loginName", "modifiedAt", "phoneNumber",
                    "phoneNumberVerified", "userID",
                ]
            )
            #expect(answer.string("loginName") == "user_1")
            #expect(answer.string("emailAddress") == "ann@example.com")
            #expect(answer.string("phoneNumber") == "+14155552671")
            #expect(answer.string("displayName") == "Ann")
            #expect(answer.string("country") == "US")
            #expect(answer.string("locale") == "en-US")
            #expect(answer["HighScore"] == .integer(12))
            #expect(answer["emailAddressVerified"] == .bool(true))
            #expect(answer["phoneNumberVerified"] == .bool(true))
            #expect(answer["_hasPassword"] == .bool(true))
            #expect(answer["_disabled"] == .bool(false))
            #expect(answer.integer("createdAt") == Int(Harness.start) * 1_000)
            #expect(answer.integer("modifiedAt") == Int(Harness.start) * 1_000)
            let internalID = try #require(answer.integer("internalUserID"))
            #expect((1...(1 << 53 - 1)).contains(internalID))
            #expect(!answer.text.contains("correct horse") && !answer.text.contains("$argon2id$"))
            #expect(
                try await service.keys(of: userID) == [
                    "username=user_1", "email=ann@example.com", "phone=+14155552671",
                ]
            )
            let stored = try #require(try await service.users.user(userID))
            #expect(stored.internalID == Int64(internalID))
            #expect(stored.passwordHash?.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$") == true)
            #expect(stored.passwordHash?.contains("correct horse") == false)
        }
    }

    @Test(arguments: Backend.enabled)
    func everyUserHasItsOwnIDAndInternalID(backend: Backend) async throws {
        try await withService(backend) { service in
            var userIDs: Set<String> = []
            var internalIDs: Set<Int> = []
            for index in 0..<5 {
                let answer = try await service.signUp(#"{"loginName":"many_\#(index)","password":"correct horse"}"#)
                userIDs.insert(try #require(answer.string("userID")))
                internalIDs.insert(try #require(answer.integer("internalUserID")))
                #expect(
                    answer.memberNames == [
                        "_disabled", "_hasPassword", "createdAt", "internalUserID", "loginName", "modifiedAt", "userID",
                    ]
                )
            }
            #expect(userIDs.count == 5)
            #expect(internalIDs.count == 5)
        }
    }

    @Test(arguments: Backend.enabled)
    func everyProblemComesBackAtOnceAsInvalidInputData(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"a b","emailAddress":"no-at-sign","password":"x","country":"jp"}"#,
                contentType: KiiType.registration
            )
            #expect(answer.status == 400)
            #expect(answer.errorCode == "INVALID_INPUT_DATA")
            #expect(
                answer.problems == [
                    "loginName:invalid_character", "emailAddress:missing_at", "password:too_short",
                    "country:not_uppercase",
                ]
            )
            #expect(answer.string("message") == answer.messages.first)
            #expect(answer["error"] == nil)
            #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
            #expect(!answer.text.contains("\"x\""))
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test(arguments: Backend.enabled)
    func acceptLanguageJapaneseGivesJapaneseReasons(backend: Backend) async throws {
        try await withService(backend) { service in
            let body = #"{"loginName":"ab","password":"correct horse"}"#
            let answer = try await service.send(
                .post,
                service.usersPath,
                json: body,
                language: "ja-JP,ja;q=0.9,en;q=0.8"
            )
            #expect(answer.status == 400)
            #expect(answer.messages == ["ユーザー名は 3 文字以上で入力してください"])
            #expect(answer.string("message") == "ユーザー名は 3 文字以上で入力してください")
            #expect(answer.headers[.contentLanguage] == "ja")
            let english = try await service.send(.post, service.usersPath, json: body, language: "fr, en;q=0.5")
            #expect(english.messages == ["username is too short (minimum 3 characters)"])
            #expect(english.headers[.contentLanguage] == "en")
        }
    }

    @Test(arguments: Backend.enabled)
    func takenIdentifiersAre409ListingEveryTakenField(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(
                #"{"loginName":"taken_1","emailAddress":"bob@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            )
            let all = try await service.send(
                .post,
                service.usersPath,
                json:
                    #"{"loginName":"TAKEN_1","emailAddress":"bob@EXAMPLE.com","phoneNumber":"JP-9012345678","password":"correct horse"}"#
            )
            #expect(all.status == 409)
            #expect(all.errorCode == "USER_ALREADY_EXISTS")
            #expect(
                all.problems == ["loginName:already_taken", "emailAddress:already_taken", "phoneNumber:already_taken"]
            )
            let two = try await service.send(
                .post,
                service.usersPath,
                json:
                    #"{"loginName":"TAKEN_1","phoneNumber":"JP-9012345678","emailAddress":"other@example.com","password":"correct horse"}"#,
                language: "ja"
            )
            #expect(two.status == 409)
            #expect(two.errorCode == "USER_ALREADY_EXISTS")
            #expect(two.problems == ["loginName:already_taken", "phoneNumber:already_taken"])
            #expect(two.messages.first == "ユーザー名はすでに使用されています")
            let email = try await service.send(
                .post,
                service.usersPath,
                json: #"{"emailAddress":"bob@EXAMPLE.com","password":"correct horse"}"#
            )
            #expect(email.status == 409)
            #expect(email.problems == ["emailAddress:already_taken"])
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 1)
            #expect(counts[.identityKeys] == 4)  // the username's lookalike key too
        }
    }

    @Test(arguments: Backend.enabled)
    func onePhoneInEveryFormIsOneKeyAnsweredInE164(backend: Backend) async throws {
        try await withService(backend) { service in
            let first = try await service.signUp(
                #"{"loginName":"local_1","phoneNumber":"4155552671","country":"US","password":"correct horse"}"#
            )
            #expect(first.string("phoneNumber") == "+14155552671")
            for form in [
                #""phoneNumber":"+14155552671""#, #""phoneNumber":"US-4155552671""#,
                #""phoneNumber":{"number":"(415) 555-2671","country":"US"}"#,
                #""phoneNumber":"4155552671","country":"US""#,
            ] {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json: #"{"# + form + #","password":"correct horse"}"#
                )
                #expect(answer.status == 409, "\(form)")
                #expect(answer.problems == ["phoneNumber:already_taken"], "\(form)")
            }
        }
    }

    @Test(arguments: Backend.enabled)
    func verificationOnLeavesTheAddressUnverifiedAndSendsACode(backend: Backend) async throws {
        try await withService(backend, .emailVerification, .phoneVerification) { service in
            let answer = try await service.signUp(
                #"{"loginName":"verify_me","emailAddress":"carol@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            )
            let userID = try #require(answer.string("userID"))
            #expect(answer["emailAddressVerified"] == .bool(false))
            #expect(answer["phoneNumberVerified"] == .bool(false))
            let messages = service.messages
            #expect(messages.map(\.purpose) == [.verification, .verification])
            #expect(messages.map(\.channel) == [.email, .phone])
            #expect(messages.map(\.address) == ["carol@example.com", "+819012345678"])
            #expect(messages.allSatisfy { $0.userID == userID })
            let code = try #require(service.code(.email, of: userID))
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(try await service.rowCounts()[.verificationCodes] == 2)
            let emailOnly = try await service.send(
                .post,
                service.usersPath,
                json: #"{"emailAddress":"dave@example.com","password":"correct horse"}"#
            )
            #expect(emailOnly.status == 400)
            #expect(emailOnly.errorCode == "INVALID_INPUT_DATA")
            #expect(emailOnly.problems == ["user:verification_conflict"])
        }
    }

    @Test(arguments: Backend.enabled)
    func underscoreMembersAreDroppedAndServerMembersRefused(backend: Backend) async throws {
        try await withService(backend) { service in
            let dropped = try await service.signUp(
                #"""
                {"loginName":"custom_1","password":"correct horse","_secret":1,"_hasPassword":false,"_accessToken":"x",
                 "createdAt":5,"modifiedAt":6}
                """#
            )
            #expect(dropped["_secret"] == nil && dropped["_accessToken"] == nil)
            #expect(dropped["_hasPassword"] == .bool(true))
            #expect(dropped.integer("createdAt") == Int(Harness.start) * 1_000)
            #expect(dropped.integer("modifiedAt") == Int(Harness.start) * 1_000)
            let droppedID = try #require(dropped.string("userID"))
            let stored = try #require(try await service.users.user(droppedID))
            #expect(stored.record.custom.isEmpty)
            let reserved = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"custom_2","password":"correct horse","userID":"mine","internalUserID":3}"#
            )
            #expect(reserved.status == 400)
            #expect(reserved.errorCode == "INVALID_INPUT_DATA")
            #expect(reserved.problems == ["custom:reserved_name", "custom:reserved_name"])
            let created = try await service.signUp(
                #"{"loginName":"custom_3","password":"correct horse","n":12345678901234567890123,"tags":["a","b"],"nested":{"k":null}}"#
            )
            #expect(created["n"]?.description == "12345678901234567890123")
            #expect(created["tags"] == ["a", "b"])
            #expect(created["nested"] == ["k": nil])
            #expect(try await service.rowCounts()[.users] == 2)
        }
    }

    @Test(arguments: Backend.enabled)
    func jsonAndKiisTypeWithOrWithoutParametersAreRegistrations(backend: Backend) async throws {
        try await withService(backend) { service in
            let types = [
                "application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8",
                KiiType.registration, KiiType.registration + "; charset=utf-8",
                "application/vnd.kii.registrationrequest+json",
            ]
            for (index, type) in types.enumerated() {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json: #"{"loginName":"type_\#(index)","password":"correct horse"}"#,
                    contentType: type
                )
                #expect(answer.status == 201, "\(type)")
                #expect(answer["_accessToken"] == nil, "\(type)")
                #expect(answer["_hasPassword"] == .bool(true), "\(type)")
            }
            for type in [KiiType.userUpdate, KiiType.token, "text/plain", "application/jsonp"] {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json: #"{"loginName":"type_x","password":"correct horse"}"#,
                    contentType: type
                )
                #expect(answer.status == 415, "\(type)")
                #expect(answer.errorCode == "UNSUPPORTED_MEDIA_TYPE", "\(type)")
            }
            #expect(try await service.rowCounts()[.users] == types.count)
        }
    }
}
