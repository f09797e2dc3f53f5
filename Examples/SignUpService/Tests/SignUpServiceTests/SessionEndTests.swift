import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// Sessions that end when they should (issue 49, 8): a replayed refresh token ends its whole
/// family; the page's Log out revokes its session on the service; an upgraded pseudo user's
/// 100-year token gets a login's lifetime; an address that waited for its code in vain stops
/// holding its key.
@Suite struct SessionEndTests {
    static let person = #"{"loginName":"rita_1","emailAddress":"rita@example.com","password":"correct horse"}"#

    /// A login asking for a 600-second token: its access and refresh tokens.
    static func logIn(_ service: Harness) async throws -> (token: String, refresh: String) {
        let expiresAt = (service.now + 600) * 1_000
        let answer = try await service.send(
            .post,
            Harness.tokenPath,
            json: #"{"username":"rita_1","password":"correct horse","expiresAt":\#(expiresAt)}"#
        )
        try #require(answer.status == 200, "login failed: \(answer)")
        return (try #require(answer.string("access_token")), try #require(answer.string("refresh_token")))
    }

    static func refresh(_ service: Harness, _ refreshToken: String) async throws -> Answer {
        try await service.send(
            .post,
            Harness.tokenPath,
            json: #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#
        )
    }

    static func me(_ service: Harness, _ token: String) async throws -> Int {
        try await service.send(.get, service.userPath("me"), token: token).status
    }

    @Test(arguments: Backend.enabled)
    func aReplayedRefreshTokenEndsItsFamilyAndNoOtherSession(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.person)
            let stolen = try await Self.logIn(service)
            let other = try await Self.logIn(service)
            // The client refreshes twice; the thief then replays the first refresh token.
            let second = try await Self.refresh(service, stolen.refresh)
            let third = try await Self.refresh(service, try #require(second.string("refresh_token")))
            let live = try #require(third.string("access_token"))
            let liveRefresh = try #require(third.string("refresh_token"))
            #expect(try await Self.me(service, live) == 200)
            let replay = try await Self.refresh(service, stolen.refresh)
            #expect(replay.status == 403)
            #expect(replay.errorCode == "WRONG_REFRESH_TOKEN")
            // The family is gone: the session the token was rotated into, twice over.
            #expect(try await Self.me(service, live) == 403)
            #expect(try await Self.refresh(service, liveRefresh).status == 403)
            // The user's other login is another family: it stays.
            #expect(try await Self.me(service, other.token) == 200)
            #expect(try await Self.refresh(service, other.refresh).status == 200)
            // Only the other login's session is left.
            #expect(try await service.server.pool.count(.accessTokens) == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func theRevokeRouteEndsTheCallersSessionOnly(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.person)
            let page = try await Self.logIn(service)
            let phone = try await Self.logIn(service)
            let revoke = "/api/apps/\(service.app.id)/oauth2/revoke"
            let ended = try await service.send(.post, revoke, token: page.token, app: .none)
            #expect(ended.status == 204)
            #expect(ended.text.isEmpty)
            let after = try await service.send(.get, service.userPath("me"), token: page.token)
            #expect(after.status == 403)
            #expect(after.errorCode == "WRONG_TOKEN")
            #expect(try await Self.refresh(service, page.refresh).status == 403)
            // Again: the token is unknown now.
            #expect(try await service.send(.post, revoke, token: page.token, app: .none).status == 403)
            // Without a token: 401, as every user's route.
            let anonymous = try await service.send(.post, revoke)
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "UNAUTHORIZED")
            #expect(try await Self.me(service, phone.token) == 200)
            #expect(try await Self.refresh(service, phone.refresh).status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func anUpgradedPseudoUsersTokenGetsALoginsLifetime(backend: Backend) async throws {
        try await withService(backend, .tokenLifetime(3_600)) { service in
            let pseudo = try await service.pseudoUser()
            #expect(try await Self.expiries(service, pseudo.id) == [service.now + AccessToken.pseudoUserLifetime])
            service.advance(seconds: 10)
            let upgraded = try await service.update(
                #"{"loginName":"pia_1","password":"correct horse"}"#,
                token: pseudo.token
            )
            #expect(upgraded.status == 200)
            #expect(try await Self.expiries(service, pseudo.id) == [service.now + 3_600])
            // The SDK goes on with its token, for a login's lifetime.
            service.advance(seconds: 3_599)
            #expect(try await Self.me(service, pseudo.token) == 200)
            service.advance(seconds: 1)
            #expect(try await Self.me(service, pseudo.token) == 403)
            #expect(try await service.logIn("pia_1").count == 43)
            // A pseudo user's update that is not an upgrade keeps its token's lifetime.
            let other = try await service.pseudoUser()
            let renamed = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"displayName":"Guest"}"#,
                token: other.token,
                contentType: KiiType.userUpdate
            )
            #expect(renamed.status == 200)
            #expect(try await Self.expiries(service, other.id) == [service.now + AccessToken.pseudoUserLifetime])
        }
    }

    @Test(arguments: Backend.enabled)
    func anUnverifiedAddressGivesUpItsKeyWhenItsCodeExpires(backend: Backend) async throws {
        try await withService(backend, .emailVerification, .verificationCodeLifetime(300)) { service in
            let victim = #"{"loginName":"vic_1","emailAddress":"vic@example.com","password":"correct horse"}"#
            let squatter = try #require(
                try await service.signUp(
                    #"{"loginName":"sq_1","emailAddress":"vic@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let early = try await service.send(
                .post,
                service.usersPath,
                json: victim,
                contentType: KiiType.registration
            )
            #expect(early.status == 409)
            #expect(early.errorCode == "USER_ALREADY_EXISTS")
            // Verified addresses keep theirs: one of a user who verified, for comparison.
            let owner = try #require(
                try await service.signUp(
                    #"{"loginName":"own_1","emailAddress":"own@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let ownerToken = try await service.logIn("own_1")
            let verified = try await service.verify(.email, of: owner, token: ownerToken)
            #expect(verified.status == 204)
            service.advance(seconds: 299)
            try await Housekeeping.sweep(service.server.pool, now: service.now)
            #expect(try await service.keys(of: squatter).contains("email=vic@example.com"))
            service.advance(seconds: 1)
            try await Housekeeping.sweep(service.server.pool, now: service.now)
            #expect(try await service.keys(of: squatter) == ["username=sq_1"])
            #expect(try await service.keys(of: owner).contains("email=own@example.com"))
            // The person whose address it is signs up with it now.
            let victimID = try #require(try await service.signUp(victim).string("userID"))
            #expect(try await service.keys(of: victimID).contains("email=vic@example.com"))
            // The squatter's new code is refused: the address is taken, and nothing is sent.
            let token = try await service.logIn("sq_1")
            let sent = service.messages.count
            let resend = try await service.send(
                .post,
                service.userPath("me") + "/email-address/resend-verification",
                token: token
            )
            #expect(resend.status == 409)
            #expect(resend.errorCode == "USER_ALREADY_EXISTS")
            #expect(service.messages.count == sent)
            let lookup = try await service.send(.get, service.userPath("EMAIL:vic@example.com"), token: ownerToken)
            #expect(lookup.string("userID") == victimID)
        }
    }

    @Test(arguments: Backend.enabled)
    func aResentCodeTakesTheFreedKeyBack(backend: Backend) async throws {
        try await withService(backend, .emailVerification, .verificationCodeLifetime(300)) { service in
            let userID = try #require(try await service.signUp(Self.person).string("userID"))
            service.advance(seconds: 300)
            try await Housekeeping.sweep(service.server.pool, now: service.now)
            #expect(try await service.keys(of: userID) == ["username=rita_1"])
            let token = try await service.logIn("rita_1")
            let resend = try await service.send(
                .post,
                service.userPath("me") + "/email-address/resend-verification",
                token: token
            )
            #expect(resend.status == 204)
            #expect(try await service.keys(of: userID) == ["username=rita_1", "email=rita@example.com"])
            let verified = try await service.verify(.email, of: userID, token: token)
            #expect(verified.status == 204)
            #expect(try await service.logIn("rita@example.com").count == 43)
        }
    }

    /// The expiry of each token of `userID`, in Unix seconds.
    static func expiries(_ service: Harness, _ userID: String) async throws -> [Int64] {
        try await service.server.pool.withConnection { database in
            try await database.raw("SELECT expires_at FROM access_tokens WHERE user_id = \(bind: userID)")
                .all(decodingColumn: "expires_at", as: Int64.self)
        }
    }
}
