import Foundation
import KiiIdentity
import Testing

@Suite("Login identifier")
struct LoginIdentifierTests {
    @Test(
        "classification without a country",
        arguments: [
            ("user_123456@example.com", IdentifierKind.email),
            ("@", .email),
            ("a@b", .email),
            ("no at sign but @ at the end @", .email),
            ("@\u{34C}", .email),
            ("a@\u{34C}example.com", .email),
            ("+819012345678", .phone),
            ("+@example.com", .email),
            ("+", .phone),
            ("+abc", .phone),
            ("user_123456", .username),
            ("id123456", .username),
            ("123ABC", .username),
            ("09012345678", .username),
            ("819012345678", .username),
            (" +819012345678", .username),
            ("JP-9012345678", .username),
            ("ＡＢＣ", .username),
            ("\u{0}", .username),
            ("\u{FF20}", .username),  // full-width '@' is not the byte '@'
        ]
    )
    func classifyWithoutCountry(raw: String, kind: IdentifierKind) {
        #expect(LoginIdentifier.classify(raw) == kind)
    }

    @Test(
        "classification with a country: all ASCII digits is a local phone number",
        arguments: [
            ("09012345678", IdentifierKind.localPhone),
            ("0", .localPhone),
            ("123", .localPhone),
            ("０９０", .username),
            ("090-1234-5678", .username),
            ("123ABC", .username),
            ("+819012345678", .phone),
            ("1@2.com", .email),
            ("user", .username),
        ]
    )
    func classifyWithCountry(raw: String, kind: IdentifierKind) {
        #expect(LoginIdentifier.classify(raw, country: "JP") == kind)
    }

    @Test("the empty string is missing, not a username")
    func empty() throws {
        #expect(LoginIdentifier.classify("") == nil)
        #expect(LoginIdentifier.classify("", country: "JP") == nil)
        let error = try #require(Probe.error { try LoginIdentifier("") })
        #expect(error.problems.map(\.code) == [.missing])
        #expect(error.field == .identifier)
        #expect(error.description == "login identifier is missing")
        #expect(Probe.codes(Probe.error { try LoginIdentifier(qualified: "") }) == ["missing"])
    }

    @Test(
        "valid identifiers: kind, normalised and qualified forms",
        arguments: [
            ("user_123456", nil, IdentifierKind.username, "user_123456", "user_123456"),
            ("id123456", nil, .username, "id123456", "id123456"),
            ("123ABC", nil, .username, "123abc", "123abc"),
            ("User_1", nil, .username, "user_1", "user_1"),
            ("user_123456@example.com", nil, .email, "user_123456@example.com", "EMAIL:user_123456@example.com"),
            ("User@Example.COM", nil, .email, "User@example.com", "EMAIL:User@example.com"),
            ("+819012345678", nil, .phone, "+819012345678", "PHONE:+819012345678"),
            ("+819012345678", "JP", .phone, "+819012345678", "PHONE:+819012345678"),
            ("09011111111", "JP", .localPhone, "+819011111111", "PHONE:JP-9011111111"),
            ("9012345678", "JP", .localPhone, "+819012345678", "PHONE:JP-9012345678"),
            ("user_1", "JP", .username, "user_1", "user_1"),
        ] as [(String, String?, IdentifierKind, String, String)]
    )
    func valid(raw: String, country: String?, kind: IdentifierKind, normalized: String, qualified: String) throws {
        let identifier = try LoginIdentifier(raw, country: country)
        #expect(identifier.kind == kind)
        #expect(identifier.normalized == normalized)
        #expect(identifier.qualified == qualified)
        #expect(identifier.description == qualified)
        #expect(!identifier.couldBeLocalPhoneNumber)
        let back = try LoginIdentifier(qualified: identifier.qualified)
        #expect(back.normalized == normalized)
        #expect(back.qualified == qualified)
        #expect(back.kind == kind)
    }

    @Test("values carry the validated type")
    func values() throws {
        guard case .username(let name) = try LoginIdentifier("User_1").value else {
            Issue.record("not a username")
            return
        }
        #expect(name == (try Username("user_1")))
        guard case .email(let email) = try LoginIdentifier("a@B.com").value else {
            Issue.record("not an email")
            return
        }
        #expect(email.normalized == "a@b.com")
        guard case .phone(let phone) = try LoginIdentifier("09012345678", country: "JP").value else {
            Issue.record("not a phone number")
            return
        }
        #expect(phone.e164 == "+819012345678")
    }

    @Test("a digits-only username without a country carries the local-number hint")
    func hint() throws {
        let digits = try LoginIdentifier("09012345678")
        #expect(digits.kind == .username)
        #expect(digits.couldBeLocalPhoneNumber)
        #expect(digits.normalized == "09012345678")
        #expect(try LoginIdentifier("123").couldBeLocalPhoneNumber)
        #expect(try !LoginIdentifier("123ABC").couldBeLocalPhoneNumber)
        #expect(try !LoginIdentifier("09012345678", country: "JP").couldBeLocalPhoneNumber)
    }

    @Test(
        "an invalid identifier still reports its kind through the error's field",
        arguments: [
            ("a@b", nil, IdentifierKind.email, ValidationError.Field.emailAddress, "domain_needs_two_labels"),
            ("@\u{34C}", nil, .email, .emailAddress, "empty_local_part"),
            ("a@\u{34C}example.com", nil, .email, .emailAddress, "invalid_character"),
            ("+11234567890", nil, .phone, .phoneNumber, "invalid_number"),
            ("+81312345678", nil, .phone, .phoneNumber, "landline"),
            ("+8109012345678", nil, .phone, .phoneNumber, "not_e164"),
            ("+", nil, .phone, .phoneNumber, "too_few_digits"),
            ("0312345678", "JP", .localPhone, .phoneNumber, "landline"),
            ("09012345678", "jp", .localPhone, .country, "not_uppercase"),
            ("ab", nil, .username, .username, "too_short"),
            ("a b", nil, .username, .username, "invalid_character"),
            ("090 1234 5678", nil, .username, .username, "invalid_character"),
        ] as [(String, String?, IdentifierKind, ValidationError.Field, String)]
    )
    func invalidKeepsKind(
        raw: String,
        country: String?,
        kind: IdentifierKind,
        field: ValidationError.Field,
        code: String
    ) throws {
        #expect(LoginIdentifier.classify(raw, country: country) == kind)
        let error = try #require(Probe.error { try LoginIdentifier(raw, country: country) })
        #expect(error.field == field)
        #expect(error.code.rawValue == code)
        #expect(kind.field == (field == .country ? .phoneNumber : field))
    }

    @Test(
        "qualified identifiers of REST login bodies",
        arguments: [
            ("EMAIL:user_123456@example.com", IdentifierKind.email, "+", "EMAIL:user_123456@example.com"),
            ("EMAIL:User@EXAMPLE.com", .email, "+", "EMAIL:User@example.com"),
            ("PHONE:+819012345678", .phone, "+819012345678", "PHONE:+819012345678"),
            ("PHONE:JP-9012345678", .localPhone, "+819012345678", "PHONE:JP-9012345678"),
            ("PHONE:JP-09012345678", .localPhone, "+819012345678", "PHONE:JP-9012345678"),
            ("PHONE:US-2015550123", .localPhone, "+12015550123", "PHONE:US-2015550123"),
            ("user_123456", .username, "+", "user_123456"),
            ("User_123456", .username, "+", "user_123456"),
        ]
    )
    func qualified(raw: String, kind: IdentifierKind, e164: String, canonical: String) throws {
        let identifier = try LoginIdentifier(qualified: raw)
        #expect(identifier.kind == kind)
        #expect(identifier.qualified == canonical)
        if e164 != "+" { #expect(identifier.normalized == e164) }
        #expect(try LoginIdentifier(qualified: canonical).qualified == canonical)
    }

    @Test(
        "invalid qualified identifiers name the kind's field",
        arguments: [
            ("EMAIL:", ValidationError.Field.emailAddress, "missing"),
            ("EMAIL:nobody", .emailAddress, "missing_at"),
            ("PHONE:", .phoneNumber, "missing"),
            ("PHONE:+11234567890", .phoneNumber, "invalid_number"),
            ("PHONE:JP9012345678", .phoneNumber, "malformed_rest_form"),
            ("PHONE:09012345678", .phoneNumber, "malformed_rest_form"),
            ("PHONE:jp-9012345678", .phoneNumber, "not_uppercase"),
            ("email:a@b.com", .username, "invalid_character"),
            ("x", .username, "too_short"),
        ]
    )
    func invalidQualified(raw: String, field: ValidationError.Field, code: String) throws {
        let error = try #require(Probe.error { try LoginIdentifier(qualified: raw) })
        #expect(error.field == field)
        #expect(error.code.rawValue == code)
    }

    @Test("Codable as the qualified form")
    func codable() throws {
        let identifiers = [
            try LoginIdentifier("User_1"), try LoginIdentifier("a@B.com"),
            try LoginIdentifier("09012345678", country: "JP"), try LoginIdentifier("+819012345678"),
        ]
        let data = try JSONEncoder().encode(identifiers)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["user_1","EMAIL:a@b.com","PHONE:JP-9012345678","PHONE:+819012345678"]"#
        )
        let decoded = try JSONDecoder().decode([LoginIdentifier].self, from: data)
        #expect(decoded.map(\.qualified) == identifiers.map(\.qualified))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LoginIdentifier.self, from: Data(#""""#.utf8)) }
    }
}
