import KiiIdentity
import SignUpService
import Testing

/// Concurrent requests for one key: exactly one wins, every other is a 409 `USER_ALREADY_EXISTS`,
/// and the database holds one user with its keys. The requests run at once in one process (the in-process
/// client); `ProcessTests` does the same across two service processes.
@Suite struct RaceTests {
    /// One person in many spellings: each body is a sign-up of the same identifiers.
    enum Person: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case phoneForms, emailDomainCase, usernameCase, everything

        var bodies: [String] {
            let phones = [
                #""phoneNumber":"+14155552671""#, #""phoneNumber":"US-4155552671""#,
                #""phoneNumber":"4155552671","country":"US""#,
                #""phoneNumber":{"number":"(415) 555-2671","country":"US"}"#,
            ]
            let emails = ["mallory@example.com", "mallory@EXAMPLE.com", "mallory@Example.Com", "mallory@example.COM"]
            let usernames = ["Mallory_1", "mallory_1", "MALLORY_1", "mAlLoRy_1"]
            return (0..<24).map { index in
                let phone = phones[index % phones.count]
                let email = emails[index % emails.count]
                let username = usernames[index % usernames.count]
                let members: String
                switch self {
                case .phoneForms: members = phone
                case .emailDomainCase: members = #""emailAddress":"\#(email)""#
                case .usernameCase: members = #""loginName":"\#(username)""#
                case .everything:
                    members = #""loginName":"\#(username)","emailAddress":"\#(email)",\#(phone)"#
                }
                return #"{\#(members),"password":"correct horse"}"#
            }
        }

        /// What every losing request names.
        var takenProblems: [String] {
            switch self {
            case .phoneForms: ["phoneNumber:already_taken"]
            case .emailDomainCase: ["emailAddress:already_taken"]
            case .usernameCase: ["loginName:already_taken"]
            case .everything: ["loginName:already_taken", "emailAddress:already_taken", "phoneNumber:already_taken"]
            }
        }

        /// The winner's keys: a username's lookalike key is one more.
        var keyCount: Int {
            switch self {
            case .phoneForms, .emailDomainCase: 1
            case .usernameCase: 2
            case .everything: 4
            }
        }
        var testDescription: String { rawValue }
    }

    @Test(arguments: Backend.enabled, Person.allCases)
    func manySignUpsOfOnePersonMakeOneUser(backend: Backend, person: Person) async throws {
        try await withService(backend) { service in
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for body in person.bodies {
                    group.addTask {
                        try await service.send(.post, service.usersPath, json: body, contentType: KiiType.registration)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == 201 }.count == 1)
            #expect(answers.filter { $0.status == 409 }.count == person.bodies.count - 1)
            for loser in answers where loser.status != 201 {
                #expect(loser.errorCode == "USER_ALREADY_EXISTS", "\(loser)")
                #expect(loser.problems == person.takenProblems, "\(loser)")
            }
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 1)
            #expect(counts[.identityKeys] == person.keyCount)
        }
    }

    @Test(arguments: Backend.enabled)
    func putIdentityRacingASignUpForOneEmail(backend: Backend) async throws {
        try await withService(backend) { service in
            var upgradeWins = 0
            for round in 0..<8 {
                let pseudo = try await service.pseudoUser()
                let email = "race\(round)@example.com"
                async let upgrade = service.send(
                    .post,
                    service.userPath(pseudo.id),
                    json: #"{"emailAddress":"\#(email)","password":"correct horse"}"#,
                    token: pseudo.token,
                    contentType: KiiType.userUpdate
                )
                async let signUp = service.send(
                    .post,
                    service.usersPath,
                    json: #"{"emailAddress":"race\#(round)@EXAMPLE.com","password":"correct horse"}"#,
                    contentType: KiiType.registration
                )
                let (upgraded, signedUp) = try await (upgrade, signUp)
                #expect(
                    [upgraded.status, signedUp.status].sorted() == [200, 409]
                        || [upgraded.status, signedUp.status].sorted() == [201, 409]
                )
                #expect((upgraded.status == 200) != (signedUp.status == 201))
                let loser = upgraded.status == 200 ? signedUp : upgraded
                #expect(loser.errorCode == "USER_ALREADY_EXISTS")
                #expect(loser.problems == ["emailAddress:already_taken"])
                if upgraded.status == 200 { upgradeWins += 1 }
                let me = try await service.send(.get, service.userPath("me"), token: pseudo.token)
                #expect(me.string("emailAddress") == (upgraded.status == 200 ? email : nil))
                #expect(me["_hasPassword"] == .bool(upgraded.status == 200))
            }
            let counts = try await service.rowCounts()
            #expect(counts[.identityKeys] == 8)
            #expect(counts[.users] == 8 + (8 - upgradeWins))
        }
    }

    @Test(arguments: Backend.enabled)
    /// One by `PUT …/email-address`, the other by Kii's update.
    func twoUsersChangingToOneEmailAtOnce(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(#"{"loginName":"nina_1","password":"correct horse"}"#)
            try await service.signUp(#"{"loginName":"omar_1","password":"correct horse"}"#)
            let nina = try await service.logIn("nina_1")
            let omar = try await service.logIn("omar_1")
            async let first = service.send(
                .put,
                service.userPath("me") + "/email-address",
                json: #"{"emailAddress":"one@example.com"}"#,
                token: nina,
                contentType: KiiType.emailChange
            )
            async let second = service.send(
                .post,
                service.userPath("me"),
                json: #"{"emailAddress":"one@EXAMPLE.com"}"#,
                token: omar,
                contentType: KiiType.userUpdate
            )
            let (byPut, byUpdate) = try await (first, second)
            #expect(
                [byPut.status, byUpdate.status].sorted() == [200, 409]
                    || [byPut.status, byUpdate.status].sorted() == [204, 409]
            )
            #expect((byPut.status == 204) != (byUpdate.status == 200))
            let loser = byPut.status == 204 ? byUpdate : byPut
            #expect(loser.errorCode == "USER_ALREADY_EXISTS")
            #expect(loser.problems == ["emailAddress:already_taken"])
            // Two usernames with their lookalike keys, and the email address.
            #expect(try await service.rowCounts()[.identityKeys] == 5)
        }
    }

    @Test(arguments: Backend.enabled)
    func twoPasswordChangesWithTheSamePasswordLetOneWin(backend: Backend) async throws {
        try await withService(backend) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"pia_1","password":"correct horse"}"#,
                as: "pia_1"
            )
            let other = try await service.logIn("pia_1")
            let path = service.userPath("me") + "/password"
            async let first = service.send(
                .put,
                path,
                json: #"{"oldPassword":"correct horse","newPassword":"first horse"}"#,
                token: user.token
            )
            async let second = service.send(
                .put,
                path,
                json: #"{"oldPassword":"correct horse","newPassword":"second horse"}"#,
                token: other
            )
            let (one, two) = try await (first, second)
            #expect([one.status, two.status].sorted() == [204, 400])
            let loser = one.status == 204 ? two : one
            #expect(loser.errorCode == "WRONG_PASSWORD" || loser.errorCode == "WRONG_TOKEN")
            let winner = one.status == 204 ? "first horse" : "second horse"
            #expect(try await service.logIn("pia_1", winner).count == 43)
            // The winner's token stays; the loser's was revoked by the winner's change.
            #expect(try await service.rowCounts()[.accessTokens] == 2)
        }
    }

    @Test(arguments: Backend.enabled)
    func aResetCodeIsUsedOnceByTwoRequestsAtOnce(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(
                try await service.signUp(#"{"emailAddress":"quinn@example.com","password":"correct horse"}"#)
                    .string("userID")
            )
            let path = service.userPath("EMAIL:quinn@example.com") + "/password/complete-reset"
            #expect(
                try await service.send(.post, service.userPath("EMAIL:quinn@example.com") + "/password/request-reset")
                    .status == 204
            )
            let pin = try #require(service.resetCode(of: userID))
            async let first = service.send(.post, path, json: #"{"pinCode":"\#(pin)","newPassword":"first horse"}"#)
            async let second = service.send(.post, path, json: #"{"pinCode":"\#(pin)","newPassword":"second horse"}"#)
            let (one, two) = try await (first, second)
            #expect([one.status, two.status].sorted() == [204, 400])
            #expect((one.status == 204 ? two : one).errorCode == "INVALID_VERIFICATION_CODE")
            let winner = one.status == 204 ? "first horse" : "second horse"
            #expect(try await service.logIn("quinn@example.com", winner).count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func aVerificationCodeIsUsedOnceByTwoRequestsAtOnce(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"rae_1","emailAddress":"rae@example.com","password":"correct horse"}"#,
                as: "rae_1"
            )
            let code = try #require(service.code(.email, of: user.id))
            let path = service.userPath("me") + "/email-address/verify"
            async let first = service.send(.post, path, json: #"{"verificationCode":"\#(code)"}"#, token: user.token)
            async let second = service.send(.post, path, json: #"{"verificationCode":"\#(code)"}"#, token: user.token)
            let (one, two) = try await (first, second)
            #expect([one.status, two.status].sorted() == [204, 400])
            #expect((one.status == 204 ? two : one).errorCode == "INVALID_VERIFICATION_CODE")
            #expect(try await service.rowCounts()[.verificationCodes] == 0)
        }
    }
}
