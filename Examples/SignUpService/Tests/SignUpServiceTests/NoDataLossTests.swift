import KiiIdentity
import SignUpService
import Testing

/// A write that fails at any step (the store's test hook throws after the user's row, after the
/// keys, or just before the commit) answers 500 `INTERNAL_SERVER_ERROR` and leaves every table
/// as it was; the same request then succeeds, so nothing half-written was left holding a key.
@Suite struct NoDataLossTests {
    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedSignUpLeavesNoUserAndNoKey(backend: Backend, step: StoreStep) async throws {
        try await withService(backend, .emailVerification) { service in
            let body =
                #"{"loginName":"lost_1","emailAddress":"lost@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let failed = try await service.send(.post, service.usersPath, json: body, contentType: KiiType.registration)
            #expect(failed.status == 500)
            #expect(failed.errorCode == "INTERNAL_SERVER_ERROR")
            #expect(failed.problems == ["service:internal_error"])
            #expect(try await service.rowCounts() == before)
            #expect(service.messages.isEmpty)
            service.failWrites(at: nil)
            let created = try await service.send(
                .post,
                service.usersPath,
                json: body,
                contentType: KiiType.registration
            )
            #expect(created.status == 201)
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 1)
            #expect(counts[.identityKeys] == 4)  // the username's lookalike key too
            #expect(counts[.verificationCodes] == 1)
            #expect(service.messages.count == 1)
        }
    }

    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedPutIdentityLeavesThePseudoUserAsItWas(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.pseudoUser(#"{"displayName":"Guest","score":1}"#)
            let stored = try await service.users.user(pseudo.id)
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let body = #"{"loginName":"lost_2","password":"correct horse","score":2}"#
            let failed = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json: body,
                token: pseudo.token,
                contentType: KiiType.userUpdate
            )
            #expect(failed.status == 500)
            #expect(failed.errorCode == "INTERNAL_SERVER_ERROR")
            #expect(try await service.rowCounts() == before)
            #expect(try await service.users.user(pseudo.id) == stored)
            service.failWrites(at: nil)
            let upgraded = try await service.send(
                .post,
                service.userPath(pseudo.id),
                json: body,
                token: pseudo.token,
                contentType: KiiType.userUpdate
            )
            #expect(upgraded.status == 200)
            #expect(try await service.keys(of: pseudo.id) == ["username=lost_2"])
            #expect(try await service.users.user(pseudo.id)?.passwordHash != nil)
        }
    }

    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedUpdateKeepsTheOldRecordAndKeys(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"lost_3","emailAddress":"old@example.com","password":"correct horse"}"#,
                as: "lost_3"
            )
            let stored = try await service.users.user(user.id)
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let body = #"{"emailAddress":"new@example.com","displayName":"Changed"}"#
            let failed = try await service.send(.post, service.userPath("me"), json: body, token: user.token)
            #expect(failed.status == 500)
            #expect(try await service.rowCounts() == before)
            #expect(try await service.users.user(user.id) == stored)
            #expect(try await service.keys(of: user.id) == ["username=lost_3", "email=old@example.com"])
            service.failWrites(at: nil)
            #expect(try await service.send(.post, service.userPath("me"), json: body, token: user.token).status == 200)
            #expect(try await service.keys(of: user.id) == ["username=lost_3", "email=new@example.com"])
        }
    }

    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedAddressChangeKeepsTheOldAddressAndCode(backend: Backend, step: StoreStep) async throws {
        try await withService(backend, .emailVerification) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"lost_4","emailAddress":"old@example.com","password":"correct horse"}"#,
                as: "lost_4"
            )
            let stored = try await service.users.user(user.id)
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let path = service.userPath("me") + "/email-address"
            let body = #"{"emailAddress":"new@example.com"}"#
            let failed = try await service.send(.put, path, json: body, token: user.token)
            #expect(failed.status == 500)
            #expect(try await service.rowCounts() == before)
            #expect(try await service.users.user(user.id) == stored)
            #expect(service.messages.count == 1)
            service.failWrites(at: nil)
            #expect(try await service.send(.put, path, json: body, token: user.token).status == 204)
            #expect(service.messages.last?.address == "new@example.com")
        }
    }

    @Test(arguments: Backend.enabled, [StoreStep.afterUserRow, .beforeCommit])
    func failedPasswordChangeKeepsThePasswordAndTheTokens(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"lost_5","password":"correct horse"}"#,
                as: "lost_5"
            )
            let other = try await service.logIn("lost_5")
            service.failWrites(at: step)
            let path = service.userPath("me") + "/password"
            let body = #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#
            let failed = try await service.send(.put, path, json: body, token: user.token)
            #expect(failed.status == 500)
            #expect(try await service.rowCounts()[.accessTokens] == 2)
            #expect(try await service.send(.get, service.userPath("me"), token: other).status == 200)
            service.failWrites(at: nil)
            #expect(try await service.logIn("lost_5").count == 43)
            #expect(try await service.send(.put, path, json: body, token: user.token).status == 204)
            #expect(try await service.logIn("lost_5", "battery staple").count == 43)
        }
    }

    @Test(arguments: Backend.enabled, [StoreStep.afterUserRow, .beforeCommit])
    func failedPseudoUserLeavesNoUserAndNoToken(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            service.failWrites(at: step)
            let failed = try await service.send(
                .post,
                service.usersPath,
                json: "{}",
                contentType: KiiType.pseudoRegistration
            )
            #expect(failed.status == 500)
            #expect(failed.errorCode == "INTERNAL_SERVER_ERROR")
            #expect(try await service.rowCounts().values.allSatisfy { $0 == 0 })
            service.failWrites(at: nil)
            #expect(try await service.pseudoUser().token.count == 43)
        }
    }
}
