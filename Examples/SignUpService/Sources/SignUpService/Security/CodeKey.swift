import Crypto
import NIOConcurrencyHelpers
import SQLKit

/// The server secret that keys the stored hashes of verification and reset codes
/// (HMAC-SHA256, see ``VerificationCode``): a reader of the code tables alone cannot try the
/// million codes against a hash without it.
///
/// `CODE_SECRET` (at least 32 characters) is the secret when it is set; otherwise the service
/// generates 32 random bytes on its first start and keeps them in the database
/// (`service_secrets`, row `code_hmac`), so that every instance and every restart on that
/// database shares them. The key is read once, then kept in memory.
final class CodeKey: Sendable {
    /// The `service_secrets` row of the generated secret.
    static let rowName = "code_hmac"

    /// The fewest characters `CODE_SECRET` may have.
    static let minimumSecretLength = 32

    private let key: NIOLockedValueBox<Secret?>
    private let load: @Sendable () async throws -> Secret

    /// A key made of `secret`'s UTF-8 bytes (`CODE_SECRET`, a test's).
    init(secret: String) {
        let key = Secret(bytes: Array(secret.utf8))
        self.key = NIOLockedValueBox(key)
        load = { key }
    }

    /// The key of `configured` when it is set, else the secret kept in `pool`'s database
    /// (generated there by the first instance that asks).
    init(configured: String?, pool: any DatabasePool) {
        if let configured {
            let key = Secret(bytes: Array(configured.utf8))
            self.key = NIOLockedValueBox(key)
            load = { key }
        } else {
            key = NIOLockedValueBox(nil)
            load = { Secret(bytes: try await Self.storedSecret(in: pool)) }
        }
    }

    /// The key, read from the database on first use (the server reads it before its first
    /// request; a use case takes it before its transaction, never inside one).
    func current() async throws -> Secret {
        if let key = key.withLockedValue({ $0 }) { return key }
        let loaded = try await load()
        key.withLockedValue { $0 = loaded }
        return loaded
    }

    /// The secret's bytes, read: what a use case takes before its transaction.
    struct Secret: Sendable, Hashable {
        /// The key's bytes.
        let bytes: [UInt8]

        /// HMAC-SHA256 of `text` under the secret, in lowercase hex.
        func hash(_ text: String) -> String {
            Hex.of(HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: SymmetricKey(data: bytes)))
        }
    }

    /// The generated secret's bytes, written by the first caller on this database (a concurrent
    /// caller's insert does nothing and reads the first one's).
    static func storedSecret(in pool: any DatabasePool) async throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let fresh = Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let text = try await pool.withConnection { database in
            try await database.raw(
                """
                INSERT INTO service_secrets (name, value) VALUES (\(bind: rowName), \(bind: fresh))
                ON CONFLICT (name) DO NOTHING
                """
            ).run()
            return try await database.raw("SELECT value FROM service_secrets WHERE name = \(bind: rowName)")
                .first(decodingColumn: "value", as: String.self)
        }
        guard let text, text.utf8.count >= minimumSecretLength else {
            throw StoreError.unexpectedAnswer("service_secrets has no usable \(rowName) row")
        }
        return Array(text.utf8)
    }
}
