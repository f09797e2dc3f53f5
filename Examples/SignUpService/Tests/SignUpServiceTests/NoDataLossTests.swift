import KiiIdentity
import SignUpService
import Testing

/// A write that fails at any step (the store's test hook throws after the user's row, after the
/// keys, or just before the commit) answers 500 and leaves every table as it was; the same
/// request then succeeds, so nothing half-written was left holding a key.
@Suite struct NoDataLossTests {
    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedSignUpLeavesNoUserAndNoKey(backend: Backend, step: StoreStep) async throws {
        try await withService(backend, .emailVerification) { service in
            let body =
                #"{"loginName":"lost_1","emailAddress":"lost@example.com","phoneNumber":"+819012345678","password":"correct horse"}"#
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let failed = try await service.send(.post, "/users", json: body)
            #expect(failed.status == 500)
            #expect(failed.problems == ["service:internal_error"])
            #expect(try await service.rowCounts() == before)
            service.failWrites(at: nil)
            let created = try await service.send(.post, "/users", json: body)
            #expect(created.status == 201)
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 1)
            #expect(counts[.identityKeys] == 3)
            #expect(counts[.verificationCodes] == 1)
        }
    }

    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedUpgradeLeavesThePseudoUserAsItWas(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.send(.post, "/users/pseudo", json: #"{"displayName":"Guest"}"#)
            let token = try #require(pseudo.string("access_token"))
            let userID = try #require(pseudo.string("userID"))
            let stored = try await service.store.user(userID)
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let body = #"{"loginName":"lost_2","password":"correct horse"}"#
            let failed = try await service.send(.put, "/users/me/identity", json: body, token: token)
            #expect(failed.status == 500)
            #expect(try await service.rowCounts() == before)
            #expect(try await service.store.user(userID) == stored)
            service.failWrites(at: nil)
            #expect(try await service.send(.put, "/users/me/identity", json: body, token: token).status == 200)
            #expect(try await service.store.keys(of: userID).map(\.description) == ["username=lost_2"])
        }
    }

    @Test(arguments: Backend.enabled, StoreStep.allCases)
    func failedUpdateKeepsTheOldRecordAndKeys(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"lost_3","emailAddress":"old@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let token = try await service.logIn("lost_3")
            let stored = try await service.store.user(userID)
            let before = try await service.rowCounts()
            service.failWrites(at: step)
            let body = #"{"emailAddress":"new@example.com","displayName":"Changed"}"#
            let failed = try await service.send(.patch, "/users/me", json: body, token: token)
            #expect(failed.status == 500)
            #expect(try await service.rowCounts() == before)
            #expect(try await service.store.user(userID) == stored)
            #expect(
                try await service.store.keys(of: userID).map(\.description) == [
                    "username=lost_3", "email=old@example.com",
                ]
            )
            service.failWrites(at: nil)
            #expect(try await service.send(.patch, "/users/me", json: body, token: token).status == 200)
            #expect(
                try await service.store.keys(of: userID).map(\.description) == [
                    "username=lost_3", "email=new@example.com",
                ]
            )
        }
    }

    @Test(arguments: Backend.enabled, [StoreStep.afterUserRow, .beforeCommit])
    func failedPseudoUserLeavesNoUserAndNoToken(backend: Backend, step: StoreStep) async throws {
        try await withService(backend) { service in
            service.failWrites(at: step)
            let failed = try await service.send(.post, "/users/pseudo", contentType: nil)
            #expect(failed.status == 500)
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 0)
            #expect(counts[.accessTokens] == 0)
        }
    }
}
