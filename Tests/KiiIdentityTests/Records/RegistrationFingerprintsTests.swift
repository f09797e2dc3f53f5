import KiiIdentityFuzzChecks
import Testing

@testable import KiiIdentity

/// `Registration.fingerprints(of:policy:)`, the byte-level check `lint` runs, against the
/// `Registration` initialiser over generated sign-ups: the same verdict, and the fingerprints of
/// the same keys.
@Suite struct RegistrationFingerprintsTests {
    static let usernames: [String?] = [
        nil, "User_1", "user.name-2", "ab", "a b", "ÜSER", String(repeating: "x", count: 65), "", "Mixed.Case-9",
    ]
    static let emails: [String?] = [
        nil, "Ann.Lee@Example.COM", "a+b@mail.example.jp", "no-at-sign", "a@b", "x@EXAMPLE.com", "ann@exa_mple.com", "",
    ]
    static let phones: [String?] = [
        nil, "+14155552671", "US-4155552671", "4155552671", "09012345678", "JP-9012345678", "+1415", "+819012345678",
        "jp-9012345678", "+442071838750", "0312345678", "", "+1 415 555 2671",
    ]
    static let passwords: [String?] = [
        "secret word", "pw", nil, "correct horse", "tab\there", String(repeating: "p", count: 51), "Pw~1234",
    ]
    static let displayNames: [String?] = [nil, "Ann", "", String(repeating: "名", count: 51), "山田 太郎"]
    static let countries: [String?] = [nil, "US", "JP", "jp", "XX", "USA"]
    static let locales: [String?] = [nil, "en-US", "EN-us", "en_US", ""]
    static let policies = [
        RegistrationPolicy(),
        RegistrationPolicy(emailVerification: true),
        RegistrationPolicy(emailVerification: true, phoneVerification: true),
        RegistrationPolicy(mobileOnly: false),
    ]

    /// One generated sign-up's fields.
    struct SignUp {
        var username, email, phone, password, displayName, country, locale: String?
    }

    static func signUp(_ random: inout SplitMix64) -> SignUp {
        // The first two values of each pool are absent and valid: half the picks, so that both
        // verdicts are common.
        func pick(_ values: [String?]) -> String? {
            let count = random.next() % 2 == 0 ? 2 : values.count
            return values[Int(random.next() % UInt64(count))]
        }
        return SignUp(
            username: pick(usernames),
            email: pick(emails),
            phone: pick(phones),
            password: pick(passwords),
            displayName: pick(displayNames),
            country: pick(countries),
            locale: pick(locales)
        )
    }

    /// The byte-level check on `signUp`, its strings' bytes passed in place.
    static func fingerprints(_ signUp: SignUp, policy: RegistrationPolicy) -> UniquenessFingerprints? {
        let strings = [
            signUp.username, signUp.email, signUp.phone, signUp.password, signUp.displayName, signUp.country,
            signUp.locale,
        ]
        let arrays = strings.map { $0.map { Array($0.utf8) } }
        var buffers: [UnsafeBufferPointer<UInt8>?] = []
        var result: UniquenessFingerprints?
        func withBuffers(_ index: Int) {
            guard index < arrays.count else {
                var bytes = RegistrationBytes()
                bytes.username = buffers[0]
                bytes.email = buffers[1]
                bytes.phone = buffers[2]
                bytes.password = buffers[3]
                bytes.displayName = buffers[4]
                bytes.country = buffers[5]
                bytes.locale = buffers[6]
                result = Registration.fingerprints(of: bytes, policy: policy)
                return
            }
            guard let array = arrays[index] else {
                buffers.append(nil)
                withBuffers(index + 1)
                return
            }
            array.withUnsafeBufferPointer { buffer in
                buffers.append(buffer)
                withBuffers(index + 1)
            }
        }
        withBuffers(0)
        return result
    }

    @Test func sameVerdictAndKeysAsRegistration() {
        var random = SplitMix64(seed: 2024)
        var accepted = 0
        for _ in 0..<20_000 {
            let signUp = Self.signUp(&random)
            let policy = Self.policies[Int(random.next() % UInt64(Self.policies.count))]
            let registration = try? Registration(
                identity: IdentityData(username: signUp.username, email: signUp.email, phone: signUp.phone),
                password: signUp.password ?? "",
                fields: UserFields(displayName: signUp.displayName, country: signUp.country, locale: signUp.locale),
                policy: policy
            )
            let fast = Self.fingerprints(signUp, policy: policy)
            #expect((fast != nil) == (registration != nil), "\(signUp) under \(policy)")
            if let registration, let fast {
                accepted += 1
                #expect(fast == UniquenessFingerprints(registration.uniquenessKeys), "\(signUp)")
            }
        }
        // The pools are made so that both verdicts are common.
        #expect(accepted > 1_000 && accepted < 19_000)
    }

    @Test func fingerprintsOfOneKeyInEveryForm() throws {
        let policy = RegistrationPolicy()
        let forms: [(String, String?)] = [("+14155552671", nil), ("US-4155552671", nil), ("4155552671", "US")]
        let keys = forms.map { phone, country in
            Self.fingerprints(
                SignUp(username: "User_1", phone: phone, password: "secret", country: country),
                policy: policy
            )
        }
        #expect(keys.allSatisfy { $0 != nil })
        #expect(Set(keys.map { $0?.phone }).count == 1)
        #expect(keys[0]?.phone == KeyFingerprint(.phone, normalized: "+14155552671"))
        #expect(keys[0]?.username == KeyFingerprint(.username, normalized: "user_1"))
        #expect(keys[0]?.username != KeyFingerprint(.email, normalized: "user_1"))
        let email = Self.fingerprints(SignUp(email: "Ann.Lee@Example.COM", password: "secret"), policy: policy)
        #expect(email?.email == KeyFingerprint(.email, normalized: "ann.lee@example.com"))
        #expect(email?.email != KeyFingerprint(.email, normalized: "Ann.Lee@example.com"))
    }

    @Test func distinctKeysHaveDistinctFingerprints() {
        var seen = Set<KeyFingerprint>()
        for index in 0..<200_000 {
            seen.insert(KeyFingerprint(.username, normalized: "user\(index)"))
        }
        seen.insert(KeyFingerprint(.username, normalized: ""))
        seen.insert(KeyFingerprint(.username, normalized: "\0"))
        seen.insert(KeyFingerprint(.username, normalized: "\0\0\0\0\0\0\0\0"))
        #expect(seen.count == 200_003)
    }
}
