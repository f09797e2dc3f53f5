import KiiIdentity
import SignUpService
import Testing

/// Concurrent requests for one key: exactly one wins, every other is a 409, and the database
/// holds one user with its keys. The requests run at once in one process (the in-process
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

        var keyCount: Int { self == .everything ? 3 : 1 }
        var testDescription: String { rawValue }
    }

    @Test(arguments: Backend.enabled, Person.allCases)
    func manySignUpsOfOnePersonMakeOneUser(backend: Backend, person: Person) async throws {
        try await withService(backend) { service in
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for body in person.bodies {
                    group.addTask { try await service.send(.post, "/users", json: body) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == 201 }.count == 1)
            #expect(answers.filter { $0.status == 409 }.count == person.bodies.count - 1)
            for loser in answers where loser.status != 201 {
                #expect(loser.problems == person.takenProblems, "\(loser)")
            }
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 1)
            #expect(counts[.identityKeys] == person.keyCount)
        }
    }

    @Test(arguments: Backend.enabled)
    func pseudoUpgradeRacingASignUpForOneEmail(backend: Backend) async throws {
        try await withService(backend) { service in
            var upgradeWins = 0
            for round in 0..<8 {
                let pseudo = try await service.send(.post, "/users/pseudo", contentType: nil)
                let token = try #require(pseudo.string("access_token"))
                let email = "race\(round)@example.com"
                async let upgrade = service.send(
                    .put,
                    "/users/me/identity",
                    json: #"{"emailAddress":"\#(email)","password":"correct horse"}"#,
                    token: token
                )
                async let signUp = service.send(
                    .post,
                    "/users",
                    json: #"{"emailAddress":"race\#(round)@EXAMPLE.com","password":"correct horse"}"#
                )
                let (upgraded, signedUp) = try await (upgrade, signUp)
                #expect(
                    [upgraded.status, signedUp.status].sorted() == [200, 409]
                        || [upgraded.status, signedUp.status].sorted() == [201, 409]
                )
                #expect((upgraded.status == 200) != (signedUp.status == 201))
                let loser = upgraded.status == 200 ? signedUp : upgraded
                #expect(loser.problems == ["emailAddress:already_taken"])
                if upgraded.status == 200 { upgradeWins += 1 }
                let me = try await service.send(.get, "/users/me", token: token)
                #expect(me.string("emailAddress") == (upgraded.status == 200 ? email : nil))
            }
            let counts = try await service.rowCounts()
            #expect(counts[.identityKeys] == 8)
            #expect(counts[.users] == 8 + (8 - upgradeWins))
        }
    }

    @Test(arguments: Backend.enabled)
    func twoUsersChangingToOneEmailAtOnce(backend: Backend) async throws {
        try await withService(backend) { service in
            try await service.signUp(#"{"loginName":"nina_1","password":"correct horse"}"#)
            try await service.signUp(#"{"loginName":"omar_1","password":"correct horse"}"#)
            let nina = try await service.logIn("nina_1")
            let omar = try await service.logIn("omar_1")
            async let first = service.send(
                .patch,
                "/users/me",
                json: #"{"emailAddress":"one@example.com"}"#,
                token: nina
            )
            async let second = service.send(
                .patch,
                "/users/me",
                json: #"{"emailAddress":"one@EXAMPLE.com"}"#,
                token: omar
            )
            let statuses = try await [first.status, second.status].sorted()
            #expect(statuses == [200, 409])
            #expect(try await service.rowCounts()[.identityKeys] == 3)
        }
    }
}
