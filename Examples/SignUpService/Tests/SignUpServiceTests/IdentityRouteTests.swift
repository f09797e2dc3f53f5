import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// A user's own identity: `PUT …/password`, `PUT …/email-address`, `PUT …/phone-number`,
/// `POST …/{email-address|phone-number}/verify` and `…/resend-verification`.
@Suite struct IdentityRouteTests {
    static let kim = #"""
        {"loginName":"kim_1","emailAddress":"kim@example.com","phoneNumber":"+819012345678",
         "password":"correct horse","country":"JP"}
        """#

    // MARK: Password

    @Test(arguments: Backend.enabled)
    func passwordChangeRevokesTheOtherTokensAndKeepsTheCallers(backend: Backend) async throws {
        try await withService(backend) { service in
            let kim = try await service.signUpAndLogIn(Self.kim, as: "kim_1")
            let otherDevice = try await service.logIn("kim@example.com")
            let changed = try await service.send(
                .put,
                service.userPath(kim.id) + "/password",
                json: #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#,
                token: kim.token,
                contentType: KiiType.changePassword
            )
            #expect(changed.status == 204)
            #expect(changed.text.isEmpty)
            #expect(try await service.send(.get, service.userPath("me"), token: kim.token).status == 200)
            let revoked = try await service.send(.get, service.userPath("me"), token: otherDevice)
            #expect(revoked.status == 403)
            #expect(revoked.errorCode == "WRONG_TOKEN")
            #expect(try await service.rowCounts()[.accessTokens] == 1)
            let old = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("kim_1"))
            #expect(old.status == 400)
            #expect(old.errorCode == "invalid_grant")
            #expect(try await service.logIn("kim_1", "battery staple").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func passwordChangeProblems(backend: Backend) async throws {
        try await withService(backend, .loginFailuresPerMinute(2)) { service in
            let kim = try await service.signUpAndLogIn(Self.kim, as: "kim_1")
            let path = service.userPath("me") + "/password"
            let short = try await service.send(
                .put,
                path,
                json: #"{"oldPassword":"correct horse","newPassword":"x"}"#,
                token: kim.token
            )
            #expect(short.status == 400)
            #expect(short.errorCode == "INVALID_INPUT_DATA")
            #expect(short.problems == ["newPassword:too_short"])
            let missing = try await service.send(.put, path, json: "{}", token: kim.token)
            #expect(missing.problems == ["oldPassword:missing", "newPassword:missing"])
            for _ in 0..<2 {
                let wrong = try await service.send(
                    .put,
                    path,
                    json: #"{"oldPassword":"wrong horse","newPassword":"battery staple"}"#,
                    token: kim.token
                )
                #expect(wrong.status == 400)
                #expect(wrong.errorCode == "WRONG_PASSWORD")
                #expect(wrong.problems == ["oldPassword:wrong_password"])
                #expect(!wrong.text.contains("wrong horse") && !wrong.text.contains("battery"))
            }
            let blocked = try await service.send(
                .put,
                path,
                json: #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#,
                token: kim.token
            )
            #expect(blocked.status == 429)
            #expect(blocked.errorCode == "TOO_MANY_REQUESTS")
            #expect(blocked.headers[.retryAfter] == "30")
            service.advance(seconds: 60)
            let other = try await service.signUpAndLogIn(
                #"{"loginName":"lee_1","password":"correct horse"}"#,
                as: "lee_1"
            )
            let notOwner = try await service.send(
                .put,
                service.userPath(kim.id) + "/password",
                json: #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#,
                token: other.token
            )
            #expect(notOwner.status == 403)
            #expect(notOwner.errorCode == "ACCESS_DENIED")
            let noToken = try await service.send(
                .put,
                path,
                json: #"{"oldPassword":"correct horse","newPassword":"battery staple"}"#
            )
            #expect(noToken.status == 401)
            #expect(try await service.logIn("kim_1").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func pseudoUserHasNoPasswordToChange(backend: Backend) async throws {
        try await withService(backend) { service in
            let pseudo = try await service.pseudoUser()
            let answer = try await service.send(
                .put,
                service.userPath("me") + "/password",
                json: #"{"oldPassword":"","newPassword":"battery staple"}"#,
                token: pseudo.token
            )
            #expect(answer.status == 400)
            #expect(answer.errorCode == "WRONG_PASSWORD")
            #expect(try await service.users.user(pseudo.id)?.passwordHash == nil)
        }
    }

    // MARK: Email address and phone number

    @Test(arguments: Backend.enabled)
    func emailChangeWithVerificationWaitsForTheNewCode(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let userID = try #require(try await service.signUp(Self.kim).string("userID"))
            let token = try await service.logIn("kim_1")
            let first = try #require(service.code(.email, of: userID))
            let verified = try await service.send(
                .post,
                service.userPath("me") + "/email-address/verify",
                json: #"{"verificationCode":"\#(first)"}"#,
                token: token,
                contentType: KiiType.verification
            )
            #expect(verified.status == 204)
            let changed = try await service.send(
                .put,
                service.userPath(userID) + "/email-address",
                json: #"{"emailAddress":"kim.new@Example.com"}"#,
                token: token,
                contentType: KiiType.emailChange
            )
            #expect(changed.status == 204)
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me.string("emailAddress") == "kim.new@example.com")
            #expect(me["emailAddressVerified"] == .bool(false))
            let second = try #require(service.code(.email, of: userID))
            #expect(service.messages.last?.address == "kim.new@example.com")
            let early = try await service.send(.post, Harness.tokenPath, json: Harness.loginBody("kim.new@example.com"))
            #expect(early.status == 400)
            #expect(early.problems == ["emailAddress:not_verified"])
            let stale = try await service.send(
                .post,
                service.userPath("me") + "/email-address/verify",
                json: #"{"verificationCode":"\#(first)"}"#,
                token: token
            )
            #expect(stale.status == 400)
            #expect(stale.errorCode == "INVALID_VERIFICATION_CODE")
            let good = try await service.send(
                .post,
                service.userPath(userID) + "/email-address/verify",
                json: #"{"verificationCode":"\#(second)"}"#,
                token: token
            )
            #expect(good.status == 204)
            #expect(try await service.logIn("kim.new@example.com").count == 43)
            #expect(
                try await service.keys(of: userID) == [
                    "username=kim_1", "email=kim.new@example.com", "phone=+819012345678",
                ]
            )
            let freed = try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"kim_2","emailAddress":"kim@example.com","password":"correct horse"}"#
            )
            #expect(freed.status == 201)
        }
    }

    @Test(arguments: Backend.enabled)
    func phoneChangeReadsALocalNumberInTheUsersCountry(backend: Backend) async throws {
        try await withService(backend, .phoneVerification) { service in
            let userID = try #require(try await service.signUp(Self.kim).string("userID"))
            let token = try await service.logIn("kim_1")
            let changed = try await service.send(
                .put,
                service.userPath("PHONE:+819012345678") + "/phone-number",
                json: #"{"phoneNumber":"08012345678"}"#,
                token: token,
                contentType: KiiType.phoneChange
            )
            #expect(changed.status == 204)
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me.string("phoneNumber") == "+818012345678")
            #expect(me["phoneNumberVerified"] == .bool(false))
            let message = try #require(service.messages.last)
            #expect(message.channel == .phone && message.purpose == .verification)
            #expect(message.address == "+818012345678")
            let code = try #require(service.code(.phone, of: userID))
            let verified = try await service.send(
                .post,
                service.userPath("me") + "/phone-number/verify",
                json: #"{"verificationCode":"\#(code)"}"#,
                token: token
            )
            #expect(verified.status == 204)
            #expect(try await service.logIn("+818012345678").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func addressChangesWithVerificationOffAreVerifiedAtOnce(backend: Backend) async throws {
        try await withService(backend) { service in
            let kim = try await service.signUpAndLogIn(
                #"{"loginName":"kim_1","emailAddress":"kim@example.com","password":"correct horse","country":"JP","level":5,"displayName":"Kim"}"#,
                as: "kim_1"
            )
            let email = try await service.send(
                .put,
                service.userPath(kim.id) + "/email-address",
                json: #"{"emailAddress":"kim.new@example.com"}"#,
                token: kim.token
            )
            #expect(email.status == 204)
            let phone = try await service.send(
                .put,
                service.userPath(kim.id) + "/phone-number",
                json: #"{"phoneNumber":"+14155552671"}"#,
                token: kim.token
            )
            #expect(phone.status == 204)
            let me = try await service.send(.get, service.userPath("me"), token: kim.token)
            #expect(me["emailAddressVerified"] == .bool(true))
            #expect(me["phoneNumberVerified"] == .bool(true))
            #expect(me.string("emailAddress") == "kim.new@example.com")
            #expect(me.string("phoneNumber") == "+14155552671")
            // Only the one identifier changes: the custom fields and the rest stay.
            #expect(me["level"] == .integer(5))
            #expect(me.string("displayName") == "Kim")
            #expect(me.string("country") == "JP")
            #expect(service.messages.isEmpty)
            #expect(try await service.logIn("kim.new@example.com").count == 43)
            #expect(try await service.logIn("+14155552671").count == 43)
        }
    }

    @Test(arguments: Backend.enabled)
    func addressChangeProblems(backend: Backend) async throws {
        try await withService(backend) { service in
            let kim = try await service.signUpAndLogIn(Self.kim, as: "kim_1")
            try await service.signUp(
                #"{"loginName":"lee_1","emailAddress":"lee@example.com","phoneNumber":"+14155552671","password":"correct horse"}"#
            )
            let email = service.userPath("me") + "/email-address"
            let phone = service.userPath("me") + "/phone-number"
            let cases: [(path: String, body: String, status: Int, errorCode: String, problems: [String])] = [
                (email, #"{"emailAddress":"no-at-sign"}"#, 400, "INVALID_INPUT_DATA", ["emailAddress:missing_at"]),
                (email, "{}", 400, "INVALID_INPUT_DATA", ["emailAddress:missing"]),
                (email, #"{"emailAddress":"a@b.com","x":1}"#, 400, "INVALID_INPUT_DATA", ["json:unknown_member"]),
                (email, #"{"phoneNumber":"+14155552671"}"#, 400, "INVALID_INPUT_DATA", ["json:unknown_member"]),
                (
                    email, #"{"emailAddress":"lee@EXAMPLE.com"}"#, 409, "USER_ALREADY_EXISTS",
                    ["emailAddress:already_taken"]
                ),
                (phone, #"{"phoneNumber":"US-4155552671"}"#, 409, "USER_ALREADY_EXISTS", ["phoneNumber:already_taken"]),
                (phone, #"{"phoneNumber":"12"}"#, 400, "INVALID_INPUT_DATA", ["phoneNumber:too_few_digits"]),
            ]
            for (path, body, status, errorCode, problems) in cases {
                let answer = try await service.send(.put, path, json: body, token: kim.token)
                #expect(answer.status == status, "\(body)")
                #expect(answer.errorCode == errorCode, "\(body)")
                #expect(answer.problems == problems, "\(body)")
            }
            #expect(
                try await service.keys(of: kim.id) == [
                    "username=kim_1", "email=kim@example.com", "phone=+819012345678",
                ]
            )
        }
    }

    // MARK: Verification

    @Test(arguments: Backend.enabled)
    func resendIssuesANewCodeAndTheEarlierOneStopsWorking(backend: Backend) async throws {
        try await withService(backend, .emailVerification, .phoneVerification) { service in
            let userID = try #require(try await service.signUp(Self.kim).string("userID"))
            let token = try await service.logIn("kim_1")
            let first = try #require(service.code(.phone, of: userID))
            let resent = try await service.send(
                .post,
                service.userPath(userID) + "/phone-number/resend-verification",
                token: token,
                contentType: nil
            )
            #expect(resent.status == 204)
            #expect(service.messages.count == 3)
            let second = try #require(service.code(.phone, of: userID))
            let verify = service.userPath("me") + "/phone-number/verify"
            if first != second {
                let old = try await service.send(
                    .post,
                    verify,
                    json: #"{"verificationCode":"\#(first)"}"#,
                    token: token
                )
                #expect(old.status == 400)
                #expect(old.errorCode == "INVALID_VERIFICATION_CODE")
            }
            #expect(
                try await service.send(.post, verify, json: #"{"verificationCode":"\#(second)"}"#, token: token).status
                    == 204
            )
            let nothing = try await service.send(
                .post,
                service.userPath("me") + "/phone-number/resend-verification",
                token: token
            )
            #expect(nothing.status == 400)
            #expect(nothing.errorCode == "INVALID_INPUT_DATA")
            #expect(nothing.problems == ["address:nothing_to_verify"])
            let email = try await service.send(
                .post,
                service.userPath("me") + "/email-address/resend-verification",
                json: "{}",
                token: token
            )
            #expect(email.status == 204)
            #expect(try await service.rowCounts()[.verificationCodes] == 1)
        }
    }

    @Test(arguments: Backend.enabled)
    func verificationCodesAreUsedOnceAndExpire(backend: Backend) async throws {
        try await withService(backend, .emailVerification, .verificationCodeLifetime(300)) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"ora_1","emailAddress":"ora@example.com","password":"correct horse"}"#
                )
                .string("userID")
            )
            let token = try await service.logIn("ora_1")
            let verify = service.userPath("me") + "/email-address/verify"
            let expiring = try #require(service.code(.email, of: userID))
            service.advance(seconds: 300)
            let expired = try await service.send(
                .post,
                verify,
                json: #"{"verificationCode":"\#(expiring)"}"#,
                token: token
            )
            #expect(expired.status == 400)
            #expect(expired.errorCode == "INVALID_VERIFICATION_CODE")
            #expect(
                try await service.send(
                    .post,
                    service.userPath("me") + "/email-address/resend-verification",
                    token: token
                )
                .status == 204
            )
            let code = try #require(service.code(.email, of: userID))
            #expect(
                try await service.send(.post, verify, json: #"{"verificationCode":"\#(code)"}"#, token: token).status
                    == 204
            )
            let me = try await service.send(.get, service.userPath("me"), token: token)
            #expect(me["emailAddressVerified"] == .bool(true))
            let reused = try await service.send(.post, verify, json: #"{"verificationCode":"\#(code)"}"#, token: token)
            #expect(reused.status == 400)
            #expect(reused.errorCode == "INVALID_VERIFICATION_CODE")
            #expect(try await service.rowCounts()[.verificationCodes] == 0)
            let malformed = try await service.send(.post, verify, json: #"{"verificationCode":123456}"#, token: token)
            #expect(malformed.status == 400)
            #expect(malformed.problems == ["verificationCode:not_a_string"])
            let missing = try await service.send(.post, verify, json: "{}", token: token)
            #expect(missing.problems == ["verificationCode:missing"])
        }
    }

    @Test(arguments: Backend.enabled)
    func verificationAttemptsAreThrottled(backend: Backend) async throws {
        try await withService(backend, .phoneVerification, .loginFailuresPerMinute(2)) { service in
            let userID = try #require(
                try await service.signUp(
                    #"{"loginName":"leo_1","phoneNumber":"+819012345678","password":"correct horse"}"#
                )
                .string("userID")
            )
            let token = try await service.logIn("leo_1")
            let code = try #require(service.code(.phone, of: userID))
            let verify = service.userPath("me") + "/phone-number/verify"
            for _ in 0..<2 {
                let answer = try await service.send(
                    .post,
                    verify,
                    json: #"{"verificationCode":"\#(Harness.wrongCode(than: code))"}"#,
                    token: token
                )
                #expect(answer.status == 400)
                #expect(answer.errorCode == "INVALID_VERIFICATION_CODE")
            }
            let blocked = try await service.send(.post, verify, json: #"{"verificationCode":"\#(code)"}"#, token: token)
            #expect(blocked.status == 429)
            #expect(blocked.errorCode == "TOO_MANY_REQUESTS")
            #expect(blocked.headers[.retryAfter] == "30")
            service.advance(seconds: 60)
            #expect(
                try await service.send(.post, verify, json: #"{"verificationCode":"\#(code)"}"#, token: token).status
                    == 204
            )
        }
    }

    @Test(arguments: Backend.enabled)
    func identityRoutesNeedTheUserThemself(backend: Backend) async throws {
        try await withService(backend, .emailVerification) { service in
            let kim = try #require(try await service.signUp(Self.kim).string("userID"))
            let lee = try await service.signUpAndLogIn(
                #"{"loginName":"lee_1","password":"correct horse"}"#,
                as: "lee_1"
            )
            let routes: [(HTTPRequest.Method, String, String?)] = [
                (.put, "/email-address", #"{"emailAddress":"x@example.com"}"#),
                (.put, "/phone-number", #"{"phoneNumber":"+14155552671"}"#),
                (.post, "/email-address/verify", #"{"verificationCode":"123456"}"#),
                (.post, "/email-address/resend-verification", nil),
                (.post, "/phone-number/resend-verification", nil),
            ]
            for (method, suffix, body) in routes {
                let other = try await service.send(method, service.userPath(kim) + suffix, json: body, token: lee.token)
                #expect(other.status == 403, "\(suffix)")
                #expect(other.errorCode == "ACCESS_DENIED", "\(suffix)")
                let anonymous = try await service.send(method, service.userPath(kim) + suffix, json: body)
                #expect(anonymous.status == 401, "\(suffix)")
                #expect(anonymous.errorCode == "UNAUTHORIZED", "\(suffix)")
                #expect(anonymous.headers[.wwwAuthenticate] == #"Bearer realm="kii""#, "\(suffix)")
            }
            #expect(service.messages.count == 1)
        }
    }
}
