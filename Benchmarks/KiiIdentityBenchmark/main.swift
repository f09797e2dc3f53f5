// kii-identity-bench: validation throughput with same-run baselines.
//
// `make bench` builds it in release mode and runs it; `--quick` is the CI smoke run.
import Foundation

let options = BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))

if options.generateFixtures {
    var generator = FixtureGenerator()
    do {
        try generator.writeAll(to: options.fixturesDirectory)
    } catch {
        FileHandle.standardError.write(Data("kii-identity-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if let tool = options.lintTool {
    let exports = LintExports(
        directory: options.lintExportsDirectory,
        tool: tool,
        sizes: options.lintSizes.map { $0 * 1_000_000 },
        rounds: CommandLine.arguments.contains("--rounds") ? options.rounds : 3,
        threads: [1, 2]
    )
    do {
        _ = try exports.run(json: options.json)
    } catch {
        FileHandle.standardError.write(Data("kii-identity-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

let sample = options.fixturesDirectory.deletingLastPathComponent().appendingPathComponent("sample-users.jsonl")
let allEntries =
    Scenarios(directory: options.fixturesDirectory, skipSwiftRegex: options.quick).all()
    + RecordScenarios(sample: sample).all()
    + OversizedInputScenarios().all()
    + ReportWritingScenarios().all()
    + RejectedSignUpScenarios().all()
let entries = allEntries.filter { options.selects($0.name, among: allEntries.map(\.name)) }

if let profile = options.profileContender {
    // Only the chosen contender, `--rounds` passes, nothing else: for valgrind's callgrind
    // (instructions per operation = `Timing.run`'s inclusive count / passes / inputs).
    for entry in entries {
        let scenario = entry.make()
        guard scenario.contenders.indices.contains(profile) else { continue }
        let contender = scenario.contenders[profile]
        // Warm-up outside `Timing.run`, so that its inclusive cost is the steady state.
        var warm = 0
        for index in 0..<scenario.inputCount where contender.accepts(index) { warm += 1 }
        Sink.consume(warm)
        let run = Timing.run(contender, inputCount: scenario.inputCount, passes: options.rounds)
        print(
            "\(scenario.name) / \(contender.name): \(options.rounds) passes of \(scenario.inputCount) inputs, "
                + "\(Double(run.nanoseconds) / Double(options.rounds * scenario.inputCount)) ns/op"
        )
    }
    exit(0)
}

let measurement = Measurement(rounds: options.rounds, sampleNanoseconds: options.sampleNanoseconds)
var results: [ScenarioResult] = []
for entry in entries {
    if !options.json {
        FileHandle.standardError.write(Data("measuring \(entry.name)...\n".utf8))
    }
    results.append(measurement.run(entry.make()))
}
// Batch rows are wall time on two threads of a machine whose speed drifts for seconds at a
// time, so they get three times the rounds (still under half a minute in all).
let batch =
    options.skipBatch || !options.selects("batch")
    ? []
    : BatchScaling(
        directory: options.fixturesDirectory,
        rounds: options.quick ? options.rounds : 3 * options.rounds,
        quick: options.quick
    ).run()

let report = BenchmarkReport(
    machine: MachineDescription.current,
    processors: ProcessInfo.processInfo.activeProcessorCount,
    rounds: options.rounds,
    quick: options.quick,
    allocationCounting: AllocationCounter.isActive
        ? "counted by a malloc/calloc/realloc/memalign interposer (CMallocCounter)"
        : "NOT counted: the malloc interposer is not active in this process",
    scenarios: results,
    targets: Targets.check(results),
    batchScaling: batch,
    checksum: Sink.value
)
print(options.json ? report.json() : report.table())
