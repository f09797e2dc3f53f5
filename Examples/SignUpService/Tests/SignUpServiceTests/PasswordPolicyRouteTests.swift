import Foundation
import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// The service's default password rule (issue 50, item 5): NIST SP 800-63B-4 for new passwords
/// at sign-up, pseudo-user upgrade, password change and reset, with the user's own words and the
/// app's as context; a login normalises what is typed, and users stored under Kii's rule before
/// still log in. Every service here runs as a default-configured one does (`.defaultPasswords`);
/// the other suites run under `PASSWORD_POLICY=kii`, as an app moved from Kii Cloud.
@Suite struct PasswordPolicyRouteTests {
    /// A password of 15 characters and more that no rule refuses.
    static let good = "violet kettle under the moon"
    /// A known password of 16 characters (the in-library blocklist holds it).
    static let common = "qwertyuiopasdfgh"
    /// The username of the tests' user, 16 characters.
    static let username = "taro_yamada_2026"

    /// A sign-up body with the tests' username and `password`.
    static func person(_ password: String, displayName: String = "Taro Yamada") -> String {
        #"{"loginName":"\#(username)","emailAddress":"taro@example.com","displayName":"\#(displayName)","password":"\#(password)"}"#
    }

    @Test(arguments: Backend.enabled)
    func theDefaultRefusesGuessablePasswordsWithTheirCodes(backend: Backend) async throws {
        try await withService(backend, .defaultPasswords) { service in
            let refused: [(String, [String])] = [
                ("1234", ["password:too_short"]),
                ("password", ["password:too_short"]),
                ("aaaa", ["password:too_short"]),
                ("qwerty123", ["password:too_short"]),
                // Kii's rule took it; NIST's minimum for a single factor is 15.
                ("correct horse", ["password:too_short"]),
                (Self.username, ["password:contains_context_word"]),
                ("my " + Self.username.uppercased(), ["password:contains_context_word"]),
                (Self.common, ["password:common_password"]),
                // Known passwords too: every problem found is reported.
                ("aaaaaaaaaaaaaaaa", ["password:common_password", "password:repetitive_or_sequential"]),
                ("abcdefghijklmnop", ["password:common_password", "password:repetitive_or_sequential"]),
                ("ghijklmnopqrstuvw", ["password:repetitive_or_sequential"]),
                // The app's ID (`signupdev`) is a word of the service's own.
                ("my signupdev account", ["password:contains_context_word"]),
            ]
            for (password, problems) in refused {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json: Self.person(password),
                    contentType: KiiType.registration
                )
                #expect(answer.status == 400, "\(password.count) characters")
                #expect(answer.errorCode == "INVALID_INPUT_DATA")
                #expect(answer.problems == problems, "\(problems)")
                // (`password` is also the field's name.)
                if password != "password" { #expect(!answer.text.contains(password)) }
            }
            #expect(try await service.rowCounts()[.users] == 0)
            let created = try await service.signUp(Self.person(Self.good))
            #expect(created.string("loginName") == Self.username)
            _ = try await service.logIn(Self.username, Self.good)
        }
    }

    @Test func theMinimumIsInTheReasonInEnglishAndJapanese() async throws {
        try await withService(.sqlite, .defaultPasswords) { service in
            for (language, reason) in [
                ("en", "password is too short (minimum 15 characters)"),
                ("ja", "パスワードは 15 文字以上で入力してください"),
            ] {
                let answer = try await service.send(
                    .post,
                    service.usersPath,
                    json: Self.person("correct horse"),
                    language: language,
                    contentType: KiiType.registration
                )
                #expect(answer.status == 400)
                #expect(scalars(answer.messages.first ?? "") == scalars(reason))
            }
        }
    }

    @Test func aUserStoredUnderKiisRuleBeforeStillLogsIn() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("signup-kii-rule-\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let database = DatabaseLocation.sqliteFile(path: file.path)
        try await withService(.sqlite, .database(database), .passwordPolicy(.kii)) { service in
            try await service.signUp(#"{"loginName":"old_user_1","password":"pw1234"}"#)
        }
        try await withService(.sqlite, .database(database), .defaultPasswords) { service in
            let token = try await service.logIn("old_user_1", "pw1234")
            #expect(!token.isEmpty)
            let wrong = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("old_user_1", "pw12345")
            )
            #expect(wrong.status == 400)
            // A new password is judged under the new rule: the short one again is refused.
            let change = try await changePassword(service, token: token, from: "pw1234", to: "pw5678")
            #expect(change.status == 400)
            #expect(change.problems == ["newPassword:too_short"])
            let changed = try await changePassword(service, token: token, from: "pw1234", to: Self.good)
            #expect(changed.status == 204)
            _ = try await service.logIn("old_user_1", Self.good)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPasswordTypedFullWidthLogsIn(backend: Backend) async throws {
        try await withService(backend, .defaultPasswords) { service in
            try await service.signUp(Self.person("Violet-Kettle-42-Moon"))
            // Fullwidth forms and an ideographic space: NFKC makes them the stored password.
            let typed = "Ｖｉｏｌｅｔ－Ｋｅｔｔｌｅ－４２－Ｍｏｏｎ"
            #expect(typed.unicodeScalars.allSatisfy { $0.value >= 0xFF00 })
            _ = try await service.logIn(Self.username, typed)
            try await service.signUp(#"{"loginName":"hanako_2026","password":"violet kettle　under the moon"}"#)
            _ = try await service.logIn("hanako_2026", Self.good)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPasswordChangeJudgesTheNewPasswordWithTheUsersWords(backend: Backend) async throws {
        try await withService(backend, .defaultPasswords) { service in
            try await service.signUp(Self.person(Self.good))
            let token = try await service.logIn(Self.username, Self.good)
            for (password, problem) in [
                (Self.common, "newPassword:common_password"),
                ("Taro Yamada's own password", "newPassword:contains_context_word"),
                ("password of taro@example.com", "newPassword:contains_context_word"),
                ("pw5678", "newPassword:too_short"),
            ] {
                let answer = try await changePassword(service, token: token, from: Self.good, to: password)
                #expect(answer.status == 400)
                #expect(answer.errorCode == "INVALID_INPUT_DATA")
                #expect(answer.problems == [problem])
                #expect(!answer.text.contains(password))
            }
            // Refused before the current password is judged: no attempt was counted.
            _ = try await service.logIn(Self.username, Self.good)
            let changed = try await changePassword(
                service,
                token: token,
                from: Self.good,
                to: "a quiet harbour at dawn"
            )
            #expect(changed.status == 204)
            _ = try await service.logIn(Self.username, "a quiet harbour at dawn")
        }
    }

    @Test(arguments: Backend.enabled)
    func aResetRefusesACommonPasswordAndTheUsersWords(backend: Backend) async throws {
        try await withService(backend, .defaultPasswords) { service in
            let id = try #require(try await service.signUp(Self.person(Self.good)).string("userID"))
            let requested = try await service.send(
                .post,
                service.userPath("EMAIL:taro@example.com") + "/password/request-reset",
                json: #"{"notificationMethod":"EMAIL"}"#,
                contentType: KiiType.resetRequest
            )
            #expect(requested.status == 204)
            let pin = try #require(service.resetCode(of: id))
            for (password, problem) in [
                (Self.common, "newPassword:common_password"),
                // The user's own words: judged once the code is right, and the code stays.
                ("Yamada forever and ever", "newPassword:contains_context_word"),
            ] {
                let answer = try await completeReset(service, pin: pin, password: password)
                #expect(answer.status == 400)
                #expect(answer.errorCode == "INVALID_INPUT_DATA")
                #expect(answer.problems == [problem])
                #expect(!answer.text.contains(password))
            }
            // Without the right code, the user's words tell nothing: the code is what is wrong.
            let wrongCode = try await completeReset(
                service,
                pin: Harness.wrongCode(than: pin),
                password: "Yamada forever and ever"
            )
            #expect(wrongCode.status == 400)
            #expect(wrongCode.problems == ["pinCode:wrong_code"])
            let done = try await completeReset(service, pin: pin, password: "a quiet harbour at dawn")
            #expect(done.status == 204)
            _ = try await service.logIn(Self.username, "a quiet harbour at dawn")
        }
    }

    @Test(arguments: Backend.enabled)
    func aPseudoUsersUpgradeJudgesThePassword(backend: Backend) async throws {
        try await withService(backend, .defaultPasswords) { service in
            let pseudo = try await service.pseudoUser()
            for (password, problem) in [
                ("correct horse", "password:too_short"),
                ("pseudo_upgrade_1 again", "password:contains_context_word"),
                ("signupdev is my app", "password:contains_context_word"),
            ] {
                let refused = try await service.update(
                    #"{"loginName":"pseudo_upgrade_1","password":"\#(password)"}"#,
                    token: pseudo.token
                )
                #expect(refused.status == 400)
                #expect(refused.problems == [problem])
                #expect(!refused.text.contains(password))
            }
            let upgraded = try await service.update(
                #"{"loginName":"pseudo_upgrade_1","password":"Ｖｉｏｌｅｔ kettle under the moon"}"#,
                token: pseudo.token
            )
            #expect(upgraded.status == 200)
            // Stored as the policy stores it (NFKC): the ASCII form logs in.
            _ = try await service.logIn("pseudo_upgrade_1", "Violet kettle under the moon")
        }
    }

    @Test func theChecksJudgeAPasswordWithTheFormsWords() async throws {
        try await withService(.sqlite, .defaultPasswords) { service in
            let cases: [(String, [String])] = [
                ("pw", ["password:too_short"]),
                (Self.common, ["password:common_password"]),
                ("taro_yamada_2026!", ["password:contains_context_word"]),
                ("signupdev rules ok", ["password:contains_context_word"]),
                (Self.good, []),
            ]
            for (password, problems) in cases {
                let answer = try await service.send(
                    .post,
                    "/checks",
                    json: #"{"loginName":"\#(Self.username)","password":"\#(password)"}"#,
                    app: .none
                )
                #expect(answer.status == 200)
                #expect(answer.problems == problems)
                #expect(!answer.text.contains(password))
            }
            let japanese = try await service.send(
                .post,
                "/checks",
                json: #"{"password":"\#(Self.common)"}"#,
                language: "ja",
                app: .none
            )
            #expect(japanese.headers[.contentLanguage] == "ja")
            #expect(japanese.problems == ["password:common_password"])
            #expect(japanese.messages.first?.unicodeScalars.contains { $0.value >= 0x3040 } == true)
            #expect(try await service.rowCounts()[.users] == 0)
        }
    }

    func changePassword(_ service: Harness, token: String, from old: String, to new: String) async throws -> Answer {
        try await service.send(
            .put,
            service.userPath("me") + "/password",
            json: #"{"oldPassword":"\#(old)","newPassword":"\#(new)"}"#,
            token: token,
            contentType: KiiType.changePassword
        )
    }

    func completeReset(_ service: Harness, pin: String, password: String) async throws -> Answer {
        try await service.send(
            .post,
            service.userPath("EMAIL:taro@example.com") + "/password/complete-reset",
            json: #"{"pinCode":"\#(pin)","newPassword":"\#(password)"}"#,
            contentType: KiiType.completeReset
        )
    }
}
