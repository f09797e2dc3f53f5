import Foundation
import KiiIdentity
import KiiIdentityProbes
import Testing

/// The benchmark's "previous engine" rows take phone verdicts from libphonenumber through an
/// unencoded switch on the policies: the same answers as the compiled engine on the system
/// metadata, and a policy's encoding that does not change.
@Suite struct PhoneEngineSelectionTests {
    static let phones: [(phone: String, country: String?)] = [
        ("+819012345678", nil), ("09012345678", "JP"), ("JP-9012345678", nil), ("+14155552671", nil),
        ("US-4155552671", nil), ("0312345678", "JP"), ("+442012345678", nil), ("0111234567", "AR"),
        ("010819012345678", "JP"), ("8190123456", "JP"), ("+80012345678", nil), ("12", "JP"),
    ]

    @Test("a registration is the same under either engine", arguments: phones)
    func registrationsAgree(phone: String, country: String?) {
        func outcome(_ policy: RegistrationPolicy) -> String {
            do throws(ValidationError) {
                let registration = try Registration(
                    identity: IdentityData(phone: phone),
                    password: "secret-1",
                    fields: UserFields(country: country),
                    policy: policy
                )
                return "ok \(registration.uniquenessKeys)"
            } catch {
                return "error \(error.problems.map { "\($0.field) \($0.code) \($0.reason)" })"
            }
        }
        for base in [
            RegistrationPolicy(phoneMetadata: .system), RegistrationPolicy(mobileOnly: false, phoneMetadata: .system),
        ] {
            #expect(PhoneEngineProbe.libphonenumber(base) != base)
            let compiled = outcome(base)
            #expect(compiled == outcome(PhoneEngineProbe.libphonenumber(base)), "\(phone) \(country ?? "-")")
        }
    }

    @Test("every phone form agrees under a policy that asks libphonenumber", arguments: phones)
    func formsAgree(phone: String, country: String?) {
        let policy = PhonePolicy(mobileOnly: false, digitCount: 1...15, metadata: .system)
        let library = PhoneEngineProbe.libphonenumber(policy)
        #expect(library != policy)
        func result(_ policy: PhonePolicy) -> String {
            do throws(ValidationError) {
                let number =
                    phone.hasPrefix("+")
                    ? try PhoneNumber(international: phone, policy: policy)
                    : country == nil
                        ? try PhoneNumber(rest: phone, policy: policy)
                        : try PhoneNumber(local: phone, country: country ?? "", policy: policy)
                return "\(number.e164) \(number.region) \(number.type) \(number.nationalNumber)"
            } catch {
                return "\(error.problems.map(\.code))"
            }
        }
        #expect(result(policy) == result(library))
        if phone.hasPrefix("+") {
            #expect(
                PhoneNumber.isValid(international: phone, policy: policy)
                    == PhoneNumber.isValid(international: phone, policy: library)
            )
        }
    }

    @Test("the engine is not part of a policy's encoding; the metadata source is, unless bundled")
    func encodingIsUnchanged() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(PhonePolicy.default), as: UTF8.self)
                == #"{"digitCount":[10,15],"mobileOnly":true}"#
        )
        let phone = try encoder.encode(PhoneEngineProbe.libphonenumber(PhonePolicy.default))
        #expect(
            String(decoding: phone, as: UTF8.self) == #"{"digitCount":[10,15],"metadata":"system","mobileOnly":true}"#
        )
        let registration = try encoder.encode(PhoneEngineProbe.libphonenumber(RegistrationPolicy()))
        #expect(
            String(decoding: registration, as: UTF8.self)
                == #"{"emailVerification":false,"exposeFullUserData":false,"mobileOnly":true,"#
                + #""phoneDigitCount":[10,15],"phoneMetadata":"system","phoneVerification":false}"#
        )
        #expect(try JSONDecoder().decode(PhonePolicy.self, from: phone) == PhonePolicy(metadata: .system))
        #expect(
            try JSONDecoder().decode(RegistrationPolicy.self, from: registration)
                == RegistrationPolicy(phoneMetadata: .system)
        )
        #expect(
            try JSONDecoder().decode(PhonePolicy.self, from: Data(#"{"digitCount":[10,15],"mobileOnly":true}"#.utf8))
                == .default
        )
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                PhonePolicy.self,
                from: Data(#"{"digitCount":[10,15],"metadata":"2022","mobileOnly":true}"#.utf8)
            )
        }
    }
}
