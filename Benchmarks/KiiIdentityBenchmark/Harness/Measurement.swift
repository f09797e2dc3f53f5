/// The figures of one contender in one scenario.
struct ContenderResult: Codable {
    let name: String
    let role: Contender.Role
    /// Nanoseconds per operation, one sample per round.
    let samples: Samples
    /// Median nanoseconds per operation.
    let nanosecondsPerOperation: Double
    let minimumNanoseconds: Double
    let maximumNanoseconds: Double
    let operationsPerSecond: Double
    /// For a baseline: its median time over the engine's (how many times faster the engine is).
    let engineSpeedup: Double?
    /// Heap allocations per operation over the whole mix.
    let allocationsPerOperation: Double?
    /// Heap allocations per operation over the inputs the engine accepts.
    let allocationsPerValidInput: Double?
    /// Inputs this contender accepts (the rules differ for some baselines).
    let accepted: Int
}

/// The figures of one scenario.
struct ScenarioResult: Codable {
    let name: String
    let summary: String
    let inputs: Int
    /// Inputs the engine accepts.
    let valid: Int
    let contenders: [ContenderResult]

    var engine: ContenderResult { contenders.first { $0.role == .engine }! }

    /// The baseline called `name`, if the scenario has one.
    func baseline(_ prefix: String) -> ContenderResult? {
        contenders.first { $0.role == .baseline && $0.name.hasPrefix(prefix) }
    }
}

/// Runs a scenario: warm-up, calibration, interleaved rounds, allocation counts.
struct Measurement {
    let rounds: Int
    let sampleNanoseconds: Double

    func run(_ scenario: Scenario) -> ScenarioResult {
        let contenders = scenario.contenders
        let count = scenario.inputCount
        // Warm-up pass (first-use set-up happens here) and calibration from a second pass.
        var passes: [Int] = []
        var accepted: [Int] = []
        for contender in contenders {
            _ = Timing.run(contender, inputCount: count, passes: 1)
            let pass = Timing.run(contender, inputCount: count, passes: 1)
            passes.append(Timing.passes(forSample: sampleNanoseconds, passNanoseconds: pass.nanoseconds))
            accepted.append(pass.accepted)
        }
        // Rounds: every contender once per round, starting with a different one each round.
        var samples = [Samples](repeating: Samples(), count: contenders.count)
        for round in 0..<rounds {
            for offset in 0..<contenders.count {
                let which = (round + offset) % contenders.count
                let timed = Timing.run(contenders[which], inputCount: count, passes: passes[which])
                samples[which].nanosecondsPerOperation.append(
                    Double(timed.nanoseconds) / Double(passes[which] * max(count, 1))
                )
            }
        }
        let engine = scenario.engine
        let validIndices = (0..<count).filter { engine.accepts($0) }
        let engineMedian = samples[contenders.firstIndex { $0.role == .engine }!].median
        let results = contenders.indices.map { which in
            let contender = contenders[which]
            let median = samples[which].median
            return ContenderResult(
                name: contender.name,
                role: contender.role,
                samples: samples[which],
                nanosecondsPerOperation: median,
                minimumNanoseconds: samples[which].minimum,
                maximumNanoseconds: samples[which].maximum,
                operationsPerSecond: 1e9 / median,
                engineSpeedup: contender.role == .baseline ? median / engineMedian : nil,
                allocationsPerOperation: AllocationCounter.perOperation(contender, indices: Array(0..<count)),
                allocationsPerValidInput: AllocationCounter.perOperation(contender, indices: validIndices),
                accepted: accepted[which]
            )
        }
        return ScenarioResult(
            name: scenario.name,
            summary: scenario.summary,
            inputs: count,
            valid: validIndices.count,
            contenders: results
        )
    }
}
