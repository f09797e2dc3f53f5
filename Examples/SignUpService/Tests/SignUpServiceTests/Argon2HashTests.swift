import Foundation
import Testing

@testable import SignUpService

/// Argon2id through libargon2 (issue 50, 3): hashes in the standard encoded form, whole
/// passwords (bcrypt reads 72 bytes), parameters read back from a hash's text, and the rehash
/// rule.
@Suite struct Argon2HashTests {
    /// 100 bytes of varied ASCII: no repetition a policy would refuse, nothing past byte 72 that
    /// its first 72 bytes hold.
    static let longPassword = String(
        "Quartz lanterns drift over 7 frozen harbors; nobody counts 41 herons before dusk, said Wren."
            + "~Mv3#pLx"
    )

    @Test func longPasswordIsOneHundredBytes() {
        #expect(Self.longPassword.utf8.count == 100)
    }

    @Test func aPasswordsFirst72BytesDoNotVerifyAgainstItsArgon2idHash() async throws {
        let password = Self.longPassword
        let first72 = String(decoding: password.utf8.prefix(72), as: UTF8.self)
        let argon2 = PasswordHasher(parameters: .argon2id(.tests), concurrency: 1)
        let bcrypt = PasswordHasher(cost: 4, threads: 1)
        let argon2Hash = try await argon2.hash(password)
        let bcryptHash = try await bcrypt.hash(password)
        #expect(try await argon2.verify(password, against: argon2Hash))
        #expect(try await !argon2.verify(first72, against: argon2Hash))
        // The premise: bcrypt reads 72 bytes, so its hash takes the first 72 for the whole.
        #expect(try await bcrypt.verify(first72, against: bcryptHash))
        try await argon2.shutdown()
        try await bcrypt.shutdown()
    }

    @Test func anArgon2idHashIsTheStandardEncodedFormWithA16ByteSaltAndA32ByteTag() throws {
        let parameters = Argon2Parameters(memoryKiB: 256, iterations: 3, parallelism: 2)
        let hash = try PasswordHasher.hash("correct horse battery staple", with: .argon2id(parameters))
        let fields = hash.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 6, "\(fields.count) fields")
        #expect(Array(fields.prefix(4)) == ["", "argon2id", "v=19", "m=256,t=3,p=2"])
        #expect(try Self.unpaddedBase64(fields[4]).count == 16)
        #expect(try Self.unpaddedBase64(fields[5]).count == 32)
        #expect(HashParameters(ofHash: hash) == .argon2id(parameters))
        // A new salt every time.
        let again = try PasswordHasher.hash("correct horse battery staple", with: .argon2id(parameters))
        #expect(again != hash)
        #expect(PasswordHasher.matches("correct horse battery staple", again))
    }

    @Test func theReferenceImplementationsArgon2idVectorVerifies() {
        // The reference implementation's test vector (src/test.c: "password", salt "somesalt",
        // t=2, m=2^16 KiB, p=1), its encoded form as published.
        let vector = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
        #expect(PasswordHasher.matches("password", vector))
        #expect(!PasswordHasher.matches("passwore", vector))
        #expect(HashParameters(ofHash: vector) == .argon2id(.init(memoryKiB: 65_536, iterations: 2, parallelism: 1)))
    }

    @Test func aHashsTextNamesItsSchemeAndParameters() {
        #expect(HashParameters(ofHash: "$2b$08$abcdefghijklmnopqrstuv") == .bcrypt(cost: 8))
        #expect(HashParameters(ofHash: "$2y$12$abcdefghijklmnopqrstuv") == .bcrypt(cost: 12))
        #expect(HashParameters(ofHash: "$2b$32$abcdefghijklmnopqrstuv") == nil)
        #expect(HashParameters(ofHash: "$argon2id$v=19$m=19456,t=2,p=1$") == .argon2id(.owasp))
        #expect(HashParameters(ofHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$dGFn") == .argon2id(.owasp))
        for text in [
            "plain text", "", "$argon2id$v=19$m=19456,t=2,p=1", "$argon2i$v=19$m=19456,t=2,p=1$",
            "$argon2id$v=16$m=19456,t=2,p=1$", "$argon2id$m=19456,t=2,p=1$", "$argon2id$v=19$m=7,t=2,p=1$",
            "$argon2id$v=19$m=16,t=0,p=1$", "$argon2id$v=19$m=16,t=2,p=3$", "$argon2id$v=19$t=2,m=16,p=1$",
            "$argon2id$v=19$m=+16,t=2,p=1$", "$argon2id$v=19$m=99999999999,t=2,p=1$",
        ] {
            #expect(HashParameters(ofHash: text) == nil, "\(text)")
        }
        for parameters in [HashParameters.bcrypt(cost: 4), .bcrypt(cost: 12), .argon2id(.owasp), .argon2id(.tests)] {
            #expect(HashParameters(ofHash: parameters.prefix) == parameters)
        }
        #expect(HashParameters.argon2id(.owasp).prefix == "$argon2id$v=19$m=19456,t=2,p=1$")
        #expect(HashParameters.bcrypt(cost: 5).prefix == "$2b$05$")
    }

    @Test func aHashOfAnotherSchemeOrOtherParametersNeedsARehash() async throws {
        let hasher = PasswordHasher(parameters: .argon2id(.tests), concurrency: 1)
        let own = try await hasher.hash("correct horse")
        let bcrypt = try PasswordHasher.hash("correct horse", with: .bcrypt(cost: 4))
        let otherMemory = try PasswordHasher.hash(
            "correct horse",
            with: .argon2id(.init(memoryKiB: 128, iterations: 1, parallelism: 1))
        )
        #expect(!hasher.needsRehash(own))
        #expect(hasher.needsRehash(bcrypt))
        #expect(hasher.needsRehash(otherMemory))
        #expect(hasher.needsRehash("plain text"))
        // Every scheme's hashes verify, whichever makes the new ones.
        #expect(try await hasher.verify("correct horse", against: bcrypt))
        #expect(try await hasher.verify("correct horse", against: otherMemory))
        #expect(try await !hasher.verify("correct horsf", against: bcrypt))
        #expect(try await !hasher.verify("correct horse", against: "plain text"))
        try await hasher.shutdown()
    }

    /// `text` (base64 without its padding, as Argon2's encoding writes it) decoded.
    static func unpaddedBase64(_ text: String) throws -> Data {
        let padded = text + String(repeating: "=", count: (4 - text.count % 4) % 4)
        return try #require(Data(base64Encoded: padded), "\(text) is not base64")
    }
}
