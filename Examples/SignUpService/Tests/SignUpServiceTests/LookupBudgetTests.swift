import HTTPTypes
import KiiIdentity
import Testing

@testable import SignUpService

/// Nothing enumerable for free (issue 49, 2): a lookup of a user by `EMAIL:`, `PHONE:` or
/// `LOGIN_NAME:` counts in the caller's and the address's budgets, found or not (429 past
/// either, as Kii's error body); a pseudo user may not look up by email address or phone
/// number at all (403, as another user's data is).
@Suite struct LookupBudgetTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!
    static let ann = #"""
        {"loginName":"ann_1","emailAddress":"ann@example.com","phoneNumber":"+819012345678","password":"correct horse"}
        """#

    @Test(arguments: Backend.enabled)
    func lookupsCountAgainstTheCaller(backend: Backend) async throws {
        try await withService(backend, .lookupsPerMinute(3)) { service in
            let ann = try #require(try await service.signUp(Self.ann).string("userID"))
            let bob = try await service.signUpAndLogIn(
                #"{"loginName":"bob_1","password":"correct horse"}"#,
                as: "bob_1"
            )
            func get(_ user: String) async throws -> Answer {
                try await service.send(.get, service.userPath(user), token: bob.token)
            }
            #expect(try await get("EMAIL:ann@example.com").status == 200)
            #expect(try await get("EMAIL:nobody@example.com").status == 404)
            #expect(try await get("LOGIN_NAME:ann_1").status == 200)
            let refused = try await get("PHONE:+819012345678")
            #expect(refused.status == 429)
            #expect(refused.errorCode == "TOO_MANY_REQUESTS")
            #expect(refused.problems == ["userID:too_many_lookups"])
            #expect(refused.headers[.retryAfter] == "20")
            #expect(refused.string("loginName") == nil)
            // By ID, or oneself: not a lookup by identifier.
            #expect(try await get(ann).status == 200)
            #expect(try await get("me").status == 200)
            // An owner's route by identifier counts too (its 403 or 404 would tell).
            let owner = try await service.send(.delete, service.userPath("EMAIL:ann@example.com"), token: bob.token)
            #expect(owner.status == 429)
            // Another caller has a budget of its own; the window passes.
            let cat = try await service.signUpAndLogIn(
                #"{"loginName":"cat_1","password":"correct horse"}"#,
                as: "cat_1"
            )
            let byCat = try await service.send(.get, service.userPath("EMAIL:ann@example.com"), token: cat.token)
            #expect(byCat.status == 200)
            service.advance(seconds: 60)
            #expect(try await get("EMAIL:ann@example.com").status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func lookupsCountAgainstTheAddress(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .addressLookupsPerMinute(4)) { service in
            try await service.signUp(Self.ann)
            var tokens: [String] = []
            for index in 0..<3 {
                tokens.append(
                    try await service.signUpAndLogIn(
                        #"{"loginName":"user_\#(index)","password":"correct horse"}"#,
                        as: "user_\(index)"
                    ).token
                )
            }
            func get(_ user: String, token: String, from address: String) async throws -> Answer {
                try await service.send(.get, service.userPath(user), token: token, headers: [Self.forwarded: address])
            }
            var statuses: [Int] = []
            for token in tokens + tokens {
                statuses.append(try await get("LOGIN_NAME:ann_1", token: token, from: "203.0.113.9").status)
            }
            #expect(statuses == [200, 200, 200, 200, 429, 429])
            #expect(try await get("LOGIN_NAME:ann_1", token: tokens[0], from: "198.51.100.4").status == 200)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPseudoUserCannotLookUpByEmailOrPhone(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(Self.ann)
            let pseudo = try await service.pseudoUser()
            for user in [
                "EMAIL:ann@example.com", "EMAIL:nobody@example.com", "PHONE:+819012345678", "PHONE:JP-09012345678",
                "EMAIL%3Aann%40example.com", "EMAIL:not-an-address",
            ] {
                let answer = try await service.send(.get, service.userPath(user), token: pseudo.token)
                #expect(answer.status == 403, "\(user)")
                #expect(answer.errorCode == "ACCESS_DENIED", "\(user)")
                #expect(answer.problems == ["userID:lookup_not_allowed"], "\(user)")
                #expect(answer.string("loginName") == nil, "\(user)")
            }
            // Not through an owner's route either: the same 403, whether or not someone holds it.
            for user in ["EMAIL:ann@example.com", "EMAIL:nobody@example.com"] {
                let answer = try await service.send(.delete, service.userPath(user), token: pseudo.token)
                #expect(answer.problems == ["userID:lookup_not_allowed"], "\(user)")
            }
            // By username it may, counted like anyone's; itself, always.
            let byName = try await service.send(.get, service.userPath("LOGIN_NAME:ann_1"), token: pseudo.token)
            #expect(byName.status == 200)
            #expect(byName.string("loginName") == "ann_1")
            #expect(try await service.send(.get, service.userPath("me"), token: pseudo.token).status == 200)
            // Upgraded, it is a user like any other.
            let upgraded = try await service.update(
                #"{"loginName":"pia_1","password":"correct horse"}"#,
                token: pseudo.token
            )
            #expect(upgraded.status == 200)
            let token = try await service.logIn("pia_1")
            #expect(try await service.send(.get, service.userPath("EMAIL:ann@example.com"), token: token).status == 200)
        }
    }

    @Test func aLookupIsASegmentQualifiedByAnIdentifier() {
        #expect(UserReference.lookupKind(of: "EMAIL:ann@example.com") == .email)
        #expect(UserReference.lookupKind(of: "EMAIL%3Aann%40example.com") == .email)
        #expect(UserReference.lookupKind(of: "PHONE:+819012345678") == .phone)
        #expect(UserReference.lookupKind(of: "LOGIN_NAME:ann_1") == .username)
        #expect(UserReference.lookupKind(of: "me") == nil)
        #expect(UserReference.lookupKind(of: "0f6e3c1a-9d7b-4c9e-8a51-2f3b4c5d6e7f") == nil)
        #expect(UserReference.lookupKind(of: "THING:x") == nil)
    }
}
