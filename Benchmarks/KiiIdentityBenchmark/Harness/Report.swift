import Foundation

/// Everything one run measured: the JSON document, and the source of the table.
struct BenchmarkReport: Codable {
    let machine: String
    let processors: Int
    let rounds: Int
    let quick: Bool
    let allocationCounting: String
    let scenarios: [ScenarioResult]
    let targets: [TargetCheck]
    let batchScaling: [BatchScaling.Row]
    /// The sum of every result, printed so that no work can be optimised away.
    let checksum: Int

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf",
            negativeInfinity: "-inf",
            nan: "nan"
        )
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    func table() -> String {
        var out = """
            KiiIdentity benchmark: \(rounds) rounds per scenario, contenders interleaved; median ns/op [min - max]
            time: CPU time of the benchmark thread (CLOCK_THREAD_CPUTIME_ID); batch scaling: wall time
            machine: \(machine), \(processors) cores; heap allocations: \(allocationCounting)
            'engine x' = baseline time / engine time (above 1: the engine is faster); '*' marks the engine row

            """
        let header =
            "  " + pad("contender", 52, left: true) + pad("ns/op", 10) + pad("[min - max]", 22) + pad("ops/s", 10)
            + pad("engine x", 10) + pad("allocs/op", 11) + pad("allocs/valid", 13) + pad("accepts", 9)
        for scenario in scenarios {
            out += "\n\(scenario.name): \(scenario.summary); engine accepts \(scenario.valid)\n"
            out += header + "\n"
            for row in scenario.contenders {
                let marker = row.role == .engine ? "* " : (row.role == .variant ? "  (info) " : "  ")
                out +=
                    "  " + pad(marker + row.name, 52, left: true) + pad(Self.number(row.nanosecondsPerOperation), 10)
                    + pad(
                        "[\(Self.number(row.minimumNanoseconds)) - \(Self.number(row.maximumNanoseconds))]",
                        22
                    )
                    + pad(Self.rate(row.operationsPerSecond), 10)
                    + pad(row.engineSpeedup.map { Self.ratio($0) } ?? "-", 10)
                    + pad(row.allocationsPerOperation.map { String(format: "%.2f", $0) } ?? "-", 11)
                    + pad(row.allocationsPerValidInput.map { String(format: "%.2f", $0) } ?? "-", 13)
                    + pad(String(row.accepted), 9) + "\n"
            }
        }
        if !targets.isEmpty {
            out += "\nTargets\n"
            for check in targets {
                let figure =
                    check.required == "0"
                    ? String(format: "%.2f", check.measured)
                    : check.unit == "ms"
                        ? String(format: "%.1f ms", check.measured)
                        : check.unit == "ns" ? String(format: "%.0f ns", check.measured) : Self.ratio(check.measured)
                out +=
                    "  " + (check.met ? "MET     " : "NOT MET ") + pad(check.target, 66, left: true)
                    + pad(figure, 10) + "  (required \(check.required))\n"
            }
        }
        if !batchScaling.isEmpty {
            out += "\nBatch API scaling (BatchValidation.map), median ops/s [min - max], speedup over 1 worker\n"
            out += "(each round times every row back to back; the control rows are what this machine gives a\n"
            out += " second thread at the same moments, for arithmetic that touches no memory)\n"
            for row in batchScaling {
                let workers = row.workers.map { "\($0) worker\($0 == 1 ? "" : "s")" } ?? "all cores"
                out +=
                    "  " + pad(row.workload, 50, left: true) + pad("\(row.items) items x\(row.batchesPerSample)", 18)
                    + pad(workers, 12) + pad(Self.rate(row.operationsPerSecond), 10)
                    + pad(
                        "[\(Self.rate(row.minimumOperationsPerSecond)) - \(Self.rate(row.maximumOperationsPerSecond))]",
                        20
                    )
                    + pad(Self.ratio(row.speedup), 9) + "\n"
            }
        }
        out += "\nchecksum \(checksum)\n"
        return out
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let count = text.count
        if count >= width { return left ? text + " " : " " + text }
        let space = String(repeating: " ", count: width - count)
        return left ? text + space : space + text
    }

    /// A time or count with 3 significant figures.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value >= 1000 { return String(format: "%.0f", value) }
        if value >= 100 { return String(format: "%.1f", value) }
        if value >= 10 { return String(format: "%.2f", value) }
        return String(format: "%.2f", value)
    }

    static func rate(_ value: Double) -> String {
        if value >= 1e9 { return String(format: "%.2fG", value / 1e9) }
        if value >= 1e6 { return String(format: "%.1fM", value / 1e6) }
        if value >= 1e3 { return String(format: "%.1fk", value / 1e3) }
        return String(format: "%.0f", value)
    }

    static func ratio(_ value: Double) -> String {
        if value >= 100 { return String(format: "%.0fx", value) }
        return String(format: "%.2fx", value)
    }
}
