// kii-identity-bench: validation throughput with same-run baselines (issue 5).
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

let scenarios = Scenarios(directory: options.fixturesDirectory, skipSwiftRegex: options.quick).all()
    .filter { options.selects($0.name) }
let measurement = Measurement(rounds: options.rounds, sampleNanoseconds: options.sampleNanoseconds)
var results: [ScenarioResult] = []
for scenario in scenarios {
    if !options.json {
        FileHandle.standardError.write(Data("measuring \(scenario.name)...\n".utf8))
    }
    results.append(measurement.run(scenario))
}
let batch =
    options.skipBatch || !options.selects("batch")
    ? [] : BatchScaling(directory: options.fixturesDirectory, rounds: options.rounds, quick: options.quick).run()

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
