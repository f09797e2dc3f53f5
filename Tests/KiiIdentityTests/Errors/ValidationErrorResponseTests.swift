import KiiIdentity
import Testing

@Suite("ValidationError as an HTTP answer: status, JSON body, already taken")
struct ValidationErrorResponseTests {
    /// The members of each problem of a body, read back with the library's strict JSON reader.
    static func problems(of body: String) throws -> [[String: String]] {
        let value = try JSONValue(parsing: body)
        guard case .object(let top) = value, top.count == 1, case .array(let errors)? = top["errors"] else {
            Issue.record("not {\"errors\": [...]}: \(body)")
            return []
        }
        return try errors.map { element in
            guard case .object(let members) = element else { throw ValidationError(.json, .notAnObject) }
            return members.compactMapValues(\.stringValue)
        }
    }

    @Test("a field problem is a 400 with every problem's field, code, reason and message")
    func badRequest() throws {
        let error = try #require(throws: ValidationError.self) {
            try Registration(json: #"{"loginName": "a b", "emailAddress": "x", "password": "pw"}"#)
        }
        #expect(error.httpStatus == 400)
        let problems = try Self.problems(of: error.jsonBody())
        #expect(problems.map { $0["field"] } == ["loginName", "emailAddress", "password"])
        #expect(problems.map { $0["code"] } == ["invalid_character", "missing_at", "too_short"])
        for (problem, expected) in zip(problems, error.problems) {
            #expect(problem.keys.sorted() == ["code", "field", "message", "reason"])
            #expect(problem["field"] == expected.field.rawValue)
            #expect(problem["code"] == expected.code.rawValue)
            #expect(problem["reason"] == expected.reason)
            #expect(problem["message"] == expected.message)
        }
        #expect(
            problems.first?["message"] == "username contains a space at position 2 that is not allowed "
                + "(only ASCII letters, digits, '_', '-' and '.' are)"
        )
    }

    @Test("the body in Japanese")
    func japanese() throws {
        let error = ValidationError(.username, .tooShort(minimum: 3, unit: .characters))
        let problems = try Self.problems(of: error.jsonBody(in: .japanese))
        #expect(
            problems == [
                [
                    "field": "loginName", "code": "too_short", "reason": "3 文字以上で入力してください",
                    "message": "ユーザー名は 3 文字以上で入力してください",
                ]
            ]
        )
        #expect(error.jsonBody(in: .japanese).utf8.count > error.jsonBody(in: .japanese).count)  // UTF-8, not escaped
    }

    @Test("the exact text of a body: members in order, no white space")
    func exactText() {
        let error = ValidationError(.displayName, .missing)
        #expect(
            error.jsonBody()
                == #"{"errors":[{"field":"displayName","code":"missing","reason":"is missing","message":"display name is missing"}]}"#
        )
    }

    @Test("quotes, backslashes and control characters in a reason are escaped")
    func escaping() throws {
        let error = ValidationError(.customFields, .predefinedName(name: "a\"b\\c\u{1}"))
        let problems = try Self.problems(of: error.jsonBody())
        #expect(problems.first?["reason"] == "'a\"b\\c\u{1}' is a predefined field name")
    }

    @Test("already taken: a 409 naming each taken field, in table order, in both languages")
    func alreadyTaken() throws {
        let error = ValidationError(alreadyTaken: [.phone, .username, .phone])
        #expect(error.httpStatus == 409)
        #expect(error.problems.map(\.field) == [.username, .phoneNumber])
        #expect(error.problems.allSatisfy { $0.code == .alreadyTaken })
        #expect(error.code.rawValue == "already_taken")
        #expect(error.description == "username is already taken; phone number is already taken")
        #expect(error.description(in: .japanese) == "ユーザー名はすでに使用されています。電話番号はすでに使用されています")
        let problems = try Self.problems(of: error.jsonBody())
        #expect(problems.map { $0["field"] } == ["loginName", "phoneNumber"])
        #expect(problems.map { $0["code"] } == ["already_taken", "already_taken"])
    }

    @Test("an upgrade of a user that is not a pseudo user is a 409, as a taken key is")
    func notPseudoUser() {
        #expect(ValidationError(.user, .notPseudoUser).httpStatus == 409)
        #expect(
            ValidationError(ValidationError(alreadyTaken: [.email]).problems + [.init(field: .user, .notPseudoUser)])
                .httpStatus == 409
        )
    }

    @Test("a taken key beside a field problem is a 400")
    func mixed() {
        let error = ValidationError(
            ValidationError(alreadyTaken: [.email]).problems + [ValidationError.Problem(field: .locale, .missing)]
        )
        #expect(error.httpStatus == 400)
    }

    /// A service's own detail declaring its status, as a `401` or a `429` does.
    struct Throttled: ValidationError.Detail {
        var code: ValidationError.Code { ValidationError.Code(rawValue: "too_many_attempts") }
        var name: String { "throttled" }
        var parameters: [(name: String, value: String)] { [] }
        var httpStatus: Int { 429 }
        func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
            language.phrase("has had too many attempts", ("の", "試行が多すぎます"))
        }
        init() {}
        init?(name: String, parameters: [String: String]) { self.init() }
    }

    /// A service's own detail whose code needs escapes in JSON.
    struct OddCode: ValidationError.Detail {
        var code: ValidationError.Code { ValidationError.Code(rawValue: "odd\"code\\\u{1}") }
        var name: String { "odd" }
        var parameters: [(name: String, value: String)] { [] }
        func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
            language.phrase("is odd", ("は", "変です"))
        }
        init() {}
        init?(name: String, parameters: [String: String]) { self.init() }
    }

    @Test("a code is written as it is when it needs no escape, escaped when it does")
    func codesInJSON() throws {
        let error = ValidationError([.init(field: .password, OddCode()), .init(field: .locale, .missing)])
        let body = error.jsonBody()
        #expect(body.contains(#""code":"odd\"code\\\u0001""#))
        #expect(body.contains(#""code":"missing""#))
        let parsed = try JSONValue(parsing: body)
        guard case .object(let members) = parsed, case .array(let problems)? = members["errors"],
            case .object(let first)? = problems.first
        else {
            Issue.record("not an object with errors: \(body)")
            return
        }
        #expect(first["code"] == .string("odd\"code\\\u{1}"))
        #expect(ValidationError.Code(rawValue: "odd\"code\\\u{1}") != .missing)
        #expect(ValidationError.Code(rawValue: "missing") == .missing)
        #expect(Set([ValidationError.Code(rawValue: "missing"), .missing]).count == 1)
    }

    @Test("the status is the one the problems' details declare, 400 when they differ")
    func statusLivesWithTheDetail() {
        #expect(ValidationError(.password, Throttled()).httpStatus == 429)
        #expect(
            ValidationError([.init(field: .password, Throttled()), .init(field: .user, Throttled())]).httpStatus == 429
        )
        #expect(
            ValidationError([.init(field: .password, Throttled()), .init(field: .locale, .missing)]).httpStatus == 400
        )
        #expect(
            ValidationError([.init(field: .password, Throttled())] + ValidationError(alreadyTaken: [.email]).problems)
                .httpStatus == 400
        )
        #expect(ValidationError.FieldDetail.missing.httpStatus == 400)
        #expect(ValidationError.RecordDetail.alreadyTaken.httpStatus == 409)
    }

    @Test("jsonProblems is the array of jsonBody, and appends to a body of a service's own shape")
    func problemsAlone() {
        let error = ValidationError([.init(field: .locale, .missing), .init(field: .password, Throttled())])
        #expect(error.jsonBody(in: .japanese) == #"{"errors":"# + error.jsonProblems(in: .japanese) + "}")
        var body = #"{"errorCode":"X","errors":"#
        error.appendJSONProblems(in: .english, to: &body)
        #expect(
            body
                == #"{"errorCode":"X","errors":[{"field":"locale","code":"missing","reason":"is missing","message":"locale is missing"},"#
                + #"{"field":"password","code":"too_many_attempts","reason":"has had too many attempts","message":"password has had too many attempts"}]"#
        )
    }

    @Test("the byte form says where the first message is, in both languages, quoted and escaped")
    func firstMessageRange() throws {
        let error = ValidationError([
            .init(field: .locale, .missing), .init(field: .password, Throttled()),
        ])
        for language in [ValidationError.Language.english, .japanese] {
            var bytes = Array("{\"errors\":".utf8)
            let first = error.appendJSONProblems(in: language, to: &bytes)
            let message = String(decoding: bytes[first], as: UTF8.self)
            #expect(message == JSONValue.quoted(error.problems[0].message(in: language)))
            #expect(String(decoding: bytes, as: UTF8.self) == "{\"errors\":" + error.jsonProblems(in: language))
        }
        let quote = ValidationError([.init(field: .displayName, code: .init(rawValue: "x"), reason: "has \"quotes\"")])
        var bytes: [UInt8] = []
        let range = quote.appendJSONProblems(in: .english, to: &bytes)
        #expect(String(decoding: bytes[range], as: UTF8.self) == #""display name has \"quotes\"""#)
    }

    @Test("Kii's error body: the code, the problems and the first message, and OAuth's members when asked")
    func kiiErrorBody() throws {
        let error = ValidationError([.init(field: .locale, .missing), .init(field: .password, Throttled())])
        var bytes = Array("prefix ".utf8)
        error.appendKiiErrorBody(errorCode: "INVALID_INPUT_DATA", to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"prefix {"errorCode":"INVALID_INPUT_DATA","errors":[{"field":"locale","code":"missing","reason":"is missing","message":"locale is missing"},"#
                + #"{"field":"password","code":"too_many_attempts","reason":"has had too many attempts","message":"password has had too many attempts"}],"#
                + #""message":"locale is missing"}"#
        )
        var oauth: [UInt8] = []
        let quoted = ValidationError([.init(field: .user, code: .init(rawValue: "x"), reason: "is \"odd\"")])
        quoted.appendKiiErrorBody(errorCode: "invalid\"grant", in: .japanese, includingOAuthMembers: true, to: &oauth)
        let message = quoted.problems[0].message(in: .japanese)
        let expected: JSONValue = .object([
            "errorCode": .string("invalid\"grant"),
            "errors": try JSONValue(parsing: quoted.jsonProblems(in: .japanese)),
            "message": .string(message),
            "error": .string("invalid\"grant"),
            "error_description": .string(message),
        ])
        #expect(try JSONValue(parsing: oauth) == expected)
        #expect(
            String(decoding: oauth, as: UTF8.self).hasSuffix(
                #","error_description":"# + JSONValue.quoted(message) + "}"
            )
        )
        // Past the stack's 2 KiB: forty problems, whole.
        let many = ValidationError(
            (0..<40).map { ValidationError.Problem(field: .init(rawValue: "field\($0)"), .missing) }
        )
        var long: [UInt8] = []
        many.appendKiiErrorBody(errorCode: "E", to: &long)
        #expect(long.count > 2048)
        #expect(
            try JSONValue(parsing: long)
                == .object([
                    "errorCode": .string("E"), "errors": try JSONValue(parsing: many.jsonProblems()),
                    "message": .string(many.problems[0].message(in: .english)),
                ])
        )
    }

    @Test("already taken round-trips through Codable as its detail")
    func codable() throws {
        let problem = ValidationError(alreadyTaken: [.email]).problems[0]
        let detail = try #require(ValidationError.RecordDetail(name: problem.detail.name, parameters: [:]))
        #expect(detail == .alreadyTaken)
        #expect(problem.detail as? ValidationError.RecordDetail == .alreadyTaken)
        #expect(problem.detail.name == "alreadyTaken")
    }

    @Test("no password, nor any part of one, in a body in any language")
    func noPassword() throws {
        let password = "Zq9#\u{7F}secret"
        let error = try #require(throws: ValidationError.self) {
            try Registration(identity: IdentityData(username: "ann"), password: password)
        }
        for language in ValidationError.Language.allCases {
            let body = error.jsonBody(in: language)
            #expect(!body.contains("secret"))
            #expect(!body.contains("\u{7F}"))
            #expect(!body.contains("\\u007f"))
        }
    }
}
