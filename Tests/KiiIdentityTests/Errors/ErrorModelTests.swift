import Foundation
import KiiIdentity
import Testing

@Suite("Error model")
struct ErrorModelTests {
    @Test(
        "codes have stable raw values",
        arguments: [
            (ValidationError.Code.missing, "missing"), (.tooShort, "too_short"), (.tooLong, "too_long"),
            (.invalidCharacter, "invalid_character"), (.missingAt, "missing_at"), (.multipleAt, "multiple_at"),
            (.emptyLocalPart, "empty_local_part"), (.localPartTooLong, "local_part_too_long"),
            (.localPartDotAtEdge, "local_part_dot_at_edge"), (.consecutiveDots, "consecutive_dots"),
            (.emptyDomain, "empty_domain"), (.domainNeedsTwoLabels, "domain_needs_two_labels"),
            (.emptyDomainLabel, "empty_domain_label"), (.domainLabelTooLong, "domain_label_too_long"),
            (.domainLabelHyphenAtEdge, "domain_label_hyphen_at_edge"),
            (.numericTopLevelDomain, "numeric_top_level_domain"),
            (.notUppercase, "not_uppercase"), (.invalidFormat, "invalid_format"), (.unknownRegion, "unknown_region"),
            (.malformedLanguageTag, "malformed_language_tag"), (.missingPlus, "missing_plus"),
            (.tooFewDigits, "too_few_digits"), (.tooManyDigits, "too_many_digits"),
            (.callingCodeUnknown, "unknown_calling_code"), (.invalidNumber, "invalid_number"), (.notE164, "not_e164"),
            (.landline, "landline"), (.notMobile, "not_mobile"), (.nonGeographic, "non_geographic"),
            (.internationalPrefix, "international_prefix"), (.callingCodeWithoutPlus, "calling_code_without_plus"),
            (.needsCountry, "needs_country"), (.malformedRestForm, "malformed_rest_form"),
            (.containsLetters, "contains_letters"), (.hasExtension, "has_extension"), (.telURI, "tel_uri"),
        ]
    )
    func codeRawValues(code: ValidationError.Code, raw: String) throws {
        #expect(code.rawValue == raw)
        #expect(code.description == raw)
        #expect(ValidationError.Code(rawValue: raw) == code)
        #expect(String(decoding: try JSONEncoder().encode(code), as: UTF8.self) == "\"\(raw)\"")
    }

    @Test(
        "fields are Kii's JSON names with human labels",
        arguments: [
            (ValidationError.Field.username, "loginName", "username"),
            (.emailAddress, "emailAddress", "email address"),
            (.phoneNumber, "phoneNumber", "phone number"),
            (.password, "password", "password"),
            (.displayName, "displayName", "display name"),
            (.country, "country", "country"),
            (.locale, "locale", "locale"),
            (.identifier, "identifier", "login identifier"),
        ]
    )
    func fields(field: ValidationError.Field, raw: String, label: String) {
        #expect(field.rawValue == raw)
        #expect(field.label == label)
    }

    @Test(
        "messages read '<label> <reason>'",
        arguments: [
            ("username", "ab", "username is too short (minimum 3 characters)"),
            ("email", "", "email address is missing"),
            ("email", "userexample.com", "email address has no '@'"),
            ("password", "abc", "password is too short (minimum 4 characters)"),
            ("displayName", String(repeating: "x", count: 51), "display name is too long (maximum 50 characters)"),
            ("locale", "en-", "locale is not a well-formed BCP 47 language tag (it ends where a subtag is expected)"),
            ("phone", "819012345678", "phone number must start with '+' and the country calling code"),
        ]
    )
    func messages(kind: String, raw: String, message: String) throws {
        let error: ValidationError? =
            switch kind {
            case "username": Probe.error { try Username(raw) }
            case "email": Probe.error { try EmailAddress(raw) }
            case "password": Probe.error { try Password(raw) }
            case "displayName": Probe.error { try DisplayName(raw) }
            case "locale": Probe.error { try LocaleTag(raw) }
            default: Probe.error { try PhoneNumber(international: raw) }
            }
        let found = try #require(error)
        #expect(found.description == message)
        #expect(found.problems[0].message == message)
        #expect(found.problems[0].description == message)
        #expect(message == "\(found.field.label) \(found.reason)")
    }

    @Test("all the problems of one value are listed together")
    func severalProblems() throws {
        let username = try #require(Probe.error { try Username("a ") })
        #expect(username.problems.map(\.code) == [.tooShort, .invalidCharacter])
        #expect(username.code == .tooShort)
        #expect(username.contains(.invalidCharacter))
        #expect(!username.contains(.tooLong))
        #expect(
            username.description
                == "username is too short (minimum 3 characters); username contains a space at position 2 that is not allowed (only ASCII letters, digits, '_', '-' and '.' are)"
        )
        let email = try #require(Probe.error { try EmailAddress(".a..b.@-x.") })
        #expect(email.problems.count >= 4)
        #expect(email.description == email.problems.map(\.message).joined(separator: "; "))
        let phone = try #require(Probe.error { try PhoneNumber(international: "81 90") })
        #expect(phone.problems.map(\.code) == [.missingPlus, .invalidCharacter, .tooFewDigits])
    }

    @Test("password problems name positions, never characters")
    func passwordErrors() throws {
        let raw = "Zq9#Zq9#\u{7F}Zq9#"
        let error = try #require(Probe.error { try Password(raw) })
        #expect(error.code == .invalidCharacter)
        #expect(error.reason.contains("position 9"))
        PasswordSecrecy.expectNothingOf(raw, in: error)
        let both = try #require(Probe.error { try Password("Zq\u{1}") })
        #expect(both.problems.map(\.code) == [.tooShort, .invalidCharacter])
        PasswordSecrecy.expectNothingOf("Zq9#", in: both)
        let long = try #require(Probe.error { try Password(String(repeating: "Zq9#", count: 13)) })
        #expect(long.problems.map(\.code) == [.tooLong])
        PasswordSecrecy.expectNothingOf("Zq9#Zq9#", in: long)
    }

    @Test("Codable round trip")
    func codable() throws {
        let error = try #require(Probe.error { try Username("a ") })
        let data = try JSONEncoder().encode(error)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: String]]])
        #expect(object["problems"]?.first?["field"] == "loginName")
        #expect(object["problems"]?.first?["code"] == "too_short")
        #expect(object["problems"]?.first?["reason"] == "is too short (minimum 3 characters)")
        let decoded = try JSONDecoder().decode(ValidationError.self, from: data)
        #expect(decoded == error)
        #expect(decoded.description == error.description)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ValidationError.self, from: Data(#"{"problems": []}"#.utf8))
        }
    }

    @Test("building errors by hand")
    func construction() {
        let single = ValidationError(.country, .unknownRegion, "must be a supported region")
        #expect(single.problems.count == 1)
        #expect(single.description == "country must be a supported region")
        let problem = ValidationError.Problem(field: .locale, code: .missing, reason: "is missing")
        let pair = ValidationError([problem, problem])
        #expect(pair.description == "locale is missing; locale is missing")
        #expect(pair.field == .locale)
        #expect(pair.reason == "is missing")
    }
}
