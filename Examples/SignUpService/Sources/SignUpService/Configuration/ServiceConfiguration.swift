public import HTTPTypes
public import KiiIdentity

/// Everything the service reads from its environment, with the defaults a new user gets from
/// `swift run` (port 8080, `signup.sqlite`, verification off).
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `PORT` | 8080 | the HTTP port (0: any free port) |
/// | `HOST` | 127.0.0.1 | the address to listen on (`0.0.0.0` behind a load balancer) |
/// | `DATABASE_URL` | `signup.sqlite` | see ``DatabaseLocation`` |
/// | `PGUSER` | none | the PostgreSQL user of a `DATABASE_URL` that names none |
/// | `BCRYPT_COST` | 12 | bcrypt's cost, 4 to 31 |
/// | `PASSWORD_HASH` | `argon2id` | the scheme of new password hashes: `argon2id` or `bcrypt` (stored hashes of either verify; see ``HashingConfiguration``) |
/// | `ARGON2_MEMORY_KIB` | 19456 | Argon2id's memory a hash, in KiB, 8 (a lane) to 4194304 |
/// | `ARGON2_ITERATIONS` | 2 | Argon2id's passes, 1 to 1000 |
/// | `ARGON2_PARALLELISM` | 1 | Argon2id's lanes, 1 to 64 |
/// | `HASHING_CONCURRENCY` | the core count | password hashes and checks run at once, 1 to 1024; the rest wait |
/// | `MAX_HASHES_WAITING` | 8 × `HASHING_CONCURRENCY` | new password hashes that may wait for a thread, 0 to 1000000; one more is 503 `busy` with `Retry-After: 1` (checks wait in a queue of their own, as long, served first) |
/// | `TOKEN_LIFETIME_SECONDS` | 86400 | how long an access token is valid |
/// | `REFRESH_TOKEN_LIFETIME_SECONDS` | 2592000 | how long a refresh token is valid (issued when a login asks for an expiry) |
/// | `MAX_TOKENS_PER_USER` | 20 | live tokens a user may have; a login past it ends the oldest |
/// | `LOGIN_FAILURES_PER_MINUTE` | 5 | failed attempts for one identifier (or code) from one address, at once and a minute (a smooth limit), before 429 |
/// | `ADDRESS_FAILURES_PER_MINUTE` | 20 | failed attempts from one address, any identifier, at once and a minute, before 429 |
/// | `LOOKUPS_PER_MINUTE` | 30 | lookups of users by `EMAIL:`, `PHONE:` or `LOGIN_NAME:` by one caller, at once and a minute, before 429 |
/// | `ADDRESS_LOOKUPS_PER_MINUTE` | 60 | such lookups from one address, any caller, at once and a minute, before 429 |
/// | `ACCOUNT_FAILURES_BEFORE_DELAY` | 10 | consecutive failed logins of one account, from any address, before strangers wait a doubling delay (0 to 100; see ``AccountGate``) |
/// | `ACCOUNT_FAILURE_LIMIT` | 100 | consecutive failed logins of one account after which strangers are refused until a success or a reset (1 to 100, at least `ACCOUNT_FAILURES_BEFORE_DELAY`) |
/// | `TRUSTED_PROXY_HEADER` | none | behind a proxy: the header whose last address is the client's (`X-Forwarded-For`) |
/// | `ADDRESS_SIGNUPS_PER_MINUTE` | 10 | sign-ups from one address, at once and a minute (a smooth limit), before 429 `too_many_sign_ups` |
/// | `ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE` | 30 | pseudo sign-ups from one address, at once and a minute, before 429 `too_many_sign_ups` |
/// | `CODES_BURST` | 3 | codes sent at once to one email address or phone number, and to one user, before 429 |
/// | `CODES_PER_HOUR` | 3 | codes sent to one destination (and one user) an hour past the burst |
/// | `VERIFICATION_CODE_LIFETIME_SECONDS` | 900 | how long a verification code is valid |
/// | `MAX_BODY_BYTES` | 65536 | a longer request body is 413 |
/// | `EMAIL_VERIFICATION`, `PHONE_VERIFICATION` | false | Kii's verification switches |
/// | `EXPOSE_FULL_USER_DATA` | false | Kii's "Expose Full User Data to Others" |
/// | `MOBILE_ONLY` | true | accept only mobile phone numbers |
/// | `DISPLAY_NAME_POLICY` | `nickname` | display names under RFC 8266 (`nickname`, stored enforced) or Kii's rule (`kii`) |
/// | `USERNAME_LOOKALIKES` | `refuse` | `refuse`: a username whose lookalike key another user holds is taken; `allow`: Kii's rule |
/// | `PASSWORD_POLICY` | `nist` | new passwords under NIST SP 800-63B-4 (`nist`: 15 to 256 characters, no known password, no word of the user's own; `nist:N`: a minimum of `N`, 8 to 64) or Kii's rule (`kii`); see ``PasswordSettings`` |
/// | `PASSWORD_BLOCKLIST` | the in-library set | the full set's file (`make password-blocklist`); unreadable or not a blocklist: no start |
/// | `DEVELOPMENT` | false | log verification codes (nothing sends them) |
/// | `POSTGRES_MAX_CONNECTIONS` | 20 | the PostgreSQL pool's size |
/// | `DATABASE_TIMEOUT_SECONDS` | 5 | a request waits this long for PostgreSQL, then is 503 |
/// | `IDLE_TIMEOUT_SECONDS` | 30 | a connection that delivers no complete request part for this long is closed |
/// | `REQUEST_TIMEOUT_SECONDS` | 30 | a request's head and body must arrive whole within this long (from the connection's opening or the previous answer), or the connection is closed |
/// | `MAX_CONNECTIONS_PER_ADDRESS` | 1024 | open connections one client address may hold; one past it is closed at once |
/// | `MAX_CONNECTIONS` | the file-descriptor limit less 256 | open connections in all; past it the service stops accepting until one closes |
/// | `KII_APP_ID`, `KII_APP_KEY` | ``KiiApp/development`` | the app the service is (both or neither; set but empty is an error) |
/// | `CODE_SECRET` | generated, kept in the database | the key of the codes' stored hashes (at least 32 characters; see ``CodeKey``) |
public struct ServiceConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one.
    public var port = 8080
    /// Where the users are stored.
    public var database = DatabaseLocation.defaultFile
    /// bcrypt's cost (log2 of its rounds): 12 by default, 4 (the least) in tests.
    public var bcryptCost: UInt8 = 12
    /// How new password hashes are made (Argon2id by default) and how many run at once.
    public var hashing = HashingConfiguration()
    /// How long an access token is valid, in seconds.
    public var tokenLifetime: Int64 = 86_400
    /// How long a refresh token is valid, in seconds (30 days): one is issued by a login that
    /// asks for an expiry (`expiresAt`) and by each refresh.
    public var refreshTokenLifetime: Int64 = 2_592_000
    /// The live tokens a user may have: a login past it ends the user's oldest token.
    public var maxTokensPerUser = 20
    /// Failed attempts in a minute for one identifier (a login's, a user's code or password)
    /// from one client address, after which the next attempt from there is 429.
    public var loginFailuresPerMinute = 5
    /// Failed attempts in a minute from one client address, whatever the identifier, after
    /// which the next attempt from there is 429 (one password tried against many accounts).
    public var addressFailuresPerMinute = 20
    /// Lookups of users by identifier (`EMAIL:`, `PHONE:`, `LOGIN_NAME:` in a path) in a
    /// minute by one caller, found or not, after which the next is 429.
    public var lookupsPerMinute = 30
    /// Lookups of users by identifier in a minute from one client address, whatever the
    /// caller, after which the next from there is 429.
    public var addressLookupsPerMinute = 60
    /// Consecutive failed logins of one account, from any address, after which an address
    /// that has not logged in to it lately waits for the account's gate (``AccountGate``).
    public var accountFailuresBeforeDelay = 10
    /// Consecutive failed logins of one account after which such addresses are refused until
    /// a successful login or a password reset (NIST SP 800-63B-4, 3.2.2: at most 100).
    public var accountFailureLimit = 100
    /// Behind a proxy: the header whose last address is the client's, as the proxy saw it; by
    /// default the connection's peer is (see ``ClientAddress``).
    public var trustedProxyHeader: HTTPField.Name?
    /// Sign-ups and pseudo sign-ups per client address, codes per destination and per user
    /// (``CostlyRequestLimits``).
    public var costlyRequests = CostlyRequestLimits()
    /// How long a verification code is valid, in seconds.
    public var verificationCodeLifetime: Int64 = 900
    /// The longest request body, in bytes.
    public var maxBodyBytes = 65_536
    /// The sign-up policy: verification switches, phone rules, what others may read, and the
    /// display-name rule (RFC 8266's ``DisplayNamePolicy/nickname`` by default, unlike the
    /// library's: the service shows names to other users); a phone number typed with its
    /// country (`(415) 555-2671` with `US`) is read as typed and stored in E.164
    /// (`RegistrationPolicy.typedPhoneNumbers`), as a form sends what a person typed; new
    /// passwords follow ``PasswordPolicy/nist`` (`PASSWORD_POLICY`, ``PasswordSettings``).
    public var policy = RegistrationPolicy(displayNamePolicy: .nickname, typedPhoneNumbers: true, passwordPolicy: .nist)
    /// The file `policy.passwordPolicy`'s blocklist was read from (`PASSWORD_BLOCKLIST`); `nil`
    /// for the in-library set.
    public var passwordBlocklistFile: String?
    /// Whether a username whose lookalike key (``Username/lookalikeKey``: `b0b` for `bob`)
    /// another user holds is taken, as the username itself would be: on by default.
    public var refusesUsernameLookalikes = true
    /// Development mode: verification codes are logged (at notice level).
    public var development = false
    /// The size of the PostgreSQL pool.
    public var postgresMaxConnections = 20
    /// How long a request waits for PostgreSQL (a connection and its statements), in seconds,
    /// before it is answered 503.
    public var databaseTimeout: Int64 = 5
    /// How long a connection may go without delivering a complete part of a request (its head,
    /// a piece of its body, its end), in seconds, before it is closed: a client that sends a
    /// request's head a byte at a time, or nothing, cannot hold its connection longer.
    public var idleTimeout: Int64 = 30
    /// How long a request's head and body may take to arrive, in seconds, counted from the
    /// connection's opening or from the answer to its previous request: a connection that has
    /// not delivered a whole request by then is closed, however busy it keeps (a body trickled
    /// a byte at a time delivers a part every time, so ``idleTimeout`` alone does not end it).
    public var requestTimeout: Int64 = 30
    /// The open connections one client address (the connection's peer) may hold; a connection
    /// past it is closed as soon as it opens (see ``ConnectionLimits``).
    public var maxConnectionsPerAddress = 1_024
    /// The open connections in all, or `nil` for the process's file-descriptor limit less
    /// ``ConnectionLimits/reservedDescriptors``; past it the service stops accepting until one
    /// closes. A value above that bound is lowered to it.
    public var maxConnections: Int?
    /// The app the service is: its ID and key.
    public var app = KiiApp.development
    /// The secret that keys the stored hashes of verification and reset codes (HMAC-SHA256);
    /// `nil`: one generated on the first start and kept in the database.
    public var codeSecret: String?

    /// The defaults.
    public init() {}

    /// Reads the environment; unset variables keep their defaults.
    ///
    /// - Throws: ``ConfigurationError`` naming the first variable that is not usable.
    public init(environment: [String: String]) throws(ConfigurationError) {
        func flag(_ name: String) throws(ConfigurationError) -> Bool? {
            switch environment[name]?.lowercased() {
            case nil, "": return nil
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: throw ConfigurationError(name: name, reason: "must be true or false (or 1 or 0)")
            }
        }
        if let host = environment["HOST"], !host.isEmpty { self.host = host }
        if let port = try environment.integer("PORT", in: 0...65535) { self.port = port }
        database = try DatabaseLocation(url: environment["DATABASE_URL"], defaultUser: environment["PGUSER"])
        if let cost = try environment.integer("BCRYPT_COST", in: 4...31) { bcryptCost = UInt8(cost) }
        hashing = try HashingConfiguration(environment: environment)
        costlyRequests = try CostlyRequestLimits(environment: environment)
        if let seconds = try environment.integer("TOKEN_LIFETIME_SECONDS", in: 1...31_536_000) {
            tokenLifetime = Int64(seconds)
        }
        if let seconds = try environment.integer("REFRESH_TOKEN_LIFETIME_SECONDS", in: 1...31_536_000) {
            refreshTokenLifetime = Int64(seconds)
        }
        if let count = try environment.integer("LOGIN_FAILURES_PER_MINUTE", in: 1...1_000_000) {
            loginFailuresPerMinute = count
        }
        if let count = try environment.integer("MAX_TOKENS_PER_USER", in: 1...10_000) { maxTokensPerUser = count }
        if let count = try environment.integer("ADDRESS_FAILURES_PER_MINUTE", in: 1...1_000_000) {
            addressFailuresPerMinute = count
        }
        if let count = try environment.integer("LOOKUPS_PER_MINUTE", in: 1...1_000_000) { lookupsPerMinute = count }
        if let count = try environment.integer("ADDRESS_LOOKUPS_PER_MINUTE", in: 1...1_000_000) {
            addressLookupsPerMinute = count
        }
        try readAccountLimits(from: environment)
        if let header = environment["TRUSTED_PROXY_HEADER"], !header.isEmpty {
            guard let name = HTTPField.Name(header) else {
                throw ConfigurationError(name: "TRUSTED_PROXY_HEADER", reason: "must be an HTTP header name")
            }
            trustedProxyHeader = name
        }
        if let seconds = try environment.integer("VERIFICATION_CODE_LIFETIME_SECONDS", in: 1...604_800) {
            verificationCodeLifetime = Int64(seconds)
        }
        if let bytes = try environment.integer("MAX_BODY_BYTES", in: 64...JSONValue.maximumTextBytes) {
            maxBodyBytes = bytes
        }
        if let count = try environment.integer("POSTGRES_MAX_CONNECTIONS", in: 1...1000) {
            postgresMaxConnections = count
        }
        if let seconds = try environment.integer("DATABASE_TIMEOUT_SECONDS", in: 1...300) {
            databaseTimeout = Int64(seconds)
        }
        if let seconds = try environment.integer("IDLE_TIMEOUT_SECONDS", in: 1...3_600) { idleTimeout = Int64(seconds) }
        if let seconds = try environment.integer("REQUEST_TIMEOUT_SECONDS", in: 1...3_600) {
            requestTimeout = Int64(seconds)
        }
        if let count = try environment.integer("MAX_CONNECTIONS_PER_ADDRESS", in: 1...1_000_000) {
            maxConnectionsPerAddress = count
        }
        if let count = try environment.integer("MAX_CONNECTIONS", in: 1...1_000_000) { maxConnections = count }
        if let on = try flag("EMAIL_VERIFICATION") { policy.emailVerification = on }
        if let on = try flag("PHONE_VERIFICATION") { policy.phoneVerification = on }
        if let on = try flag("EXPOSE_FULL_USER_DATA") { policy.exposeFullUserData = on }
        if let on = try flag("MOBILE_ONLY") { policy.mobileOnly = on }
        if let on = try flag("DEVELOPMENT") { development = on }
        switch environment["DISPLAY_NAME_POLICY"]?.lowercased() {
        case nil, "": break
        case let text?:
            guard let rule = DisplayNamePolicy(rawValue: text) else {
                throw ConfigurationError(name: "DISPLAY_NAME_POLICY", reason: "must be nickname or kii")
            }
            policy.displayNamePolicy = rule
        }
        switch environment["USERNAME_LOOKALIKES"]?.lowercased() {
        case nil, "": break
        case "refuse": refusesUsernameLookalikes = true
        case "allow": refusesUsernameLookalikes = false
        default: throw ConfigurationError(name: "USERNAME_LOOKALIKES", reason: "must be refuse or allow")
        }
        let passwords = try PasswordSettings(environment: environment)
        policy.passwordPolicy = passwords.policy
        passwordBlocklistFile = passwords.blocklistFile
        app = try Self.app(in: environment)
        if let secret = environment["CODE_SECRET"], !secret.isEmpty {
            guard secret.count >= CodeKey.minimumSecretLength else {
                throw ConfigurationError(
                    name: "CODE_SECRET",
                    reason: "must have at least \(CodeKey.minimumSecretLength) characters"
                )
            }
            codeSecret = secret
        }
    }

    /// `ACCOUNT_FAILURES_BEFORE_DELAY` and `ACCOUNT_FAILURE_LIMIT`: the limit 1 to 100 and not
    /// below the failures before the delay.
    private mutating func readAccountLimits(from environment: [String: String]) throws(ConfigurationError) {
        if let count = try environment.integer("ACCOUNT_FAILURES_BEFORE_DELAY", in: 0...100) {
            accountFailuresBeforeDelay = count
        }
        if let count = try environment.integer("ACCOUNT_FAILURE_LIMIT", in: 1...100) { accountFailureLimit = count }
        guard accountFailureLimit >= accountFailuresBeforeDelay else {
            throw ConfigurationError(
                name: "ACCOUNT_FAILURE_LIMIT",
                reason: "must be at least ACCOUNT_FAILURES_BEFORE_DELAY (\(accountFailuresBeforeDelay))"
            )
        }
    }

    /// `KII_APP_ID` and `KII_APP_KEY`: both, or neither (the development app). A variable set
    /// but empty (`KII_APP_KEY=` from a template or a secret that did not arrive) is an error,
    /// not the public development app.
    private static func app(in environment: [String: String]) throws(ConfigurationError) -> KiiApp {
        for name in ["KII_APP_ID", "KII_APP_KEY"] where environment[name]?.isEmpty == true {
            throw ConfigurationError(
                name: name,
                reason: "is set but empty (unset KII_APP_ID and KII_APP_KEY for the development app)"
            )
        }
        let id = environment["KII_APP_ID"]
        let key = environment["KII_APP_KEY"]
        switch (id, key) {
        case (nil, nil): return .development
        case (let id?, let key?):
            for (name, value) in [("KII_APP_ID", id), ("KII_APP_KEY", key)] where !KiiApp.isWellFormed(value) {
                throw ConfigurationError(name: name, reason: "must be 1 to 64 ASCII letters, digits, - or _")
            }
            return KiiApp(id: id, key: key)
        case (nil, _): throw ConfigurationError(name: "KII_APP_ID", reason: "must be set with KII_APP_KEY")
        case (_, nil): throw ConfigurationError(name: "KII_APP_KEY", reason: "must be set with KII_APP_ID")
        }
    }
}
