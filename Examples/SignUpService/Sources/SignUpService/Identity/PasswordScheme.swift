/// The function a new password hash is made with (`PASSWORD_HASH`). Either scheme's stored hashes
/// verify whichever makes the new ones: the hash's own text names its scheme.
public enum PasswordScheme: String, Sendable, Hashable, CaseIterable {
    /// Argon2id (RFC 9106), the default: it reads the whole password, and fills memory as well as
    /// time, so that guessing on GPUs costs what it costs here.
    case argon2id
    /// bcrypt, the service's scheme before Argon2id: it reads only a password's first 72 bytes.
    case bcrypt
}
