import Crypto
import Foundation
import HTTPTypes
import KiiIdentity
import SQLKit
import Testing

@testable import SignUpService

/// Every code has its own attempt budget (issue 49, 1): a reset or verification code is void
/// after ``VerificationCode/attemptBudget`` wrong tries in all, whatever the client's address;
/// codes are stored under HMAC-SHA256 with a server secret; the throttle counts an IPv6
/// address as its /64.
@Suite struct CodeAttemptTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!
    static let owner = #"{"loginName":"owner_1","emailAddress":"owner@example.com","password":"correct horse"}"#

    /// The 100 client addresses of an attacker: one guess each, under every per-address limit.
    static let addresses = (0..<100).map { "198.51.\($0 / 50).\($0 % 50 + 1)" }

    /// Six-digit codes other than `code`, `count` of them.
    static func wrongCodes(than code: String, count: Int) -> [String] {
        (0..<count + 1).map { String(format: "%06d", $0 * 7_919 % 1_000_000) }.filter { $0 != code }.prefix(count)
            .map { $0 }
    }

    @Test(arguments: Backend.enabled)
    func aResetCodeFallsToNoNumberOfAddresses(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded)) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let user = service.userPath("EMAIL:owner@example.com")
            #expect(try await service.send(.post, user + "/password/request-reset").status == 204)
            let code = try #require(service.resetCode(of: userID))
            func complete(_ pin: String, from address: String) async throws -> Answer {
                try await service.send(
                    .post,
                    user + "/password/complete-reset",
                    json: #"{"pinCode":"\#(pin)","newPassword":"attacker's pick"}"#,
                    headers: [Self.forwarded: address]
                )
            }
            var answers: [Answer] = []
            for (guess, address) in zip(Self.wrongCodes(than: code, count: 100), Self.addresses) {
                answers.append(try await complete(guess, from: address))
            }
            #expect(answers.count == 100)
            #expect(answers.allSatisfy { $0.status == 400 && $0.errorCode == "INVALID_VERIFICATION_CODE" })
            #expect(answers.allSatisfy { $0.problems == ["pinCode:wrong_code"] })
            // The right code, from an address that never guessed: the code is void.
            let right = try await complete(code, from: "203.0.113.200")
            #expect(right.status == 400)
            #expect(right.problems == ["pinCode:wrong_code"])
            #expect(try await Self.resetFailures(service, userID) == VerificationCode.attemptBudget)
            let attackerLogin = try await service.send(
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("owner_1", "attacker's pick")
            )
            #expect(attackerLogin.status == 400)
            #expect(try await service.logIn("owner_1").count == 43)
            // A new code works again, with a budget of its own.
            #expect(try await service.send(.post, user + "/password/request-reset").status == 204)
            let fresh = try #require(service.resetCode(of: userID))
            #expect(try await Self.resetFailures(service, userID) == 0)
            #expect(try await complete(fresh, from: "203.0.113.201").status == 204)
            #expect(try await service.logIn("owner_1", "attacker's pick").count == 43)
        }
    }

    /// Guesses that arrive at once take turns at the code: however many, only the budget's are
    /// judged against it.
    @Test(arguments: Backend.enabled)
    func concurrentGuessesAtAResetCodeAreCountedOneByOne(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded)) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let user = service.userPath("EMAIL:owner@example.com")
            #expect(try await service.send(.post, user + "/password/request-reset").status == 204)
            let code = try #require(service.resetCode(of: userID))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for (guess, address) in zip(Self.wrongCodes(than: code, count: 40), Self.addresses) {
                    group.addTask {
                        try await service.send(
                            .post,
                            user + "/password/complete-reset",
                            json: #"{"pinCode":"\#(guess)","newPassword":"attacker's pick"}"#,
                            headers: [Self.forwarded: address]
                        ).status
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
            #expect(statuses == Array(repeating: 400, count: 40))
            #expect(try await Self.resetFailures(service, userID) == VerificationCode.attemptBudget)
            let right = try await service.send(
                .post,
                user + "/password/complete-reset",
                json: #"{"pinCode":"\#(code)","newPassword":"attacker's pick"}"#,
                headers: [Self.forwarded: "203.0.113.200"]
            )
            #expect(right.status == 400)
        }
    }

    @Test(arguments: Backend.enabled)
    func anEmailVerificationCodeIsVoidAfterFiveWrongTries(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .emailVerification) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            try await Self.guessAndFail(service, userID: userID, username: "owner_1", kind: .email)
        }
    }

    @Test(arguments: Backend.enabled)
    func aPhoneVerificationCodeIsVoidAfterFiveWrongTries(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .phoneVerification) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"leo_1","phoneNumber":"+819012345678","password":"correct horse"}"#
                )
                .string("userID")
            )
            try await Self.guessAndFail(service, userID: userID, username: "leo_1", kind: .phone)
        }
    }

    /// 100 wrong verification codes of `kind` from 100 addresses, then the right one: refused,
    /// the address still unverified; a new code (resent) verifies it.
    static func guessAndFail(_ service: Harness, userID: String, username: String, kind: LoginKind) async throws {
        let token = try await service.logIn(username)
        let code = try #require(service.code(kind, of: userID))
        let segment = kind == .email ? "email-address" : "phone-number"
        let verify = service.userPath("me") + "/\(segment)/verify"
        func attempt(_ guess: String, from address: String) async throws -> Answer {
            try await service.send(
                .post,
                verify,
                json: #"{"verificationCode":"\#(guess)"}"#,
                token: token,
                contentType: KiiType.verification,
                headers: [forwarded: address]
            )
        }
        var statuses: [Int] = []
        for (guess, address) in zip(wrongCodes(than: code, count: 100), addresses) {
            statuses.append(try await attempt(guess, from: address).status)
        }
        #expect(statuses == Array(repeating: 400, count: 100))
        let right = try await attempt(code, from: "203.0.113.200")
        #expect(right.status == 400)
        #expect(right.problems == ["verificationCode:wrong_code"])
        let me = try await service.send(.get, service.userPath("me"), token: token)
        #expect(me[kind == .email ? "emailAddressVerified" : "phoneNumberVerified"] == .bool(false))
        let resent = try await service.send(
            .post,
            service.userPath("me") + "/\(segment)/resend-verification",
            token: token,
            headers: [forwarded: "203.0.113.201"]
        )
        #expect(resent.status == 204)
        let fresh = try #require(service.code(kind, of: userID))
        #expect(try await attempt(fresh, from: "203.0.113.201").status == 204)
    }

    /// The stored hash is HMAC-SHA256 under the generated secret, kept in `service_secrets`
    /// (every instance on the database reads the same), not a plain SHA-256 anyone can try.
    @Test(arguments: Backend.enabled)
    func codesAreStoredUnderTheGeneratedSecret(backend: Backend) async throws {
        try await withService(backend) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let user = service.userPath("EMAIL:owner@example.com")
            #expect(try await service.send(.post, user + "/password/request-reset").status == 204)
            let code = try #require(service.resetCode(of: userID))
            let stored = try await Self.storedResetHash(service, userID)
            let secret = try await CodeKey.storedSecret(in: service.server.pool)
            #expect(secret.count >= CodeKey.minimumSecretLength)
            let message = Array("\(userID):password-reset:\(code)".utf8)
            let keyed = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret))
            #expect(stored == Hex.of(keyed))
            #expect(stored != SHA256Hex.of("\(userID):password-reset:\(code)"))
            // Another instance on the same database reads the same key.
            let other = CodeKey(configured: nil, pool: service.server.pool)
            #expect(try await other.current().bytes == secret)
        }
    }

    @Test(arguments: Backend.enabled)
    func aConfiguredSecretKeysTheCodesAndNothingIsGenerated(backend: Backend) async throws {
        let secret = "a secret from the deployment's vault"
        try await withService(backend, .codeSecret(secret)) { service in
            let userID = try #require(try await service.signUp(Self.owner).string("userID"))
            let user = service.userPath("EMAIL:owner@example.com")
            #expect(try await service.send(.post, user + "/password/request-reset").status == 204)
            let code = try #require(service.resetCode(of: userID))
            let message = Array("\(userID):password-reset:\(code)".utf8)
            let keyed = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Array(secret.utf8)))
            #expect(try await Self.storedResetHash(service, userID) == Hex.of(keyed))
            let rows = try await service.server.pool.withConnection { database in
                try await database.raw("SELECT COUNT(*) AS n FROM service_secrets").first(
                    decodingColumn: "n",
                    as: Int.self
                )
            }
            #expect(rows == 0)
        }
    }

    @Test func aShortSecretIsRefusedAtStart() throws {
        #expect(throws: ConfigurationError(name: "CODE_SECRET", reason: "must have at least 32 characters")) {
            _ = try ServiceConfiguration(environment: ["CODE_SECRET": "short"])
        }
        let configured = try ServiceConfiguration(environment: ["CODE_SECRET": String(repeating: "s", count: 32)])
        #expect(configured.codeSecret == String(repeating: "s", count: 32))
        #expect(try ServiceConfiguration(environment: [:]).codeSecret == nil)
    }

    // MARK: IPv6 addresses by /64

    @Test func anIPv6AddressCountsAsItsSlash64() {
        #expect(ClientAddress.counted("2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(ClientAddress.counted("2001:DB8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64")
        #expect(ClientAddress.counted("2001:db8::1") == "2001:db8:0:0::/64")
        #expect(ClientAddress.counted("::1") == "0:0:0:0::/64")
        #expect(ClientAddress.counted("fe80::1%eth0") == "fe80:0:0:0::/64")
        #expect(ClientAddress.counted("2001:db8:1:2:3:4:192.0.2.1") == "2001:db8:1:2::/64")
        // IPv4, mapped or not, stays per address.
        #expect(ClientAddress.counted("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(ClientAddress.counted("192.0.2.7") == "192.0.2.7")
        // Not an address: as it is (still one client's).
        for text in ["unknown", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "12345::", "[2001:db8::1]:443", "g::1"] {
            #expect(ClientAddress.counted(text) == text, "\(text)")
        }
    }

    @Test(arguments: Backend.enabled)
    func addressesOfOneSlash64AreOneClient(backend: Backend) async throws {
        try await withService(backend, .trustedProxyHeader(Self.forwarded), .addressFailuresPerMinute(5)) { service in
            func logIn(from address: String) async throws -> Int {
                try await service.send(
                    .post,
                    Harness.tokenPath,
                    json: Harness.loginBody("nobody", "guess"),
                    headers: [Self.forwarded: address]
                ).status
            }
            var statuses: [Int] = []
            for index in 1...8 { statuses.append(try await logIn(from: "2001:db8:7:7::\(String(index, radix: 16))")) }
            #expect(statuses == [400, 400, 400, 400, 400, 429, 429, 429])
            // The next /64 is another subscriber.
            #expect(try await logIn(from: "2001:db8:7:8::1") == 400)
            let keys = try await ThrottleTests.throttleKeys(service)
            #expect(keys.contains("address:2001:db8:7:7::/64"))
            #expect(!keys.contains { $0.contains("2001:db8:7:7::1") })
        }
    }

    // MARK: Rows

    static func resetFailures(_ service: Harness, _ userID: String) async throws -> Int? {
        try await service.server.pool.withConnection { database in
            try await database.raw("SELECT failures FROM password_reset_codes WHERE user_id = \(bind: userID)")
                .first(decodingColumn: "failures", as: Int.self)
        }
    }

    static func storedResetHash(_ service: Harness, _ userID: String) async throws -> String? {
        try await service.server.pool.withConnection { database in
            try await database.raw("SELECT code_hash FROM password_reset_codes WHERE user_id = \(bind: userID)")
                .first(decodingColumn: "code_hash", as: String.self)
        }
    }
}
