import Testing

/// A decomposed display name under the nickname policy (issue 48): 201 with the composed (NFKC)
/// name, stored so, compared by UTF-8 bytes (`String ==` is canonical equivalence).
@Suite struct ComposedDisplayNameTests {
    @Test(arguments: Backend.enabled)
    func aDecomposedNameIsStoredAndAnsweredComposed(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"jose","password":"correct horse","displayName":"Jose\u0301 A\u0301lvarez"}"#,
                contentType: KiiType.registration
            )
            #expect(answer.status == 201, "\(answer)")
            let composed = "Jos\u{E9} \u{C1}lvarez"
            #expect(scalars(answer.string("displayName")) == scalars(composed))
            let userID = try #require(answer.string("userID"))
            let stored = try #require(try await service.users.user(userID))
            #expect(scalars(stored.record.displayName?.normalized) == scalars(composed))
            let token = try await service.logIn("jose")
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(scalars(me.string("displayName")) == scalars(composed))
        }
    }
}
