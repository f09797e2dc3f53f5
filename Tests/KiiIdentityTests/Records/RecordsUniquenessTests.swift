import KiiIdentity
import Testing

/// One user, one key: the forms of one identifier give the same uniqueness key.
@Suite struct RecordsUniquenessTests {
    static func phoneKey(_ identity: IdentityData, country: String? = nil) throws -> String? {
        try Registration(
            identity: identity,
            password: RecordsSample.password,
            fields: UserFields(country: country)
        )
        .uniquenessKeys.phone
    }

    @Test func phoneFormsGiveOneKey() throws {
        let international = try Self.phoneKey(IdentityData(phone: "+14155552671"))
        let rest = try Self.phoneKey(IdentityData(phone: "US-4155552671"))
        let typed = try Self.phoneKey(IdentityData(typedPhone: "(415) 555-2671"), country: "US")
        let local = try Self.phoneKey(IdentityData(phone: "4155552671"), country: "US")
        let localWithTrunkPrefix = try Self.phoneKey(IdentityData(phone: "14155552671"), country: "US")
        #expect(international == "+14155552671")
        #expect(Set([international, rest, typed, local, localWithTrunkPrefix]) == ["+14155552671"])
    }

    @Test func typedInternationalNeedsNoCountry() throws {
        #expect(try Self.phoneKey(IdentityData(typedPhone: "+1 (415) 555-2671")) == "+14155552671")
        #expect(try Self.phoneKey(IdentityData(typedPhone: "＋81 90-1234-5678")) == "+819012345678")
    }

    @Test func usernameCaseGivesOneKey() throws {
        let upper = try Registration(identity: IdentityData(username: "User_1"), password: RecordsSample.password)
        let lower = try Registration(identity: IdentityData(username: "user_1"), password: RecordsSample.password)
        #expect(upper.uniquenessKeys.username == "user_1")
        #expect(upper.uniquenessKeys == lower.uniquenessKeys)
        #expect(upper.record.json["loginName"] == "user_1")
    }

    @Test func emailKeyLowercasesTheWholeAddress() throws {
        func key(_ email: String) throws -> String? {
            try Registration(identity: IdentityData(email: email), password: RecordsSample.password).uniquenessKeys
                .email
        }
        #expect(try key("Ann.Lee@Example.COM") == "ann.lee@example.com")
        #expect(try key("Ann.Lee@example.com") == "ann.lee@example.com")
        #expect(try key("ann.lee@example.com") == "ann.lee@example.com")
    }

    @Test func keysOfALoginIdentifierMatchTheRegistration() throws {
        let registration = try Registration(
            identity: IdentityData(username: "User_1", email: "Ann@Example.com", phone: "US-4155552671"),
            password: RecordsSample.password
        )
        let keys = registration.uniquenessKeys
        #expect(UniquenessKeys(identifier: try LoginIdentifier("USER_1")).username == keys.username)
        #expect(UniquenessKeys(identifier: try LoginIdentifier("Ann@EXAMPLE.com")).email == keys.email)
        #expect(UniquenessKeys(identifier: try LoginIdentifier("4155552671", country: "US")).phone == keys.phone)
        #expect(UniquenessKeys(identifier: try LoginIdentifier(qualified: "PHONE:US-4155552671")).phone == keys.phone)
        #expect(keys.all.map(\.kind) == [.username, .email, .phone])
        #expect(keys.all.map(\.key) == ["user_1", "ann@example.com", "+14155552671"])
    }

    @Test("an email address's key folds the local part's case; the address keeps it")
    func emailKeyFoldsTheLocalPart() throws {
        let email = try EmailAddress("Page.User@Example.com")
        #expect(email.normalized.utf8.elementsEqual("Page.User@example.com".utf8))
        #expect(email.key.utf8.elementsEqual("page.user@example.com".utf8))
        #expect(email.description == "Page.User@Example.com")
        let bob = try Registration(identity: IdentityData(email: "bob@example.com"), password: RecordsSample.password)
        let shouting = try Registration(
            identity: IdentityData(email: "BOB@example.com"),
            password: RecordsSample.password
        )
        #expect(bob.uniquenessKeys == shouting.uniquenessKeys)
        #expect(shouting.uniquenessKeys.email == "bob@example.com")
        #expect(shouting.record.json["emailAddress"] == .string("BOB@example.com"))
        let lookup = try LoginLookup("bOb@EXAMPLE.com", policy: RegistrationPolicy())
        #expect(lookup.keys.map(\.description) == ["email=bob@example.com"])
        #expect(try LoginIdentifier(qualified: "EMAIL:BOB@example.com").qualified == "EMAIL:BOB@example.com")
    }

    @Test func libphonenumberExampleForTheUSPassesMobileOnly() throws {
        let example = try #require(PhoneNumber.example(for: try CountryCode("US"), type: .mobile))
        let registration = try Registration(identity: IdentityData(phone: example), password: RecordsSample.password)
        #expect(registration.uniquenessKeys.phone == example)
        #expect(registration.record.phone?.type == .fixedLineOrMobile)
    }

    @Test func pseudoUserHasNoKeys() throws {
        let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest"))
        #expect(pseudo.body.uniquenessKeys.isEmpty)
        #expect(pseudo.body.uniquenessKeys.all.isEmpty)
    }
}
