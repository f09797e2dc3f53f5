public import KiiIdentity
public import Logging
import SQLKit

/// The service's tables, created or brought up to date at start-up, idempotently: a
/// `signup_schema` row holds the version, and each migration runs once, inside the same
/// transaction that records it.
///
/// Version 1:
///
/// ```sql
/// CREATE TABLE users (
///     user_id TEXT PRIMARY KEY,         -- server-assigned
///     record TEXT NOT NULL,             -- the UserRecord as JSON (Kii's member names, normalised)
///     password_hash TEXT,               -- $argon2id$… or $2b$…; NULL for a pseudo user
///     email_verified BOOLEAN,           -- NULL without an email address
///     phone_verified BOOLEAN,           -- NULL without a phone number
///     created_at BIGINT NOT NULL,       -- Unix seconds
///     updated_at BIGINT NOT NULL
/// );
/// CREATE TABLE identity_keys (          -- one row per UniquenessKey of every user
///     kind TEXT NOT NULL,               -- username, email, phone
///     value TEXT NOT NULL,              -- lowercased username, email lowercased (version 7), E.164
///     user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
///     PRIMARY KEY (kind, value)
/// );
/// ```
///
/// plus `access_tokens` (SHA-256 of each token), `verification_codes` (SHA-256 of each code) and
/// `login_failures` (the failed-login throttle, shared by every instance).
///
/// Version 2 (Kii's wire): `users.internal_id` (Kii's `internalUserID`, unique; rows of version 1
/// get one at the migration) and `password_reset_codes` (SHA-256 of each reset code).
/// Version 3: `access_tokens.issued_at`, the order in which a user's tokens past
/// `MAX_TOKENS_PER_USER` end (tokens of version 2 count as the oldest).
/// Version 4: `identity_keys` takes a fourth kind, `lookalike` (a username's
/// ``Username/lookalikeKey``, kept unique under the same primary key as the login keys); the
/// table is rebuilt for its `CHECK` (SQLite cannot alter one), and every user of version 3 with
/// a username gets its lookalike key unless an older user (by `created_at`, then `internal_id`)
/// already took it: `ON CONFLICT DO NOTHING`, so users that pass for one another keep working
/// and only the first holds the key.
/// Version 5: `access_tokens.refresh_hash` (SHA-256 of the refresh token issued with the access
/// token, unique where there is one) and `access_tokens.refresh_expires_at`; rows of version 4
/// have none.
/// Version 6 (issue 49): `service_secrets` (the generated key of ``CodeKey`` when `CODE_SECRET`
/// is not set), and `failures` on `verification_codes` and `password_reset_codes` (a code's
/// wrong tries from all addresses). Codes are now HMAC-SHA256 under that key: codes of version
/// 5 no longer match and a new one must be requested. `access_tokens.family` (the session a
/// refresh carries on; `NULL` in rows of version 5: their own hash) and `spent_refresh_tokens`
/// (each used refresh token's family until it would have expired: replayed, it ends the
/// family). An unverified address whose code is gone (swept by version 5's housekeeping) no
/// longer holds its key.
/// Version 7 (``emailKeysAndNamesVersion``, data only): email keys lowercased whole (the
/// library's `EmailAddress.key`: the local part's case no longer makes another user), the
/// oldest user keeping a key that two now share (``EmailKeyMigration``); display names stored
/// under the nickname policy rewritten into their enforced form, NFKC (``DisplayNameMigration``).
/// Version 8 (``rateLimitsVersion``, issue 51): `rate_limits`, one theoretical arrival time per
/// key (``RateLimit``), replaces the fixed windows of `login_failures`, which stays, unread, for
/// the instances of version 7 still running during a rolling upgrade (a later version drops it);
/// the budgets start full at the upgrade.
///
/// ```sql
/// CREATE TABLE rate_limits (
///     limit_key TEXT PRIMARY KEY,       -- login:username:ann@203.0.113.7, address:203.0.113.7, ...
///     tat BIGINT NOT NULL,              -- theoretical arrival time, Unix microseconds
///     emission BIGINT NOT NULL,         -- the limit's emission interval, microseconds
///     tolerance BIGINT NOT NULL,        -- the limit's tolerance, (burst - 1) x emission
///     admitted BOOLEAN NOT NULL         -- whether the last attempt was charged (returned to it)
/// );
/// ```
///
/// Version 9 (``accountGatesVersion``, issue 51): `account_gates`, each account's streak of
/// consecutive failed logins from any address and its gate for strangers (``AccountGate``), and
/// `remembered_addresses`, the addresses each user logged in from lately (their owner is never
/// held at the gate); both logged, both empty at the upgrade.
///
/// ```sql
/// CREATE TABLE account_gates (
///     account TEXT PRIMARY KEY,         -- a user ID, or login:username:bob for an identifier nobody holds
///     streak INTEGER NOT NULL,          -- consecutive failed logins, counted at admission
///     open_at BIGINT NOT NULL,          -- when strangers are admitted again, Unix microseconds
///     next_delay BIGINT NOT NULL,       -- how long the next stranger closes the gate, microseconds
///     admitted BOOLEAN NOT NULL,        -- whether the last attempt was admitted
///     attempted_at BIGINT NOT NULL      -- the last attempt, Unix microseconds
/// );
/// CREATE TABLE remembered_addresses (
///     user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
///     address TEXT NOT NULL,            -- 203.0.113.7, 2001:db8:0:1::/64
///     expires_at BIGINT NOT NULL,       -- Unix seconds: the login's time + 90 days
///     PRIMARY KEY (user_id, address)
/// );
/// ```
public enum Schema {
    /// The version this build of the service writes.
    public static let version = 9

    /// The version that lowercases email keys and enforces stored display names (its data steps
    /// run when a database of an earlier version is migrated).
    static let emailKeysAndNamesVersion = 7

    /// The version that limits attempts smoothly, in `rate_limits`.
    static let rateLimitsVersion = 8

    /// The version that limits an account's failed logins from every address, in
    /// `account_gates` and `remembered_addresses`.
    static let accountGatesVersion = 9

    /// Each migration's statements, the first for version 1. Every statement is one text for
    /// SQLite and PostgreSQL.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE IF NOT EXISTS users (
                user_id TEXT PRIMARY KEY,
                record TEXT NOT NULL,
                password_hash TEXT,
                email_verified BOOLEAN,
                phone_verified BOOLEAN,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS identity_keys (
                kind TEXT NOT NULL CHECK (kind IN ('username', 'email', 'phone')),
                value TEXT NOT NULL,
                user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
                PRIMARY KEY (kind, value)
            )
            """,
            "CREATE INDEX IF NOT EXISTS identity_keys_by_user ON identity_keys (user_id)",
            """
            CREATE TABLE IF NOT EXISTS access_tokens (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS access_tokens_by_user ON access_tokens (user_id)",
            """
            CREATE TABLE IF NOT EXISTS verification_codes (
                user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('email', 'phone')),
                value TEXT NOT NULL,
                code_hash TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, kind)
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS login_failures (
                throttle_key TEXT PRIMARY KEY,
                window_start BIGINT NOT NULL,
                failures INTEGER NOT NULL
            )
            """,
        ],
        [
            "ALTER TABLE users ADD COLUMN internal_id BIGINT",
            "CREATE UNIQUE INDEX IF NOT EXISTS users_by_internal_id ON users (internal_id)",
            """
            CREATE TABLE IF NOT EXISTS password_reset_codes (
                user_id TEXT PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
                code_hash TEXT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
        ],
        ["ALTER TABLE access_tokens ADD COLUMN issued_at BIGINT NOT NULL DEFAULT 0"],
        [
            """
            CREATE TABLE identity_keys_v4 (
                kind TEXT NOT NULL CHECK (kind IN ('username', 'email', 'phone', 'lookalike')),
                value TEXT NOT NULL,
                user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
                PRIMARY KEY (kind, value)
            )
            """,
            "INSERT INTO identity_keys_v4 (kind, value, user_id) SELECT kind, value, user_id FROM identity_keys",
            "DROP TABLE identity_keys",
            "ALTER TABLE identity_keys_v4 RENAME TO identity_keys",
            "CREATE INDEX IF NOT EXISTS identity_keys_by_user ON identity_keys (user_id)",
        ],
        [
            "ALTER TABLE access_tokens ADD COLUMN refresh_hash TEXT",
            "ALTER TABLE access_tokens ADD COLUMN refresh_expires_at BIGINT",
            "CREATE UNIQUE INDEX IF NOT EXISTS access_tokens_by_refresh_hash ON access_tokens (refresh_hash)",
        ],
        [
            "CREATE TABLE IF NOT EXISTS service_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "ALTER TABLE verification_codes ADD COLUMN failures INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE password_reset_codes ADD COLUMN failures INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE access_tokens ADD COLUMN family TEXT",
            "CREATE INDEX IF NOT EXISTS access_tokens_by_family ON access_tokens (family)",
            """
            CREATE TABLE IF NOT EXISTS spent_refresh_tokens (
                refresh_hash TEXT PRIMARY KEY,
                family TEXT NOT NULL,
                user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX IF NOT EXISTS spent_refresh_tokens_by_user ON spent_refresh_tokens (user_id)",
            """
            DELETE FROM identity_keys WHERE kind IN ('email', 'phone')
            AND NOT EXISTS (
                SELECT 1 FROM verification_codes c WHERE c.user_id = identity_keys.user_id AND c.kind = identity_keys.kind
            )
            AND EXISTS (
                SELECT 1 FROM users u WHERE u.user_id = identity_keys.user_id
                AND ((identity_keys.kind = 'email' AND u.email_verified = FALSE)
                    OR (identity_keys.kind = 'phone' AND u.phone_verified = FALSE))
            )
            """,
        ],
        // ``emailKeysAndNamesVersion``: no statement, its data steps only.
        [],
        // ``rateLimitsVersion``: a logged table (replicated: a failover keeps every budget).
        [
            """
            CREATE TABLE IF NOT EXISTS rate_limits (
                limit_key TEXT PRIMARY KEY,
                tat BIGINT NOT NULL,
                emission BIGINT NOT NULL,
                tolerance BIGINT NOT NULL,
                admitted BOOLEAN NOT NULL
            )
            """
        ],
        // ``accountGatesVersion``: logged tables too (a failover keeps every gate).
        [
            """
            CREATE TABLE IF NOT EXISTS account_gates (
                account TEXT PRIMARY KEY,
                streak INTEGER NOT NULL,
                open_at BIGINT NOT NULL,
                next_delay BIGINT NOT NULL,
                admitted BOOLEAN NOT NULL,
                attempted_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS remembered_addresses (
                user_id TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
                address TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, address)
            )
            """,
        ],
    ]

    /// Creates the tables, or applies the migrations the database has not had; safe to run from
    /// several instances at once.
    ///
    /// - Parameters:
    ///   - displayNamePolicy: the service's display-name rule, taken as the one the stored names
    ///     were accepted under (the rows do not record it): under `nickname` version 7 rewrites
    ///     them into their enforced form, under `kii` it leaves them as given.
    /// - Returns: the version the database had before (0 for a new one).
    @discardableResult
    public static func migrate(
        _ pool: any DatabasePool,
        displayNamePolicy: DisplayNamePolicy = .nickname,
        logger: Logger
    ) async throws -> Int {
        let lock = pool.flavour.migrationLock
        // Not bounded in time: other instances' migrations go first.
        return try await pool.transaction(bounded: false) { database in
            if let lock { try await database.raw("\(unsafeRaw: lock)").run() }
            try await database.raw("CREATE TABLE IF NOT EXISTS signup_schema (version INTEGER NOT NULL)").run()
            let current = try await database.raw("SELECT version FROM signup_schema").first(
                decodingColumn: "version",
                as: Int.self
            )
            let before = current ?? 0
            guard before < migrations.count else { return before }
            for statements in migrations[before...] {
                for statement in statements { try await database.raw("\(unsafeRaw: statement)").run() }
            }
            if before < 2 { try await giveInternalIDs(in: database) }
            if before < 4 { try await giveLookalikeKeys(in: database) }
            if before < emailKeysAndNamesVersion {
                try await EmailKeyMigration.run(in: database, logger: logger)
                try await DisplayNameMigration.run(in: database, policy: displayNamePolicy, logger: logger)
            }
            if current == nil {
                try await database.raw("INSERT INTO signup_schema (version) VALUES (\(bind: migrations.count))").run()
            } else {
                try await database.raw("UPDATE signup_schema SET version = \(bind: migrations.count)").run()
            }
            logger.info("schema migrated", metadata: ["from": "\(before)", "to": "\(migrations.count)"])
            return before
        }
    }

    /// Gives each user with a username its lookalike key (version 4's kind), the oldest user
    /// first; a key another user already holds is skipped.
    private static func giveLookalikeKeys(in database: any SQLDatabase) async throws {
        let rows = try await database.raw(
            """
            SELECT k.user_id, k.value FROM identity_keys k JOIN users u ON u.user_id = k.user_id
            WHERE k.kind = 'username' ORDER BY u.created_at, u.internal_id, u.user_id
            """
        ).all()
        for row in rows {
            let userID = try row.decode(column: "user_id", as: String.self)
            let username = try row.decode(column: "value", as: String.self)
            guard let key = IdentityKeyRows.lookalikeKey(ofUsernameKey: username) else { continue }
            try await database.insert(into: "identity_keys").columns("kind", "value", "user_id")
                .values(IdentityKeyRows.lookalikeKind, key, userID).ignoringConflicts().run()
        }
    }

    /// Gives each user of version 1 an internal ID (version 2's column).
    private static func giveInternalIDs(in database: any SQLDatabase) async throws {
        let userIDs = try await database.raw("SELECT user_id FROM users WHERE internal_id IS NULL").all(
            decodingColumn: "user_id",
            as: String.self
        )
        for userID in userIDs {
            try await database.raw(
                "UPDATE users SET internal_id = \(bind: StoredUser.newInternalID()) WHERE user_id = \(bind: userID)"
            ).run()
        }
    }
}
