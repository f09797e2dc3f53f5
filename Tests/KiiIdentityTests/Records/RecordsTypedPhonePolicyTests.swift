import Foundation
import KiiIdentity
import Testing

/// `RegistrationPolicy.typedPhoneNumbers`: a `phoneNumber` refused in every strict form only for
/// its characters is read as a person typed it, with the record's country.
@Suite struct RecordsTypedPhonePolicyTests {
    static let typed = RegistrationPolicy(typedPhoneNumbers: true)

    static func registration(_ members: String, policy: RegistrationPolicy) throws -> Registration {
        try Registration(json: #"{"loginName":"user_1","password":"correct horse",\#(members)}"#, policy: policy)
    }

    @Test(
        "typed numbers are stored in E.164",
        arguments: [
            (#""phoneNumber":"(415) 555-2671","country":"US""#, "+14155552671"),
            (#""phoneNumber":"+81 90-8765-4321""#, "+819087654321"),
            (#""phoneNumber":"090-3333-4444","country":"JP""#, "+819033334444"),
            (#""phoneNumber":"+819012345678""#, "+819012345678"),
            (#""phoneNumber":"US-4155552671""#, "+14155552671"),
        ]
    )
    func typedNumbers(members: String, e164: String) throws {
        let registration = try Self.registration(members, policy: Self.typed)
        #expect(registration.record.phone?.e164 == e164)
        #expect(registration.uniquenessKeys.phone == e164)
    }

    @Test func strictByDefaultAndOtherProblemsStayTheStrictOnes() throws {
        let strict = try #require(
            Probe.error { try Self.registration(#""phoneNumber":"(415) 555-2671","country":"US""#, policy: .init()) }
        )
        #expect(strict.problems.map(\.code) == [.invalidCharacter])
        // Not a character problem: the strict reading's answer, not the lenient one's repair.
        let trunk = try #require(
            Probe.error { try Self.registration(#""phoneNumber":"+8109012345678""#, policy: Self.typed) }
        )
        #expect(trunk.problems.map(\.code) == [.notE164])
        let letters = try #require(
            Probe.error { try Self.registration(#""phoneNumber":"415-CALL-NOW","country":"US""#, policy: Self.typed) }
        )
        #expect(letters.problems.allSatisfy { $0.field == .phoneNumber } && !letters.problems.isEmpty)
        #expect(!letters.problems.contains { $0.code == .invalidCharacter })
    }

    @Test func thePolicyEncodesAndDescribesTheSetting() throws {
        let data = try JSONEncoder().encode(Self.typed)
        #expect(String(decoding: data, as: UTF8.self).contains(#""typedPhoneNumbers":true"#))
        #expect(try JSONDecoder().decode(RegistrationPolicy.self, from: data) == Self.typed)
        #expect(try JSONDecoder().decode(RegistrationPolicy.self, from: Data("{}".utf8)).typedPhoneNumbers == false)
        #expect(Self.typed.description.hasSuffix(", typed phone numbers"))
        #expect(Self.typed.phonePolicy.acceptsTypedInput)
        #expect(!RegistrationPolicy().phonePolicy.acceptsTypedInput)
    }
}
