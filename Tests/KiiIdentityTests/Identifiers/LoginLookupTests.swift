import KiiIdentity
import Testing

@Suite("LoginLookup: from what a user typed to the keys to look up")
struct LoginLookupTests {
    static let policy = RegistrationPolicy()

    static func keys(
        _ text: String,
        country: String? = nil,
        policy: RegistrationPolicy = Self.policy
    ) throws -> [String] {
        try LoginLookup(text, country: country, policy: policy).keys.map(\.description)
    }

    @Test(
        "every form a user can type, with and without a country",
        arguments: [
            ("Ann@Example.COM", nil, ["email=ann@example.com"]),
            ("Ann@Example.COM", "JP", ["email=ann@example.com"]),
            ("EMAIL:ANN@example.com", nil, ["email=ann@example.com"]),
            ("+14155552671", nil, ["phone=+14155552671"]),
            ("+14155552671", "JP", ["phone=+14155552671"]),
            ("US-4155552671", nil, ["phone=+14155552671", "username=us-4155552671"]),
            ("JP-09012345678", "US", ["phone=+819012345678", "username=jp-09012345678"]),
            ("09012345678", "JP", ["phone=+819012345678", "username=09012345678"]),
            ("9012345678", "JP", ["phone=+819012345678", "username=9012345678"]),
            ("4155552671", "US", ["phone=+14155552671", "username=4155552671"]),
            ("09012345678", nil, ["username=09012345678"]),
            ("User_1", nil, ["username=user_1"]),
            ("User_1", "JP", ["username=user_1"]),
            ("EMAIL:ann@Example.com", nil, ["email=ann@example.com"]),
            ("PHONE:+819012345678", nil, ["phone=+819012345678"]),
            ("PHONE:JP-9012345678", "US", ["phone=+819012345678"]),
        ] as [(String, String?, [String])]
    )
    func readings(text: String, country: String?, expected: [String]) throws {
        #expect(try Self.keys(text, country: country) == expected)
    }

    @Test("one person typed in every form has one phone key")
    func samePerson() throws {
        let forms: [(String, String?)] = [
            ("+14155552671", nil), ("US-4155552671", nil), ("4155552671", "US"), ("PHONE:+14155552671", nil),
            ("PHONE:US-4155552671", nil),
        ]
        let firstKeys = try forms.map { try LoginLookup($0.0, country: $0.1, policy: Self.policy).keys[0] }
        #expect(Set(firstKeys).count == 1)
        #expect(firstKeys[0].kind == .phone)
        #expect(firstKeys[0].value == "+14155552671")
    }

    @Test("the phone key equals the key a sign-up stores for that number")
    func keyAgreesWithRegistration() throws {
        let registration = try Registration(
            identity: IdentityData(username: "ann", phone: "JP-09012345678"),
            password: "correct horse"
        )
        let lookup = try LoginLookup("09012345678", country: "JP", policy: Self.policy)
        #expect(registration.uniquenessKeys.keys.contains(lookup.keys[0]))
        let byUsername = try LoginLookup("ANN", country: "JP", policy: Self.policy)
        #expect(byUsername.keys == [registration.uniquenessKeys.keys[0]])
    }

    @Test("a digits-only username stays reachable when the form sends a country")
    func digitsOnlyUsername() throws {
        // Not a valid JP number: only the username reading is left.
        let lookup = try LoginLookup("12345", country: "JP", policy: Self.policy)
        #expect(lookup.keys.map(\.description) == ["username=12345"])
        #expect(lookup.kind == .username)
        #expect(lookup.candidates[0].couldBeLocalPhoneNumber)
    }

    @Test("a landline is no phone reading under the default policy but is one under the service's policy")
    func policy() throws {
        #expect(try Self.keys("0312345678", country: "JP") == ["username=0312345678"])
        #expect(
            try Self.keys("0312345678", country: "JP", policy: RegistrationPolicy(mobileOnly: false))
                == ["phone=+81312345678", "username=0312345678"]
        )
        #expect(throws: ValidationError.self) { try LoginLookup("+81312345678", policy: Self.policy) }
        #expect(try Self.keys("+81312345678", policy: RegistrationPolicy(mobileOnly: false)) == ["phone=+81312345678"])
    }

    @Test(
        "no valid reading: the first reading's problems",
        arguments: [
            ("", nil, "identifier", "missing"),
            ("ann@", nil, "emailAddress", "empty_domain"),
            ("+8190", nil, "phoneNumber", "too_few_digits"),
            ("a b", nil, "loginName", "invalid_character"),
            ("a b", "JP", "loginName", "invalid_character"),
            ("PHONE:12", nil, "phoneNumber", "malformed_rest_form"),
        ] as [(String, String?, String, String)]
    )
    func invalid(text: String, country: String?, field: String, code: String) throws {
        let error = try #require(throws: ValidationError.self) {
            try LoginLookup(text, country: country, policy: Self.policy)
        }
        #expect(error.field.rawValue == field)
        #expect(error.code.rawValue == code)
    }

    @Test("length is checked before content")
    func tooLong() throws {
        let error = try #require(throws: ValidationError.self) {
            try LoginLookup(String(repeating: "a", count: 10_000_000), policy: Self.policy)
        }
        #expect(error.field == .identifier)
        #expect(error.code == .tooLong)
    }

    @Test("a REST-shaped username that is no phone number is a username")
    func restShapedUsername() throws {
        #expect(try Self.keys("ab-1234") == ["username=ab-1234"])
        #expect(try Self.keys("jp-dev") == ["username=jp-dev"])
    }
}
