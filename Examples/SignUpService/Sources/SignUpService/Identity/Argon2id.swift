import CArgon2

/// Argon2id through Debian's libargon2 (the `CArgon2` target): hashes in the standard encoded
/// form, `$argon2id$v=19$m=…,t=…,p=…$salt$tag`, with a 16-byte random salt and a 32-byte tag, and
/// checks of a password against such a hash. Every byte of the password is read. Both calls run
/// on the caller's thread and fill the memory the parameters name (``PasswordHasher`` bounds
/// how many run at once).
enum Argon2id {
    /// The salt's length, in bytes (RFC 9106 §3.1 recommends 16).
    static let saltBytes = 16
    /// The tag's length, in bytes (RFC 9106 §4 recommends 32).
    static let tagBytes = 32

    /// A libargon2 error code (never a password: the library's messages name only the fault).
    struct Failure: Error, CustomStringConvertible {
        /// libargon2's code (`ARGON2_MEMORY_TOO_LITTLE`, …).
        let code: Int32
        /// libargon2's message for the code.
        var description: String { "Argon2id failed: \(String(cString: argon2_error_message(code)))" }
    }

    /// The encoded Argon2id hash of `password` (its UTF-8 bytes, all of them), with a new salt.
    static func hash(_ password: String, parameters: Argon2Parameters) throws(Failure) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let (m, t, p) = (parameters.memoryKiB, parameters.iterations, parameters.parallelism)
        var encoded = [CChar](
            repeating: 0,
            count: argon2_encodedlen(t, m, p, UInt32(saltBytes), UInt32(tagBytes), Argon2_id)
        )
        let capacity = encoded.count
        var password = password
        let code = password.withUTF8 { bytes in
            salt.withUnsafeBytes { salt in
                argon2id_hash_encoded(
                    t,
                    m,
                    p,
                    bytes.baseAddress,
                    bytes.count,
                    salt.baseAddress,
                    salt.count,
                    tagBytes,
                    &encoded,
                    capacity
                )
            }
        }
        guard code == ARGON2_OK.rawValue else { throw Failure(code: code) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` (its UTF-8 bytes, all of them) matches the encoded Argon2id hash
    /// `encoded`; `false` for text that is not one.
    static func verify(_ password: String, against encoded: String) -> Bool {
        var password = password
        return password.withUTF8 { bytes in
            argon2id_verify(encoded, bytes.baseAddress, bytes.count) == ARGON2_OK.rawValue
        }
    }
}
