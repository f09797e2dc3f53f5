/// Random usernames and passwords for an app that signs its user up in the background (Kii's
/// Pseudo Users page, "Creating a user in the mobile app").
///
/// Both draw every character independently and uniformly from a fixed alphabet with the
/// generator given, by default `SystemRandomNumberGenerator` (the system's secure source). A
/// device ID, an advertising ID or anything else fixed to the device must not be used instead:
/// Kii strongly discourages it, because it identifies the person across apps and cannot be
/// changed.
enum GeneratedCredential {
    /// How many 16-bit draws one string may reject before it takes draws as they come.
    static let maximumRejections = 64

    /// `length` characters, each drawn uniformly from `alphabet` (at most 256 characters).
    ///
    /// Each 64-bit word of the generator gives four 16-bit draws; a draw past the largest
    /// multiple of the alphabet's size is rejected, so every character is equally likely. A
    /// real generator rejects fewer than 1 draw in 2,000 (36 characters: 16 in 65,536; 94: 18
    /// in 65,536). A broken one (a constant word) would reject forever, as the standard
    /// library's `random(in:using:)` then does: after ``maximumRejections`` draws the rest are
    /// taken modulo the size, so the call always ends and always returns valid characters.
    static func string(length: Int, alphabet: [UInt8], using generator: inout some RandomNumberGenerator) -> String {
        let size = UInt64(alphabet.count)
        let limit = 0x1_0000 / size * size
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var rejections = 0
        while bytes.count < length {
            var word = generator.next()
            for _ in 0..<4 where bytes.count < length {
                let draw = word & 0xFFFF
                word >>= 16
                if draw < limit || rejections >= maximumRejections {
                    bytes.append(alphabet[Int(draw % size)])
                } else {
                    rejections += 1
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `Field` of `length` characters drawn from `alphabet`, which holds only characters the
    /// field allows, at a length it allows.
    static func value<Field: IdentityField>(
        _: Field.Type,
        length: Int,
        alphabet: [UInt8],
        using generator: inout some RandomNumberGenerator
    ) -> Field {
        do {
            return try Field(string(length: length, alphabet: alphabet, using: &generator))
        } catch {
            // Unreachable; the error names positions, never characters of a password.
            preconditionFailure("a generated \(Field.field.label) is always valid: \(error)")
        }
    }
}

extension Username {
    /// The characters of a generated username: lowercase ASCII letters and digits (a username is
    /// unique without regard to case, so upper case would add nothing).
    static let generatedAlphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// The length of a generated username: 24 characters of 36, about 124 bits.
    static let generatedLength = 24

    /// A random username for an app that signs its user up without asking: 24 lowercase letters
    /// and digits from the system's secure generator.
    ///
    /// 24 characters of 36 give 124 bits, as much as a random UUID: among a billion users the
    /// chance that any two draw the same name is below 10^-19. The app still checks the
    /// name's ``UniquenessKeys`` like any sign-up, as Kii requires a unique username. Never use a
    /// device ID instead (Kii strongly discourages it, for the user's privacy).
    ///
    /// ```swift
    /// let username = Username.random()   // like "k3v9q0x7m2c8a1r5t6y4b0n9"
    /// ```
    ///
    /// - Returns: a valid username, already in its normalised (lowercase) form.
    public static func random() -> Username {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A random username drawn with `generator` (a seeded one makes tests repeatable); see
    /// ``random()``.
    ///
    /// - Parameter generator: the source of randomness; use a cryptographically secure one
    ///   outside tests.
    /// - Returns: a valid username of 24 lowercase letters and digits.
    public static func random(using generator: inout some RandomNumberGenerator) -> Username {
        GeneratedCredential.value(
            Username.self,
            length: generatedLength,
            alphabet: generatedAlphabet,
            using: &generator
        )
    }
}

extension Password {
    /// The characters of a generated password: printable ASCII without the space (U+0021 ...
    /// U+007E), so that no copy or trim can change it.
    static let generatedAlphabet = Array(UInt8(0x21)...UInt8(0x7E))

    /// The length of a generated password: 20 characters of 94, about 131 bits.
    static let generatedLength = 20

    /// A random password for an app that signs its user up without asking: 20 printable ASCII
    /// characters (no space) from the system's secure generator.
    ///
    /// 20 characters of 94 give 131 bits, beyond any guessing. Store it where the app keeps
    /// secrets (the keychain, encrypted preferences) and offer an export for moving to a new
    /// device. Never derive it from a device ID (Kii strongly discourages it).
    ///
    /// ```swift
    /// let password = Password.random()
    /// print(password)   // <redacted>
    /// ```
    ///
    /// - Returns: a valid password.
    public static func random() -> Password {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A random password drawn with `generator` (a seeded one makes tests repeatable); see
    /// ``random()``.
    ///
    /// - Parameter generator: the source of randomness; use a cryptographically secure one
    ///   outside tests.
    /// - Returns: a valid password of 20 printable ASCII characters, no space.
    public static func random(using generator: inout some RandomNumberGenerator) -> Password {
        GeneratedCredential.value(
            Password.self,
            length: generatedLength,
            alphabet: generatedAlphabet,
            using: &generator
        )
    }
}
