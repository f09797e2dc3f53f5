import KiiIdentity
import Testing

/// Updates of a normal user's identifiers alone: ``UserUpdate`` with identity data and no fields.
@Suite struct RecordsUpdateTests {
    static func user(_ json: [String: JSONValue]) throws -> UserRecord { try UserRecord(json: json) }

    @Test func sameUsernameInAnotherCaseIsNoChange() throws {
        let user = try Self.user(["loginName": "user_1"])
        let update = try UserUpdate(of: user, identity: IdentityData(username: "USER_1"))
        #expect(update.changedKinds.isEmpty)
        #expect(update.body.isEmpty)
        #expect(update.updated == user)
    }

    @Test(arguments: ["user_2", "a b"])
    func anotherUsernameIsImmutable(_ username: String) throws {
        let user = try Self.user(["loginName": "user_1"])
        do {
            _ = try UserUpdate(of: user, identity: IdentityData(username: username))
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.immutable])
            #expect(error.field == .username)
        }
    }

    @Test func aUsernameMayBeAdded() throws {
        let user = try Self.user(["emailAddress": "ann@example.com"])
        let update = try UserUpdate(of: user, identity: IdentityData(username: "New_Name"))
        #expect(update.changedKinds == [.username])
        #expect(update.body == ["loginName": "new_name"])
        #expect(update.uniquenessKeys.username == "new_name")
        #expect(update.awaitingVerification.isEmpty)
    }

    @Test func anAddedUsernameIsValidated() throws {
        let user = try Self.user(["emailAddress": "ann@example.com"])
        #expect(throws: ValidationError.self) { try UserUpdate(of: user, identity: IdentityData(username: "ab")) }
    }

    @Test func newEmailAwaitsVerificationWhenOn() throws {
        let user = try Self.user(["loginName": "user_1", "emailAddress": "ann@example.com"])
        let on = try UserUpdate(
            of: user,
            identity: IdentityData(email: "Ann@New.Example.com"),
            policy: RegistrationPolicy(emailVerification: true)
        )
        #expect(on.changedKinds == [.email])
        #expect(on.awaitingVerification == [.email])
        #expect(on.body == ["emailAddress": "Ann@new.example.com"])
        #expect(on.uniquenessKeys == UniquenessKeys(email: try EmailAddress("Ann@new.example.com")))
        let off = try UserUpdate(of: user, identity: IdentityData(email: "Ann@New.Example.com"))
        #expect(off.awaitingVerification.isEmpty)
    }

    @Test func sameEmailWithAnotherDomainCaseIsNoChange() throws {
        let user = try Self.user(["emailAddress": "ann@example.com"])
        let update = try UserUpdate(of: user, identity: IdentityData(email: "ann@EXAMPLE.com"))
        #expect(update.changedKinds.isEmpty)
    }

    @Test func newPhoneIsReadInTheUsersCountry() throws {
        let user = try Self.user(["loginName": "user_1", "country": "JP"])
        let update = try UserUpdate(
            of: user,
            identity: IdentityData(phone: "09012345678"),
            policy: RegistrationPolicy(phoneVerification: true)
        )
        #expect(update.body == ["phoneNumber": "+819012345678"])
        #expect(update.awaitingVerification == [.phone])
        #expect(update.updated.country?.rawValue == "JP")
    }

    @Test func aGivenCountryOverridesTheUsers() throws {
        let user = try Self.user(["loginName": "user_1", "country": "JP"])
        let update = try UserUpdate(of: user, identity: IdentityData(typedPhone: "(415) 555-2671", phoneCountry: "US"))
        #expect(update.body == ["phoneNumber": "+14155552671"])
        #expect(update.updated.country?.rawValue == "JP")
    }

    @Test func newValuesAreValidatedTogether() throws {
        let user = try Self.user(["loginName": "user_1"])
        do {
            _ = try UserUpdate(of: user, identity: IdentityData(username: "user_2", email: "x", phone: "0901"))
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.field) == [.username, .emailAddress, .phoneNumber])
            #expect(error.problems.map(\.code) == [.immutable, .missingAt, .needsCountry])
        }
    }

    @Test func aPseudoUserMustBeUpgraded() throws {
        let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest")).body
        do {
            _ = try UserUpdate(of: pseudo, identity: IdentityData(email: "ann@example.com"))
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.pseudoUserMustUpgrade])
            #expect(error.field == .user)
        }
    }
}
