import KiiIdentity
import Testing

/// Pseudo users: registration with user fields only, upgrade with identity data and a password.
@Suite struct RecordsPseudoUserTests {
    @Test func fieldsOnlyIsAPseudoUser() throws {
        let pseudo = try PseudoUserRegistration(
            fields: UserFields(displayName: "Guest", country: "JP", custom: ["level": 3])
        )
        #expect(pseudo.body.json == ["displayName": "Guest", "country": "JP", "level": 3])
        #expect(pseudo.body.isPseudoUser)
        #expect(try PseudoUserRegistration().body.json.isEmpty)
    }

    @Test(arguments: [
        (IdentityData(username: "user_1"), ValidationError.Field.username),
        (IdentityData(email: "ann@example.com"), .emailAddress),
        (IdentityData(phone: "+819012345678"), .phoneNumber),
        (IdentityData(phone: "not even a number"), .phoneNumber),
    ])
    func anIdentifierIsNotAllowed(_ identity: IdentityData, _ field: ValidationError.Field) {
        do {
            _ = try PseudoUserRegistration(identity: identity)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.notAllowedForPseudoUser])
            #expect(error.field == field)
        }
    }

    @Test func aPasswordIsNotAllowedAndNotShown() {
        do {
            _ = try PseudoUserRegistration(fields: UserFields(displayName: ""), password: RecordsSample.password)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.field) == [.password, .displayName])
            #expect(error.problems.map(\.code) == [.notAllowedForPseudoUser, .missing])
            #expect(!error.description.contains(RecordsSample.password))
        }
    }

    @Test func jsonWithAnIdentifierOrPasswordIsRefused() {
        do {
            _ = try PseudoUserRegistration(json: ["loginName": 7, "password": "x", "displayName": "Guest"])
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.field) == [.username, .password])
            #expect(error.problems.allSatisfy { $0.code == .notAllowedForPseudoUser })
        }
    }

    @Test func upgradeNeedsAnIdentifier() {
        do {
            _ = try PseudoUserUpgrade(identity: IdentityData(), password: RecordsSample.password)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.noIdentifier])
            #expect(error.field == .user)
        }
    }

    @Test func upgradeNeedsAValidPassword() {
        do {
            _ = try PseudoUserUpgrade(identity: IdentityData(username: "user_1"), password: "abc")
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.tooShort])
            #expect(error.field == .password)
        }
    }

    @Test func upgradeReadsALocalPhoneInTheCountry() throws {
        let upgrade = try PseudoUserUpgrade(
            identity: IdentityData(phone: "09012345678"),
            password: RecordsSample.password,
            country: "JP"
        )
        #expect(upgrade.body.record.json == ["phoneNumber": "+819012345678"])
        #expect(upgrade.loginKinds == [.phone])
        #expect(upgrade.phoneNumberVerified == true)
        #expect(upgrade.uniquenessKeys.phone == "+819012345678")
    }

    @Test func upgradeWithALocalPhoneAndNoCountryNamesBothFixes() {
        do {
            _ = try PseudoUserUpgrade(identity: IdentityData(phone: "09012345678"), password: RecordsSample.password)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.needsCountry])
            #expect(error.reason.contains("JP-9012345678"))
        }
    }

    @Test func upgradeWithAnInvalidCountry() {
        do {
            _ = try PseudoUserUpgrade(
                identity: IdentityData(phone: "09012345678"),
                password: RecordsSample.password,
                country: "jp"
            )
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.notUppercase])
            #expect(error.field == .country)
        }
    }

    @Test func upgradeReportsWhatAwaitsVerification() throws {
        let upgrade = try PseudoUserUpgrade(
            identity: IdentityData(email: "ann@example.com"),
            password: RecordsSample.password,
            policy: RegistrationPolicy(emailVerification: true)
        )
        #expect(upgrade.awaitingVerification == [.email])
        #expect(upgrade.emailAddressVerified == false)
        #expect(upgrade.phoneNumberVerified == nil)
    }
}
