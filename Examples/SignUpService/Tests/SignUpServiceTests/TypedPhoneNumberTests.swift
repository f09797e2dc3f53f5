import Testing

/// Phone numbers typed with their country (issue 49): a form's `(415) 555-2671` with `US`,
/// `+81 90-8765-4321`, `090-3333-4444` with `JP` are accepted at sign-up and by the page's
/// checks, stored and answered in E.164, one key with every other spelling.
@Suite struct TypedPhoneNumberTests {
    @Test(arguments: Backend.enabled)
    func typedNumbersAreStoredInE164AsOneKey(backend: Backend) async throws {
        try await withService(backend) { service in
            let us = try await service.signUp(
                #"{"loginName":"us_1","phoneNumber":"(415) 555-2671","country":"US","password":"correct horse"}"#
            )
            #expect(us.string("phoneNumber") == "+14155552671")
            let usID = try #require(us.string("userID"))
            #expect(try await service.keys(of: usID) == ["username=us_1", "phone=+14155552671"])
            let japan = try await service.signUp(
                #"{"loginName":"jp_1","phoneNumber":"+81 90-8765-4321","password":"correct horse"}"#
            )
            #expect(japan.string("phoneNumber") == "+819087654321")
            let local = try await service.signUp(
                #"{"loginName":"jp_2","phoneNumber":"090-3333-4444","country":"JP","password":"correct horse"}"#
            )
            #expect(local.string("phoneNumber") == "+819033334444")
            _ = try await service.logIn("+819033334444")

            // Another spelling of a stored number is taken.
            let again = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"us_2","phoneNumber":"+1 415.555.2671","password":"correct horse"}"#,
                contentType: KiiType.registration
            )
            #expect(again.status == 409)
            #expect(again.problems == ["phoneNumber:already_taken"])
            // What no reading accepts is still refused at its field.
            let letters = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"us_3","phoneNumber":"415-CALL-NOW","country":"US","password":"correct horse"}"#,
                contentType: KiiType.registration
            )
            #expect(letters.status == 400)
            #expect(letters.problems.allSatisfy { $0.hasPrefix("phoneNumber:") } && !letters.problems.isEmpty)
        }
    }

    @Test func thePagesChecksAcceptATypedLocalNumber() async throws {
        try await withService(.sqlite) { service in
            for json in [
                #"{"phoneNumber":"090-3333-4444","country":"JP"}"#,
                #"{"phoneNumber":"(415) 555-2671","country":"US"}"#,
                #"{"phoneNumber":"+81 90-8765-4321"}"#,
            ] {
                let answer = try await service.send(.post, "/checks", json: json, app: .none)
                #expect(answer.text == #"{"errors":[]}"#, "\(json)")
            }
            let bad = try await service.send(
                .post,
                "/checks",
                json: #"{"phoneNumber":"090-3333-444","country":"JP"}"#,
                app: .none
            )
            #expect(bad.problems.count == 1)
            #expect(bad.problems.first?.hasPrefix("phoneNumber:") == true)
        }
    }
}
