import Foundation
import KiiIdentity
import Logging
import SQLKit
import Testing

@testable import SignUpService

/// Names that are safe to show (issue 33): display names under RFC 8266 by default (a refused one
/// is 400 `INVALID_INPUT_DATA` with its problems, a mapped one stored and answered enforced), and
/// a username whose lookalike key another user holds taken, 409 `USER_ALREADY_EXISTS`, under the
/// same primary key as the other keys. `DISPLAY_NAME_POLICY=kii` and `USERNAME_LOOKALIKES=allow`
/// bring back Kii's rules; users stored before version 4 keep working.
@Suite struct SafeNameTests {
    /// `"\u{202E}x"`: RIGHT-TO-LEFT OVERRIDE before the name.
    static let override = "\u{202E}x"
    /// The JSON string of ``override``.
    static let overrideJSON = #""\u202Ex""#
    /// Full-width letters between spaces: `Yamada` once enforced.
    static let fullWidth = "  Ｙａｍａｄａ  "

    // MARK: Display names

    @Test(arguments: Backend.enabled)
    func bidiControlInADisplayNameIs400WithItsProblem(backend: Backend) async throws {
        try await withService(backend) { service in
            let signUp = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"ruth_1","password":"correct horse","displayName":\#(Self.overrideJSON)}"#,
                contentType: KiiType.registration
            )
            #expect(signUp.status == 400)
            #expect(signUp.errorCode == "INVALID_INPUT_DATA")
            #expect(signUp.problems == ["displayName:bidi_control"])
            #expect(signUp.messages.count == 1)
            #expect(signUp.messages.first?.contains("U+202E RIGHT-TO-LEFT OVERRIDE") == true)
            #expect(!signUp.text.contains("\u{202E}"))
            let pseudo = try await service.send(
                .post,
                service.usersPath,
                json: #"{"displayName":\#(Self.overrideJSON)}"#,
                contentType: KiiType.pseudoRegistration
            )
            #expect(pseudo.status == 400)
            #expect(pseudo.problems == ["displayName:bidi_control"])
            #expect(try await service.rowCounts()[.users] == 0)

            let ruth = try await service.signUpAndLogIn(
                #"{"loginName":"ruth_1","password":"correct horse","displayName":"Ruth"}"#,
                as: "ruth_1"
            )
            let update = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"displayName":\#(Self.overrideJSON)}"#,
                token: ruth.token,
                contentType: KiiType.userUpdate
            )
            #expect(update.status == 400)
            #expect(update.errorCode == "INVALID_INPUT_DATA")
            #expect(update.problems == ["displayName:bidi_control"])
            let guest = try await service.pseudoUser()
            let upgrade = try await service.send(
                .post,
                service.userPath(guest.id),
                json: #"{"loginName":"guest_1","password":"correct horse","displayName":\#(Self.overrideJSON)}"#,
                token: guest.token
            )
            #expect(upgrade.status == 400)
            #expect(upgrade.problems == ["displayName:bidi_control"])
            #expect(try await service.users.user(ruth.id)?.record.displayName?.normalized == "Ruth")
            #expect(try await service.users.user(guest.id)?.isPseudoUser == true)
        }
    }

    @Test(arguments: Backend.enabled)
    func aMappedDisplayNameIsStoredAndAnsweredEnforced(backend: Backend) async throws {
        try await withService(backend) { service in
            let answer = try await service.signUp(
                #"{"loginName":"yamada_1","password":"correct horse","displayName":"\#(Self.fullWidth)"}"#
            )
            #expect(answer.string("displayName") == "Yamada")
            let id = try #require(answer.string("userID"))
            #expect(try await service.users.user(id)?.record.displayName?.normalized == "Yamada")
            let token = try await service.logIn("yamada_1")
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me.string("displayName") == "Yamada")

            let pseudo = try await service.pseudoUser(#"{"displayName":"\#(Self.fullWidth)"}"#)
            #expect(pseudo.answer.string("displayName") == "Yamada")
            #expect(try await service.users.user(pseudo.id)?.record.displayName?.normalized == "Yamada")

            let updated = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"displayName":" Ｈａｎａｋｏ　 Ｙａｍａｄａ "}"#,
                token: token,
                contentType: KiiType.userUpdate
            )
            #expect(updated.status == 200)
            let after = try await service.send(.get, service.userPath("me"), token: token)
            #expect(after.string("displayName") == "Hanako Yamada")
        }
    }

    // MARK: Lookalike usernames

    @Test(arguments: Backend.enabled, [("bob", "b0b"), ("paypal", "paypa1"), ("modern", "rnodern")])
    func aUsernameWhoseLookalikeKeyIsHeldIs409(backend: Backend, pair: (String, String)) async throws {
        try await withService(backend) { service in
            let first = try await service.signUp(#"{"loginName":"\#(pair.0)","password":"correct horse"}"#)
            let firstID = try #require(first.string("userID"))
            #expect(try await service.users.lookalikeKey(of: firstID) == Username(pair.0).lookalikeKey.text)
            let second = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"\#(pair.1)","password":"correct horse","emailAddress":"second@example.com"}"#,
                contentType: KiiType.registration
            )
            #expect(second.status == 409)
            #expect(second.errorCode == "USER_ALREADY_EXISTS")
            #expect(second.problems == ["loginName:already_taken"])
            // A pseudo user's upgrade to the lookalike is taken too, and leaves the pseudo user.
            let guest = try await service.pseudoUser()
            let upgrade = try await service.send(
                .post,
                service.userPath(guest.id),
                json: #"{"loginName":"\#(pair.1)","password":"correct horse"}"#,
                token: guest.token
            )
            #expect(upgrade.status == 409)
            #expect(upgrade.errorCode == "USER_ALREADY_EXISTS")
            #expect(upgrade.problems == ["loginName:already_taken"])
            #expect(try await service.users.user(guest.id)?.isPseudoUser == true)
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 2)
            #expect(counts[.identityKeys] == 2)
            // The first user's deletion frees its lookalike key with its username.
            let token = try await service.logIn(pair.0)
            #expect(try await service.send(.delete, service.userPath("me"), token: token).status == 204)
            let again = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"\#(pair.1)","password":"correct horse"}"#,
                contentType: KiiType.registration
            )
            #expect(again.status == 201)
            let againID = try #require(again.string("userID"))
            #expect(try await service.users.lookalikeKey(of: againID) == Username(pair.0).lookalikeKey.text)
        }
    }

    @Test(arguments: Backend.enabled)
    func racingSignUpsOfLookalikesMakeOneUser(backend: Backend) async throws {
        try await withService(backend) { service in
            let names = ["bob", "b0b", "BOB", "B0b", "bOb", "b0B", "Bob", "b0b"]
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for name in names {
                    group.addTask {
                        try await service.send(
                            .post,
                            service.usersPath,
                            json: #"{"loginName":"\#(name)","password":"correct horse"}"#,
                            contentType: KiiType.registration
                        )
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 8)
            #expect(answers.filter { $0.status == 201 }.count == 1)
            let refused = answers.filter { $0.status != 201 }
            #expect(refused.count == 7)
            for answer in refused {
                #expect(answer.status == 409, "\(answer)")
                #expect(answer.errorCode == "USER_ALREADY_EXISTS", "\(answer)")
                #expect(answer.problems == ["loginName:already_taken"], "\(answer)")
            }
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 1)
            #expect(counts[.identityKeys] == 2)
            let winner = try #require(answers.first { $0.status == 201 }?.string("userID"))
            #expect(try await service.users.lookalikeKey(of: winner) == "bob")
        }
    }

    // MARK: Kii's rules, by setting

    @Test(arguments: Backend.enabled)
    func theSettingsBringBackKiisRules(backend: Backend) async throws {
        try await withService(backend, .kiiDisplayNames, .allowUsernameLookalikes) { service in
            let bob = try await service.signUp(
                #"{"loginName":"bob","password":"correct horse","displayName":\#(Self.overrideJSON)}"#
            )
            #expect(scalars(bob.string("displayName")) == scalars(Self.override))
            let lookalike = try await service.signUp(
                #"{"loginName":"b0b","password":"correct horse","displayName":"\#(Self.fullWidth)"}"#
            )
            #expect(scalars(lookalike.string("displayName")) == scalars(Self.fullWidth))
            let pseudo = try await service.pseudoUser(#"{"displayName":\#(Self.overrideJSON)}"#)
            #expect(scalars(pseudo.answer.string("displayName")) == scalars(Self.override))
            let bobID = try #require(bob.string("userID"))
            let lookalikeID = try #require(lookalike.string("userID"))
            #expect(
                scalars(try await service.users.user(bobID)?.record.displayName?.normalized) == scalars(Self.override)
            )
            #expect(
                scalars(try await service.users.user(lookalikeID)?.record.displayName?.normalized)
                    == scalars(Self.fullWidth)
            )
            #expect(try await service.users.lookalikeKey(of: bobID) == nil)
            #expect(try await service.users.lookalikeKey(of: lookalikeID) == nil)
            #expect(try await service.rowCounts()[.identityKeys] == 2)
            let token = try await service.logIn("b0b")
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(scalars(me.string("displayName")) == scalars(Self.fullWidth))
        }
    }

    // MARK: Users of version 3

    /// A database as version 3 left it, with `bob` (older) and `b0b` (newer: its lookalike key is
    /// `bob`'s), `b0b`'s display name one the nickname policy refuses: the service migrates it,
    /// `bob` gets the key, and `b0b` still reads, logs in, updates and is deleted.
    @Test(arguments: Backend.enabled)
    func usersOfVersionThreeKeepWorkingAndGetTheirLookalikeKeys(backend: Backend) async throws {
        let old = try await OlderDatabase.make(backend, version: 3, rows: try await Self.versionThreeUsers())
        try await old.withService(backend) { service in
            let version = try await service.server.pool.recordedSchemaVersion()
            #expect(version == Schema.version)
            #expect(try await service.users.lookalikeKey(of: "u-bob") == "bob")
            #expect(try await service.users.lookalikeKey(of: "u-b0b") == nil)
            #expect(try await service.users.lookalikeKey(of: "u-paypal") == "paypal")
            #expect(try await service.keys(of: "u-b0b") == ["username=b0b"])

            let token = try await service.logIn("b0b")
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me.status == 200)
            #expect(me.string("loginName") == "b0b")
            #expect(scalars(me.string("displayName")) == scalars(Self.override))
            let bobToken = try await service.logIn("bob")
            let other = try await service.send(.get, service.userPath("LOGIN_NAME:b0b"), token: bobToken)
            #expect(scalars(other.string("displayName")) == scalars(Self.override))

            // An update that leaves the display name keeps it; a new one is checked.
            let kept = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"country":"JP"}"#,
                token: token,
                contentType: KiiType.userUpdate
            )
            #expect(kept.status == 200, "\(kept)")
            let after = try await service.send(.get, service.userPath("me"), token: token)
            #expect(after.string("country") == "JP")
            #expect(scalars(after.string("displayName")) == scalars(Self.override))
            let refused = try await service.send(
                .post,
                service.userPath("me"),
                json: #"{"displayName":"\u200B"}"#,
                token: token,
                contentType: KiiType.userUpdate
            )
            #expect(refused.status == 400)
            #expect(refused.problems == ["displayName:invisible_character"])

            // `bob` holds the key: another lookalike is taken.
            let third = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"B0B","password":"correct horse"}"#,
                contentType: KiiType.registration
            )
            #expect(third.status == 409)
            #expect(third.problems == ["loginName:already_taken"])

            #expect(try await service.send(.delete, service.userPath("me"), token: token).status == 204)
            #expect(try await service.users.user("u-b0b") == nil)
            #expect(try await service.users.lookalikeKey(of: "u-bob") == "bob")
            let counts = try await service.rowCounts()
            #expect(counts[.users] == 2)
            #expect(counts[.identityKeys] == 4)
        }
    }
}

extension SafeNameTests {
    /// `bob` (created first), `b0b` (whose display name the nickname policy refuses) and
    /// `paypal`, with their keys, as literal statements.
    static func versionThreeUsers() async throws -> [String] {
        let hasher = PasswordHasher(cost: 4)
        let hash = try await hasher.hash("correct horse")
        try await hasher.shutdown()
        let people: [(id: String, internalID: Int, createdAt: Int, json: String)] = [
            ("u-bob", 1, 100, #"{"loginName":"bob","password":"correct horse","displayName":"Bob"}"#),
            ("u-b0b", 2, 200, #"{"loginName":"b0b","password":"correct horse","displayName":"\u202Ex"}"#),
            ("u-paypal", 3, 300, #"{"loginName":"paypal","password":"correct horse"}"#),
        ]
        var statements: [String] = []
        for person in people {
            let record = try Registration(json: person.json).record
            let text = UserStore.text(of: record).replacingOccurrences(of: "'", with: "''")
            statements.append(
                """
                INSERT INTO users (user_id, internal_id, record, password_hash, created_at, updated_at)
                VALUES ('\(person.id)', \(person.internalID), '\(text)', '\(hash)', \(person.createdAt), \(person.createdAt))
                """
            )
            let username = try #require(record.uniquenessKeys.username)
            statements.append(
                "INSERT INTO identity_keys (kind, value, user_id) VALUES ('username', '\(username)', '\(person.id)')"
            )
        }
        return statements
    }
}
