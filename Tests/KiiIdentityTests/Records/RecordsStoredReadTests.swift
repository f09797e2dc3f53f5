import KiiIdentity
import Testing

/// `UserRecord(storedJSON:)`: what `record.json` wrote reads back equal, field by field, without
/// the rules; text the library did not write is refused with its problems, never repaired.
@Suite struct RecordsStoredReadTests {
    /// The text a service stores for `record`.
    static func text(_ record: UserRecord) -> String { JSONValue.object(record.json).description }

    /// Reads `record`'s text back and checks it against `record` and against the validating
    /// reader, member by member and for the phone's engine-found region and type.
    static func expectRoundTrip(_ record: UserRecord, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = Self.text(record)
        let read = try UserRecord(storedJSON: text)
        let bytes = try UserRecord(storedJSON: Array(text.utf8))
        let validated = try UserRecord(json: text)
        #expect(read == record, sourceLocation: sourceLocation)
        #expect(bytes == record, sourceLocation: sourceLocation)
        #expect(read == validated, sourceLocation: sourceLocation)
        #expect(Self.text(read) == text, sourceLocation: sourceLocation)
        #expect(read.username?.normalized == record.username?.normalized, sourceLocation: sourceLocation)
        #expect(read.username?.lookalikeKey == record.username?.lookalikeKey, sourceLocation: sourceLocation)
        #expect(read.email?.normalized == record.email?.normalized, sourceLocation: sourceLocation)
        #expect(read.email?.domain == record.email?.domain, sourceLocation: sourceLocation)
        #expect(read.displayName?.normalized == record.displayName?.normalized, sourceLocation: sourceLocation)
        #expect(read.country?.countryCallingCode == record.country?.countryCallingCode, sourceLocation: sourceLocation)
        #expect(read.locale?.normalized == record.locale?.normalized, sourceLocation: sourceLocation)
        #expect(read.custom == record.custom, sourceLocation: sourceLocation)
        #expect(read.uniquenessKeys == record.uniquenessKeys, sourceLocation: sourceLocation)
        #expect(read.identifierKinds == record.identifierKinds, sourceLocation: sourceLocation)
        if let phone = read.phone, let expected = validated.phone {
            #expect(phone.e164 == expected.e164, sourceLocation: sourceLocation)
            #expect(phone.countryCallingCode == expected.countryCallingCode, sourceLocation: sourceLocation)
            #expect(phone.region == expected.region, sourceLocation: sourceLocation)
            #expect(phone.type == expected.type, sourceLocation: sourceLocation)
            #expect(phone.nationalNumber == expected.nationalNumber, sourceLocation: sourceLocation)
            #expect(phone.restForm == expected.restForm, sourceLocation: sourceLocation)
            #expect(phone.internationalFormat == expected.internationalFormat, sourceLocation: sourceLocation)
        } else {
            #expect(read.phone == nil && validated.phone == nil, sourceLocation: sourceLocation)
        }
    }

    /// The codes of reading `text` back, each as `field/code`; empty when it reads.
    static func problems(_ text: String) -> [String] {
        do {
            _ = try UserRecord(storedJSON: text)
            return []
        } catch {
            return error.problems.map { "\($0.field)/\($0.code)" }
        }
    }

    // MARK: Every record kind reads back equal

    @Test func aRegistrationsRecordReadsBackEqual() throws {
        let body = #"""
            {"loginName":"User_1","emailAddress":"Ann.Lee@Example.COM","phoneNumber":"09012345678",
             "password":"Zq9#unique-Secret!42","displayName":"山田 太郎","country":"JP","locale":"zh-hant-tw",
             "age":30,"tags":["a","b"],"nested":{"deep":{"x":null}},"ratio":0.5,"ok":true}
            """#
        let registration = try Registration(json: body)
        try Self.expectRoundTrip(registration.record)
        let read = try UserRecord(storedJSON: Self.text(registration.record))
        #expect(read.username?.normalized == "user_1")
        #expect(read.email?.normalized == "Ann.Lee@example.com")
        #expect(read.phone?.e164 == "+819012345678")
        #expect(read.phone?.region.rawValue == "JP")
        #expect(read.phone?.type == .mobile)
        #expect(read.locale?.normalized == "zh-Hant-TW")
        #expect(read.custom["nested"] == ["deep": ["x": nil]])
    }

    @Test func aPseudoUsersRecordAnUpgradeAndAnUpdateReadBackEqual() throws {
        let pseudo = try PseudoUserRegistration(json: #"{"displayName":"Guest","country":"US","score":7}"#)
        try Self.expectRoundTrip(pseudo.body)
        #expect(try UserRecord(storedJSON: Self.text(pseudo.body)).isPseudoUser)

        let upgrade = try PseudoUserUpgrade(
            of: pseudo.body,
            identity: IdentityData(email: "guest@example.org", phone: "US-4155552671"),
            password: RecordsSample.password
        )
        try Self.expectRoundTrip(upgrade.updated)

        let update = try UserUpdate(
            of: upgrade.updated,
            identity: IdentityData(phone: "+447911123456"),
            fields: UserFields(locale: "EN-gb", custom: ["score": 8, "note": "é\u{0}\"\\"]),
            removing: ["displayName"]
        )
        try Self.expectRoundTrip(update.updated)
        let read = try UserRecord(storedJSON: Self.text(update.updated))
        #expect(read.displayName == nil)
        // libphonenumber puts +447911123456 in Guernsey: the engine finds it when asked.
        #expect(read.phone?.region.rawValue == "GG")
    }

    @Test func aRecordWithoutOptionalMembersAndAnEmptyPseudoUserReadBack() throws {
        try Self.expectRoundTrip(try UserRecord(json: ["loginName": "ann"]))
        try Self.expectRoundTrip(try UserRecord(json: [:]))
        #expect(try UserRecord(storedJSON: "{}").isPseudoUser)
        try Self.expectRoundTrip(try UserRecord(json: ["loginName": "m0l1"]))  // a lookalike key of its own
    }

    @Test(arguments: [DisplayNamePolicy.kii, .nickname])
    func displayNamesReadBackUnderEitherPolicy(_ policy: DisplayNamePolicy) throws {
        for name in ["  Ｙａｍａｄａ  ", "Ann", "👍🏽 e\u{301}", String(repeating: "名", count: 50)] {
            guard
                let registration = try? Registration(
                    identity: IdentityData(username: "ann"),
                    password: RecordsSample.password,
                    fields: UserFields(displayName: name),
                    policy: RegistrationPolicy(displayNamePolicy: policy)
                )
            else {
                Issue.record("\(name) is refused under \(policy)")
                continue
            }
            try Self.expectRoundTrip(registration.record)
        }
        let enforced = try Registration(
            identity: IdentityData(username: "ann"),
            password: RecordsSample.password,
            fields: UserFields(displayName: "  Ｙａｍａｄａ  "),
            policy: RegistrationPolicy(displayNamePolicy: policy)
        )
        let read = try UserRecord(storedJSON: Self.text(enforced.record))
        #expect(read.displayName?.normalized == (policy == .nickname ? "Yamada" : "  Ｙａｍａｄａ  "))
    }

    /// Every region's example mobile and fixed-line numbers: the calling code read from the
    /// digits, the region and type the engine finds when asked, as the validating reader's.
    @Test func phonesOfEveryRegionReadBackWithTheirRegionAndType() throws {
        var count = 0
        for code in CountryCode.allSupported {
            let country = try CountryCode(code)
            for type in [PhoneNumberType.mobile, .fixedLine] {
                guard let example = PhoneNumber.example(for: country, type: type),
                    let record = try? UserRecord(json: ["phoneNumber": .string(example), "country": .string(code)])
                else { continue }
                try Self.expectRoundTrip(record)
                count += 1
            }
        }
        #expect(count > 400)
    }

    @Test func aPhoneReadBackIsNotJudgedUntilAsked() throws {
        // Valid shape, calling code of Japan, but no such number: read back as written (it was
        // valid when written); asked, the engine no longer accepts it.
        let read = try UserRecord(storedJSON: #"{"phoneNumber":"+810000000000"}"#)
        #expect(read.phone?.e164 == "+810000000000")
        #expect(read.phone?.countryCallingCode == 81)
        #expect(read.phone?.region.rawValue == "JP")
        #expect(read.phone?.type == .unknown)
        #expect(Self.problems(#"{"phoneNumber":"+810000000000"}"#).isEmpty)
        #expect(throws: ValidationError.self) { try UserRecord(json: #"{"phoneNumber":"+810000000000"}"#) }
        // +1 is shared with the US: the engine, asked, finds Canada.
        let example = try #require(PhoneNumber.example(for: try CountryCode("CA"), type: .mobile))
        let canada = try UserRecord(storedJSON: #"{"phoneNumber":"\#(example)"}"#)
        #expect(canada.phone?.countryCallingCode == 1)
        #expect(canada.phone?.region.rawValue == "CA")
    }

    // MARK: Text the library did not write

    @Test(arguments: [
        ("not json", ["json/malformed_json"]),
        ("[1]", ["json/not_an_object"]),
        (#"{"a":1,"a":2}"#, ["json/duplicate_member"]),
        (#"{"loginName":5}"#, ["loginName/not_a_string"]),
        (#"{"phoneNumber":{"number":"090","country":"JP"}}"#, ["phoneNumber/not_a_string"]),
        (#"{"loginName":"User_1"}"#, ["loginName/not_normalized"]),
        (#"{"loginName":"a b"}"#, ["loginName/invalid_character"]),
        (#"{"loginName":"ab"}"#, ["loginName/too_short"]),
        (#"{"emailAddress":"ann@Example.com"}"#, ["emailAddress/not_normalized"]),
        (#"{"emailAddress":"ann.example.com"}"#, ["emailAddress/missing_at"]),
        (#"{"phoneNumber":"JP-9012345678"}"#, ["phoneNumber/missing_plus", "phoneNumber/invalid_character"]),
        (#"{"phoneNumber":"09012345678","country":"JP"}"#, ["phoneNumber/missing_plus"]),
        (#"{"phoneNumber":"+81 90 1234 5678"}"#, ["phoneNumber/invalid_character"]),
        (#"{"phoneNumber":"+8190123456789012"}"#, ["phoneNumber/too_many_digits"]),
        (#"{"phoneNumber":"+0123456789"}"#, ["phoneNumber/unknown_calling_code"]),
        (#"{"phoneNumber":"+9991234567"}"#, ["phoneNumber/unknown_calling_code"]),
        (#"{"phoneNumber":"+80012345678"}"#, ["phoneNumber/non_geographic"]),
        (#"{"displayName":""}"#, ["displayName/missing"]),
        (#"{"country":"jp"}"#, ["country/not_uppercase"]),
        (#"{"country":"XX"}"#, ["country/unknown_region"]),
        (#"{"locale":"en-us"}"#, ["locale/not_normalized"]),
        (#"{"locale":"i-KLINGON"}"#, ["locale/not_normalized"]),
        (#"{"locale":"en_US"}"#, ["locale/invalid_character"]),
        (#"{"loginName":"ann","password":"x"}"#, ["password/reserved_name"]),
        (
            #"{"loginName":"ann","_x":1,"userID":"u","":2}"#,
            ["custom/empty_field_name", "custom/reserved_name", "custom/reserved_name"]
        ),
    ])
    func textTheLibraryDidNotWriteIsRefused(_ text: String, _ expected: [String]) {
        #expect(Self.problems(text) == expected)
    }

    @Test func everyProblemOfARecordIsReportedInMemberOrder() {
        let text =
            #"{"country":"jp","displayName":"","emailAddress":"A@B.COM","loginName":"Ann","locale":"EN","phoneNumber":"JP-9012345678"}"#
        #expect(
            Self.problems(text) == [
                "loginName/not_normalized", "emailAddress/not_normalized", "phoneNumber/missing_plus",
                "phoneNumber/invalid_character", "displayName/missing", "country/not_uppercase",
                "locale/not_normalized",
            ]
        )
    }

    @Test func aDisplayNameTooLongAndTheNormalisedFormsThatAreAccepted() {
        #expect(Self.problems(#"{"displayName":"\#(String(repeating: "a", count: 51))"}"#) == ["displayName/too_long"])
        #expect(Self.problems(#"{"loginName":"user.name-2","locale":"i-klingon","country":"AC"}"#).isEmpty)
        #expect(Self.problems(#"{"locale":"sgn-BE-FR","emailAddress":"Ann@x.example"}"#).isEmpty)
        #expect(Self.problems(#"{"locale":"de-CH-1901-x-Priv"}"#) == ["locale/not_normalized"])
        #expect(Self.problems(#"{"locale":"de-CH-1901-x-priv"}"#).isEmpty)
    }
}
