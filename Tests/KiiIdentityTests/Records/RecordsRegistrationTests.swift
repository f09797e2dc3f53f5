import Foundation
import KiiIdentity
import Testing

/// Registration of a whole record: every problem at once, local phone numbers, the body.
@Suite struct RecordsRegistrationTests {
    static func problems(
        _ identity: IdentityData,
        password: String = RecordsSample.password,
        fields: UserFields = UserFields(),
        policy: RegistrationPolicy = RegistrationPolicy()
    ) -> [ValidationError.Problem] {
        do {
            _ = try Registration(identity: identity, password: password, fields: fields, policy: policy)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func everyProblemOfTheRecordIsReportedInFieldOrder() {
        let problems = Self.problems(
            IdentityData(username: "a b", email: "ann@@example.com", phone: "+1415"),
            password: "abc",
            fields: UserFields(
                displayName: "",
                country: "jp",
                locale: "en_US",
                custom: ["userID": "x", "_secret": 1, "": true, "age": 30]
            )
        )
        #expect(
            problems.map(\.field) == [
                .username, .emailAddress, .phoneNumber, .password, .displayName, .country, .locale,
                .customFields, .customFields, .customFields,
            ]
        )
        #expect(problems.first { $0.field == .emailAddress }?.code == .multipleAt)
        #expect(problems.first { $0.field == .password }?.code == .tooShort)
        #expect(problems.first { $0.field == .country }?.code == .notUppercase)
        let custom = problems.filter { $0.field == .customFields }
        #expect(custom.map(\.code) == [.emptyFieldName, .reservedName, .reservedName])
        #expect(custom[1].reason.contains("'_secret'"))
        #expect(custom[2].reason.contains("'userID'"))
    }

    @Test(arguments: UserFields.reservedNames.sorted())
    func predefinedNamesAreNotCustomFields(_ name: String) {
        let problems = Self.problems(IdentityData(username: "user_1"), fields: UserFields(custom: [name: "x"]))
        #expect(problems.map(\.code) == [.reservedName])
        #expect(problems.first?.reason.contains("'\(name)'") == true)
    }

    @Test func localPhoneWithoutCountryNamesBothFixes() {
        let problems = Self.problems(IdentityData(phone: "09012345678"))
        #expect(problems.map(\.code) == [.needsCountry])
        #expect(problems.first?.field == .phoneNumber)
        #expect(problems.first?.reason.contains("JP-9012345678") == true)
        #expect(problems.first?.reason.contains("country") == true)
    }

    @Test func localPhoneDigitsAreCheckedBeforeTheCountryIsAskedFor() {
        let problems = Self.problems(IdentityData(phone: "090-1234-5678"))
        #expect(problems.map(\.code) == [.invalidCharacter])
        #expect(problems.first?.field == .phoneNumber)
    }

    @Test func localPhoneWithAnInvalidCountryHasOnlyTheCountrysProblems() {
        let problems = Self.problems(IdentityData(phone: "09012345678"), fields: UserFields(country: "jp"))
        #expect(problems.map(\.code) == [.notUppercase])
        #expect(problems.first?.field == .country)
    }

    @Test func typedLocalPhoneWithoutCountryNamesBothFixes() {
        let problems = Self.problems(IdentityData(typedPhone: "090-1234-5678"))
        #expect(problems.map(\.code) == [.needsCountry])
        #expect(problems.first?.reason.contains("JP-9012345678") == true)
    }

    @Test func localPhoneIsReadInTheFieldsCountry() throws {
        let registration = try Registration(
            identity: IdentityData(phone: "09012345678"),
            password: RecordsSample.password,
            fields: UserFields(country: "JP")
        )
        #expect(registration.record.phone?.e164 == "+819012345678")
        #expect(registration.record.country?.rawValue == "JP")
    }

    @Test func restPrefixWinsAndCountryIsNotFilledIn() throws {
        let registration = try Registration(
            identity: IdentityData(phone: "JP-9012345678"),
            password: RecordsSample.password
        )
        #expect(registration.record.phone?.e164 == "+819012345678")
        #expect(registration.record.country == nil)
        #expect(registration.record.json["country"] == nil)
    }

    @Test func invalidCountryIsReportedOnceNotAsMissing() {
        let problems = Self.problems(IdentityData(phone: "09012345678"), fields: UserFields(country: "XX"))
        #expect(problems.map(\.code) == [.unknownRegion])
        #expect(problems.map(\.field) == [.country])
    }

    @Test func localSyntaxIsCheckedBeforeTheCountry() {
        let problems = Self.problems(IdentityData(phone: "090 1234"))
        #expect(problems.map(\.code) == [.invalidCharacter])
    }

    @Test func mobileOnlyFollowsThePolicy() throws {
        let landline = try #require(PhoneNumber.example(for: try CountryCode("JP"), type: .fixedLine))
        let refused = Self.problems(IdentityData(phone: landline))
        #expect(refused.map(\.code) == [.landline])
        let accepted = try Registration(
            identity: IdentityData(phone: landline),
            password: RecordsSample.password,
            policy: RegistrationPolicy(mobileOnly: false)
        )
        #expect(accepted.record.phone?.e164 == landline)
        #expect(RegistrationPolicy(mobileOnly: false).phonePolicy == PhonePolicy(mobileOnly: false))
    }

    @Test func bodyUsesKiiNamesAndNormalisedValues() throws {
        let registration = try Registration(
            identity: IdentityData(username: "User_1", email: "Ann.Lee@Example.COM", phone: "09012345678"),
            password: RecordsSample.password,
            fields: UserFields(
                displayName: "山田 太郎",
                country: "JP",
                locale: "EN-us",
                custom: ["age": 30, "tags": ["a", "b"]]
            )
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = String(decoding: try encoder.encode(registration.body), as: UTF8.self)
        #expect(
            body
                == #"{"age":30,"country":"JP","displayName":"山田 太郎","emailAddress":"Ann.Lee@example.com","#
                + #""locale":"en-US","loginName":"user_1","password":"Zq9#unique-Secret!42","#
                + #""phoneNumber":"+819012345678","tags":["a","b"]}"#
        )
        let record = String(decoding: try encoder.encode(registration.record), as: UTF8.self)
        #expect(!record.contains("password"))
        #expect(registration.body.jsonWithoutPassword["loginName"] == "user_1")
        #expect(registration.body.jsonWithoutPassword["password"] == nil)
    }

    @Test func jsonEntryPointReadsAKiiBody() throws {
        let registration = try Registration(
            json: [
                "loginName": "User_1", "phoneNumber": "09012345678", "country": "JP",
                "password": .string(RecordsSample.password), "nickname": "Ann",
            ],
            policy: RegistrationPolicy(phoneVerification: true)
        )
        #expect(registration.record.json["phoneNumber"] == "+819012345678")
        #expect(registration.record.custom == ["nickname": "Ann"])
        #expect(registration.awaitingVerification == [.phone])
    }

    @Test func jsonEntryPointReportsTypesMissingPasswordAndServerFields() {
        do {
            _ = try Registration(json: ["loginName": 42, "emailAddressVerified": true, "internalUserID": 1])
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.notAString, .missing, .reservedName, .reservedName])
            #expect(error.problems.map(\.field) == [.username, .password, .customFields, .customFields])
            #expect(!error.contains(.noIdentifier))
        }
    }

    @Test func jsonEntryPointAppliesTheTable() {
        do {
            _ = try Registration(
                json: ["emailAddress": "ann@example.com", "password": .string(RecordsSample.password)],
                policy: RegistrationPolicy(emailVerification: true)
            )
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.verificationConflict])
            #expect(error.reason.contains("email verification must be off"))
        }
    }

    @Test func emptyIdentifierIsMissingNotAbsent() {
        let problems = Self.problems(IdentityData(username: ""))
        #expect(problems.map(\.code) == [.missing])
        #expect(problems.map(\.field) == [.username])
    }
}
