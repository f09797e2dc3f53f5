/// The speed targets of issue 5, judged on the figures of one run.
struct TargetCheck: Codable {
    let target: String
    let scenario: String
    /// The measured figure, as the target states it.
    let measured: Double
    let required: String
    let met: Bool
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
        for name in ["phone international, valid only", "phone local, valid only"] {
            guard let result = results.first(where: { $0.name == name }),
                let speedup = result.baseline("libphonenumber")?.engineSpeedup
            else { continue }
            checks.append(
                TargetCheck(
                    target: "\(name): speed vs the libphonenumber pipeline",
                    scenario: name,
                    measured: speedup,
                    required: ">= 1x (no slower)",
                    met: speedup >= 1
                )
            )
        }
        // Issue 13: a worst-case 10 MB input is rejected within 1.1x of the smallest rejected
        // one's time (1 KB; 1 KB past the 1 MiB limit for the JSON readers).
        for result in results where result.name.hasPrefix("oversized input: ") {
            // The baselines come in size order: the first is the smallest rejected input.
            guard let small = result.contenders.first(where: { $0.role == .baseline }) else { continue }
            let ratio = result.engine.nanosecondsPerOperation / small.nanosecondsPerOperation
            checks.append(
                TargetCheck(
                    target: "\(result.name): 10 MB time / \(small.name.split(separator: ", ").last ?? "smallest")",
                    scenario: result.name,
                    measured: ratio,
                    required: "<= 1.1x",
                    met: ratio <= 1.1
                )
            )
        }
        return checks
    }
}
