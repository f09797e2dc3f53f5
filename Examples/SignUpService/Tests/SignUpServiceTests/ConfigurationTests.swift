import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// The environment the service reads.
@Suite struct ConfigurationTests {
    @Test func defaultsAreSQLiteFilePort8080AndVerificationOff() throws {
        let configuration = try ServiceConfiguration(environment: [:])
        #expect(configuration.port == 8080)
        #expect(configuration.database == .sqliteFile(path: "signup.sqlite"))
        #expect(configuration.bcryptCost == 12)
        #expect(
            configuration.policy
                == RegistrationPolicy(displayNamePolicy: .nickname, typedPhoneNumbers: true, passwordPolicy: .nist)
        )
        #expect(configuration.policy.passwordPolicy.rule == .nist)
        #expect(configuration.policy.passwordPolicy.minimumLength == 15)
        #expect(configuration.passwordBlocklistFile == nil)
        #expect(configuration.policy.displayNamePolicy == .nickname)
        #expect(configuration.refusesUsernameLookalikes)
        #expect(!configuration.development)
        #expect(configuration.app == .development)
        #expect(configuration.tokenLifetime == 86_400)
        #expect(configuration.refreshTokenLifetime == 2_592_000)
        #expect(configuration.verificationCodeLifetime == 900)
        #expect(configuration.loginFailuresPerMinute == 5)
        #expect(configuration.addressFailuresPerMinute == 20)
        #expect(configuration.maxTokensPerUser == 20)
        #expect(configuration.databaseTimeout == 5)
        #expect(configuration.idleTimeout == 30)
        #expect(configuration.trustedProxyHeader == nil)
        #expect(configuration.maxBodyBytes == 65_536)
    }

    @Test(arguments: [
        ("sqlite::memory:", DatabaseLocation.sqliteMemory),
        ("sqlite:data/users.db", .sqliteFile(path: "data/users.db")),
        ("sqlite:///var/lib/signup.sqlite", .sqliteFile(path: "/var/lib/signup.sqlite")),
        ("", .sqliteFile(path: "signup.sqlite")),
    ])
    func sqliteURLs(url: String, location: DatabaseLocation) throws {
        #expect(try DatabaseLocation(url: url) == location)
    }

    @Test func postgresURLWithEverything() throws {
        let location = try PostgresLocation(
            url: "postgresql://sign%40up:p%3Ass@db.internal:6543/users?search_path=app&sslmode=require"
        )
        #expect(location.username == "sign@up")
        #expect(location.password == "p:ss")
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.database == "users")
        #expect(location.searchPath == "app")
        #expect(location.sslMode == .require)
        #expect(location.description == "postgres://sign@up@db.internal:6543/users?search_path=app")
        #expect(!location.description.contains("p:ss"))
    }

    @Test func theURIPgAutoctlPrintsNamesBothNodesAndAsksForTheWritableOne() throws {
        let url = "postgres://127.0.0.1:6001,127.0.0.1:6002/app?target_session_attrs=read-write&sslmode=prefer"
        let location = try PostgresLocation(url: url, defaultUser: "signup")
        #expect(
            location.endpoints == [
                PostgresEndpoint(host: "127.0.0.1", port: 6001), PostgresEndpoint(host: "127.0.0.1", port: 6002),
            ]
        )
        #expect(location.username == "signup")
        #expect(location.database == "app")
        #expect(location.targetSessionAttributes == .readWrite)
        #expect(location.sslMode == .prefer)
        #expect(
            location.description
                == "postgres://signup@127.0.0.1:6001,127.0.0.1:6002/app?target_session_attrs=read-write"
        )
        // Through the environment: PGUSER is the user of a URL that names none.
        let configuration = try ServiceConfiguration(environment: ["DATABASE_URL": url, "PGUSER": "signup"])
        #expect(configuration.database == .postgres(location))
        #expect(throws: ConfigurationError.self) { try ServiceConfiguration(environment: ["DATABASE_URL": url]) }
    }

    @Test func multiHostURLsWithIPv6DefaultPortsAndPercentEncoding() throws {
        let location = try PostgresLocation(
            url: "postgresql://sign%40up:p%2Fss%40w@[::1]:6001,db%2Dtwo.internal,[fe80::1%25eth0]/us%65rs"
                + "?target_session_attrs=any&connect_timeout=3&application_name=signup%20service"
        )
        #expect(location.username == "sign@up")
        #expect(location.password == "p/ss@w")
        #expect(
            location.endpoints == [
                PostgresEndpoint(host: "::1", port: 6001), PostgresEndpoint(host: "db-two.internal", port: 5432),
                PostgresEndpoint(host: "fe80::1%eth0", port: 5432),
            ]
        )
        #expect(location.database == "users")
        #expect(location.targetSessionAttributes == .any)
        #expect(location.connectTimeout == 3)
        #expect(location.applicationName == "signup service")
        #expect(location.description == "postgres://sign@up@[::1]:6001,db-two.internal:5432,[fe80::1%eth0]:5432/users")
        #expect(!location.description.contains("p/ss"))
        for (value, attributes) in [
            ("read-write", TargetSessionAttributes.readWrite), ("any", .any), ("primary", .primary),
            ("prefer-standby", .preferStandby),
        ] {
            #expect(
                try PostgresLocation(url: "postgres://u@a,b/d?target_session_attrs=\(value)").targetSessionAttributes
                    == attributes
            )
        }
        // libpq's default: the first server that answers.
        #expect(try PostgresLocation(url: "postgres://u@a:1,b:2/d").targetSessionAttributes == .any)
    }

    @Test(arguments: [
        (
            "postgres://u@h1,,h2/d",
            "DATABASE_URL needs a host for every server: postgres://USER@HOST[:PORT][,HOST[:PORT]]/DATABASE"
        ),
        ("postgres://u@h1:5432,h2:0/d", "DATABASE_URL has a port that is not a number from 1 to 65535"),
        ("postgres://u@h1,h2:x/d", "DATABASE_URL has a port that is not a number from 1 to 65535"),
        ("postgres://u@::1/d", "DATABASE_URL has an IPv6 address out of brackets: write [::1]"),
        ("postgres://u@[::1/d", "DATABASE_URL has an IPv6 address without its ]"),
        ("postgres://u@[::1]x/d", "DATABASE_URL has text after an IPv6 address's ]: x"),
        ("postgres://u@%2Ftmp/d", "DATABASE_URL names a Unix socket folder; the service needs a TCP host"),
        (
            "postgres://u@h1,h2/d?target_session_attrs=read-only",
            "DATABASE_URL has target_session_attrs=read-only, on which the service could not write:"
                + " use read-write, primary, any or prefer-standby"
        ),
        (
            "postgres://u@h1,h2/d?target_session_attrs=standby",
            "DATABASE_URL has target_session_attrs=standby, on which the service could not write:"
                + " use read-write, primary, any or prefer-standby"
        ),
        (
            "postgres://u@h1,h2/d?target_session_attrs=readwrite",
            "DATABASE_URL has a target_session_attrs other than read-write, primary, any and prefer-standby"
        ),
        (
            "postgres://u@h/d?connect_timeout=0",
            "DATABASE_URL has a connect_timeout that is not a whole number of seconds from 1 to 3600"
        ),
        (
            "postgres://u@h/d?targetsessionattrs=any",
            "DATABASE_URL has a parameter the service does not know: targetsessionattrs (it knows search_path,"
                + " sslmode, target_session_attrs, connect_timeout and application_name)"
        ),
        (
            "postgres://u@h1,h2/d?sslmode=verify-full",
            "DATABASE_URL has an sslmode other than disable, prefer and require"
        ),
    ])
    func badMultiHostURLsAreRefusedWithAReason(url: String, message: String) {
        do {
            _ = try DatabaseLocation(url: url)
            Issue.record("\(url) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        (
            "mysql://u@h/d",
            "DATABASE_URL must start with sqlite:, sqlite::memory: or postgres:// (got a URL of another scheme)"
        ),
        ("postgres://h/d", "DATABASE_URL needs a user: postgres://USER@HOST/DATABASE"),
        ("postgres://u@h", "DATABASE_URL needs a database: postgres://USER@HOST/DATABASE"),
        ("postgres://u@h:99999/d", "DATABASE_URL has a port that is not a number from 1 to 65535"),
        ("sqlite:", "DATABASE_URL sqlite: needs a file path (sqlite:signup.sqlite)"),
    ])
    func badURLsAreRefusedWithAReason(url: String, message: String) {
        #expect(throws: ConfigurationError.self) { try DatabaseLocation(url: url) }
        do {
            _ = try DatabaseLocation(url: url)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func policyAndLimitsFromTheEnvironment() throws {
        let configuration = try ServiceConfiguration(environment: [
            "PORT": "9000", "BCRYPT_COST": "4", "EMAIL_VERIFICATION": "true", "PHONE_VERIFICATION": "1",
            "EXPOSE_FULL_USER_DATA": "yes", "TOKEN_LIFETIME_SECONDS": "60", "LOGIN_FAILURES_PER_MINUTE": "9",
            "MAX_BODY_BYTES": "1024", "DEVELOPMENT": "on", "DATABASE_URL": "postgres://u@localhost/signup",
            "VERIFICATION_CODE_LIFETIME_SECONDS": "120", "KII_APP_ID": "app1", "KII_APP_KEY": "key1",
            "SIGNUP_BENCHMARK": "1", "ADDRESS_FAILURES_PER_MINUTE": "50", "TRUSTED_PROXY_HEADER": "X-Forwarded-For",
            "MAX_TOKENS_PER_USER": "7", "DATABASE_TIMEOUT_SECONDS": "2",
            "IDLE_TIMEOUT_SECONDS": "9", "REFRESH_TOKEN_LIFETIME_SECONDS": "3600",
        ])
        #expect(configuration.port == 9000)
        #expect(configuration.bcryptCost == 4)
        #expect(
            configuration.policy
                == RegistrationPolicy(
                    emailVerification: true,
                    phoneVerification: true,
                    exposeFullUserData: true,
                    displayNamePolicy: .nickname,
                    typedPhoneNumbers: true,
                    passwordPolicy: .nist
                )
        )
        #expect(configuration.tokenLifetime == 60)
        #expect(configuration.refreshTokenLifetime == 3_600)
        #expect(configuration.loginFailuresPerMinute == 9)
        #expect(configuration.addressFailuresPerMinute == 50)
        #expect(configuration.maxTokensPerUser == 7)
        #expect(configuration.databaseTimeout == 2)
        #expect(configuration.idleTimeout == 9)
        #expect(configuration.trustedProxyHeader == HTTPField.Name("x-forwarded-for"))
        #expect(configuration.maxBodyBytes == 1024)
        #expect(configuration.development)
        #expect(configuration.verificationCodeLifetime == 120)
        #expect(configuration.app == KiiApp(id: "app1", key: "key1"))
        #expect(configuration.database == .postgres(try PostgresLocation(url: "postgres://u@localhost:5432/signup")))
    }

    @Test(arguments: [
        ("BCRYPT_COST", "32", "BCRYPT_COST must be a whole number from 4 to 31"),
        ("PORT", "http", "PORT must be a whole number from 0 to 65535"),
        ("EMAIL_VERIFICATION", "maybe", "EMAIL_VERIFICATION must be true or false (or 1 or 0)"),
        ("KII_APP_ID", "my-app", "KII_APP_KEY must be set with KII_APP_ID"),
        ("KII_APP_KEY", "my-key", "KII_APP_ID must be set with KII_APP_KEY"),
        ("ADDRESS_FAILURES_PER_MINUTE", "0", "ADDRESS_FAILURES_PER_MINUTE must be a whole number from 1 to 1000000"),
        ("TRUSTED_PROXY_HEADER", "X Forwarded", "TRUSTED_PROXY_HEADER must be an HTTP header name"),
        ("DISPLAY_NAME_POLICY", "precis", "DISPLAY_NAME_POLICY must be nickname or kii"),
        ("USERNAME_LOOKALIKES", "true", "USERNAME_LOOKALIKES must be refuse or allow"),
    ])
    func badSettingsNameTheVariable(name: String, value: String, message: String) {
        do {
            _ = try ServiceConfiguration(environment: [name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func connectionLimitsFromTheEnvironment() throws {
        let defaults = try ServiceConfiguration(environment: [:])
        #expect(defaults.requestTimeout == 30)
        #expect(defaults.maxConnectionsPerAddress == 1_024)
        #expect(defaults.maxConnections == nil)
        let set = try ServiceConfiguration(environment: [
            "REQUEST_TIMEOUT_SECONDS": "12", "MAX_CONNECTIONS_PER_ADDRESS": "64", "MAX_CONNECTIONS": "4000",
        ])
        #expect(set.requestTimeout == 12)
        #expect(set.maxConnectionsPerAddress == 64)
        #expect(set.maxConnections == 4_000)
        for (name, value, message) in [
            ("REQUEST_TIMEOUT_SECONDS", "0", "REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 3600"),
            (
                "MAX_CONNECTIONS_PER_ADDRESS", "0",
                "MAX_CONNECTIONS_PER_ADDRESS must be a whole number from 1 to 1000000"
            ),
            ("MAX_CONNECTIONS", "many", "MAX_CONNECTIONS must be a whole number from 1 to 1000000"),
        ] {
            #expect(throws: ConfigurationError.self) { try ServiceConfiguration(environment: [name: value]) }
            do {
                _ = try ServiceConfiguration(environment: [name: value])
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test func displayNamePolicyAndUsernameLookalikesFromTheEnvironment() throws {
        let old = try ServiceConfiguration(environment: ["DISPLAY_NAME_POLICY": "kii", "USERNAME_LOOKALIKES": "allow"])
        #expect(old.policy.displayNamePolicy == .kii)
        #expect(!old.refusesUsernameLookalikes)
        let new = try ServiceConfiguration(environment: [
            "DISPLAY_NAME_POLICY": "Nickname", "USERNAME_LOOKALIKES": "REFUSE", "EMAIL_VERIFICATION": "true",
        ])
        #expect(
            new.policy
                == RegistrationPolicy(
                    emailVerification: true,
                    displayNamePolicy: .nickname,
                    typedPhoneNumbers: true,
                    passwordPolicy: .nist
                )
        )
        #expect(new.refusesUsernameLookalikes)
        let empty = try ServiceConfiguration(environment: ["DISPLAY_NAME_POLICY": "", "USERNAME_LOOKALIKES": ""])
        #expect(empty.policy.displayNamePolicy == .nickname)
        #expect(empty.refusesUsernameLookalikes)
    }

    @Test func theAppIsTheDevelopmentAppOrBothVariables() throws {
        #expect(try ServiceConfiguration(environment: [:]).app == KiiApp(id: "signupdev", key: "signupdev-key"))
        let own = try ServiceConfiguration(environment: [
            "KII_APP_ID": "a1B2-c_3", "KII_APP_KEY": "K-" + String(repeating: "k", count: 62),
        ])
        #expect(own.app == KiiApp(id: "a1B2-c_3", key: "K-" + String(repeating: "k", count: 62)))
    }

    @Test(arguments: [
        [("KII_APP_ID", ""), ("KII_APP_KEY", "")],
        [("KII_APP_ID", "")],
        [("KII_APP_KEY", "")],
        [("KII_APP_ID", "my-app"), ("KII_APP_KEY", "")],
    ])
    func emptyAppVariablesAreAnErrorNotTheDevelopmentApp(variables: [(String, String)]) {
        let environment = Dictionary(uniqueKeysWithValues: variables)
        do {
            let configuration = try ServiceConfiguration(environment: environment)
            Issue.record("\(environment) was accepted as \(configuration.app)")
        } catch {
            let name = variables.first { $0.1.isEmpty }!.0
            #expect(
                error.description
                    == "\(name) is set but empty (unset KII_APP_ID and KII_APP_KEY for the development app)"
            )
        }
    }

    @Test(arguments: [
        ("KII_APP_ID", "my app", "KII_APP_ID must be 1 to 64 ASCII letters, digits, - or _"),
        ("KII_APP_ID", "app/1", "KII_APP_ID must be 1 to 64 ASCII letters, digits, - or _"),
        ("KII_APP_KEY", "ключ", "KII_APP_KEY must be 1 to 64 ASCII letters, digits, - or _"),
        ("KII_APP_KEY", String(repeating: "k", count: 65), "KII_APP_KEY must be 1 to 64 ASCII letters, digits, - or _"),
    ])
    func malformedAppIDsAndKeysAreRefused(name: String, value: String, message: String) {
        var environment = ["KII_APP_ID": "my-app", "KII_APP_KEY": "my-key"]
        environment[name] = value
        do {
            _ = try ServiceConfiguration(environment: environment)
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }
}
