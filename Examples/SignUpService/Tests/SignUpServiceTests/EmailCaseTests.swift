import KiiIdentity
import Testing

/// Email addresses compared without case (issue 49): the uniqueness key and the login lookup
/// fold the local part's case, the address is stored and answered as given.
@Suite struct EmailCaseTests {
    @Test(arguments: Backend.enabled)
    func anAddressInAnotherCaseIsTaken(backend: Backend) async throws {
        try await withService(backend) { service in
            let bob = try await service.signUp(
                #"{"loginName":"bob","emailAddress":"bob@example.com","password":"correct horse"}"#
            )
            let shout = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"bob2","emailAddress":"BOB@example.com","password":"correct horse"}"#,
                contentType: KiiType.registration
            )
            #expect(shout.status == 409)
            #expect(shout.errorCode == "USER_ALREADY_EXISTS")
            #expect(shout.problems == ["emailAddress:already_taken"])
            let userID = try #require(bob.string("userID"))
            #expect(try await service.keys(of: userID) == ["username=bob", "email=bob@example.com"])
            #expect(try await service.rowCounts()[.users] == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func aLoginInAnotherCaseFindsTheUserWhoseAddressStaysAsGiven(backend: Backend) async throws {
        try await withService(backend) { service in
            let page = try await service.signUp(#"{"emailAddress":"Page.User@Example.com","password":"correct horse"}"#)
            let userID = try #require(page.string("userID"))
            #expect(page.string("emailAddress") == "Page.User@example.com")
            #expect(try await service.keys(of: userID) == ["email=page.user@example.com"])
            for typed in [
                "page.user@example.com", "PAGE.USER@EXAMPLE.COM", "Page.User@Example.com",
                "EMAIL:pAGE.uSER@example.com",
            ] {
                let token = try await service.logIn(typed)
                let me = try await service.send(.get, service.userPath("me"), token: token)
                #expect(me.string("userID") == userID, "\(typed)")
                #expect(me.string("emailAddress") == "Page.User@example.com")
            }
            // The address as a path names the user in any case, too.
            let token = try await service.logIn("page.user@example.com")
            let byAddress = try await service.send(.get, service.userPath("EMAIL:PAGE.USER@example.com"), token: token)
            #expect(byAddress.status == 200)
            #expect(byAddress.string("userID") == userID)
            let wrong = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("page.user@example.com", "wrong horse")
            )
            #expect(wrong.status == 400)
        }
    }

    @Test(arguments: Backend.enabled)
    func aVerificationCodeGoesToTheAddressAsGiven(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let page = try await service.signUp(
                #"{"loginName":"page_user","emailAddress":"Page.User@Example.com","password":"correct horse"}"#
            )
            let userID = try #require(page.string("userID"))
            #expect(service.messages.last?.address == "Page.User@example.com")
            let code = try #require(service.code(.email, of: userID))
            let verified = try await service.send(
                .post,
                service.userPath("me") + "/email-address/verify",
                json: #"{"verificationCode":"\#(code)"}"#,
                token: try await service.logIn("page_user"),
                contentType: KiiType.verification
            )
            #expect(verified.status == 204, "\(verified)")
            _ = try await service.logIn("PAGE.user@example.com")
        }
    }
}
