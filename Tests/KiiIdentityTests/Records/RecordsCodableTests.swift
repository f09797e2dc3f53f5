import Foundation
import KiiIdentity
import Testing

/// Every result type of the records layer survives a JSON round trip, and decoding re-validates.
@Suite struct RecordsCodableTests {
    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONDecoder().decode(T.self, from: try encoder.encode(value))
    }

    static func fullRegistration(_ policy: RegistrationPolicy = RegistrationPolicy()) throws -> Registration {
        try Registration(
            identity: IdentityData(username: "User_1", email: "Ann@Example.com", phone: "09012345678"),
            password: RecordsSample.password,
            fields: UserFields(
                displayName: "Ann 👍🏽",
                country: "JP",
                locale: "en-us",
                custom: ["n": nil, "flag": true, "big": 9_007_199_254_740_993, "pi": 3.25, "list": [1, "a", [:]]]
            ),
            policy: policy
        )
    }

    @Test(arguments: [
        RegistrationPolicy(),
        RegistrationPolicy(emailVerification: true),
        RegistrationPolicy(phoneVerification: true, mobileOnly: false),
        RegistrationPolicy(emailVerification: true, phoneVerification: true, phoneDigitCount: 7...15),
    ])
    func registrationRoundTrips(_ policy: RegistrationPolicy) throws {
        let registration = try Self.fullRegistration(policy)
        let decoded = try Self.roundTrip(registration)
        #expect(decoded == registration)
        #expect(decoded.body.password.rawValue == RecordsSample.password)
        #expect(decoded.awaitingVerification == registration.awaitingVerification)
        #expect(decoded.record.custom["big"] == .integer(9_007_199_254_740_993))
    }

    @Test func bodyRecordAndKeysRoundTrip() throws {
        let registration = try Self.fullRegistration()
        #expect(try Self.roundTrip(registration.body) == registration.body)
        #expect(try Self.roundTrip(registration.record) == registration.record)
        #expect(try Self.roundTrip(registration.uniquenessKeys) == registration.uniquenessKeys)
        #expect(try Self.roundTrip(registration.loginIdentifiers) == registration.loginIdentifiers)
        #expect(try Self.roundTrip(registration.policy) == registration.policy)
    }

    @Test func pseudoUsersRoundTrip() throws {
        let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest", custom: ["level": 3]))
        #expect(try Self.roundTrip(pseudo) == pseudo)
        let upgrade = try PseudoUserUpgrade(
            identity: IdentityData(email: "ann@example.com", typedPhone: "+81 90-1234-5678"),
            password: RecordsSample.password,
            policy: RegistrationPolicy(phoneVerification: true)
        )
        let decoded = try Self.roundTrip(upgrade)
        #expect(decoded == upgrade)
        #expect(decoded.awaitingVerification == [.phone])
    }

    @Test func anUpdateOfIdentifiersRoundTrips() throws {
        let user = try Self.fullRegistration().record
        let update = try UserUpdate(
            of: user,
            identity: IdentityData(email: "new@example.com"),
            policy: RegistrationPolicy(emailVerification: true)
        )
        let decoded = try Self.roundTrip(update)
        #expect(decoded == update)
        #expect(decoded.body == ["emailAddress": "new@example.com"])
    }

    @Test func inputsRoundTrip() throws {
        let identity = IdentityData(username: "User_1", email: "a@b.co", typedPhone: "(415) 555-2671")
        #expect(try Self.roundTrip(identity) == identity)
        #expect(try Self.roundTrip(IdentityData(phone: "JP-9012345678")) == IdentityData(phone: "JP-9012345678"))
        let fields = UserFields(displayName: "Ann", country: "JP", locale: "ja", custom: ["a": [1, 2.5]])
        #expect(try Self.roundTrip(fields) == fields)
        #expect(try Self.roundTrip(LoginKind.allCases) == LoginKind.allCases)
    }

    @Test func policyAndFieldsDecodeWithDefaults() throws {
        let policy = try JSONDecoder().decode(RegistrationPolicy.self, from: Data(#"{"emailVerification":true}"#.utf8))
        #expect(policy == RegistrationPolicy(emailVerification: true))
        #expect(policy.phonePolicy == .default)
        let fields = try JSONDecoder().decode(UserFields.self, from: Data(#"{"country":"JP"}"#.utf8))
        #expect(fields == UserFields(country: "JP"))
    }

    @Test func jsonValueDecodesEveryType() throws {
        let json = #"{"a":null,"b":true,"c":-12,"d":1.5,"e":"x","f":[1,"y"],"g":{"h":false}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(
            value == ["a": nil, "b": true, "c": -12, "d": 1.5, "e": "x", "f": [1, "y"], "g": ["h": false]]
        )
        #expect(try Self.roundTrip(value) == value)
    }

    @Test func wholeNumbersCompareByValue() throws {
        let value: JSONValue = ["whole": 2.0, "half": 2.5]
        #expect(try Self.roundTrip(value) == value)
        #expect(JSONValue.number(2) == .integer(2))
        #expect(JSONValue.number(2.5) != .integer(2))
        #expect(Set<JSONValue>([.number(2), .integer(2)]).count == 1)
        #expect(JSONValue.string("1") != .integer(1))
    }

    @Test func jsonValueDescriptionEscapesLikeJSON() {
        let value: JSONValue = ["a\"b": "line\nbreak \\ \u{1}"]
        #expect(value.description == #"{"a\"b":"line\nbreak \\ \u0001"}"#)
    }

    @Test func decodingRevalidatesTheRecord() {
        let bad = #"{"loginName":"a b","country":"jp"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(UserRecord.self, from: Data(bad.utf8)) }
        let withPassword = #"{"loginName":"user_1","password":"secret"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserRecord.self, from: Data(withPassword.utf8))
        }
    }

    @Test func decodingABodyNeedsAValidPassword() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RegistrationRequestBody.self, from: Data(#"{"loginName":"user_1"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                RegistrationRequestBody.self,
                from: Data(#"{"loginName":"user_1","password":"abc"}"#.utf8)
            )
        }
    }

    @Test func decodingARegistrationChecksTheTableAndTheDerivedMembers() throws {
        let registration = try Registration(
            identity: IdentityData(email: "ann@example.com"),
            password: RecordsSample.password
        )
        let data = try JSONEncoder().encode(registration)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var policy = try #require(object["policy"] as? [String: Any])
        policy["emailVerification"] = true
        object["policy"] = policy
        let conflicting = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Registration.self, from: conflicting) }

        var tampered = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        tampered["loginKinds"] = ["username", "email"]
        let tamperedData = try JSONSerialization.data(withJSONObject: tampered)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Registration.self, from: tamperedData) }
    }

    @Test func decodingKeysChecksTheyAreNormalised() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UniquenessKeys.self, from: Data(#"{"username":"User_1"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UniquenessKeys.self, from: Data(#"{"phone":"US-4155552671"}"#.utf8))
        }
    }

    @Test func decodingAPseudoUserRefusesIdentifiers() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PseudoUserRegistration.self, from: Data(#"{"body":{"loginName":"user_1"}}"#.utf8))
        }
    }
}
