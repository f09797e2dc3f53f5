import Foundation
import HTTPTypes
import KiiIdentity
import NIOCore
import SignUpService
import Testing

/// Hostile requests (issue 30, part 4): random methods, paths of Kii's routes with random
/// segments (percent-encoded bytes, `..`, qualified IDs, very long ones), random app and token
/// headers, content types and languages, and bodies that are random bytes, invalid UTF-8,
/// truncated or deep JSON, oversized, or well-formed with random members. Every answer is a
/// status the service documents, never 500, and every error is Kii's body; the executable's
/// resident memory stays flat once warm. Bounded in count (`SIGNUP_FUZZ_REQUESTS`, 3,000
/// by default) and in time (60 s); the seed is printed and can be set (`SIGNUP_FUZZ_SEED`).
@Suite struct HTTPFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let requests = Int(environment["SIGNUP_FUZZ_REQUESTS"] ?? "") ?? 3_000
    static let seed = UInt64(environment["SIGNUP_FUZZ_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
    static let statuses: Set<Int> = [200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 415, 429]

    @Test(arguments: Backend.enabled)
    func randomRequestsGetDocumentedAnswersAndNeverA500(backend: Backend) async throws {
        print("HTTP fuzz on \(backend): seed \(Self.seed), \(Self.requests) requests")
        try await withService(backend, .maxBodyBytes(4_096), .loginFailuresPerMinute(1_000_000)) { service in
            let user = try await service.signUpAndLogIn(
                #"{"loginName":"fuzz_1","emailAddress":"fuzz@example.com","password":"correct horse"}"#,
                as: "fuzz_1"
            )
            var random = SeededGenerator(seed: Self.seed)
            let deadline = ContinuousClock.now + .seconds(60)
            var sent = 0
            var seen: [Int: Int] = [:]
            while sent < Self.requests, ContinuousClock.now < deadline {
                let request = FuzzRequest.random(using: &random, app: service.app, token: user.token)
                let answer = try await service.send(
                    request.method,
                    request.path,
                    bytes: request.body,
                    contentType: request.contentType,
                    app: .custom(request.headers)
                )
                sent += 1
                seen[answer.status, default: 0] += 1
                #expect(Self.statuses.contains(answer.status), "\(request) → \(answer)")
                if answer.status >= 400, request.method != .head {
                    #expect(answer.errorCode != nil, "\(request) → \(answer)")
                }
            }
            #expect(sent >= min(Self.requests, 500))
            // The service still answers plain requests (the fuzz may have deleted its user).
            let after = try await service.signUpAndLogIn(
                #"{"loginName":"after_1","password":"correct horse"}"#,
                as: "after_1"
            )
            #expect(try await service.send(.get, service.userPath("me"), token: after.token).status == 200)
            print(
                "HTTP fuzz on \(backend): \(sent) requests, statuses \(seen.sorted { $0.key < $1.key })"
            )
        }
    }

    /// The built executable over real connections, each fuzzed request on a connection of its
    /// own: no 500, and its resident memory flat once warm (in-process, HummingbirdTesting's
    /// router client itself keeps about 5 KiB a request, so memory is measured here).
    @Test func theExecutableUnderFuzzKeepsItsMemory() async throws {
        let service = try await ServiceProcess(environment: ["DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4"])
        var random = SeededGenerator(seed: Self.seed &+ 1)
        let token = "none"
        var warm = 0
        var statuses: [Int: Int] = [:]
        let count = max(Self.requests, 2_000)
        for index in 0..<count {
            if index == count / 4 { warm = service.residentBytes }
            let request = FuzzRequest.random(using: &random, app: service.app, token: token)
            var headers = request.headers
            if let contentType = request.contentType, request.body != nil { headers[.contentType] = contentType }
            let answer = try await service.send(request.method, request.path, headers: headers, bytes: request.body)
            statuses[answer.status, default: 0] += 1
            #expect(Self.statuses.contains(answer.status), "\(request) → \(answer)")
        }
        let grown = service.residentBytes - warm
        #expect(grown < 16 << 20, "the service's resident memory grew by \(grown >> 10) KiB once warm")
        #expect(await service.terminate() == 0)
        print(
            "HTTP fuzz of the executable: \(count) requests, statuses \(statuses.sorted { $0.key < $1.key }), memory after warm-up +\(grown >> 10) KiB"
        )
    }
}

/// One random request.
struct FuzzRequest: CustomStringConvertible {
    var method: HTTPRequest.Method
    var path: String
    var headers: HTTPFields
    var contentType: String?
    var body: [UInt8]?

    var description: String {
        "\(method) \(path.prefix(120)) [\(contentType ?? "-")] body \(body.map { "\($0.count) bytes" } ?? "none")"
    }

    static func random(using random: inout SeededGenerator, app: KiiApp, token: String) -> FuzzRequest {
        let methods: [HTTPRequest.Method] = [
            .get, .post, .put, .delete, .patch, .head, .options, HTTPRequest.Method("PROPFIND")!,
        ]
        let users = "/api/apps/\(random.pick([app.id, app.id, app.id, app.id, "other", "", "%00", "a%2Fb"]))/users"
        let segment = random.next() % 3 == 0 ? "me" : randomSegment(using: &random)
        // A route's own method most of the time, so that most requests reach its handler.
        let routes: [(HTTPRequest.Method, String)] = [
            (.post, users), (.get, "\(users)/\(segment)"), (.post, "\(users)/\(segment)"),
            (.delete, "\(users)/\(segment)"), (.put, "\(users)/\(segment)/password"),
            (.put, "\(users)/\(segment)/email-address"), (.put, "\(users)/\(segment)/phone-number"),
            (.post, "\(users)/\(segment)/email-address/verify"),
            (.post, "\(users)/\(segment)/phone-number/resend-verification"),
            (.post, "\(users)/\(segment)/password/request-reset"),
            (.post, "\(users)/\(segment)/password/complete-reset"), (.post, "/api/oauth2/token"),
            (.post, "/api/apps/\(app.id)/oauth2/token"), (.get, "/health"), (.get, "/\(segment)"),
            (.post, "\(users)?disable_cache=\(random.next() % 1000)"),
            (.get, "\(users)/\(segment)/\(segment)/\(segment)"), (.delete, "\(users)/me"),
        ]
        var (method, path) = random.pick(routes)
        if random.next() % 5 == 0 { method = random.pick(methods) }
        // Never the test's own user's deletion: the rest of the run needs it.
        if method == .delete, path.lowercased().hasSuffix("/me") || path.contains("fuzz") { method = .get }
        var headers: HTTPFields = [:]
        switch random.next() % 6 {
        case 0: break
        case 1, 2: headers = [.kiiAppID: app.id, .kiiAppKey: app.key]
        case 3: headers = [.kiiAppID: app.id, .kiiAppKey: randomText(using: &random, length: 12)]
        case 4: headers = [.authorization: "Basic " + randomText(using: &random, length: 20)]
        default: headers = [.kiiAppID: randomText(using: &random, length: 8), .kiiAppKey: app.key]
        }
        switch random.next() % 4 {
        case 0: headers[.authorization] = "Bearer \(token)"
        case 1: headers[.authorization] = "bearer " + randomText(using: &random, length: 43)
        case 2: headers[.authorization] = randomText(using: &random, length: 30)
        default: break
        }
        if random.next() % 3 == 0 {
            headers[.acceptLanguage] = random.pick([
                "ja", "en", "ja-JP,en;q=0.5", "*", "x" + randomText(using: &random, length: 40),
            ])
        }
        let contentTypes: [String?] = [
            nil, "application/json", "application/json; charset=utf-8", "text/plain", "application/xml",
            "application/vnd.kii.RegistrationRequest+json",
            "application/vnd.kii.RegistrationAndAuthorizationRequest+json",
            "application/vnd.kii.UserUpdateRequest+json", "application/vnd.kii.OauthTokenRequest+json",
            "application/json; boundary=" + randomText(using: &random, length: 5),
        ]
        return FuzzRequest(
            method: method,
            path: path,
            headers: headers,
            contentType: random.pick(contentTypes),
            body: randomBody(using: &random)
        )
    }

    static func randomSegment(using random: inout SeededGenerator) -> String {
        switch random.next() % 8 {
        case 0: return "EMAIL:" + random.pick(["fuzz@example.com", "fuzz%40example.com", "%FF%FE", ""])
        case 1: return "PHONE:" + random.pick(["+819012345678", "JP-09012345678", "%2B819012345678", "+", "XX-1"])
        case 2: return "LOGIN_NAME:" + encoded(randomText(using: &random, length: Int(random.next() % 70)))
        case 3: return String(repeating: "a", count: Int(random.next() % 5_000))
        case 4:
            return (0..<Int(random.next() % 20)).map { _ in String(format: "%%%02X", Int(random.next() % 256)) }
                .joined()
        case 5: return random.pick(["..", ".", "%2E%2E", "me", "ME", "%00", "%F0%9F%98%80", "a+b", "%2B81"])
        default: return encoded(randomText(using: &random, length: Int(random.next() % 40)))
        }
    }

    /// `text` percent-encoded as a path segment.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func randomBody(using random: inout SeededGenerator) -> [UInt8]? {
        let names = [
            "loginName", "emailAddress", "phoneNumber", "password", "country", "displayName", "locale", "username",
            "expiresAt", "grant_type", "oldPassword", "newPassword", "verificationCode", "pinCode", "_accessToken",
            "userID", "internalUserID", "custom", "",
        ]
        switch random.next() % 9 {
        case 0: return nil
        case 1: return Array(randomText(using: &random, length: Int(random.next() % 300)).utf8)
        // Random bytes: mostly not UTF-8.
        case 2: return (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case 3: return Array((String(repeating: "[", count: Int(random.next() % 20_000)) + "1").utf8)
        case 4: return Array(#"{"loginName":"x","password":"#.utf8)
        case 5: return Array(("{" + String(repeating: #""a":1,"#, count: 2_000) + #""b":2}"#).utf8)
        default:
            let count = Int(random.next() % 6)
            let members = (0..<count).map { _ -> String in
                let value = random.pick([
                    #""\#(randomText(using: &random, length: Int(random.next() % 30)))""#, "null", "true", "-0",
                    "1e400",
                    "123456789012345678901234567890", "[]", "{}", #"{"number":"090-1234-5678","country":"JP"}"#,
                    #""+819012345678""#, #""ann@example.com""#, #""\ud800""#, #""a\u0000b""#,
                ])
                return #""\#(random.pick(names))":\#(value)"#
            }
            return Array(("{" + members.joined(separator: ",") + "}").utf8)
        }
    }

    static func randomText(using random: inout SeededGenerator, length: Int) -> String {
        let alphabet = Array(#"abcXYZ019 _-.@+:%/\"'<>{}[]日本😀"#)
        return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }
}

/// Picks from a list with the tests' seeded generator, so that a failing run can be repeated.
extension SeededGenerator {
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }
}
