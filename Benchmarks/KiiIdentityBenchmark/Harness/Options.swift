import Foundation

/// The command line of `kii-identity-bench`.
struct BenchmarkOptions {
    /// Print JSON instead of the table.
    var json = false
    /// A CI smoke run: fewer rounds, shorter passes, no Swift `Regex` baselines (the slow ones).
    var quick = false
    /// Only the scenarios whose name contains one of these (case-insensitive); empty means all.
    var filters: [String] = []
    /// Rounds per scenario (each round times every contender once, in rotating order).
    var rounds = 9
    /// Minimum time of one timed sample, in nanoseconds.
    var sampleNanoseconds: Double = 20_000_000
    /// Skip the batch scaling measurement.
    var skipBatch = false
    /// Write the input mixes into `fixturesDirectory` instead of benchmarking.
    var generateFixtures = false
    /// Run only contender number N (0 is the engine) of the selected scenarios, `rounds`
    /// passes, for profiling under callgrind.
    var profileContender: Int?
    /// Where the input mixes are read from (and written to).
    var fixturesDirectory = FixtureFiles.defaultDirectory
    /// Lint generated exports with this `kii-identity` binary instead of benchmarking (`make bench-lint`).
    var lintTool: URL?
    /// Where the generated exports go.
    var lintExportsDirectory = URL(fileURLWithPath: ".build-bench/lint-exports")
    /// Records per generated export, in millions.
    var lintSizes = [1, 2, 10]

    static let usage = """
        USAGE: kii-identity-bench [--quick] [--json] [--filter NAME]... [--rounds N] [--no-batch]
                                  [--fixtures DIR] [--generate-fixtures]

          --quick              CI smoke run: 5 rounds of short samples, no Swift Regex rows (< 1 minute)
          --json               print the figures as JSON instead of the table
          --filter NAME        run only scenarios whose name contains NAME (repeatable)
          --rounds N           rounds per scenario (default 9; the median is reported;
                               the batch scaling runs 3x as many)
          --no-batch           skip the batch (1 vs 2 cores) scaling measurement
          --fixtures DIR       read the input mixes from DIR (default Fixtures/bench)
          --generate-fixtures  regenerate the input mixes into the fixtures directory and exit
          --profile N          run only row N (0 = engine) of the selected scenarios for --rounds passes,
                               nothing else (for valgrind --tool=callgrind)
          --lint-tool PATH     lint generated exports with this kii-identity binary on 1 and 2 threads
                               beside the floors (make bench-lint); --rounds runs each (default 3)
          --lint-exports DIR   where the generated exports go (default .build-bench/lint-exports)
          --lint-sizes LIST    records per export in millions, comma-separated (default 1,2,10)
        """

    /// Parses `arguments` (without the program name); prints the usage and exits on a mistake.
    static func parse(_ arguments: [String]) -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var remaining = arguments[...]
        func value(after flag: String) -> String {
            guard let next = remaining.popFirst() else { fail("\(flag) needs a value") }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--filter": options.filters.append(value(after: argument).lowercased())
            case "--rounds":
                guard let rounds = Int(value(after: argument)), rounds > 0 else { fail("--rounds needs a number > 0") }
                options.rounds = rounds
            case "--no-batch": options.skipBatch = true
            case "--fixtures": options.fixturesDirectory = URL(fileURLWithPath: value(after: argument))
            case "--generate-fixtures": options.generateFixtures = true
            case "--profile":
                guard let index = Int(value(after: argument)), index >= 0 else { fail("--profile needs a row number") }
                options.profileContender = index
            case "--lint-tool": options.lintTool = URL(fileURLWithPath: value(after: argument))
            case "--lint-exports": options.lintExportsDirectory = URL(fileURLWithPath: value(after: argument))
            case "--lint-sizes":
                let sizes = value(after: argument).split(separator: ",").compactMap { Int($0) }
                guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { fail("--lint-sizes needs numbers > 0") }
                options.lintSizes = sizes
            case "--help", "-h":
                print(usage)
                exit(0)
            default: fail("unknown argument '\(argument)'")
            }
        }
        if options.quick {
            // Five, not three: two rounds of three at a busy moment of the machine move the
            // median, and with it a ratio that has little margin (Performance.md, "Figures
            // behind the code's choices").
            if !arguments.contains("--rounds") { options.rounds = 5 }
            options.sampleNanoseconds = 2_000_000
        }
        return options
    }

    /// Whether the scenario `name` is selected by `--filter`: a filter equal to a scenario's
    /// name selects that scenario only (`country` is not `phone local + country`); otherwise
    /// a filter selects every name that contains it.
    func selects(_ name: String, among names: [String] = []) -> Bool {
        if filters.isEmpty { return true }
        let lowered = names.map { $0.lowercased() }
        return filters.contains { filter in
            lowered.contains(filter) ? name.lowercased() == filter : name.lowercased().contains(filter)
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("kii-identity-bench: \(message)\n\(usage)\n".utf8))
        exit(64)
    }
}
