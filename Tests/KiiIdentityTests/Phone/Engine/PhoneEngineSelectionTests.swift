import Foundation
@_spi(Probes) import KiiIdentity
import Testing

/// The benchmark's "previous engine" rows take phone verdicts from libphonenumber itself, asked
/// for through the `Probes` SPI (no policy value carries the choice): the same answers as the
/// compiled engine on the system metadata.
@Suite struct PhoneEngineSelectionTests {
    static let phones: [(phone: String, country: String?)] = [
        ("+819012345678", nil), ("09012345678", "JP"), ("JP-9012345678", nil), ("+14155552671", nil),
        ("US-4155552671", nil), ("0312345678", "JP"), ("+442012345678", nil), ("0111234567", "AR"),
        ("010819012345678", "JP"), ("8190123456", "JP"), ("+80012345678", nil), ("12", "JP"),
    ]

    @Test("a registration is the same under either engine", arguments: phones)
    func registrationsAgree(phone: String, country: String?) {
        func outcome(_ policy: RegistrationPolicy, _ engine: PhoneEngineProbe.Engine) -> String {
            do throws(ValidationError) {
                let registration = try Registration(
                    identity: IdentityData(phone: phone),
                    password: "secret-1",
                    fields: UserFields(country: country),
                    policy: policy,
                    phoneVerdicts: engine
                )
                return "ok \(registration.uniquenessKeys)"
            } catch {
                return "error \(error.problems.map { "\($0.field) \($0.code) \($0.reason)" })"
            }
        }
        for base in [
            RegistrationPolicy(phoneMetadata: .system), RegistrationPolicy(mobileOnly: false, phoneMetadata: .system),
        ] {
            let compiled = outcome(base, .compiled)
            #expect(compiled == outcome(base, .libphonenumber), "\(phone) \(country ?? "-")")
        }
    }

    @Test("every phone form agrees when libphonenumber gives the verdicts", arguments: phones)
    func formsAgree(phone: String, country: String?) {
        let policy = PhonePolicy(mobileOnly: false, digitCount: 1...15, metadata: .system)
        let form: PhoneEngineProbe.Form = phone.hasPrefix("+") ? .international : country == nil ? .rest : .local
        func result(libphonenumber: Bool) -> String {
            switch PhoneEngineProbe.validate(
                form,
                phone,
                country: country,
                policy: policy,
                libphonenumber: libphonenumber
            ) {
            case .success(let number): "\(number.e164) \(number.region) \(number.type) \(number.nationalNumber)"
            case .failure(let error): "\(error.problems.map(\.code))"
            }
        }
        #expect(result(libphonenumber: false) == result(libphonenumber: true))
        if form == .international {
            #expect(
                PhoneNumber.isValid(international: phone, policy: policy) == (result(libphonenumber: true).first == "+")
            )
        }
    }

    @Test("a policy's encoding names its metadata source unless bundled")
    func encodingIsUnchanged() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(PhonePolicy.default), as: UTF8.self)
                == #"{"digitCount":[10,15],"mobileOnly":true}"#
        )
        let phone = try encoder.encode(PhonePolicy(metadata: .system))
        #expect(
            String(decoding: phone, as: UTF8.self) == #"{"digitCount":[10,15],"metadata":"system","mobileOnly":true}"#
        )
        let registration = try encoder.encode(RegistrationPolicy(phoneMetadata: .system))
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
