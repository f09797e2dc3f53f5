import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// Codes under a per-destination and per-user rate (issue 51, 3): alternating a user's phone
/// number 20 times sent 20 codes in 0.06 s, and signing up and deleting again and again sent one
/// number codes without end (SMS pumping). Every request that sends a code is charged, before
/// anything of it is done, to the destination (`code:to:<E.164 or email key>`) and to the user
/// (`code:user:<ID>`); a refused one is 429 `too_many_codes` and changes nothing.
@Suite struct CodeBudgetTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!
    static let numberA = "+14155552671"
    static let numberB = "+14155552672"

    /// The codes' defaults (3 at once, then one every 20 minutes); sign-ups all but unlimited.
    static let limits = {
        var limits = CostlyRequestLimits()
        limits.signUpsPerMinute = 1_000
        return limits
    }()

    /// The codes the service handed to the delivery for `address`.
    static func codes(_ service: Harness, to address: String) -> Int {
        service.messages.filter { $0.address == address }.count
    }

    @Test(arguments: Backend.enabled)
    func fortyAlternatingPhoneChangesSendAtMostTheBudget(backend: Backend) async throws {
        try await withService(backend, .phoneVerification, .costlyRequests(Self.limits)) { service in
            let userID = try #require(
                try await service.signUp(#"{"loginName":"alt_1","password":"correct horse"}"#).string("userID")
            )
            let token = try await service.logIn("alt_1")
            var statuses: [Int] = []
            var refused: [Answer] = []
            for index in 0..<40 {
                let answer = try await service.send(
                    .put,
                    service.userPath("me") + "/phone-number",
                    json: #"{"phoneNumber":"\#(index.isMultiple(of: 2) ? Self.numberA : Self.numberB)"}"#,
                    token: token,
                    contentType: KiiType.phoneChange
                )
                statuses.append(answer.status)
                if answer.status == 429 { refused.append(answer) }
            }
            // The user's budget (3 at once) runs out first: A, B, A; then each change to B is
            // refused, and each "change" to A, the number the user has, changes and sends nothing.
            let alternating: [Int] = (3..<40).map { $0.isMultiple(of: 2) ? 204 : 429 }
            #expect(statuses == [204, 204, 204] + alternating)
            #expect(refused.count == 19)
            #expect(refused.allSatisfy { $0.problems == ["phoneNumber:too_many_codes"] })
            #expect(refused.allSatisfy { $0.errorCode == "TOO_MANY_REQUESTS" })
            #expect(refused.allSatisfy { $0.headers[.retryAfter] == "1200" })
            let sent = service.messages.filter { $0.userID == userID }
            #expect(sent.count == 3)
            #expect(Self.codes(service, to: Self.numberA) == 2)
            #expect(Self.codes(service, to: Self.numberB) == 1)
            // A refused change left the number the last admitted one set, with its code.
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me.string("phoneNumber") == Self.numberA)
            #expect(service.messages.last?.address == Self.numberA)
            // 20 minutes on, one more.
            service.advance(seconds: 1_200)
            let later = try await service.send(
                .put,
                service.userPath("me") + "/phone-number",
                json: #"{"phoneNumber":"\#(Self.numberB)"}"#,
                token: token,
                contentType: KiiType.phoneChange
            )
            #expect(later.status == 204)
            #expect(Self.codes(service, to: Self.numberB) == 2)
        }
    }

    @Test(arguments: Backend.enabled)
    func signUpAndDeleteCyclesSendOneNumberAtMostTheBudget(backend: Backend) async throws {
        try await withService(backend, .phoneVerification, .costlyRequests(Self.limits)) { service in
            var statuses: [Int] = []
            for cycle in 0..<10 {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json:
                        #"{"loginName":"pump_\#(cycle)","phoneNumber":"\#(Self.numberA)","password":"correct horse"}"#,
                    contentType: KiiType.registration
                )
                statuses.append(answer.status)
                if answer.status == 201 {
                    let token = try await service.logIn("pump_\(cycle)")
                    #expect(try await service.send(.delete, service.userPath("me"), token: token).status == 204)
                } else {
                    #expect(answer.problems == ["phoneNumber:too_many_codes"])
                    #expect(answer.headers[.retryAfter] == "1200")
                }
            }
            #expect(statuses == [201, 201, 201] + Array(repeating: 429, count: 7))
            #expect(Self.codes(service, to: Self.numberA) == 3)
            // Nothing of a refused sign-up was stored; another number still signs up.
            #expect(try await service.rowCounts()[.users] == 0)
            try await service.signUp(
                #"{"loginName":"other_1","phoneNumber":"\#(Self.numberB)","password":"correct horse"}"#
            )
            #expect(Self.codes(service, to: Self.numberB) == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func resendsAndResetsAreChargedToTheDestinationFromAnyAddress(backend: Backend) async throws {
        try await withService(
            backend,
            .emailVerification,
            .trustedProxyHeader(Self.forwarded),
            .costlyRequests(Self.limits)
        ) { service in
            let owner = #"{"loginName":"owner_1","emailAddress":"Owner@Example.com","password":"correct horse"}"#
            let userID = try #require(try await service.signUp(owner).string("userID"))
            let token = try await service.logIn("owner_1")
            let resend = service.userPath("me") + "/email-address/resend-verification"
            // From a new address each time: the client's address budget never runs out, the
            // destination's does (1 at sign-up, 2 resent).
            var statuses: [Int] = []
            for index in 0..<5 {
                let answer = try await service.send(
                    .post,
                    resend,
                    token: token,
                    headers: [Self.forwarded: "192.0.2.\(index)"]
                )
                statuses.append(answer.status)
            }
            #expect(statuses == [204, 204, 429, 429, 429])
            #expect(service.messages.filter { $0.userID == userID }.count == 3)
            let code = try #require(service.code(.email, of: userID))
            #expect(try await service.verify(.email, of: userID, code: code, token: token).status == 204)

            // Resets by any spelling of the address are charged to it, and answered alike for
            // nobody.
            service.advance(seconds: 3_600)
            func reset(_ user: String, from address: String) async throws -> Int {
                try await service.send(
                    .post,
                    service.userPath(user) + "/password/request-reset",
                    headers: [Self.forwarded: address]
                ).status
            }
            var resets: [Int] = []
            for index in 0..<5 {
                resets.append(try await reset("EMAIL:owner@example.com", from: "198.51.100.\(index)"))
            }
            // An hour on: 3 a user's and the address's budget back.
            #expect(resets == [204, 204, 204, 429, 429])
            #expect(service.messages.filter { $0.purpose == .passwordReset }.count == 3)
            var strangers: [Int] = []
            for index in 0..<5 {
                strangers.append(try await reset("EMAIL:nobody@example.com", from: "198.51.100.\(index)"))
            }
            #expect(strangers == [204, 204, 204, 429, 429])
        }
    }
}
