import KiiIdentity

/// Oversized input (issue 6): every entry point rejects a 10 MB string as fast as a 1 KB one.
///
/// One scenario per entry point. Its engine row checks a 10 MB input; the 1 KB and 1 MB rows
/// are the baselines, so the ratio column reads "10 MB time / 1 KB time" inverted: about 1.00x
/// when rejection does not depend on the length. Every row must reject (accepts = 0).
struct OversizedInputScenarios {
    /// The sizes measured, smallest first; the last is the engine row.
    static let sizes: [(label: String, bytes: Int)] = [("1 KB", 1 << 10), ("1 MB", 1 << 20), ("10 MB", 10 << 20)]

    /// An entry point and the shape of text that gets furthest into it before the length check.
    private struct EntryPoint: Sendable {
        let name: String
        var prefix = ""
        let filler: String
        let check: @Sendable (String) -> Bool
    }

    private static let entryPoints: [EntryPoint] = [
        EntryPoint(name: "Username", filler: "a") { (try? Username($0)) != nil },
        EntryPoint(name: "EmailAddress", prefix: "x@", filler: "a") { (try? EmailAddress($0)) != nil },
        EntryPoint(name: "Password", filler: "p") { (try? Password($0)) != nil },
        EntryPoint(name: "DisplayName", filler: "é") { (try? DisplayName($0)) != nil },
        EntryPoint(name: "CountryCode", filler: "J") { (try? CountryCode($0)) != nil },
        EntryPoint(name: "LocaleTag", filler: "en-") { (try? LocaleTag($0)) != nil },
        EntryPoint(name: "PhoneNumber(international:)", filler: "1") { (try? PhoneNumber(international: $0)) != nil },
        EntryPoint(name: "PhoneNumber(local:country:)", filler: "0") {
            (try? PhoneNumber(local: $0, country: "JP")) != nil
        },
        EntryPoint(name: "PhoneNumber(rest:)", filler: "9") { (try? PhoneNumber(rest: $0)) != nil },
        EntryPoint(name: "PhoneNumber(userInput:country:)", filler: "9 ") {
            (try? PhoneNumber(userInput: $0, country: "JP")) != nil
        },
        EntryPoint(name: "LoginIdentifier", filler: "a") { (try? LoginIdentifier($0)) != nil },
    ]

    func all() -> [ScenarioEntry] {
        Self.entryPoints.map { entry in
            ScenarioEntry(name: "oversized input: \(entry.name)") { Self.scenario(entry) }
        }
    }

    private static func scenario(_ entry: EntryPoint) -> Scenario {
        let inputs = sizes.map { size in
            entry.prefix + String(repeating: entry.filler, count: size.bytes / entry.filler.utf8.count)
        }
        var contenders: [Contender] = []
        for (index, size) in sizes.enumerated() {
            let input = inputs[index]
            let check = entry.check
            contenders.append(
                Contender(
                    name: "\(entry.name), \(size.label) input",
                    role: index == sizes.count - 1 ? .engine : .baseline
                ) { _ in check(input) }
            )
        }
        // The engine row first, as in every other scenario.
        contenders.insert(contenders.removeLast(), at: 0)
        return Scenario(
            name: "oversized input: \(entry.name)",
            summary: "one input of each size (\(sizes.map(\.label).joined(separator: ", "))), rejected as too long",
            inputCount: 1,
            contenders: contenders
        )
    }
}
