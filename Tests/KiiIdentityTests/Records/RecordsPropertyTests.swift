import Foundation
import KiiIdentity
import PropertyBased
import Testing

/// Random records (x-sheep/swift-property-based): a sign-up is either accepted with the table's
/// guarantees or refused with every problem explained, and the password never shows.
@Suite struct RecordsPropertyTests {
    static let junkAlphabet: [Character] = Array("abcXYZ019_-.@+ é\u{0}\n") + ["👍🏽"]
    static let junk = Gen<Character?>.element(of: junkAlphabet).map { $0! }.string(of: 0...20)

    static let usernames = Gen.oneOf(
        Gen<String?>.element(of: ["User_1", "user.name-2", "123456"]).map { $0! }.eraseToAny(),
        junk.eraseToAny()
    )
    static let emails = Gen.oneOf(
        Gen<String?>.element(of: ["Ann.Lee@Example.COM", "a+b@mail.example.jp"]).map { $0! }.eraseToAny(),
        junk.eraseToAny()
    )
    static let phones = Gen.oneOf(
        Gen<String?>.element(of: [
            "+14155552671", "US-4155552671", "4155552671", "09012345678", "JP-9012345678", "+1415",
        ])
        .map { $0! }.eraseToAny(),
        junk.eraseToAny()
    )
    /// No country (`-`), two valid ones, a lower-case one and an unknown one.
    static let countries = Gen<String?>.element(of: ["-", "US", "JP", "jp", "XX"]).map { $0 == "-" ? nil : $0 }

    /// `Pw~` then printable ASCII, sometimes with a forbidden character: no other generated
    /// field contains `~`, so finding the password elsewhere is a leak.
    static let passwords = Gen.oneOf(
        Gen<UInt8>.value(in: 0x20...0x7E).map { Character(Unicode.Scalar($0)) }.string(of: 1...55)
            .map { "Pw~" + $0 }.eraseToAny(),
        Gen<UInt8>.value(in: 0x20...0x7E).map { Character(Unicode.Scalar($0)) }.string(of: 3...20)
            .map { "Pw~" + $0 + "\u{7F}é" }.eraseToAny()
    )

    static let allowedFields: Set<ValidationError.Field> = [
        .username, .emailAddress, .phoneNumber, .password, .displayName, .country, .locale, .customFields, .user,
    ]

    @Test func anySignUpIsAcceptedWithTheTablesGuaranteesOrFullyExplained() async {
        let identities = zip(Self.usernames.optional, Self.emails.optional, Self.phones.optional)
        let policies = zip(Gen.bool, Gen.bool, Gen.bool)
        await propertyCheck(count: 400, input: identities, policies, Self.passwords, Self.countries) {
            identityParts,
            policyParts,
            password,
            country in
            let identity = IdentityData(username: identityParts.0, email: identityParts.1, phone: identityParts.2)
            let policy = RegistrationPolicy(
                emailVerification: policyParts.0,
                phoneVerification: policyParts.1,
                mobileOnly: policyParts.2
            )
            let tableProblem = RegistrationTable.problem(for: identity.givenKinds, policy: policy)
            do {
                let registration = try Registration(
                    identity: identity,
                    password: password,
                    fields: UserFields(country: country),
                    policy: policy
                )
                #expect(tableProblem == nil)
                #expect(registration.loginKinds == identity.givenKinds)
                #expect(!registration.immediateLoginKinds.isEmpty)
                #expect(registration.uniquenessKeys == registration.record.uniquenessKeys)
                #expect(registration.record.json["password"] == nil)
                let data = try JSONEncoder().encode(registration)
                #expect(try JSONDecoder().decode(Registration.self, from: data) == registration)
                for text in [registration.description, String(reflecting: registration), "\(registration.body)"] {
                    #expect(!text.contains(password))
                }
            } catch let error as ValidationError {
                #expect(!error.problems.isEmpty)
                #expect(error.problems.allSatisfy { Self.allowedFields.contains($0.field) })
                #expect(error.contains(.verificationConflict) == (tableProblem?.code == .verificationConflict))
                #expect(error.contains(.noIdentifier) == identity.isEmpty)
                #expect(!error.description.contains(password))
            } catch {
                Issue.record("unexpected error \(type(of: error))")
            }
        }
    }
}
