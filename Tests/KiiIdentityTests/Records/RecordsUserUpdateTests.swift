import Foundation
import KiiIdentity
import Testing

/// Updates of identity data and user fields together (Kii's `update(withIdentityData:userFields:)`)
/// with removals by name (`removeFromServer(forKey:)`).
@Suite struct RecordsUserUpdateTests {
    static func user(_ json: [String: JSONValue]) throws(ValidationError) -> UserRecord { try UserRecord(json: json) }

    static let stored: [String: JSONValue] = [
        "loginName": "user_1", "emailAddress": "ann@example.com", "displayName": "Ann", "country": "US",
        "locale": "en-US", "HighScore": 12000, "app_flag": true,
    ]

    /// The (field, code) pairs of the problems `body` throws, in order; empty if it does not throw.
    static func problems(_ body: () throws(ValidationError) -> UserUpdate) -> [String] {
        do {
            _ = try body()
            return []
        } catch {
            return error.problems.map { "\($0.field.rawValue) \($0.code.rawValue)" }
        }
    }

    // MARK: Each user field

    @Test func theDisplayNameChanges() throws {
        let update = try UserUpdate(of: Self.user(Self.stored), fields: UserFields(displayName: "Player 1"))
        #expect(update.body == ["displayName": "Player 1"])
        #expect(update.removedMembers.isEmpty)
        #expect(update.updated.displayName?.rawValue == "Player 1")
        #expect(update.changedKinds.isEmpty)
        #expect(update.uniquenessKeys.isEmpty)
    }

    @Test func theCountryChanges() throws {
        let update = try UserUpdate(of: Self.user(Self.stored), fields: UserFields(country: "JP"))
        #expect(update.body == ["country": "JP"])
        #expect(update.updated.country?.rawValue == "JP")
    }

    @Test func theLocaleChangesNormalised() throws {
        let update = try UserUpdate(of: Self.user(Self.stored), fields: UserFields(locale: "JA-jp"))
        #expect(update.body == ["locale": "ja-JP"])
    }

    @Test func fieldsAreSetOnAUserThatHadNone() throws {
        let update = try UserUpdate(
            of: Self.user(["loginName": "user_1"]),
            fields: UserFields(displayName: "山田 太郎", country: "JP", locale: "ja")
        )
        #expect(update.body == ["displayName": "山田 太郎", "country": "JP", "locale": "ja"])
        #expect(
            update.updated.json == ["loginName": "user_1", "displayName": "山田 太郎", "country": "JP", "locale": "ja"]
        )
    }

    @Test func equalValuesAreNoChange() throws {
        let update = try UserUpdate(
            of: Self.user(Self.stored),
            identity: IdentityData(username: "USER_1", email: "ann@EXAMPLE.com"),
            fields: UserFields(displayName: "Ann", country: "US", locale: "EN-us", custom: ["HighScore": 12000.0])
        )
        #expect(update.isEmpty)
        #expect(update.body.isEmpty)
        #expect(update.removedMembers.isEmpty)
        #expect(update.updated == update.previous)
    }

    @Test func customFieldsAreSetAndOthersKept() throws {
        let update = try UserUpdate(
            of: Self.user(Self.stored),
            fields: UserFields(custom: ["HighScore": 0, "level": 3, "tags": ["a", "b"]])
        )
        #expect(update.body == ["HighScore": 0, "level": 3, "tags": ["a", "b"]])
        #expect(update.updated.custom == ["HighScore": 0, "level": 3, "tags": ["a", "b"], "app_flag": true])
    }

    @Test func aNullIsAValueNotARemoval() throws {
        let update = try UserUpdate(of: Self.user(Self.stored), fields: UserFields(custom: ["app_flag": .null]))
        #expect(update.body == ["app_flag": .null])
        #expect(update.removedMembers.isEmpty)
    }

    @Test func invalidFieldsAreReportedTogether() throws {
        let problems = Self.problems { () throws(ValidationError) in
            try UserUpdate(
                of: Self.user(Self.stored),
                fields: UserFields(
                    displayName: "",
                    country: "jp",
                    locale: "en_US",
                    custom: ["_secret": 1, "userID": "x", "": 2, "ok": 3]
                )
            )
        }
        #expect(
            problems == [
                "displayName missing", "country not_uppercase", "locale invalid_character",
                "custom empty_field_name", "custom reserved_name", "custom reserved_name",
            ]
        )
    }

    // MARK: Removals

    @Test func aCustomFieldIsRemoved() throws {
        let update = try UserUpdate(of: Self.user(Self.stored), removing: ["app_flag"])
        #expect(update.removedMembers == ["app_flag"])
        #expect(update.body.isEmpty)
        #expect(update.updated.custom == ["HighScore": 12000])
    }

    @Test func removingAMemberTheUserDoesNotHaveIsNoChange() throws {
        let update = try UserUpdate(of: Self.user(["loginName": "user_1"]), removing: ["app_flag", "displayName"])
        #expect(update.isEmpty)
        #expect(update.removedMembers.isEmpty)
    }

    @Test(arguments: ["displayName", "country", "locale"])
    func anOptionalPredefinedFieldIsRemovedAsIfNeverSet(_ name: String) throws {
        let user = try Self.user(Self.stored)
        let update = try UserUpdate(of: user, removing: [name])
        #expect(update.removedMembers == [name])
        var expected = Self.stored
        expected[name] = nil
        #expect(update.updated.json == expected)
        #expect(update.updated.phone == user.phone)
    }

    @Test func theOtherPredefinedMembersCannotBeRemoved() throws {
        let problems = Self.problems { () throws(ValidationError) in
            try UserUpdate(
                of: Self.user(Self.stored),
                removing: [
                    "loginName", "emailAddress", "phoneNumber", "password", "userID", "internalUserID",
                    "emailAddressVerified", "phoneNumberVerified", "_internal", "",
                ]
            )
        }
        #expect(
            problems == [
                "emailAddress not_removable", "emailAddressVerified not_removable", "internalUserID not_removable",
                "loginName immutable", "password not_removable", "phoneNumber not_removable",
                "phoneNumberVerified not_removable", "userID not_removable", "custom empty_field_name",
                "custom reserved_name",
            ]
        )
    }

    @Test func theReasonsReadAfterTheFieldsName() throws {
        do {
            _ = try UserUpdate(of: Self.user(Self.stored), removing: ["userID", "emailAddress"])
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "email address cannot be removed by an update: it is how the user logs in (give a new one "
                    + "instead); user ID is set by the server and cannot be removed"
            )
        }
    }

    @Test func theUpdatesProblemsReadInEnglishAndJapanese() throws {
        let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest")).body
        var problems: [ValidationError.Problem] = []
        do {
            _ = try UserUpdate(
                of: Self.user(Self.stored),
                fields: UserFields(displayName: "Ann", custom: ["app_flag": false]),
                removing: ["loginName", "emailAddress", "password", "userID", "displayName", "app_flag"]
            )
        } catch {
            problems += error.problems
        }
        do {
            _ = try UserUpdate(of: pseudo, json: ["loginName": "ann", "password": "Zq9#secret"])
        } catch {
            problems += error.problems
        }
        #expect(
            problems.map(\.message) == [
                "email address cannot be removed by an update: it is how the user logs in (give a new one instead)",
                "username cannot be removed (it cannot change once registered)",
                "password is not a user field and cannot be removed",
                "user ID is set by the server and cannot be removed",
                "display name is both set and removed",
                "custom field 'app_flag' is both set and removed",
                "password is not changed by a user update (only by a password change)",
                "user is a pseudo user: it gets identifiers by an upgrade to a normal user (with a password), not by an "
                    + "update",
            ]
        )
        #expect(
            problems.map { $0.message(in: .japanese) } == [
                "メールアドレスはログインに使用するため削除できません（削除せずに新しい値を指定してください）",
                "ユーザー名は削除できません（登録後は変更できません）",
                "パスワードはユーザーフィールドではないため削除できません",
                "ユーザー ID はサーバーが設定するため削除できません",
                "ディスプレイネームに設定と削除の両方が指定されています（どちらか一方にしてください）",
                "カスタムフィールドの 'app_flag' に設定と削除の両方が指定されています（どちらか一方にしてください）",
                "パスワードはユーザーの更新では変更できません（パスワードの変更手続きで変更してください）",
                "ユーザーは疑似ユーザーのため、更新では識別子を設定できません（識別子とパスワードを設定して通常のユーザーにアップグレードしてください）",
            ]
        )
    }

    @Test func aMemberSetAndRemovedIsAConflict() throws {
        let problems = Self.problems { () throws(ValidationError) in
            try UserUpdate(
                of: Self.user(Self.stored),
                fields: UserFields(displayName: "Ann", country: "JP", locale: "ja", custom: ["app_flag": false]),
                removing: ["displayName", "country", "locale", "app_flag"]
            )
        }
        #expect(
            problems == [
                "country set_and_removed", "displayName set_and_removed", "locale set_and_removed",
                "custom set_and_removed",
            ]
        )
    }

    // MARK: Identity data with user fields

    @Test func identityDataAndUserFieldsChangeTogether() throws {
        let update = try UserUpdate(
            of: Self.user(Self.stored),
            identity: IdentityData(email: "myNewEmail@Example.com", phone: "+819012345678"),
            fields: UserFields(displayName: "My_New_Name", country: "JP", locale: "ja-JP"),
            removing: ["app_flag"],
            policy: RegistrationPolicy(emailVerification: true)
        )
        #expect(
            update.body == [
                "emailAddress": "myNewEmail@example.com", "phoneNumber": "+819012345678", "displayName": "My_New_Name",
                "country": "JP", "locale": "ja-JP",
            ]
        )
        #expect(update.removedMembers == ["app_flag"])
        #expect(update.changedKinds == [.email, .phone])
        #expect(update.awaitingVerification == [.email])
        #expect(
            update.uniquenessKeys
                == UniquenessKeys(
                    email: try EmailAddress("myNewEmail@example.com"),
                    phone: try PhoneNumber(international: "+819012345678")
                )
        )
    }

    @Test func aLocalPhoneIsReadInTheCountryOfTheSameUpdate() throws {
        let update = try UserUpdate(
            of: Self.user(["loginName": "user_1"]),
            identity: IdentityData(phone: "09012345678"),
            fields: UserFields(country: "JP"),
            policy: RegistrationPolicy(phoneVerification: true)
        )
        #expect(update.body == ["phoneNumber": "+819012345678", "country": "JP"])
        #expect(update.awaitingVerification == [.phone])
    }

    @Test func theUpdatesCountryOverridesTheUsers() throws {
        let update = try UserUpdate(
            of: Self.user(Self.stored),
            identity: IdentityData(typedPhone: "090-1234-5678"),
            fields: UserFields(country: "JP")
        )
        #expect(update.body["phoneNumber"] == "+819012345678")
    }

    @Test func withoutACountryInTheUpdateTheUsersReadsTheNumber() throws {
        let update = try UserUpdate(of: Self.user(Self.stored), identity: IdentityData(phone: "4155552671"))
        #expect(update.body == ["phoneNumber": "+14155552671"])
    }

    @Test func aLocalPhoneNeedsACountry() throws {
        #expect(
            Self.problems { () throws(ValidationError) in
                try UserUpdate(of: Self.user(["loginName": "user_1"]), identity: IdentityData(phone: "09012345678"))
            } == ["phoneNumber needs_country"]
        )
        // Removing the user's country leaves the number without one.
        #expect(
            Self.problems { () throws(ValidationError) in
                try UserUpdate(
                    of: Self.user(Self.stored),
                    identity: IdentityData(phone: "4155552671"),
                    removing: ["country"]
                )
            } == ["phoneNumber needs_country"]
        )
        // An invalid country is reported once, not again as a missing one.
        #expect(
            Self.problems { () throws(ValidationError) in
                try UserUpdate(
                    of: Self.user(["loginName": "user_1"]),
                    identity: IdentityData(phone: "09012345678"),
                    fields: UserFields(country: "XX")
                )
            } == ["country unknown_region"]
        )
    }

    /// The example of the AfterSignUp article, value by value.
    @Test func theArticlesExampleHolds() throws {
        let stored = try Self.user([
            "loginName": "user_1", "emailAddress": "ann@example.com", "phoneNumber": "+14155552671",
            "displayName": "Ann", "country": "US", "locale": "en-US", "HighScore": 12000,
        ])
        #expect(
            stored.visibleToOthers(exposeFullUserData: RegistrationPolicy().exposeFullUserData).json
                == ["loginName": "user_1", "displayName": "Ann"]
        )
        let update = try UserUpdate(
            of: stored,
            identity: IdentityData(email: "myNewEmail@example.com"),
            fields: UserFields(displayName: "My_New_Name", country: "JP", custom: ["level": 3]),
            removing: ["HighScore", "app_flag"],
            policy: RegistrationPolicy(emailVerification: true)
        )
        #expect(
            update.body == [
                "emailAddress": "myNewEmail@example.com", "displayName": "My_New_Name", "country": "JP", "level": 3,
            ]
        )
        #expect(update.removedMembers == ["HighScore"])
        #expect(update.awaitingVerification == [.email])
        #expect(update.uniquenessKeys.email == "mynewemail@example.com")
        #expect(
            update.updated.json == [
                "loginName": "user_1", "emailAddress": "myNewEmail@example.com", "phoneNumber": "+14155552671",
                "displayName": "My_New_Name", "country": "JP", "locale": "en-US", "level": 3,
            ]
        )
    }

    // MARK: The immutable username

    @Test func aUsernameMayBeAddedWithFields() throws {
        let update = try UserUpdate(
            of: Self.user(["emailAddress": "ann@example.com"]),
            identity: IdentityData(username: "New_Name"),
            fields: UserFields(displayName: "New")
        )
        #expect(update.body == ["loginName": "new_name", "displayName": "New"])
        #expect(update.uniquenessKeys == UniquenessKeys(username: try Username("new_name")))
        #expect(update.awaitingVerification.isEmpty)
    }

    @Test func anotherUsernameIsImmutableAndListedWithTheOtherProblems() throws {
        let problems = Self.problems { () throws(ValidationError) in
            try UserUpdate(
                of: Self.user(Self.stored),
                identity: IdentityData(username: "user_2", email: "x"),
                fields: UserFields(country: "XX", custom: ["password": "p"]),
                removing: ["loginName", "HighScore"]
            )
        }
        #expect(
            problems == [
                "loginName immutable", "emailAddress missing_at", "country unknown_region", "custom reserved_name",
                "loginName immutable",
            ]
        )
    }

    // MARK: Pseudo users

    @Test func aPseudoUserChangesItsFieldsAsOnThePseudoUsersPage() throws {
        let pseudo = try PseudoUserRegistration(
            fields: UserFields(displayName: "Guest", custom: ["HighScore": 12000, "app_flag": true])
        ).body
        let update = try UserUpdate(
            of: pseudo,
            fields: UserFields(displayName: "Player 1", custom: ["HighScore": 0]),
            removing: ["app_flag"]
        )
        #expect(update.body == ["displayName": "Player 1", "HighScore": 0])
        #expect(update.removedMembers == ["app_flag"])
        #expect(update.updated.isPseudoUser)
        #expect(update.uniquenessKeys.isEmpty)
    }

    @Test func aPseudoUserGetsIdentifiersByAnUpgradeOnly() throws {
        let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest")).body
        let problems = Self.problems { () throws(ValidationError) in
            try UserUpdate(
                of: pseudo,
                identity: IdentityData(username: "user_123456"),
                fields: UserFields(displayName: "")
            )
        }
        #expect(problems == ["displayName missing", "user pseudo_user_must_upgrade"])
    }

    // MARK: JSON

    @Test func aJSONBodyIsSplitLikeASignUp() throws {
        let update = try UserUpdate(
            of: Self.user(Self.stored),
            json: ["emailAddress": "new@example.com", "displayName": "Ann L.", "HighScore": 13000],
            removing: ["app_flag"]
        )
        #expect(update.body == ["emailAddress": "new@example.com", "displayName": "Ann L.", "HighScore": 13000])
        #expect(update.removedMembers == ["app_flag"])
    }

    @Test func aJSONBodyNeverChangesThePassword() throws {
        let secret = "Zq9#unique-Secret!42"
        do {
            _ = try UserUpdate(
                of: Self.user(Self.stored),
                json: ["password": .string(secret), "country": 81, "emailVerified": true, "userID": "u"]
            )
            Issue.record("expected an error")
        } catch {
            #expect(
                error.problems.map { "\($0.field.rawValue) \($0.code.rawValue)" } == [
                    "country not_a_string", "password reserved_name", "custom reserved_name",
                ]
            )
            #expect(!error.description.contains(secret))
        }
    }

    @Test func aBodyAsReceivedIsReadStrictly() throws {
        let user = try Self.user(Self.stored)
        let update = try UserUpdate(
            of: user,
            json: Array(#"{"displayName": "Ann L.", "HighScore": 12345678901234567890}"#.utf8),
            removing: ["app_flag"]
        )
        #expect(update.body.keys.sorted() == ["HighScore", "displayName"])
        #expect(update.body["HighScore"]?.description == "12345678901234567890")
        #expect(update.removedMembers == ["app_flag"])
        let repeated = Self.problems { () throws(ValidationError) in
            try UserUpdate(of: user, json: Array(#"{"country": "JP", "country": "US"}"#.utf8))
        }
        #expect(repeated == ["json duplicate_member"])
        let notUTF8 = Self.problems { () throws(ValidationError) in
            try UserUpdate(of: user, json: [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D])
        }
        #expect(notUTF8 == ["json invalid_utf8"])
    }

    // MARK: Encoding

    @Test func anUpdateRoundTripsWithItsDerivedMembers() throws {
        let update = try UserUpdate(
            of: Self.user(Self.stored),
            identity: IdentityData(email: "new@example.com"),
            fields: UserFields(locale: "ja"),
            removing: ["app_flag"],
            policy: RegistrationPolicy(emailVerification: true)
        )
        let data = try JSONEncoder().encode(update)
        #expect(try JSONDecoder().decode(UserUpdate.self, from: data) == update)
        let object = try JSONDecoder().decode([String: JSONValue].self, from: data)
        #expect(object["body"] == ["emailAddress": "new@example.com", "locale": "ja"])
        #expect(object["removedMembers"] == ["app_flag"])
        #expect(object["awaitingVerification"] == ["email"])
        #expect(object["uniquenessKeys"] == ["email": "new@example.com"])
        #expect(
            update.description
                == #"UserUpdate({"emailAddress":"new@example.com","locale":"ja"}, removed ["app_flag"], "#
                + "awaiting verification [email])"
        )
    }

    @Test(arguments: [
        (#"{"loginName":"user_1"}"#, #"{"loginName":"user_2"}"#),
        (#"{"emailAddress":"a@example.com"}"#, #"{"loginName":"user_2"}"#),
        (#"{"phoneNumber":"+14155552671"}"#, #"{"emailAddress":"a@example.com"}"#),
        (#"{"displayName":"Guest"}"#, #"{"loginName":"user_2"}"#),
    ])
    func aDecodedUpdateMustBeOneUpdateApart(previous: String, updated: String) throws {
        let json = #"{"previous":\#(previous),"updated":\#(updated),"policy":{}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(UserUpdate.self, from: Data(json.utf8)) }
    }
}
