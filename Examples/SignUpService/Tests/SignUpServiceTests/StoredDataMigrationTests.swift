import Foundation
import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// The schema version that lowercases email keys and enforces stored display names
/// (``Schema/emailKeysAndNamesVersion``), on a database the version before it wrote: keys with
/// a capital in their local part, two addresses that differ only in case, display names stored
/// decomposed under the nickname policy.
@Suite struct StoredDataMigrationTests {
    /// One user of the older database.
    struct Person {
        let id: String
        let createdAt: Int
        let json: String
        /// Its `identity_keys` rows as the older version stored them (`kind`, `value`).
        let keys: [(String, String)]
    }

    /// `u-bob` and `u-dave-old` are older than the users whose addresses now collide with
    /// theirs (`u-shout`, whose key was `BOB@example.com`; `u-dave-new`, whose key was already
    /// lowercase while the older `Dave@example.com` was not).
    static let people: [Person] = [
        Person(
            id: "u-bob",
            createdAt: 100,
            json: #"{"loginName":"bob_first","emailAddress":"bob@example.com","displayName":"Jose\u0301"}"#,
            keys: [("username", "bob_first"), ("email", "bob@example.com")]
        ),
        Person(
            id: "u-shout",
            createdAt: 200,
            json: #"{"loginName":"bob_later","emailAddress":"BOB@example.com","displayName":"Ann","country":"JP"}"#,
            keys: [("username", "bob_later"), ("email", "BOB@example.com")]
        ),
        Person(
            id: "u-carol",
            createdAt: 300,
            json: #"{"emailAddress":"Carol.Page@Example.com","displayName":"\u202Ex","HighScore":7}"#,
            keys: [("email", "Carol.Page@example.com")]
        ),
        Person(
            id: "u-kim",
            createdAt: 400,
            json: #"{"loginName":"kim","displayName":"\u1100\u1175\u11B7\u110E\u1165\u11AF\u1109\u116E"}"#,
            keys: [("username", "kim")]
        ),
        Person(
            id: "u-dave-old",
            createdAt: 500,
            json: #"{"loginName":"dave_first","emailAddress":"Dave@example.com"}"#,
            keys: [("username", "dave_first"), ("email", "Dave@example.com")]
        ),
        Person(
            id: "u-dave-new",
            createdAt: 600,
            json: #"{"loginName":"dave_later","emailAddress":"dave@example.com"}"#,
            keys: [("username", "dave_later"), ("email", "dave@example.com")]
        ),
    ]

    /// The records as they were stored (display names as given: the older library did not
    /// compose them).
    static func records() throws -> [String: UserRecord] {
        var records: [String: UserRecord] = [:]
        for person in people {
            let json = person.json.dropLast() + #","password":"correct horse"}"#
            records[person.id] = try Registration(json: String(json)).record
        }
        return records
    }

    /// The older database's rows: the people, their keys, and a code waiting for `u-carol`'s
    /// address.
    static func rows() async throws -> [String] {
        let hasher = PasswordHasher(cost: 4)
        let hash = try await hasher.hash("correct horse")
        try await hasher.shutdown()
        let records = try records()
        var rows: [String] = []
        for (index, person) in people.enumerated() {
            let text = OlderDatabase.quoted(UserStore.text(of: try #require(records[person.id])))
            let emailVerified = person.keys.contains { $0.0 == "email" } ? "TRUE" : "NULL"
            rows.append(
                """
                INSERT INTO users (user_id, internal_id, record, password_hash, email_verified, created_at, updated_at)
                VALUES ('\(person.id)', \(index + 1), \(text), '\(hash)', \(emailVerified), \(person.createdAt),
                    \(person.createdAt))
                """
            )
            for (kind, value) in person.keys {
                rows.append(
                    "INSERT INTO identity_keys (kind, value, user_id) VALUES ('\(kind)', '\(value)', '\(person.id)')"
                )
            }
        }
        rows.append(
            """
            INSERT INTO verification_codes (user_id, kind, value, code_hash, expires_at)
            VALUES ('u-carol', 'email', 'Carol.Page@example.com', 'h', 4000000000)
            """
        )
        return rows
    }

    static func older(_ backend: Backend) async throws -> OlderDatabase {
        try await OlderDatabase.make(backend, version: Schema.emailKeysAndNamesVersion - 1, rows: try await rows())
    }

    @Test(arguments: Backend.enabled)
    func emailKeysAreLowercasedAndACollisionLeavesTheLaterUserWorking(backend: Backend) async throws {
        let logs = LogCapture()
        try await Self.older(backend).withService(backend, .logs(logs)) { service in
            let version = try await service.server.pool.recordedSchemaVersion()
            #expect(version == Schema.version)
            #expect(try await service.keys(of: "u-bob") == ["username=bob_first", "email=bob@example.com"])
            #expect(try await service.keys(of: "u-shout") == ["username=bob_later"])
            #expect(try await service.keys(of: "u-carol") == ["email=carol.page@example.com"])
            #expect(try await service.keys(of: "u-dave-old") == ["username=dave_first", "email=dave@example.com"])
            #expect(try await service.keys(of: "u-dave-new") == ["username=dave_later"])

            // The log names each later user and the holder, never the address.
            let collisions = logs.lines.filter { $0.message.hasPrefix("email key collision") }
            #expect(collisions.map { $0.metadata["user_id"] } == ["u-shout", "u-dave-new"])
            #expect(collisions.map { $0.metadata["key_holder"] } == ["u-bob", "u-dave-old"])
            #expect(collisions.allSatisfy { $0.level == .warning })
            let summary = try #require(logs.lines("email keys lowercased").first)
            #expect(summary.metadata["keys"] == "5")
            #expect(summary.metadata["rewritten"] == "2")
            #expect(summary.metadata["collisions"] == "2")
            #expect(!logs.lines.contains { line in line.metadata.values.contains { $0.contains("@") } })

            // Logins by email in any case find the holder; the later users log in by username.
            #expect(try await Self.userID(logIn: "BOB@Example.com", service) == "u-bob")
            #expect(try await Self.userID(logIn: "carol.page@example.com", service) == "u-carol")
            #expect(try await Self.userID(logIn: "CAROL.PAGE@EXAMPLE.COM", service) == "u-carol")
            #expect(try await Self.userID(logIn: "dave@example.com", service) == "u-dave-old")
            #expect(try await Self.userID(logIn: "dave_later", service) == "u-dave-new")
            let later = try await service.logIn("bob_later")
            let me = try await service.send(.get, service.userPath("me"), token: later)
            #expect(me.status == 200)
            #expect(me.string("userID") == "u-shout")
            #expect(me.string("emailAddress") == "BOB@example.com")
            #expect(me.string("country") == "JP")

            // Until it changes its address: then it logs in by the new one.
            let changed = try await service.send(
                .put,
                service.userPath("u-shout") + "/email-address",
                json: #"{"emailAddress":"Bob.Later@example.com"}"#,
                token: later,
                contentType: KiiType.emailChange
            )
            #expect(changed.status == 204, "\(changed)")
            #expect(try await Self.userID(logIn: "bob.later@EXAMPLE.com", service) == "u-shout")
            #expect(try await service.keys(of: "u-shout") == ["username=bob_later", "email=bob.later@example.com"])

            // A waiting code is checked against the lowercased key: its address was lowercased too.
            let code = try await service.server.pool.withConnection { database in
                try await database.raw("SELECT value FROM verification_codes WHERE user_id = 'u-carol'").first(
                    decodingColumn: "value",
                    as: String.self
                )
            }
            #expect(code == "carol.page@example.com")
            // A second run finds nothing to do.
            #expect(try await Schema.migrate(service.server.pool, logger: logs.logger()) == Schema.version)
            #expect(try await service.keys(of: "u-carol") == ["email=carol.page@example.com"])
        }
    }

    @Test(arguments: Backend.enabled)
    func displayNamesStoredUnderTheNicknamePolicyAreRewrittenInNFKC(backend: Backend) async throws {
        let logs = LogCapture()
        let before = try Self.records()
        try await Self.older(backend).withService(backend, .logs(logs)) { service in
            let bob = try #require(try await service.users.user("u-bob"))
            #expect(scalars(bob.record.displayName?.normalized) == scalars("Jos\u{E9}"))
            let kim = try #require(try await service.users.user("u-kim"))
            #expect(scalars(kim.record.displayName?.normalized) == scalars("\u{AE40}\u{CCA0}\u{C218}"))
            // Refused by the nickname policy (stored under Kii's rule): kept as it was.
            let carol = try #require(try await service.users.user("u-carol"))
            #expect(scalars(carol.record.displayName?.normalized) == scalars("\u{202E}x"))
            let shout = try #require(try await service.users.user("u-shout"))
            #expect(scalars(shout.record.displayName?.normalized) == scalars("Ann"))

            // Nothing else changed: every other member, and the password (the login).
            for person in Self.people {
                let stored = try #require(try await service.users.user(person.id))
                let old = try #require(before[person.id])
                var members = stored.record.json
                var oldMembers = old.json
                members["displayName"] = nil
                oldMembers["displayName"] = nil
                #expect(JSONValue.object(members).description == JSONValue.object(oldMembers).description)
                #expect(stored.createdAt == Int64(person.createdAt))
            }
            let token = try await service.logIn("kim")
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(scalars(me.string("displayName")) == scalars("\u{AE40}\u{CCA0}\u{C218}"))

            let summary = try #require(logs.lines("display names enforced").first)
            #expect(summary.metadata["rewritten"] == "2")
            #expect(summary.metadata["kept"] == "1")
            #expect(summary.level == .info)
        }
    }

    @Test(arguments: Backend.enabled)
    func displayNamesStayAsGivenUnderKiisRule(backend: Backend) async throws {
        let logs = LogCapture()
        try await Self.older(backend).withService(backend, .kiiDisplayNames, .logs(logs)) { service in
            let bob = try #require(try await service.users.user("u-bob"))
            #expect(scalars(bob.record.displayName?.normalized) == scalars("Jose\u{301}"))
            #expect(logs.lines("display names enforced").isEmpty)
            #expect(logs.lines("display names kept as given (DISPLAY_NAME_POLICY=kii)").count == 1)
            // The email keys are lowercased whatever the display-name policy.
            #expect(try await service.keys(of: "u-shout") == ["username=bob_later"])
        }
    }

    /// The user a login with `identifier` and the shared password reaches.
    static func userID(logIn identifier: String, _ service: Harness) async throws -> String? {
        let token = try await service.logIn(identifier)
        return try await service.send(.get, service.userPath("me"), token: token).string("userID")
    }
}
