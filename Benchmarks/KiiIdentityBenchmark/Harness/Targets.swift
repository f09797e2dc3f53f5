/// The speed targets, judged on the figures of one run.
struct TargetCheck: Codable {
    let target: String
    let scenario: String
    /// The measured figure, as the target states it.
    let measured: Double
    let required: String
    let met: Bool
    /// What `measured` counts: `x` for a ratio, `ms` for a time.
    var unit = "x"
}

enum Targets {
    /// The ASCII field validators and classification: >= 50x NSRegularExpression, within 2x
    /// of the raw byte loop, 0 heap allocations per valid input.
    static let asciiScenarios = ["username", "email", "password", "country", "classification"]

    static func check(_ results: [ScenarioResult]) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for name in asciiScenarios {
            guard let result = results.first(where: { $0.name == name }) else { continue }
            let engine = result.engine
            if let regex = result.baseline("NSRegularExpression"), let speedup = regex.engineSpeedup {
                checks.append(
                    TargetCheck(
                        target: "\(name): speed vs NSRegularExpression",
                        scenario: name,
                        measured: speedup,
                        required: ">= 50x",
                        met: speedup >= 50
                    )
                )
            }
            if let loop = result.baseline("raw byte loop") {
                let ratio = engine.nanosecondsPerOperation / loop.nanosecondsPerOperation
                checks.append(
                    TargetCheck(
                        target: "\(name): time / raw byte loop time",
                        scenario: name,
                        measured: ratio,
                        required: "<= 2x",
                        met: ratio <= 2
                    )
                )
            }
            if let allocations = engine.allocationsPerValidInput {
                checks.append(
                    TargetCheck(
                        target: "\(name): heap allocations per valid input",
                        scenario: name,
                        measured: allocations,
                        required: "0",
                        met: allocations == 0
                    )
                )
            }
        }
        if let rejects = results.first(where: { $0.name == "phone syntax rejects" }),
            let speedup = rejects.baseline("libphonenumber")?.engineSpeedup
        {
            checks.append(
                TargetCheck(
                    target: "phone syntax rejects: cheaper than the libphonenumber pipeline",
                    scenario: rejects.name,
                    measured: speedup,
                    required: ">= 1000x",
                    met: speedup >= 1000
                )
            )
        }
        // The nickname policy and the lookalike key against what they add to: a speedup at
        // least, or a cost (engine time / baseline time) at most.
        let addedCosts: [(scenario: String, baseline: String, target: String, bound: Double, isSpeedup: Bool)] = [
            ("display name, ASCII (nickname)", "Kii's rule", "nickname time / Kii's rule time", 3, false),
            ("display name, non-ASCII (nickname)", "Foundation by hand", "speed vs Foundation by hand", 5, true),
            ("display name, decomposed (nickname)", "Foundation by hand", "speed vs Foundation by hand", 5, true),
            (
                "username with lookalike key", "Username.init alone", "time with lookalike key / time without", 1.2,
                false
            ),
        ]
        for (name, baseline, target, bound, isSpeedup) in addedCosts {
            guard let result = results.first(where: { $0.name == name }),
                let speedup = result.baseline(baseline)?.engineSpeedup
            else { continue }
            let measured = isSpeedup ? speedup : 1 / speedup
            checks.append(
                TargetCheck(
                    target: "\(name.split(separator: " (").first ?? ""): \(target)",
                    scenario: name,
                    measured: measured,
                    required: isSpeedup
                        ? ">= \(Int(bound))x" : "<= \(bound == bound.rounded() ? String(Int(bound)) : String(bound))x",
                    met: isSpeedup ? measured >= bound : measured <= bound
                )
            )
        }
        // The compiled phone engine against the raw libphonenumber pipeline.
        let phoneTargets: [(scenario: String, baseline: String, factor: Double)] = [
            ("phone international, valid only", "libphonenumber", 100),
            ("phone local, valid only", "libphonenumber", 50),
            ("REST form", "libphonenumber", 50),
            ("phone user input", "libphonenumber", 20),
        ]
        for (name, baseline, factor) in phoneTargets {
            guard let result = results.first(where: { $0.name == name }),
                let speedup = result.baseline(baseline)?.engineSpeedup
            else { continue }
            checks.append(
                TargetCheck(
                    target: "\(name): speed vs the libphonenumber pipeline",
                    scenario: name,
                    measured: speedup,
                    required: ">= \(Int(factor))x",
                    met: speedup >= factor
                )
            )
        }
        if let formats = results.first(where: { $0.name == "phone formats" }),
            let speedup = formats.baseline("libphonenumber Format")?.engineSpeedup
        {
            checks.append(
                TargetCheck(
                    target: "phone formats: speed vs libphonenumber's Format",
                    scenario: formats.name,
                    measured: speedup,
                    required: ">= 10x",
                    met: speedup >= 10
                )
            )
        }
        if let load = results.first(where: { $0.name == Scenarios.passwordBlocklistLoadName }) {
            let milliseconds = load.engine.nanosecondsPerOperation / 1e6
            checks.append(
                TargetCheck(
                    target: "password blocklist: the full set's file loaded (read and verified)",
                    scenario: load.name,
                    measured: milliseconds,
                    required: "<= 100 ms",
                    met: milliseconds <= 100,
                    unit: "ms"
                )
            )
        }
        if let warmUp = results.first(where: { $0.name == "phone metadata warm-up" }) {
            let milliseconds = warmUp.engine.nanosecondsPerOperation / 1e6
            checks.append(
                TargetCheck(
                    target: "phone warm-up from nothing (bundled metadata, every calling code)",
                    scenario: warmUp.name,
                    measured: milliseconds,
                    required: "<= 250 ms",
                    met: milliseconds <= 250,
                    unit: "ms"
                )
            )
        }
        // What a service spends in the library on a sign-up it rejects (issue "Names that are
        // safe to show"): the body read and judged, the answer's problems written, in English.
        if let rejected = results.first(where: { $0.name == RejectedSignUpScenarios.name }) {
            let nanoseconds = rejected.engine.nanosecondsPerOperation
            checks.append(
                TargetCheck(
                    target: "rejected sign-up: the library's share (English)",
                    scenario: rejected.name,
                    measured: nanoseconds,
                    required: "<= 2000 ns",
                    met: nanoseconds <= 2000,
                    unit: "ns"
                )
            )
        }
        // The password blocklist's lookup alone (issue "Passwords that won't be guessed").
        let lookups: [(scenario: String, target: String, bound: Double)] = [
            (Scenarios.passwordBlocklistName, "password blocklist lookup, in-library set", 100),
            (Scenarios.passwordBlocklistFullName, "password blocklist lookup, full set's file", 150),
            (Scenarios.passwordNISTName, "password under .nist, 16 ASCII characters, blocklist and context", 500),
        ]
        for (name, target, bound) in lookups {
            guard let result = results.first(where: { $0.name == name }) else { continue }
            let nanoseconds = result.engine.nanosecondsPerOperation
            checks.append(
                TargetCheck(
                    target: target,
                    scenario: name,
                    measured: nanoseconds,
                    required: "<= \(Int(bound)) ns",
                    met: nanoseconds <= bound,
                    unit: "ns"
                )
            )
        }
        if let mix = results.first(where: { $0.name == "phone international (mobile only)" }),
            let allocations = mix.contenders.first(where: { $0.name.hasPrefix("PhoneNumber.isValid") })?
                .allocationsPerValidInput
        {
            checks.append(
                TargetCheck(
                    target: "PhoneNumber.isValid(international:): heap allocations per valid number",
                    scenario: mix.name,
                    measured: allocations,
                    required: "0",
                    met: allocations == 0
                )
            )
        }
        checks += recordTargets(results)
        if let report = results.first(where: { $0.name == "JSON report of conflicts" }),
            let short = report.contenders.first(where: { $0.role == .baseline })
        {
            let ratio = report.engine.nanosecondsPerOperation / short.nanosecondsPerOperation
            checks.append(
                TargetCheck(
                    target: "JSON report: one long report / short reports of the same conflicts",
                    scenario: report.name,
                    measured: ratio,
                    required: "<= 1.5x",
                    met: ratio <= 1.5
                )
            )
        }
        return checks
    }

    /// A lint line within 3x the sum of its field checks, a registration within 2x,
    /// at most 2 heap allocations per valid line.
    static func recordTargets(_ results: [ScenarioResult]) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        let targets: [(scenario: String, what: String, factor: Double)] = [
            ("lint (records/s)", "lint line", 3),
            ("registration of a record", "Registration", 2),
        ]
        for (name, what, factor) in targets {
            guard let result = results.first(where: { $0.name == name }),
                let sum = result.contenders.first(where: { $0.name.hasPrefix("sum of") })
            else { continue }
            let ratio = result.engine.nanosecondsPerOperation / sum.nanosecondsPerOperation
            checks.append(
                TargetCheck(
                    target: "\(what) / sum of its field checks",
                    scenario: name,
                    measured: ratio,
                    required: "<= \(Int(factor))x",
                    met: ratio <= factor
                )
            )
        }
        if let lint = results.first(where: { $0.name == "lint (records/s)" }),
            let allocations = lint.engine.allocationsPerValidInput
        {
            checks.append(
                TargetCheck(
                    target: "lint line: heap allocations per valid line",
                    scenario: lint.name,
                    measured: allocations,
                    required: "<= 2",
                    met: allocations <= 2
                )
            )
        }
        return checks
    }
}
