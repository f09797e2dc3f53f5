import KiiIdentity

/// KiiIdentity's share of a rejected sign-up in a service: the request body read and judged
/// (`Registration(json:policy:)`), and the error's problems written for the answer
/// (`ValidationError.appendJSONProblems(in:to:)` into a Kii-style body, with the first problem's
/// message). The body is the one `make bench-signup` sends: five problems (username, email,
/// phone, password, country). The target: at most 2 µs in English.
struct RejectedSignUpScenarios {
    /// `Scripts/bench-signup/rejected.lua`'s body.
    static let body = Array(
        #"{"loginName":"a b","emailAddress":"not-an-email","phoneNumber":"+1415555","password":"pw","country":"jp"}"#
            .utf8
    )

    func all() -> [ScenarioEntry] {
        [ScenarioEntry(name: "rejected sign-up (the library's share)") { Self.scenario() }]
    }

    private static func scenario() -> Scenario {
        let policy = RegistrationPolicy()
        return Scenario(
            name: "rejected sign-up (the library's share)",
            summary: "one body with five problems, judged and written as the answer's problems",
            inputCount: 1,
            contenders: [
                Contender(name: "Registration(json:) + its problems as JSON, English", role: .engine) { _ in
                    answer(policy, .english) > 0
                },
                Contender(name: "the same, Japanese", role: .variant) { _ in answer(policy, .japanese) > 0 },
                Contender(name: "Registration(json:) alone", role: .variant) { _ in
                    (try? Registration(json: body, policy: policy)) == nil
                },
            ]
        )
    }

    /// The answer's length: `{"errorCode":…,"message":…,"errors":[…]}`.
    private static func answer(_ policy: RegistrationPolicy, _ language: ValidationError.Language) -> Int {
        do throws(ValidationError) {
            _ = try Registration(json: body, policy: policy)
            return 0
        } catch {
            var text = #"{"errorCode":"INVALID_INPUT_DATA","message":"#
            JSONValue.appendQuoted(error.problems.first?.message(in: language) ?? "", to: &text)
            text += #","errors":"#
            error.appendJSONProblems(in: language, to: &text)
            text += "}"
            return text.utf8.count
        }
    }
}
