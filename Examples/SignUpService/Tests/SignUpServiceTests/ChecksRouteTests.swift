import HTTPTypes
import KiiIdentity
import Testing

/// `POST /checks` (issue 38): a sign-up form's members checked by the sign-up's own rules and
/// policy, each given member's problems answered 200 in the request's language, nothing stored,
/// no database asked, no app key needed. The checks read nothing stored, so SQLite alone.
@Suite struct ChecksRouteTests {
    /// A form with a problem in every member.
    static let badForm =
        #"{"loginName":"a b","emailAddress":"ann@","phoneNumber":"090","country":"JP","displayName":"\u202Ex","password":"pw"}"#

    @Test func everyMembersProblemsAtOnceInEnglish() async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(.post, "/checks", json: Self.badForm, app: .none)
            #expect(answer.status == 200)
            #expect(answer.headers[.contentLanguage] == "en")
            #expect(
                answer.problems == [
                    "loginName:invalid_character", "emailAddress:empty_domain", "phoneNumber:too_few_digits",
                    "password:too_short", "displayName:bidi_control",
                ]
            )
            #expect(answer.messages.first?.hasPrefix("username contains a space at position 2") == true)
            #expect(answer.memberNames == ["errors"])
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    @Test func problemsInJapaneseByAcceptLanguage() async throws {
        try await withService(.sqlite) { service in
            let answer = try await service.send(
                .post,
                "/checks",
                json: Self.badForm,
                language: "ja-JP,ja;q=0.9,en;q=0.8",
                app: .none
            )
            #expect(answer.status == 200)
            #expect(answer.headers[.contentLanguage] == "ja")
            #expect(answer.problems.count == 5)
            #expect(answer.messages[0].hasPrefix("ユーザー名の 2 文字目の空白"))
            #expect(answer.messages[3] == "パスワードは 4 文字以上で入力してください")
        }
    }

    @Test func onlyTheGivenMembersAreAnswered() async throws {
        try await withService(.sqlite) { service in
            // No password and no identifier: the sign-up's problems, but not of this one member.
            let username = try await service.send(.post, "/checks", json: #"{"loginName":"ab"}"#, app: .none)
            #expect(username.status == 200)
            #expect(username.problems == ["loginName:too_short"])
            let fine = try await service.send(.post, "/checks", json: #"{"emailAddress":"ann@example.com"}"#)
            #expect(fine.status == 200)
            #expect(fine.text == #"{"errors":[]}"#)
            let password = try await service.send(.post, "/checks", json: #"{"password":""}"#, app: .none)
            #expect(password.problems.map { $0.hasPrefix("password:") } == [true])
        }
    }

    @Test func aLocalPhoneNumberIsReadInItsCountry() async throws {
        try await withService(.sqlite) { service in
            let local = try await service.send(
                .post,
                "/checks",
                json: #"{"phoneNumber":"09012345678","country":"JP"}"#,
                app: .none
            )
            #expect(local.text == #"{"errors":[]}"#)
            let noCountry = try await service.send(
                .post,
                "/checks",
                json: #"{"phoneNumber":"09012345678"}"#,
                app: .none
            )
            #expect(noCountry.problems.count == 1)
            #expect(noCountry.problems.first?.hasPrefix("phoneNumber:") == true)
            let landline = try await service.send(
                .post,
                "/checks",
                json: #"{"phoneNumber":"0312345678","country":"JP"}"#
            )
            #expect(landline.problems.first?.hasPrefix("phoneNumber:") == true)
        }
    }

    @Test func aTakenUsernameIsTheSignUpsAnswerNotTheChecks() async throws {
        try await withService(.sqlite) { service in
            try await service.signUp(#"{"loginName":"ann_1","password":"correct horse"}"#)
            let answer = try await service.send(.post, "/checks", json: #"{"loginName":"ANN_1"}"#, app: .none)
            #expect(answer.text == #"{"errors":[]}"#)
        }
    }

    @Test func thePasswordIsNeverInTheAnswer() async throws {
        try await withService(.sqlite) { service in
            let secret = "sec ret\u{0007}"
            let answer = try await service.send(
                .post,
                "/checks",
                json: #"{"loginName":"ann_1","password":"sec ret\u0007"}"#,
                app: .none
            )
            #expect(answer.problems.count == 1)
            #expect(answer.problems.first?.hasPrefix("password:") == true)
            #expect(!answer.text.contains(secret))
            #expect(!answer.text.contains("sec ret"))
        }
    }

    @Test func aBodyThatIsNotAFormIsRefusedAsASignUpsIs() async throws {
        try await withService(.sqlite) { service in
            let malformed = try await service.send(.post, "/checks", json: #"{"loginName":"#, app: .none)
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "INVALID_INPUT_DATA")
            let array = try await service.send(.post, "/checks", json: "[]", app: .none)
            #expect(array.status == 400)
            #expect(array.problems == ["json:not_an_object"])
            let text = try await service.send(.post, "/checks", json: "{}", contentType: "text/plain", app: .none)
            #expect(text.status == 415)
            let get = try await service.send(.get, "/checks", app: .none)
            #expect(get.status == 405)
            #expect(get.headers[.allow] == "POST")
        }
    }
}
