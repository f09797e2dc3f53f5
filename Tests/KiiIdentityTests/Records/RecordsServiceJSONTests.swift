import Foundation
import KiiIdentity
import Testing

@Suite("JSON bodies of a service: typed phone numbers, stored records as text, keys as rows")
struct RecordsServiceJSONTests {
    @Test("a typed phone with the country a form selected signs up as its E.164 number")
    func typedPhone() throws {
        let registration = try Registration(
            json:
                #"{"loginName":"ann","password":"correct horse","phoneNumber":{"number":"090-1234-5678","country":"JP"}}"#
        )
        #expect(registration.record.phone?.e164 == "+819012345678")
        #expect(registration.record.country == nil)  // the user's country is never filled in from the number
        #expect(registration.uniquenessKeys.phone == "+819012345678")
    }

    @Test("without its own country, a typed phone is read in the user's country")
    func typedPhoneUserCountry() throws {
        let registration = try Registration(
            json:
                #"{"loginName":"ann","password":"correct horse","country":"US","phoneNumber":{"number":"(415) 555-2671"}}"#
        )
        #expect(registration.record.phone?.e164 == "+14155552671")
        #expect(registration.record.country?.rawValue == "US")
    }

    @Test("the phone's own country wins over the user's")
    func typedPhoneOwnCountry() throws {
        let registration = try Registration(
            json: [
                "loginName": "ann", "password": "correct horse", "country": "US",
                "phoneNumber": ["number": "090 1234 5678", "country": "JP"],
            ]
        )
        #expect(registration.record.phone?.e164 == "+819012345678")
        #expect(registration.record.country?.rawValue == "US")
    }

    @Test("a typed phone object's own problems, each under its field")
    func typedPhoneProblems() throws {
        let error = try #require(throws: ValidationError.self) {
            try Registration(
                json: [
                    "loginName": "ann", "password": "correct horse",
                    "phoneNumber": ["number": 9_012_345_678, "country": "jp", "ext": "12"],
                ]
            )
        }
        // The object's members in name order, then the phone's own country.
        #expect(
            error.problems.map { "\($0.field)/\($0.code)" }
                == ["phoneNumber/unknown_field", "phoneNumber/not_a_string", "country/not_uppercase"]
        )
        #expect(error.problems[0].reason == "has a member 'ext' (a typed number has only 'number' and 'country')")
        let missing = try #require(throws: ValidationError.self) {
            try Registration(json: ["password": "correct horse", "phoneNumber": ["country": "JP"]])
        }
        #expect(missing.problems.map { "\($0.field)/\($0.code)" } == ["phoneNumber/missing"])
    }

    @Test("a typed phone needs a country when it is local")
    func typedPhoneNeedsCountry() throws {
        let error = try #require(throws: ValidationError.self) {
            try Registration(json: ["loginName": "ann", "password": "correct horse", "phoneNumber": ["number": "090"]])
        }
        #expect(error.problems.map { "\($0.field)/\($0.code)" } == ["phoneNumber/needs_country"])
    }

    @Test("an update takes a typed phone too; a stored record does not")
    func updateAndRecord() throws {
        let stored = try UserRecord(json: #"{"loginName":"ann","country":"US"}"#)
        let update = try UserUpdate(
            of: stored,
            json: Array(#"{"phoneNumber":{"number":"090-1234-5678","country":"JP"}}"#.utf8)
        )
        #expect(update.updated.phone?.e164 == "+819012345678")
        #expect(update.changedKinds == [.phone])
        let error = try #require(throws: ValidationError.self) {
            try UserRecord(json: ["phoneNumber": ["number": "+819012345678"]])
        }
        #expect(error.problems.map { "\($0.field)/\($0.code)" } == ["phoneNumber/not_a_string"])
    }

    @Test("IdentityData's phone country round-trips through Codable and shows in the description")
    func identityDataCodable() throws {
        let identity = IdentityData(typedPhone: "090-1234-5678", phoneCountry: "JP")
        #expect(
            identity.description
                == #"IdentityData(username: nil, email: nil, typedPhone: "090-1234-5678", phoneCountry: "JP")"#
        )
        let upgrade = try PseudoUserUpgrade(identity: identity, password: "correct horse", country: "US")
        #expect(upgrade.body.record.phone?.e164 == "+819012345678")
    }

    @Test("a stored record from JSON text and from bytes")
    func recordFromText() throws {
        let text = #"{"loginName":"Ann","emailAddress":"ann@Example.com","country":"JP","score":12345678901234567890}"#
        let fromText = try UserRecord(json: text)
        let fromBytes = try UserRecord(json: Array(text.utf8))
        #expect(fromText == fromBytes)
        #expect(fromText.username?.normalized == "ann")
        #expect(fromText.email?.normalized == "ann@example.com")
        #expect(fromText.custom["score"]?.description == "12345678901234567890")
        for bad in [#"{"a":1,"a":2}"#, "[1]", "{", String(repeating: " ", count: (1 << 20) + 1)] {
            let error = try #require(throws: ValidationError.self) { try UserRecord(json: bad) }
            #expect(error.field == .json, "\(bad.prefix(20))")
        }
        let invalidUTF8 = try #require(throws: ValidationError.self) {
            try UserRecord(json: Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8))
        }
        #expect(invalidUTF8.field == .json)
        #expect(invalidUTF8.code == .invalidUTF8)
    }

    @Test("uniqueness keys as rows, and a row decodes only as a normalised key")
    func keysAsRows() throws {
        let registration = try Registration(
            identity: IdentityData(username: "User_1", email: "ann@Example.com", phone: "US-4155552671"),
            password: "correct horse"
        )
        let keys = registration.uniquenessKeys.keys
        #expect(keys.map(\.kind) == [.username, .email, .phone])
        #expect(keys.map(\.value) == ["user_1", "ann@example.com", "+14155552671"])
        #expect(keys.map(\.description) == ["username=user_1", "email=ann@example.com", "phone=+14155552671"])
        func decode(_ json: String) throws -> UniquenessKey {
            try JSONDecoder().decode(UniquenessKey.self, from: Data(json.utf8))
        }
        #expect(try decode(#"{"kind":"phone","value":"+14155552671"}"#) == keys[2])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(keys[2]) == Data(#"{"kind":"phone","value":"+14155552671"}"#.utf8))
        #expect(throws: DecodingError.self) { try decode(#"{"kind":"phone","value":"US-4155552671"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"kind":"username","value":"User_1"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"kind":"fax","value":"1"}"#) }
    }

    @Test("a pseudo user's upgrade from a request body: its country reads a local number, its fields stay")
    func upgradeOfStoredPseudoUser() throws {
        let pseudo = try UserRecord(json: #"{"displayName":"Guest","country":"JP","level":3}"#)
        let upgrade = try PseudoUserUpgrade(
            of: pseudo,
            json: Array(
                #"{"phoneNumber":"09012345678","emailAddress":"ann@Example.com","password":"correct horse"}"#.utf8
            ),
            policy: RegistrationPolicy(emailVerification: true)
        )
        #expect(upgrade.body.record.phone?.e164 == "+819012345678")
        #expect(upgrade.updated.displayName?.rawValue == "Guest")
        #expect(upgrade.updated.country?.rawValue == "JP")
        #expect(upgrade.updated.custom["level"] == 3)
        #expect(upgrade.updated.email?.normalized == "ann@example.com")
        #expect(upgrade.updated.uniquenessKeys == upgrade.uniquenessKeys)
        #expect(upgrade.awaitingVerification == [.email])
        let typed = try PseudoUserUpgrade(
            of: pseudo,
            json: #"{"phoneNumber":{"number":"(415) 555-2671","country":"US"},"password":"correct horse"}"#
        )
        #expect(typed.updated.phone?.e164 == "+14155552671")
        #expect(typed.updated.country?.rawValue == "JP")
    }

    @Test("an upgrade body's own problems: other members, no password, a user that is not a pseudo user")
    func upgradeProblems() throws {
        let pseudo = try UserRecord(json: #"{"displayName":"Guest"}"#)
        let error = try #require(throws: ValidationError.self) {
            try PseudoUserUpgrade(of: pseudo, json: #"{"loginName":"ann","displayName":"Ann","custom":1}"#)
        }
        // The body's other members in name order, then the identity and the password.
        #expect(
            error.problems.map { "\($0.field)/\($0.code)" }
                == ["json/unknown_field", "json/unknown_field", "password/missing"]
        )
        #expect(
            error.problems.contains {
                $0.reason
                    == "has a member 'displayName' that an upgrade does not take (only loginName, emailAddress, phoneNumber and password)"
            }
        )
        let normal = try UserRecord(json: #"{"loginName":"bob"}"#)
        let notPseudo = try #require(throws: ValidationError.self) {
            try PseudoUserUpgrade(
                of: normal,
                identity: IdentityData(email: "bob@example.com"),
                password: "correct horse"
            )
        }
        #expect(notPseudo.problems.map { "\($0.field)/\($0.code)" } == ["user/not_a_pseudo_user"])
        #expect(notPseudo.description(in: .japanese).hasPrefix("ユーザーは疑似ユーザーではありません"))
        let local = try #require(throws: ValidationError.self) {
            try PseudoUserUpgrade(of: pseudo, json: #"{"phoneNumber":"09012345678","password":"correct horse"}"#)
        }
        #expect(local.problems.map { "\($0.field)/\($0.code)" } == ["phoneNumber/needs_country"])
    }

    @Test("a pseudo-user sign-up from text and from bytes")
    func pseudoUserFromText() throws {
        let text = #"{"displayName":"Guest","country":"JP"}"#
        #expect(try PseudoUserRegistration(json: text) == PseudoUserRegistration(json: Array(text.utf8)))
        #expect(try PseudoUserRegistration(json: text).body.country?.rawValue == "JP")
        let error = try #require(throws: ValidationError.self) { try PseudoUserRegistration(json: "[]") }
        #expect(error.field == .json)
        #expect(error.code == .notAnObject)
    }

    @Test("a key from a stored row only when it is a normalised key of its kind")
    func keyFromStoredRow() {
        #expect(UniquenessKey(kind: .phone, storedValue: "+14155552671")?.description == "phone=+14155552671")
        #expect(UniquenessKey(kind: .email, storedValue: "ann@example.com")?.value == "ann@example.com")
        #expect(UniquenessKey(kind: .email, storedValue: "Ann@example.com") == nil)
        #expect(UniquenessKey(kind: .username, storedValue: "user_1")?.kind == .username)
        #expect(UniquenessKey(kind: .username, storedValue: "User_1") == nil)
        #expect(UniquenessKey(kind: .email, storedValue: "ann@Example.com") == nil)
        #expect(UniquenessKey(kind: .phone, storedValue: "US-4155552671") == nil)
        #expect(UniquenessKey(kind: .phone, storedValue: "user_1") == nil)
    }
}
