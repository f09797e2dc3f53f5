import KiiIdentity
import PropertyBased
import Testing

/// Credentials an app generates for its user (Pseudo Users page, "Creating a user in the mobile
/// app"): always valid, from a fixed alphabet, long enough to be unique in practice.
@Suite struct GeneratedCredentialsTests {
    static let usernameAlphabet = Set("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    /// Printable ASCII without the space.
    static let passwordAlphabet = Set(UInt8(ascii: "!")...UInt8(ascii: "~"))

    /// A generator that always returns the same word: the edges of the alphabet must still give
    /// valid values.
    struct ConstantGenerator: RandomNumberGenerator {
        let word: UInt64
        mutating func next() -> UInt64 { word }
    }

    static let seeds = zip(Gen.uint64(), Gen.uint64(), Gen.uint64(), Gen.uint64())

    @Test func generatedUsernamesAreAlwaysValid() async {
        await propertyCheck(count: 500, input: Self.seeds) { seed in
            var generator = Xoshiro(seed: seed)
            let username = Username.random(using: &generator)
            #expect(username.rawValue.utf8.count == 24)
            #expect(username.rawValue.utf8.allSatisfy(Self.usernameAlphabet.contains))
            #expect(username.normalized == username.rawValue)
            #expect(Username.isValid(username.rawValue))
            #expect((try? Username(username.rawValue)) == username)
        }
    }

    @Test func generatedPasswordsAreAlwaysValid() async {
        await propertyCheck(count: 500, input: Self.seeds) { seed in
            var generator = Xoshiro(seed: seed)
            let password = Password.random(using: &generator)
            #expect(password.rawValue.utf8.count == 20)
            #expect(password.rawValue.utf8.allSatisfy(Self.passwordAlphabet.contains))
            #expect(Password.isValid(password.rawValue))
            #expect(password.description == "<redacted>")
        }
    }

    @Test(arguments: [UInt64.min, 1, UInt64.max / 2, UInt64.max])
    func degenerateGeneratorsStillGiveValidValues(word: UInt64) {
        var generator = ConstantGenerator(word: word)
        #expect(Username.isValid(Username.random(using: &generator).rawValue))
        #expect(Password.isValid(Password.random(using: &generator).rawValue))
    }

    @Test func theSameSeedGivesTheSameCredentials() {
        var first = Xoshiro(seed: (1, 2, 3, 4))
        var second = Xoshiro(seed: (1, 2, 3, 4))
        #expect(Username.random(using: &first) == Username.random(using: &second))
        #expect(Password.random(using: &first).rawValue == Password.random(using: &second).rawValue)
    }

    @Test func theSystemGeneratorGivesDistinctCredentials() {
        let usernames = Set((0..<2000).map { _ in Username.random().normalized })
        let passwords = Set((0..<2000).map { _ in Password.random().rawValue })
        #expect(usernames.count == 2000)
        #expect(passwords.count == 2000)
    }

    /// Every character of each alphabet turns up: nothing is left out, nothing else comes in.
    /// 2,000 usernames draw 48,000 characters of 36 (about 1,333 each) and 2,000 passwords
    /// 40,000 of 94 (about 425 each), so a missing character would be a bug, not bad luck.
    @Test func everyCharacterOfTheAlphabetsIsDrawn() {
        var generator = Xoshiro(seed: (7, 11, 13, 17))
        var usernameCounts: [UInt8: Int] = [:]
        var passwordCounts: [UInt8: Int] = [:]
        for _ in 0..<2000 {
            for byte in Username.random(using: &generator).rawValue.utf8 { usernameCounts[byte, default: 0] += 1 }
            for byte in Password.random(using: &generator).rawValue.utf8 { passwordCounts[byte, default: 0] += 1 }
        }
        #expect(Set(usernameCounts.keys) == Self.usernameAlphabet)
        #expect(Set(passwordCounts.keys) == Self.passwordAlphabet)
        // Uniform draws stay well within half and double the mean.
        #expect(usernameCounts.values.allSatisfy { (667...2667).contains($0) })
        #expect(passwordCounts.values.allSatisfy { (213...851).contains($0) })
    }

    @Test func aGeneratedUsernameSignsUpWithAGeneratedPassword() throws {
        let username = Username.random()
        let password = Password.random()
        let registration = try Registration(
            identity: IdentityData(username: username.rawValue),
            password: password.rawValue
        )
        #expect(registration.uniquenessKeys.username == username.normalized)
        #expect(!registration.description.contains(password.rawValue))
    }
}
