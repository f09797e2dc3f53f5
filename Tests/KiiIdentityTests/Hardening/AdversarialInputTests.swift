import KiiIdentity
import Testing

/// Hostile input: megabytes of text, invisible and look-alike characters. Every rejection
/// must carry the right code (never a crash, a hang or a silent repair).
@Suite struct AdversarialInputTests {
    /// One field entry point, as a function from the raw text to the codes it is rejected with.
    struct Entry: CustomStringConvertible, Sendable {
        let description: String
        let validate: @Sendable (String) -> [String]

        init(_ name: String, _ body: @escaping @Sendable (String) throws(ValidationError) -> Void) {
            description = name
            validate = { raw in
                do throws(ValidationError) {
                    try body(raw)
                    return []
                } catch {
                    return error.problems.map(\.code.rawValue)
                }
            }
        }
    }

    static let entries: [Entry] = [
        Entry("username") { (raw) throws(ValidationError) in _ = try Username(raw) },
        Entry("email") { (raw) throws(ValidationError) in _ = try EmailAddress(raw) },
        Entry("password") { (raw) throws(ValidationError) in _ = try Password(raw) },
        Entry("display name") { (raw) throws(ValidationError) in _ = try DisplayName(raw) },
        Entry("country") { (raw) throws(ValidationError) in _ = try CountryCode(raw) },
        Entry("locale") { (raw) throws(ValidationError) in _ = try LocaleTag(raw) },
        Entry("phone international") { (raw) throws(ValidationError) in _ = try PhoneNumber(international: raw) },
        Entry("phone local") { (raw) throws(ValidationError) in _ = try PhoneNumber(local: raw, country: "JP") },
        Entry("phone REST") { (raw) throws(ValidationError) in _ = try PhoneNumber(rest: raw) },
        Entry("phone user input") { (raw) throws(ValidationError) in _ = try PhoneNumber(userInput: raw, country: "JP")
        },
        Entry("identifier") { (raw) throws(ValidationError) in _ = try LoginIdentifier(raw) },
        Entry("identifier with country") { (raw) throws(ValidationError) in _ = try LoginIdentifier(raw, country: "JP")
        },
        Entry("qualified identifier") { (raw) throws(ValidationError) in _ = try LoginIdentifier(qualified: raw) },
    ]

    static let megabyte = 1 << 20

    /// Huge inputs of several shapes: plain letters, digits, a leading '+', '@' inside, a REST
    /// prefix, multi-byte scalars.
    static func huge(_ size: Int) -> [(shape: String, text: String)] {
        [
            ("letters", String(repeating: "a", count: size)),
            ("digits", String(repeating: "9", count: size)),
            ("plus and digits", "+" + String(repeating: "8", count: size - 1)),
            ("email", String(repeating: "a", count: size / 2) + "@" + String(repeating: "b", count: size / 2) + ".com"),
            ("REST", "JP-" + String(repeating: "0", count: size - 3)),
            ("qualified", "EMAIL:" + String(repeating: "c", count: size - 6)),
            ("multi-byte", String(repeating: "\u{1F600}", count: size / 4)),
            // Worst cases: only bytes the rule allows, so a check that reads content
            // before length reads all of it.
            ("a@ and labels", "a@" + String(repeating: "label.", count: size / 6)),
            ("EMAIL:a@ and labels", "EMAIL:a@" + String(repeating: "label.", count: size / 6)),
            ("PHONE:+ and digits", "PHONE:+" + String(repeating: "8", count: size)),
        ]
    }

    /// Every `isValid`, as a function from the raw text to its verdict.
    static let verdicts: [(name: String, isValid: @Sendable (String) -> Bool)] = [
        ("Username", { Username.isValid($0) }),
        ("EmailAddress", { EmailAddress.isValid($0) }),
        ("Password", { Password.isValid($0) }),
        ("DisplayName", { DisplayName.isValid($0) }),
        ("CountryCode", { CountryCode.isValid($0) }),
        ("LocaleTag", { LocaleTag.isValid($0) }),
        ("PhoneNumber international", { PhoneNumber.isValid(international: $0) }),
    ]

    @Test("every isValid is false for 10 MB of allowed bytes")
    func hugeAllowedInputsAreInvalid() {
        for (shape, text) in Self.huge(10 * Self.megabyte) {
            for verdict in Self.verdicts {
                #expect(!verdict.isValid(text), "\(verdict.name) of \(shape)")
            }
        }
    }

    @Test("the JSON readers refuse 10 MB of valid JSON as too_long")
    func hugeJSONIsTooLong() {
        let text =
            #"{"loginName":"ann","password":"pw123456","displayName":""#
            + String(repeating: "a", count: 10 * Self.megabyte) + #""}"#
        #expect(Self.codes { _ = try JSONValue(parsing: text) } == ["too_long"])
        #expect(Self.codes { _ = try JSONValue(parsing: Array(text.utf8)) } == ["too_long"])
        #expect(Self.codes { _ = try Registration(json: text) } == ["too_long"])
    }

    @Test("1 MB and 10 MB inputs are too_long only", arguments: [megabyte, 10 * megabyte])
    func hugeInputsAreTooLong(size: Int) {
        for (shape, text) in Self.huge(size) {
            for entry in Self.entries {
                #expect(entry.validate(text) == ["too_long"], "\(entry) of \(size) bytes of \(shape)")
            }
        }
    }

    @Test("huge inputs make short errors that quote none of the input", arguments: [megabyte, 10 * megabyte])
    func hugeErrorsAreShort(size: Int) throws {
        let password = String(repeating: "s3cret!", count: size / 7)
        let error = try #require(Self.error { _ = try Password(password) })
        #expect(error.description == "password is too long (maximum 50 characters)")
        let identifier = try #require(Self.error { _ = try LoginIdentifier(String(repeating: "x", count: size)) })
        #expect(identifier.problems.map(\.field) == [.identifier])  // not even classified
        #expect(identifier.description.utf8.count < 100)
    }

    @Test("classifying 10 MB still follows the byte rules")
    func hugeClassification() {
        let size = 10 * Self.megabyte
        #expect(LoginIdentifier.classify(String(repeating: "a", count: size) + "@") == .email)
        #expect(LoginIdentifier.classify("+" + String(repeating: "1", count: size)) == .phone)
        #expect(LoginIdentifier.classify(String(repeating: "1", count: size), country: "JP") == .localPhone)
        #expect(LoginIdentifier.classify(String(repeating: "1", count: size)) == .username)
        #expect(LoginIdentifier.classify(String(repeating: "\u{FF20}", count: size / 3)) == .username)
    }

    @Test(
        "the length limit is exact",
        arguments: [
            ("username", 64), ("email", 200), ("password", 50), ("country", 2), ("locale", 64),
            ("phone international", 64), ("phone user input", 128),
        ]
    )
    func lengthLimit(name: String, maximum: Int) throws {
        let entry = try #require(Self.entries.first { $0.description == name })
        // Past the limit: too_long whatever the content; at the limit: inspected (other codes or none).
        #expect(entry.validate(String(repeating: "\u{0}", count: maximum + 1)) == ["too_long"])
        #expect(!entry.validate(String(repeating: "\u{0}", count: maximum)).contains("too_long"))
    }

    @Test("an identifier is read up to 200 bytes, the longest kind's limit")
    func identifierLimit() throws {
        let longest =
            String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
            + String(repeating: "c", count: 63) + ".ddddddd"
        #expect(longest.utf8.count == 200)
        #expect(try LoginIdentifier(longest).kind == .email)
        #expect(try LoginIdentifier(qualified: "EMAIL:" + longest).kind == .email)
        let error = try #require(Self.error { _ = try LoginIdentifier(longest + "d") })
        #expect(error.problems.map(\.code) == [.tooLong])
        #expect(error.description == "login identifier is too long (maximum 200 characters)")
        #expect(Self.codes { _ = try LoginIdentifier(qualified: "EMAIL:" + longest + "d") } == ["too_long"])
    }

    @Test("display names count scalars, with the byte cap checked first")
    func displayNameLimits() {
        #expect(DisplayName.isValid(String(repeating: "\u{1F600}", count: 50)))  // 200 bytes
        #expect(!DisplayName.isValid(String(repeating: "\u{1F600}", count: 51)))
        #expect(DisplayName.isValid(String(repeating: "\u{301}", count: 50)))  // lone combining marks
        #expect(!DisplayName.isValid(String(repeating: "\u{301}", count: 51)))
        #expect(DisplayName.isValid(String(repeating: "a", count: 49) + "\u{1F600}"))
    }

    // MARK: Invisible and look-alike characters

    @Test(
        "hostile characters in ASCII-only fields are invalid_character",
        arguments: [
            "ali\u{0}ce",  // NUL
            "\u{FEFF}alice",  // byte order mark
            "alice\u{202E}txt",  // right-to-left override
            "\u{301}alice",  // lone combining mark
            "ａｌｉｃｅ",  // full-width letters
            "аlice",  // Cyrillic а, Latin rest
            "alice\u{200B}",  // zero-width space
        ]
    )
    func hostileUsernames(raw: String) {
        #expect(Self.codes { _ = try Username(raw) } == ["invalid_character"])
        #expect(Self.codes { _ = try LoginIdentifier(raw) } == ["invalid_character"])
    }

    @Test(
        "hostile characters in email addresses",
        arguments: [
            ("user\u{0}@example.com", "invalid_character"),
            ("\u{FEFF}user@example.com", "invalid_character"),
            ("user\u{202E}@example.com", "invalid_character"),
            ("user@exa\u{301}mple.com", "invalid_character"),
            ("user@ｅｘａｍｐｌｅ.com", "invalid_character"),
            ("user@ехаmple.com", "invalid_character"),  // Cyrillic е and х
            ("user\u{FF20}example.com", "missing_at"),  // full-width @ is not '@'
        ]
    )
    func hostileEmails(raw: String, code: String) {
        #expect(Self.codes { _ = try EmailAddress(raw) }.contains(code))
        #expect(!EmailAddress.isValid(raw))
    }

    @Test(
        "hostile characters in passwords are reported by position only",
        arguments: [
            ("zebra\u{0}quokka", 6),
            ("\u{FEFF}zebraquokka", 1),
            ("zebra\u{202E}quokka", 6),
            ("ze\u{301}braquokka", 3),
            ("ｚebraquokka", 1),
            ("zebrаquokka", 5),  // Cyrillic а
        ]
    )
    func hostilePasswords(raw: String, position: Int) throws {
        let error = try #require(Self.error { _ = try Password(raw) })
        #expect(error.problems.map(\.code) == [.invalidCharacter])
        #expect(error.reason.contains("at position \(position) "))
        for text in [error.description, String(reflecting: error)] {
            for piece in ["zeb", "bra", "quo", "kka"] { #expect(!text.contains(piece)) }
        }
    }

    @Test(
        "display names accept any scalar, counted one by one",
        arguments: [
            ("\u{0}", 1), ("\u{FEFF}Bob", 4), ("\u{202E}evil", 5), ("\u{301}", 1), ("Ｂｏｂ", 3), ("Bоb 山田", 6),
        ]
    )
    func hostileDisplayNames(raw: String, scalars: Int) throws {
        let name = try DisplayName(raw)
        #expect(name.normalized == raw)
        #expect(raw.unicodeScalars.count == scalars)
    }

    @Test(
        "hostile characters in countries and locales",
        arguments: [
            ("J\u{0}", "country", "invalid_format"),
            ("\u{FEFF}JP", "country", "too_long"),
            ("ＪＰ", "country", "too_long"),
            ("J\u{301}", "country", "too_long"),
            ("en\u{0}", "locale", "invalid_character"),
            ("\u{FEFF}en", "locale", "invalid_character"),
            ("en-\u{202E}US", "locale", "invalid_character"),
            ("ｅｎ", "locale", "invalid_character"),
            ("еn", "locale", "invalid_character"),  // Cyrillic е
        ]
    )
    func hostileRegions(raw: String, field: String, code: String) throws {
        let entry = try #require(Self.entries.first { $0.description == field })
        #expect(entry.validate(raw) == [code])
    }

    @Test(
        "hostile characters in strict phone numbers",
        arguments: [
            "+81901234\u{0}5678",
            "\u{FEFF}+819012345678",
            "+8190\u{202E}12345678",
            "+8\u{301}19012345678",
            "+８１９０１２３４５６７８",  // full-width digits: user input only
            "+٨١٩٠١٢٣٤٥٦٧٨",  // Arabic-Indic digits
        ]
    )
    func hostileStrictPhones(raw: String) {
        #expect(Self.codes { _ = try PhoneNumber(international: raw) }.contains("invalid_character"))
        #expect(!PhoneNumber.isValid(international: raw))
    }

    @Test(
        "typed phone numbers: full-width forms are read, invisible characters are not",
        arguments: [
            ("＋８１ ９０-１２３４-５６７８", "+819012345678"),
            ("＋81（90）1234−5678", "+819012345678"),
            ("+81 90\u{202E}1234 5678", nil),
            ("\u{FEFF}+819012345678", nil),
            ("+8190123\u{0}45678", nil),
            ("+8\u{301}19012345678", nil),
            ("+٨١٩٠١٢٣٤٥٦٧٨", nil),
        ] as [(String, String?)]
    )
    func hostileTypedPhones(raw: String, e164: String?) {
        let number = try? PhoneNumber(userInput: raw)
        #expect(number?.e164 == e164)
        if e164 == nil { #expect(Self.codes { _ = try PhoneNumber(userInput: raw) }.contains("invalid_character")) }
    }

    @Test("classification goes by bytes: look-alikes of '@' and '+' are not them")
    func lookAlikeClassification() {
        #expect(LoginIdentifier.classify("@\u{34C}") == .email)
        #expect(LoginIdentifier.classify("user\u{FF20}example.com") == .username)
        #expect(LoginIdentifier.classify("＋819012345678") == .username)
        #expect(LoginIdentifier.classify("\u{FEFF}+819012345678") == .username)
        #expect(LoginIdentifier.classify("\u{202E}user@example.com") == .email)
        #expect(Self.codes { _ = try LoginIdentifier("＋819012345678") } == ["invalid_character"])
    }

    // MARK: Helpers

    static func error(_ body: () throws -> Void) -> ValidationError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ValidationError
        }
    }

    static func codes(_ body: () throws -> Void) -> [String] {
        error(body)?.problems.map(\.code.rawValue) ?? []
    }
}
