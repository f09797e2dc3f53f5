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
        #expect(configuration.policy == RegistrationPolicy())
        #expect(!configuration.development)
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
        ])
        #expect(configuration.port == 9000)
        #expect(configuration.bcryptCost == 4)
        #expect(
            configuration.policy
                == RegistrationPolicy(emailVerification: true, phoneVerification: true, exposeFullUserData: true)
        )
        #expect(configuration.tokenLifetime == 60)
        #expect(configuration.loginFailuresPerMinute == 9)
        #expect(configuration.maxBodyBytes == 1024)
        #expect(configuration.development)
        #expect(configuration.database == .postgres(try PostgresLocation(url: "postgres://u@localhost:5432/signup")))
    }

    @Test(arguments: [
        ("BCRYPT_COST", "32", "BCRYPT_COST must be a whole number from 4 to 31"),
        ("PORT", "http", "PORT must be a whole number from 0 to 65535"),
        ("EMAIL_VERIFICATION", "maybe", "EMAIL_VERIFICATION must be true or false (or 1 or 0)"),
        ("SIGNUP_BENCHMARK_NO_HASHING", "1", "SIGNUP_BENCHMARK_NO_HASHING needs SIGNUP_BENCHMARK=1"),
    ])
    func badSettingsNameTheVariable(name: String, value: String, message: String) {
        do {
            _ = try ServiceConfiguration(environment: [name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func hashingIsSkippedOnlyInBenchmarkMode() throws {
        #expect(try ServiceConfiguration(environment: [:]).benchmarkWithoutHashing == false)
        let benchmark = try ServiceConfiguration(environment: [
            "SIGNUP_BENCHMARK": "1", "SIGNUP_BENCHMARK_NO_HASHING": "1",
        ])
        #expect(benchmark.benchmarkRoutes && benchmark.benchmarkWithoutHashing)
    }
}
