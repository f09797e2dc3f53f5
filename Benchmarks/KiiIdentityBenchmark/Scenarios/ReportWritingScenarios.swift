@_spi(ToolInternals) import KiiIdentity

/// Writing a long JSON report with ``JSONWriter``, in the shape of `kii-identity lint`'s: an
/// object holding an array of conflict objects.
///
/// The engine row writes one report of 100,000 conflicts; the baseline writes 100 reports of
/// 1,000, the same conflicts in all. Per conflict they must cost the same (the target
/// "one long report / short reports", `Targets`, is at most 1.5x): a writer that copied its
/// text once per object would make the long report quadratic, as one did before this row.
struct ReportWritingScenarios {
    /// A uniqueness conflict as the report lists it.
    private struct Conflict {
        let key: String
        let value: String
        let lines: [Int]
    }

    private static let conflictCount = 100_000
    private static let shortReport = 1_000

    func all() -> [ScenarioEntry] {
        [ScenarioEntry(name: "JSON report of conflicts") { Self.scenario() }]
    }

    private static func scenario() -> Scenario {
        let conflicts = (0..<conflictCount).map { index in
            Conflict(key: "email", value: "user\(index)@example.com", lines: [index * 10 + 1, index * 10 + 7])
        }
        let starts = Array(stride(from: 0, to: conflictCount, by: shortReport))
        return Scenario(
            name: "JSON report of conflicts",
            summary: "\(conflictCount) conflicts written as JSON, in one report or in reports of \(shortReport)",
            inputCount: 1,
            contenders: [
                Contender(name: "one report of \(conflictCount) conflicts", role: .engine) { _ in
                    report(conflicts[...]) > 0
                },
                Contender(name: "\(conflictCount / shortReport) reports of \(shortReport) conflicts", role: .baseline) {
                    _ in
                    var bytes = 0
                    for start in starts { bytes += report(conflicts[start..<start + shortReport]) }
                    return bytes > 0
                },
            ]
        )
    }

    /// The report's text length: `{"records":…,"conflicts":[{"key","value","lines"},…]}`.
    private static func report(_ conflicts: ArraySlice<Conflict>) -> Int {
        var writer = JSONWriter()
        writer.object { object in
            object.member("records", .integer(conflicts.count))
            object.member("conflicts") { writer in
                writer.array(conflicts) { writer, conflict in
                    writer.object { members in
                        members.member("key", .string(conflict.key))
                        members.member("value", .string(conflict.value))
                        members.member("lines") { writer in
                            writer.array(conflict.lines) { writer, line in writer.value(.integer(line)) }
                        }
                    }
                }
            }
        }
        return writer.text.utf8.count
    }
}
