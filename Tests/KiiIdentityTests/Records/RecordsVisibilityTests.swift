import Foundation
import KiiIdentity
import PropertyBased
import Testing

/// What another user may read of a user: Kii's "Expose Full User Data to Others" (Predefined
/// Fields page: with the option off, only the user ID, the username and the display name).
@Suite struct RecordsVisibilityTests {
    /// One stored member per kind of field, as a stored body writes it (already normalised).
    static let members: [(name: String, value: JSONValue)] = [
        ("loginName", "user_1"),
        ("emailAddress", "ann.lee@example.com"),
        ("phoneNumber", "+14155552671"),
        ("displayName", "Ann Lee"),
        ("country", "JP"),
        ("locale", "en-US"),
        ("HighScore", 12000),
        ("nickname", "Ally"),
    ]

    /// The stored body holding the members whose bit is set in `mask`.
    static func body(_ mask: Int) -> [String: JSONValue] {
        var body: [String: JSONValue] = [:]
        for (index, member) in members.enumerated() where mask & (1 << index) != 0 {
            body[member.name] = member.value
        }
        return body
    }

    /// The members of `view` once encoded with `JSONEncoder`, read back as plain JSON.
    static func encodedMembers(_ view: UserRecord) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(view))
    }

    @Test(arguments: 0..<256, [false, true])
    func everyCombinationOfFields(mask: Int, exposeFullUserData: Bool) throws {
        let body = Self.body(mask)
        let stored = try UserRecord(json: body)
        let view = stored.visibleToOthers(exposeFullUserData: exposeFullUserData)
        var expected = body
        if !exposeFullUserData {
            expected = [:]
            if let username = body["loginName"] { expected["loginName"] = username }
            if let displayName = body["displayName"] { expected["displayName"] = displayName }
        }
        #expect(view.json == expected)
        #expect(try Self.encodedMembers(view) == expected)
        #expect(view.description == JSONValue.object(expected).description)
    }

    @Test func withTheOptionOffOthersSeeNoContactDetails() throws {
        let stored = try UserRecord(json: [
            "loginName": "User_1", "emailAddress": "ann@example.com", "phoneNumber": "+14155552671",
            "displayName": "Ann", "country": "US", "locale": "en-US", "plan": "gold",
        ])
        let view = stored.visibleToOthers(exposeFullUserData: false)
        #expect(view.username?.normalized == "user_1")
        #expect(view.displayName?.rawValue == "Ann")
        #expect(view.email == nil)
        #expect(view.phone == nil)
        #expect(view.country == nil)
        #expect(view.locale == nil)
        #expect(view.custom.isEmpty)
        #expect(view.uniquenessKeys == UniquenessKeys(username: try Username("user_1")))
    }

    @Test func withTheOptionOnOthersSeeTheStoredRecord() throws {
        let stored = try UserRecord(json: Self.body(255))
        #expect(stored.visibleToOthers(exposeFullUserData: true) == stored)
    }

    @Test func aPseudoUserWithoutDisplayNameShowsNothingToOthers() throws {
        let pseudo = try PseudoUserRegistration(fields: UserFields(country: "JP", custom: ["HighScore": 1])).body
        #expect(try Self.encodedMembers(pseudo.visibleToOthers(exposeFullUserData: false)) == [:])
    }

    @Test func theVisibleMembersAreTheUsernameAndTheDisplayName() {
        #expect(UserRecord.membersVisibleToOthers == ["loginName", "displayName"])
    }

    // MARK: The policy's setting

    @Test func theOptionIsOffByDefaultAsInKii() throws {
        #expect(RegistrationPolicy().exposeFullUserData == false)
        let decoded = try JSONDecoder().decode(RegistrationPolicy.self, from: Data("{}".utf8))
        #expect(decoded.exposeFullUserData == false)
        #expect(decoded == RegistrationPolicy())
    }

    @Test func theOptionDecodesAndRoundTrips() throws {
        let decoded = try JSONDecoder().decode(
            RegistrationPolicy.self,
            from: Data(#"{"exposeFullUserData": true}"#.utf8)
        )
        #expect(decoded == RegistrationPolicy(exposeFullUserData: true))
        let encoded = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: JSONEncoder().encode(RegistrationPolicy(exposeFullUserData: true))
        )
        #expect(encoded["exposeFullUserData"] == true)
        #expect(try JSONDecoder().decode(RegistrationPolicy.self, from: JSONEncoder().encode(decoded)) == decoded)
    }

    @Test func theDescriptionSaysWhenFullDataIsExposed() {
        #expect(
            RegistrationPolicy(exposeFullUserData: true).description
                == "email verification off, phone verification off, mobile only, full user data exposed"
        )
        #expect(RegistrationPolicy().description == "email verification off, phone verification off, mobile only")
    }

    // MARK: Property

    /// Custom field names: a letter then letters, digits, `_` or `-` (always allowed names).
    static let customNames = zip(
        Gen<Character?>.element(of: Array("abcxyzABCXYZ")).map { $0! },
        Gen<Character?>.element(of: Array("abcXYZ019_-")).map { $0! }.string(of: 0...12)
    )
    .map { String($0) + $1 }

    static let customValues = Gen.oneOf(
        Gen<JSONValue?>.element(of: [.null, true, 0, -7, 1.5, "", "ann@example.com", "+14155552671", ["a"], ["k": 1]])
            .map { $0! }.eraseToAny(),
        Gen.int(in: -1_000_000...1_000_000).map { JSONValue.integer($0) }.eraseToAny()
    )

    /// A stored body with any subset of the predefined members and up to five custom fields.
    static let storedBodies = zip(
        Gen.int(in: 0...255),
        zip(customNames, customValues).array(of: 0...5),
        Gen<String?>.element(of: ["Ann", "山田 太郎", "👍🏽", " "]).map { $0! }
    )
    .map { mask, custom, displayName in
        var body = RecordsVisibilityTests.body(mask)
        if body["displayName"] != nil { body["displayName"] = .string(displayName) }
        for (name, value) in custom { body[name] = value }
        return body
    }

    @Test func withTheOptionOffOnlyTheUsernameAndDisplayNameAreEverEncoded() async {
        await propertyCheck(count: 300, input: Self.storedBodies) { body in
            let stored = try UserRecord(json: body)
            let encoded = try Self.encodedMembers(stored.visibleToOthers(exposeFullUserData: false))
            #expect(Set(encoded.keys).isSubset(of: ["loginName", "displayName"]))
            #expect(encoded["loginName"] == body["loginName"])
            #expect(encoded["displayName"] == body["displayName"])
            #expect(try Self.encodedMembers(stored.visibleToOthers(exposeFullUserData: true)) == body)
        }
    }
}
