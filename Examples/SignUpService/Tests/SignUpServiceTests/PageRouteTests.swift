import Foundation
import HTTPTypes
import KiiIdentity
import SignUpService
import Testing

/// The sign-up page (issue 38) as the service serves it; the browser suite
/// (`Tests/Browser`, `make browser-test`) drives it in Chromium.
@Suite struct PageRouteTests {
    /// Kii's members of the page's controls, and nothing else.
    static let members: Set<String> = [
        "loginName", "emailAddress", "phoneNumber", "country", "displayName", "password", "username",
    ]

    @Test func thePageIsInTheBrowsersLanguageWithTheAppsIDAndKey() async throws {
        try await withService(.sqlite, .app(KiiApp(id: "page_app", key: "page-key-1"))) { service in
            let english = try await service.send(.get, "/", app: .none)
            #expect(english.status == 200)
            #expect(english.headers[.contentType] == "text/html; charset=utf-8")
            #expect(english.headers[.contentLanguage] == "en")
            #expect(english.headers[.vary] == "Accept-Language")
            #expect(english.text.contains(#"<html lang="en">"#))
            #expect(english.text.contains(#"<meta name="kii-app-id" content="page_app">"#))
            #expect(english.text.contains(#"<meta name="kii-app-key" content="page-key-1">"#))
            #expect(english.text.contains(#"<label for="sign-up-loginName">Username"#))
            #expect(english.text.contains(#"<option value="JP" data-calling-code="81">JP +81</option>"#))
            #expect(!english.text.contains("{{"))
            let japanese = try await service.send(.get, "/", language: "ja,en;q=0.5", app: .none)
            #expect(japanese.headers[.contentLanguage] == "ja")
            #expect(japanese.text.contains(#"<html lang="ja">"#))
            #expect(japanese.text.contains(#"<label for="sign-up-loginName">ユーザー名"#))
            #expect(!japanese.text.contains("{{"))
        }
    }

    @Test func thePageIsUnderAStrictContentSecurityPolicy() async throws {
        try await withService(.sqlite) { service in
            let page = try await service.send(.get, "/", app: .none)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(directives.contains("default-src 'none'"))
            #expect(directives.contains("script-src 'self'"))
            #expect(directives.contains("form-action 'none'"))
            #expect(directives.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe"))
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            // No inline script, no inline style, no handler attribute: each script is a file.
            let scripts = page.text.components(separatedBy: "<script").dropFirst()
            #expect(scripts.count == 1)
            #expect(scripts.allSatisfy { $0.hasPrefix(#" src="/page/signup.js""#) })
            #expect(!page.text.contains("<style"))
            #expect(!page.text.contains(" style="))
            #expect(page.text.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)
            let script = try await service.send(.get, "/page/signup.js", app: .none)
            #expect(script.status == 200)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(!script.text.contains("eval("))
            #expect(!script.text.contains("localStorage"))
            #expect(!script.text.contains("innerHTML"))
            let style = try await service.send(.get, "/page/signup.css", app: .none)
            #expect(style.status == 200)
            #expect(style.headers[.contentType] == "text/css; charset=utf-8")
        }
    }

    @Test func everyControlHasALabelAndKiisMemberName() async throws {
        try await withService(.sqlite) { service in
            let page = try await service.send(.get, "/", app: .none).text
            let controls = page.components(separatedBy: "\n").filter {
                $0.hasPrefix("<input") || $0.hasPrefix("<select")
            }
            #expect(controls.count == 9)
            for control in controls {
                let id = try #require(Self.attribute("id", of: control))
                let name = try #require(Self.attribute("name", of: control))
                #expect(Self.members.contains(name), "\(control)")
                #expect(id.hasSuffix("-\(name)"))
                #expect(page.contains(#"<label for="\#(id)">"#), "no label for \(id)")
                #expect(
                    page.contains(#"<ul id="\#(id)-problems" class="problems"></ul>"#),
                    "no problems list for \(id)"
                )
            }
            #expect(page.contains(#"role="status""#))
            #expect(page.contains(#"role="alert""#))
        }
    }

    @Test func thePasswordsGuidanceFollowsTheServicesPolicy() async throws {
        try await withService(.sqlite, .defaultPasswords) { service in
            let english = try await service.send(.get, "/", language: "en", app: .none).text
            #expect(english.contains(#"name="password" type="password" autocomplete="new-password""#))
            #expect(english.contains(#"data-minimum="15""#))
            #expect(
                english.contains(
                    #"<button id="sign-up-password-toggle" class="password-toggle" type="button" aria-pressed="false" "#
                        + #"aria-controls="sign-up-password" hidden>Show password</button>"#
                )
            )
            #expect(
                english.contains(#"<p id="sign-up-password-hint" class="hint password-hint">At least 15 characters;"#)
            )
            #expect(
                english.contains(#"<span data-word="passwordCount">{count} characters (at least {minimum})</span>"#)
            )
            #expect(!english.lowercased().contains("onpaste"))
            let japanese = try await service.send(.get, "/", language: "ja", app: .none).text
            #expect(japanese.contains(#"aria-controls="sign-up-password" hidden>パスワードを表示</button>"#))
            #expect(japanese.contains(#"class="hint password-hint">15 文字以上にしてください。"#))
        }
        try await withService(.sqlite, .passwordPolicy(.kii)) { service in
            let english = try await service.send(.get, "/", language: "en", app: .none).text
            #expect(english.contains(#"data-minimum="4""#))
            #expect(english.contains(#"class="hint password-hint">4 to 50 characters: "#))
        }
    }

    @Test func corsForSDKClientsIsUnchanged() async throws {
        try await withService(.sqlite) { service in
            let preflight = try await service.send(
                .options,
                service.usersPath,
                app: .none,
                headers: [
                    .origin: "https://game.example", .accessControlRequestMethod: "POST",
                    .accessControlRequestHeaders: "x-kii-appid, x-kii-appkey, content-type",
                ]
            )
            #expect(preflight.headers[.accessControlAllowOrigin] == "*")
            let checks = try await service.send(
                .post,
                "/checks",
                json: "{}",
                app: .none,
                headers: [.origin: "https://game.example"]
            )
            #expect(checks.headers[.accessControlAllowOrigin] == "*")
        }
    }

    /// The value of `name="…"` in one tag.
    static func attribute(_ name: String, of tag: String) -> String? {
        guard let start = tag.range(of: #" \#(name)=""#) else { return nil }
        return tag[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
}
