import KiiIdentity
import PropertyBased
import Testing

/// Random inputs (x-sheep/swift-property-based): no crash, `isValid` agrees with the throwing
/// initialiser, normalising is idempotent, classification is total, passwords stay secret.
@Suite("Properties")
struct PropertyTests {
    // MARK: Generators

    /// Any ASCII, control characters included.
    static let ascii = Gen.ascii.string(of: 0...80)

    /// Any Unicode scalar (surrogate code points become U+FFFD).
    static let unicode = Gen<UInt32>.value(in: 0...0x10FFFF)
        .map { Character(Unicode.Scalar($0) ?? "\u{FFFD}") }
        .string(of: 0...40)

    /// The characters the fields are made of, plus their favourite troublemakers.
    static let fieldAlphabet: [Character] =
        Array(
            "abcxyzABCXYZ0189_-.@+%:  \u{0}\n\u{7F}é\u{34C}＋０-"
        ) + ["\r\n", "👍🏽"]

    static let biased = Gen<Character?>.element(of: fieldAlphabet).map { $0! }.string(of: 0...70)

    /// `+`, then 0 to 17 digits.
    static let internationalLike = Gen.number.string(of: 0...17).map { "+" + $0 }

    /// A mix of all of the above.
    static let anyText = Gen.oneOf(ascii.eraseToAny(), unicode.eraseToAny(), biased.eraseToAny())

    // MARK: Field rules

    /// `isValid` and `init` agree, and a valid value's normalised form is valid and stable.
    static func checkField<Field: IdentityField>(
        _ type: Field.Type,
        _ raw: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let isValid = Field.isValid(raw)
        do {
            let value = try Field(raw)
            #expect(
                isValid,
                "\(Field.self): init accepts \(raw.debugDescription), isValid does not",
                sourceLocation: sourceLocation
            )
            #expect(value.rawValue == raw, sourceLocation: sourceLocation)
            let renormalized = try Field(value.normalized)
            #expect(renormalized.normalized == value.normalized, sourceLocation: sourceLocation)
            #expect(Field.isValid(value.normalized), sourceLocation: sourceLocation)
            #expect(renormalized == value, sourceLocation: sourceLocation)
        } catch {
            #expect(
                !isValid,
                "\(Field.self): isValid accepts \(raw.debugDescription): \(error)",
                sourceLocation: sourceLocation
            )
            #expect(!error.problems.isEmpty, sourceLocation: sourceLocation)
            #expect(error.problems.allSatisfy { $0.field == Field.field }, sourceLocation: sourceLocation)
        }
    }

    static func checkAllFields(_ raw: String) {
        checkField(Username.self, raw)
        checkField(EmailAddress.self, raw)
        checkField(Password.self, raw)
        checkField(DisplayName.self, raw)
        checkField(CountryCode.self, raw)
        checkField(LocaleTag.self, raw)
    }

    @Test("every field: isValid agrees with init, normalising is idempotent (ASCII)")
    func fieldsOnASCII() async {
        await propertyCheck(count: 1000, input: Self.ascii) { Self.checkAllFields($0) }
    }

    @Test("every field: isValid agrees with init, normalising is idempotent (Unicode)")
    func fieldsOnUnicode() async {
        await propertyCheck(count: 1000, input: Self.unicode) { Self.checkAllFields($0) }
    }

    @Test("every field: isValid agrees with init, normalising is idempotent (field alphabets)")
    func fieldsOnAlphabets() async {
        await propertyCheck(count: 2000, input: Self.biased) { Self.checkAllFields($0) }
    }

    @Test("usernames and emails built from their alphabets")
    func wellShapedValues() async {
        let name = Gen<Character?>.element(of: Array("aZ09_-.")).map { $0! }.string(of: 3...64)
        let label = Gen<Character?>.element(of: Array("aZ09")).map { $0! }.string(of: 1...20)
        await propertyCheck(count: 500, input: name, label, label) { name, first, second in
            #expect(Username.isValid(name))
            #expect((try? Username(name))?.normalized == name.lowercased())
            let email = "\(name.replacingDots())@\(first).x\(second)"
            if email.utf8.count <= 200 && name.replacingDots().utf8.count <= 64 {
                #expect(EmailAddress.isValid(email), "\(email)")
                let expected = "\(name.replacingDots())@\(first.lowercased()).x\(second.lowercased())"
                #expect((try? EmailAddress(email))?.normalized == expected)
            }
        }
    }

    // MARK: Phone numbers

    static func checkInternational(_ raw: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for policy in [PhonePolicy.default, .anyValidNumber] {
            let isValid = PhoneNumber.isValid(international: raw, policy: policy)
            do {
                let phone = try PhoneNumber(international: raw, policy: policy)
                #expect(isValid, "isValid rejects \(raw)", sourceLocation: sourceLocation)
                #expect(phone.e164 == raw, sourceLocation: sourceLocation)
                #expect(try PhoneNumber(rest: phone.restForm, policy: policy) == phone, sourceLocation: sourceLocation)
                #expect(!policy.mobileOnly || phone.type.isMobile, sourceLocation: sourceLocation)
            } catch {
                #expect(!isValid, "isValid accepts \(raw): \(error)", sourceLocation: sourceLocation)
                #expect(error.problems.allSatisfy { $0.field == .phoneNumber }, sourceLocation: sourceLocation)
            }
        }
    }

    @Test("international numbers: isValid agrees with init (random digits)")
    func internationalDigits() async {
        await propertyCheck(count: 1000, input: Self.internationalLike) { Self.checkInternational($0) }
    }

    @Test("international numbers: isValid agrees with init (any text)")
    func internationalText() async {
        await propertyCheck(count: 500, input: Self.anyText) { raw in
            Self.checkInternational(raw)
            Self.checkInternational("+" + raw)
        }
    }

    @Test("local, REST and typed phone input never crash and report phone or country problems")
    func otherPhoneForms() async {
        let countries = Gen<String?>.element(of: ["JP", "US", "GB", "FK", "jp", "XX", ""]).map { $0! }
        await propertyCheck(count: 500, input: Self.anyText, countries) { raw, country in
            let fields: Set<ValidationError.Field> = [.phoneNumber, .country]
            let errors = [
                Probe.error { try PhoneNumber(local: raw, country: country) },
                Probe.error { try PhoneNumber(rest: "\(country)-\(raw)") },
                Probe.error { try PhoneNumber(userInput: raw, country: country) },
                Probe.error { try PhoneNumber(userInput: raw) },
            ]
            for error in errors.compactMap({ $0 }) {
                #expect(error.problems.allSatisfy { fields.contains($0.field) }, "\(error)")
            }
        }
    }

    /// Every region's example mobile number with its last four digits replaced at random: many
    /// are valid numbers of many regions and types.
    static let nearExamples = zip(
        Gen<String?>.element(
            of: CountryCode.allSupported.compactMap { code in
                (try? CountryCode(code)).flatMap { PhoneNumber.example(for: $0, type: .mobile) }
            }
        )
        .map { $0! },
        Gen.number.string(of: 4)
    )
    .map { example, digits in String(example.dropLast(4)) + digits }

    @Test("valid numbers: every output reads back as the same number")
    func phoneRoundTrips() async {
        await propertyCheck(count: 1000, input: Self.nearExamples) { raw in
            Self.checkInternational(raw)
            guard let phone = try? PhoneNumber(international: raw, policy: .anyValidNumber) else { return }
            let policy = PhonePolicy.anyValidNumber
            let region = phone.region.rawValue
            #expect(phone.restForm == "\(region)-\(phone.nationalNumber)")
            #expect(raw == "+\(phone.countryCallingCode)\(phone.nationalNumber)")
            let again = try? PhoneNumber(international: phone.e164, policy: policy)
            #expect(again?.e164 == phone.e164)
            #expect(again?.region == phone.region)
            #expect((try? PhoneNumber(rest: phone.restForm, policy: policy))?.e164 == raw, "\(phone.restForm)")
            #expect((try? PhoneNumber(local: phone.nationalNumber, country: region, policy: policy))?.e164 == raw)
            let national = try? PhoneNumber(userInput: phone.nationalFormat, country: region, policy: policy)
            #expect(national?.e164 == raw, "\(phone.nationalFormat) in \(region)")
            let international = try? PhoneNumber(userInput: phone.internationalFormat, policy: policy)
            #expect(international?.e164 == raw, "\(phone.internationalFormat)")
        }
    }

    @Test("typed digits with separators read like the bare digits")
    func separatorsAreIgnored() async {
        let digits = Gen.number.string(of: 8...12)
        let separators = Gen<String?>.element(of: [" ", "-", ".", "\u{2010}", "\u{2212}", "\u{3000}"]).map { $0! }
        await propertyCheck(count: 300, input: digits, separators) { digits, separator in
            let spaced = digits.map(String.init).joined(separator: separator)
            let plain = Probe.outcome { try PhoneNumber(userInput: "+81" + digits) }
            let typed = Probe.outcome { try PhoneNumber(userInput: "+81" + separator + spaced) }
            #expect(plain == typed, "\(spaced)")
        }
    }

    // MARK: Classification

    @Test("classification is total: a kind for every non-empty string")
    func classificationIsTotal() async {
        await propertyCheck(count: 2000, input: Self.anyText) { raw in
            let kind = LoginIdentifier.classify(raw)
            let withCountry = LoginIdentifier.classify(raw, country: "JP")
            if raw.isEmpty {
                #expect(kind == nil)
                #expect(withCountry == nil)
                return
            }
            let bytes = Array(raw.utf8)
            let expected: IdentifierKind =
                bytes.contains(UInt8(ascii: "@")) ? .email : bytes.first == UInt8(ascii: "+") ? .phone : .username
            #expect(kind == expected)
            let allDigits = bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            #expect(withCountry == (expected == .username && allDigits ? .localPhone : expected))
            // Validation reports the kind's field (or the country's, for a local number).
            do throws(ValidationError) {
                let identifier = try LoginIdentifier(raw)
                #expect(identifier.kind == expected)
                let requalified = try? LoginIdentifier(qualified: identifier.qualified)
                #expect(requalified?.normalized == identifier.normalized)
            } catch {
                #expect(error.field == expected.field, "\(raw.debugDescription): \(error)")
            }
        }
    }

    // MARK: Passwords

    @Test("a password never shows up in any error text or description")
    func passwordSecrecy() async {
        let printable = Gen<UInt8>.value(in: 0x20...0x7E).map { Character(Unicode.Scalar($0)) }
        let bad = Gen<Character?>.element(of: ["\u{0}", "\n", "\t", "\u{7F}", "é", "\u{34C}", "👍"] as [Character])
            .map { $0! }
        let password = Gen.oneOf(
            printable.string(of: 6...50).eraseToAny(),
            zip(printable.string(of: 3...30), bad, printable.string(of: 3...30)).map { parts in
                "\(parts.0)\(parts.1)\(parts.2)"
            }.eraseToAny(),
            printable.string(of: 51...90).eraseToAny()
        )
        await propertyCheck(count: 1000, input: password) { raw in
            do {
                let value = try Password(raw)
                PasswordSecrecy.expectNothingOf(raw, in: value)
                PasswordSecrecy.expectNothingOf(raw, in: [value])
                PasswordSecrecy.expectNothingOf(raw, in: (name: "x", secret: value))
            } catch {
                PasswordSecrecy.expectNothingOf(raw, in: error)
            }
        }
    }
}

extension String {
    /// The string with `.` replaced by `_` (no dot rules to worry about in a local part).
    fileprivate func replacingDots() -> String {
        String(map { $0 == "." ? "_" : $0 })
    }
}
