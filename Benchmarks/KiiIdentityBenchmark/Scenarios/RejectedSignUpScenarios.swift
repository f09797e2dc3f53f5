import KiiIdentity

/// KiiIdentity's share of a rejected sign-up in a service, as `Examples/SignUpService` does it:
/// the request body read (`JSONValue(parsing:)`, members starting with `_` dropped, as Kii does)
/// and judged (`Registration(json:policy:)`), and Kii's error body written into one byte buffer
/// (`{"errorCode","errors","message"}`: `ValidationError.appendKiiErrorBody(errorCode:in:to:)`).
/// The body is the one `make bench-signup` sends: five problems (username, email, phone,
/// password, country). The target: at most 2 µs in English; `make bench-signup` puts this row
/// beside the server's time a request.
struct RejectedSignUpScenarios {
    /// `Scripts/bench-signup/rejected.lua`'s body.
    static let body = Array(
        #"{"loginName":"a b","emailAddress":"not-an-email","phoneNumber":"+1415555","password":"pw","country":"jp"}"#
            .utf8
    )

    /// The scenario's name, which `Targets` and `make bench-signup` look for.
    static let name = "rejected sign-up (the library's share)"

    func all() -> [ScenarioEntry] {
        [ScenarioEntry(name: Self.name) { Self.scenario() }]
    }

    private static func scenario() -> Scenario {
        let policy = RegistrationPolicy()
        return Scenario(
            name: name,
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

    /// The answer's length: `{"errorCode":…,"errors":[…],"message":…}`.
    private static func answer(_ policy: RegistrationPolicy, _ language: ValidationError.Language) -> Int {
        do throws(ValidationError) {
            guard case .object(var members) = try JSONValue(parsing: body) else { return 0 }
            for name in members.keys where name.utf8.first == UInt8(ascii: "_") { members[name] = nil }
            _ = try Registration(json: members, policy: policy)
            return 0
        } catch {
            var bytes: [UInt8] = []
            error.appendKiiErrorBody(errorCode: "INVALID_INPUT_DATA", in: language, to: &bytes)
            return bytes.count
        }
    }
}
