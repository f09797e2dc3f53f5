import Foundation
import KiiIdentity
import Testing

/// The password never shows: not in descriptions, reflections, dumps, errors or encodings,
/// except as the request body's own `password` member.
@Suite struct RecordsRedactionTests {
    static let secret = RecordsSample.password
    static let fragment = "unique-Secret"

    static func texts(of value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [
            String(describing: value), String(reflecting: value), dumped,
            "\(Mirror(reflecting: value).children.map { "\($0)" })",
        ]
    }

    static func values() throws -> [Any] {
        let registration = try Registration(
            identity: IdentityData(username: "User_1", email: "ann@example.com", phone: "+14155552671"),
            password: secret,
            fields: UserFields(displayName: "Ann", custom: ["note": "hello"])
        )
        let upgrade = try PseudoUserUpgrade(identity: IdentityData(username: "guest_1"), password: secret)
        let update = try UserUpdate(of: registration.record, identity: IdentityData(email: "new@example.com"))
        return [
            registration, registration.body, registration.record, registration.uniquenessKeys,
            registration.loginIdentifiers, registration.policy, upgrade, upgrade.body, update,
            try PseudoUserRegistration(fields: UserFields(displayName: "Guest")),
        ]
    }

    @Test func descriptionsReflectionsAndDumpsKeepThePasswordOut() throws {
        for value in try Self.values() {
            for text in Self.texts(of: value) {
                #expect(!text.contains(Self.fragment), "\(type(of: value)) shows the password")
            }
        }
    }

    @Test func bodyDescriptionSaysRedacted() throws {
        let registration = try Registration(identity: IdentityData(username: "user_1"), password: Self.secret)
        #expect(registration.body.description == #"{"loginName":"user_1","password":<redacted>}"#)
        #expect(registration.description.contains("<redacted>"))
    }

    /// Counts occurrences of the password in the encoding and checks each is a `password`
    /// member of a `body` object (or of the top level, for the body itself).
    @Test func encodingsHoldThePasswordOnlyAsTheBodysMember() throws {
        let registration = try Registration(identity: IdentityData(username: "user_1"), password: Self.secret)
        let upgrade = try PseudoUserUpgrade(identity: IdentityData(username: "guest_1"), password: Self.secret)
        let encoder = JSONEncoder()
        func json(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        func object(_ value: some Encodable) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
        }

        for text in [try json(registration), try json(upgrade), try json(registration.body)] {
            #expect(text.components(separatedBy: Self.fragment).count == 2)
        }
        #expect(try object(registration.body)["password"] as? String == Self.secret)
        #expect((try object(registration)["body"] as? [String: Any])?["password"] as? String == Self.secret)
        #expect((try object(upgrade)["body"] as? [String: Any])?["password"] as? String == Self.secret)

        let update = try UserUpdate(of: registration.record, identity: IdentityData(email: "a@example.com"))
        for text in [
            try json(registration.record), try json(registration.uniquenessKeys),
            try json(registration.loginIdentifiers),
            try json(update), try json(upgrade.body.record),
        ] {
            #expect(!text.contains(Self.fragment))
        }
    }

    @Test func errorsKeepThePasswordOut() throws {
        let badPassword = Self.secret + "\u{7F}é" + String(repeating: "x", count: 3)
        do {
            _ = try Registration(identity: IdentityData(username: "a b"), password: badPassword)
            Issue.record("expected an error")
        } catch {
            #expect(error.contains(.invalidCharacter))
            #expect(!error.description.contains(Self.fragment))
            #expect(!error.description.contains("é"))
            let encoded = String(decoding: try JSONEncoder().encode(error), as: UTF8.self)
            #expect(!encoded.contains(Self.fragment))
        }
        do {
            _ = try Registration(json: ["loginName": "user_1", "password": .string(badPassword)])
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains(Self.fragment))
        }
        let body = #"{"loginName":"a b","password":"\#(Self.secret)\u007f"}"#
        do {
            _ = try JSONDecoder().decode(RegistrationRequestBody.self, from: Data(body.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(!"\(error)".contains(Self.fragment))
        }
    }

    @Test func passwordInAPseudoUserJSONIsNotInspected() {
        do {
            _ = try PseudoUserRegistration(json: ["password": .string(Self.secret)])
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains(Self.fragment))
            #expect(error.problems.map(\.code) == [.notAllowedForPseudoUser])
        }
    }
}
