import KiiIdentity
import PropertyBased
import Testing

/// Random records (x-sheep/swift-property-based) read back with `UserRecord(storedJSON:)`: what
/// `record.json` wrote reads back equal to the record and to the validating reader's; any other
/// text reads back exactly as written or is refused with its problems, never repaired.
@Suite struct RecordsStoredReadPropertyTests {
    static let junkAlphabet: [Character] = Array("abcXYZ019_-.@+ é\u{0}\"") + ["👍🏽"]
    static let junk = Gen<Character?>.element(of: junkAlphabet).map { $0! }.string(of: 0...12)

    static func oneOf(_ values: [String]) -> Generator<String, AnySequence<(index: Int, value: Any)>> {
        Gen.oneOf(Gen<String?>.element(of: values).map { $0! }.eraseToAny(), junk.eraseToAny())
    }

    static let usernames = oneOf(["User_1", "user.name-2", "123456", "m0l1", "ANN"])
    static let emails = oneOf(["Ann.Lee@Example.COM", "a+b@mail.example.jp", "x@y.co"])
    static let phones = oneOf([
        "+14155552671", "US-4155552671", "09012345678", "JP-9012345678", "+447911123456", "+33612345678",
        "+4915123456789", "+61412345678", "+919876543210",
    ])
    static let displayNames = oneOf(["Ann", "  Ｙａｍａｄａ  ", "山田 太郎", "👍🏽", "\u{202E}evil"])
    static let countries = oneOf(["US", "JP", "GB", "DE", "jp"])
    static let locales = oneOf(["en-US", "EN-us", "zh-hant-tw", "i-klingon", "de-CH-1901"])
    static let customValues = Gen<JSONValue?>.element(of: [1, "x", true, nil, [1, 2], ["k": "v"], 0.25])

    /// A registration of the generated parts, or `nil` when the rules refuse them.
    static func record(
        _ identity: (String?, String?, String?),
        _ fields: (String?, String?, String?),
        _ custom: JSONValue?,
        nickname: Bool
    ) -> UserRecord? {
        try? Registration(
            identity: IdentityData(username: identity.0, email: identity.1, phone: identity.2),
            password: RecordsSample.password,
            fields: UserFields(
                displayName: fields.0,
                country: fields.1,
                locale: fields.2,
                custom: custom.map { ["extra": $0] } ?? [:]
            ),
            policy: RegistrationPolicy(mobileOnly: false, displayNamePolicy: nickname ? .nickname : .kii)
        ).record
    }

    @Test func whatTheLibraryWroteReadsBackEqual() async {
        let identities = zip(Self.usernames.optional, Self.emails.optional, Self.phones.optional)
        let fields = zip(Self.displayNames.optional, Self.countries.optional, Self.locales.optional)
        await propertyCheck(count: 400, input: identities, fields, Self.customValues.optional, Gen.bool) {
            identity,
            fields,
            custom,
            nickname in
            guard let record = Self.record(identity, fields, custom ?? nil, nickname: nickname) else { return }
            let text = JSONValue.object(record.json).description
            do {
                let read = try UserRecord(storedJSON: text)
                #expect(read == record)
                #expect(read.json == record.json)
                let validated = try UserRecord(json: text)
                #expect(read == validated)
                #expect(read.phone?.region == validated.phone?.region)
                #expect(read.phone?.type == validated.phone?.type)
            } catch {
                Issue.record("\(text) did not read back: \(error)")
            }
        }
    }

    /// A stored record with one member replaced by junk: read back exactly as written (its
    /// members re-encode to the same object), or refused with problems under that member only.
    @Test func anyOtherTextReadsBackAsWrittenOrIsRefused() async {
        let members = Gen<String?>.element(of: [
            "loginName", "emailAddress", "phoneNumber", "displayName", "country", "locale", "password", "_x", "userID",
        ]).map { $0! }
        let stored: [String: JSONValue] = [
            "loginName": "ann", "emailAddress": "ann@example.com", "phoneNumber": "+819012345678", "country": "JP",
        ]
        await propertyCheck(count: 400, input: members, Self.junk) { member, junk in
            var object = stored
            object[member] = .string(junk)
            let text = JSONValue.object(object).description
            do {
                let read = try UserRecord(storedJSON: text)
                #expect(read.json == object, "\(text) was repaired into \(read)")
            } catch let error as ValidationError {
                #expect(!error.problems.isEmpty)
                let fields = Set(error.problems.map(\.field.rawValue))
                let expected = ["_x", "userID"].contains(member) ? "custom" : member
                #expect(fields == [expected], "\(text): \(error)")
            } catch {
                Issue.record("unexpected error \(type(of: error))")
            }
        }
    }
}
