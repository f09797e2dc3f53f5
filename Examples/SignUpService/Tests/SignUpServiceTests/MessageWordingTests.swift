import HTTPTypes
import SignUpService
import Testing

/// Messages that said something untrue, reworded in English and Japanese (issue 49, item 8): a
/// byte order mark at column 1, a repeated method override, a wrong app key, an `expiresAt` that
/// is not a number.
@Suite struct MessageWordingTests {
    /// The answer's first message in English and in Japanese.
    static func messages(
        _ service: Harness,
        _ method: HTTPRequest.Method,
        _ path: String,
        json: String? = nil,
        app: AppHeaders = .kii,
        headers: HTTPFields = [:]
    ) async throws -> (status: Int, english: String, japanese: String) {
        let english = try await service.send(method, path, json: json, language: "en", app: app, headers: headers)
        let japanese = try await service.send(method, path, json: json, language: "ja", app: app, headers: headers)
        #expect(english.status == japanese.status)
        return (english.status, english.messages.first ?? "", japanese.messages.first ?? "")
    }

    @Test func eachMessageSaysWhatIsTrue() async throws {
        try await withService(.sqlite) { service in
            try await service.signUp(#"{"loginName":"words_1","password":"correct horse"}"#)
            let bom = try await Self.messages(
                service,
                .post,
                Harness.tokenPath,
                json: "\u{FEFF}" + Harness.loginBody("words_1")
            )
            #expect(bom.status == 400)
            #expect(
                bom.english.contains(
                    "a byte order mark (U+FEFF; only the very start of a file may have one) at column 1"
                ),
                "\(bom)"
            )
            #expect(!bom.english.contains("allowed only at the start"))
            #expect(bom.japanese.contains("1 文字目にファイルの先頭にしか置けないバイト順マーク (U+FEFF) があります"), "\(bom)")

            var twice: HTTPFields = [:]
            twice.append(HTTPField(name: HTTPField.Name("X-HTTP-Method-Override")!, value: "GET"))
            twice.append(HTTPField(name: HTTPField.Name("X-HTTP-Method-Override")!, value: "GET"))
            let override = try await Self.messages(service, .post, service.userPath("me"), headers: twice)
            #expect(override.status == 405)
            #expect(
                override.english
                    == "X-HTTP-Method-Override must be given once, not 2 times (one of GET, PUT, DELETE, HEAD)",
                "\(override)"
            )
            #expect(!override.english.contains("GET, GET"))
            #expect(override.japanese.contains("2 回ではなく 1 回だけ指定してください"), "\(override)")

            let key = try await Self.messages(
                service,
                .post,
                Harness.tokenPath,
                json: Harness.loginBody("words_1"),
                app: .custom([.kiiAppID: service.app.id, .kiiAppKey: "not-the-key"])
            )
            #expect(key.status == 401)
            #expect(key.english == "app key is not the key of this service's app", "\(key)")
            #expect(key.japanese.contains("キーがこのサービスのアプリのキーではありません"), "\(key)")

            let notATime = try await Self.messages(
                service,
                .post,
                Harness.tokenPath,
                json: #"{"username":"words_1","password":"correct horse","expiresAt":"abc"}"#
            )
            #expect(notATime.status == 400)
            #expect(notATime.english == "expiresAt must be a whole number of milliseconds since 1970", "\(notATime)")
            #expect(notATime.japanese.contains("1970 年からのミリ秒を表す整数にしてください"), "\(notATime)")
            let passed = try await Self.messages(
                service,
                .post,
                Harness.tokenPath,
                json: #"{"username":"words_1","password":"correct horse","expiresAt":1000}"#
            )
            #expect(passed.status == 400)
            #expect(passed.english == "expiresAt has passed: it must be a time in the future", "\(passed)")
            #expect(passed.japanese.contains("過ぎています"), "\(passed)")
        }
    }
}
