import KiiIdentity
import KiiIdentityExport

/// Oversized input: every public entry point rejects 10 MB as fast as 1 KB.
///
/// Worst case: each input is made only of bytes the rule allows (`a` for usernames,
/// passwords, emails, display names and locales, `a@` and labels for emails, digits behind `+`
/// for phones, one valid JSON document for the JSON readers), so a check that looks at content
/// before length reads all of it. One scenario per entry point and shape. Its engine row checks
/// the 10 MB input; the 1 KB and 1 MB rows are the baselines, and the target "10 MB / 1 KB"
/// (`Targets`) must stay within 1.1x. Every row must reject (accepts = 0).
struct OversizedInputScenarios {
    /// The sizes measured, smallest first; the last is the engine row.
    static let sizes: [(label: String, bytes: Int)] = [("1 KB", 1 << 10), ("1 MB", 1 << 20), ("10 MB", 10 << 20)]

    /// The sizes for the JSON readers, whose limit is 1 MiB (``JSONValue/maximumTextBytes``):
    /// the smallest rejected text is 1 KB past it.
    static let jsonSizes: [(label: String, bytes: Int)] = [
        ("1 KB past the limit", JSONValue.maximumTextBytes + (1 << 10)), ("2 MB", 2 << 20), ("10 MB", 10 << 20),
    ]

    /// An entry point and the allowed-only text that gets furthest into it.
    private struct EntryPoint: Sendable {
        let name: String
        var prefix = ""
        let filler: String
        var suffix = ""
        var sizes = OversizedInputScenarios.sizes
        /// Makes the check of one input (so the bytes entry can convert its input beforehand).
        let prepare: @Sendable (String) -> @Sendable () -> Bool

        /// An entry point taking a `String`.
        static func text(
            _ name: String,
            prefix: String = "",
            _ filler: String,
            suffix: String = "",
            _ check: @escaping @Sendable (String) -> Bool
        ) -> Self {
            EntryPoint(
                name: name,
                prefix: prefix,
                filler: filler,
                suffix: suffix,
                sizes: suffix.isEmpty ? OversizedInputScenarios.sizes : OversizedInputScenarios.jsonSizes
            ) { input in { check(input) } }
        }
    }

    /// A JSON document of the given size: valid throughout, a record with a long display name.
    private static let jsonPrefix = #"{"loginName":"ann","password":"pw123456","displayName":""#

    private static let entryPoints: [EntryPoint] = [
        .text("Username", "a") { (try? Username($0)) != nil },
        .text("Username.isValid", "a") { Username.isValid($0) },
        .text("EmailAddress, a", "a") { (try? EmailAddress($0)) != nil },
        .text("EmailAddress, a@labels", prefix: "a@", "label.") { (try? EmailAddress($0)) != nil },
        .text("EmailAddress.isValid, a", "a") { EmailAddress.isValid($0) },
        .text("EmailAddress.isValid, a@labels", prefix: "a@", "label.") { EmailAddress.isValid($0) },
        .text("Password", "a") { (try? Password($0)) != nil },
        .text("Password.isValid", "a") { Password.isValid($0) },
        .text("DisplayName", "a") { (try? DisplayName($0)) != nil },
        .text("DisplayName.isValid", "a") { DisplayName.isValid($0) },
        .text("CountryCode", "J") { (try? CountryCode($0)) != nil },
        .text("CountryCode.isValid", "J") { CountryCode.isValid($0) },
        .text("LocaleTag", "a") { (try? LocaleTag($0)) != nil },
        .text("LocaleTag.isValid", "a") { LocaleTag.isValid($0) },
        .text("PhoneNumber(international:)", prefix: "+", "8") { (try? PhoneNumber(international: $0)) != nil },
        .text("PhoneNumber.isValid(international:)", prefix: "+", "8") { PhoneNumber.isValid(international: $0) },
        .text("PhoneNumber(local:country:)", "9") { (try? PhoneNumber(local: $0, country: "JP")) != nil },
        .text("PhoneNumber(rest:)", prefix: "JP-", "9") { (try? PhoneNumber(rest: $0)) != nil },
        .text("PhoneNumber(userInput:), +digits", prefix: "+", "8") { (try? PhoneNumber(userInput: $0)) != nil },
        .text("PhoneNumber(userInput:country:), digits", "9") {
            (try? PhoneNumber(userInput: $0, country: "JP")) != nil
        },
        .text("LoginIdentifier, a", "a") { (try? LoginIdentifier($0)) != nil },
        .text("LoginIdentifier, a@labels", prefix: "a@", "label.") { (try? LoginIdentifier($0)) != nil },
        .text("LoginIdentifier, +digits", prefix: "+", "8") { (try? LoginIdentifier($0)) != nil },
        .text("LoginIdentifier(country:), digits", "9") { (try? LoginIdentifier($0, country: "JP")) != nil },
        .text("LoginIdentifier(qualified:), EMAIL:a@labels", prefix: "EMAIL:a@", "label.") {
            (try? LoginIdentifier(qualified: $0)) != nil
        },
        .text("LoginIdentifier(qualified:), PHONE:+digits", prefix: "PHONE:+", "8") {
            (try? LoginIdentifier(qualified: $0)) != nil
        },
        .text("JSONValue(parsing:), valid JSON", prefix: jsonPrefix, "a", suffix: "\"}") {
            (try? JSONValue(parsing: $0)) != nil
        },
        .text("Registration(json:), valid JSON", prefix: jsonPrefix, "a", suffix: "\"}") {
            (try? Registration(json: $0)) != nil
        },
        EntryPoint(
            name: "JSONLineDecoder.decodeRecord, valid JSON line",
            prefix: jsonPrefix,
            filler: "a",
            suffix: "\"}",
            sizes: jsonSizes
        ) { input in
            let bytes = Array(input.utf8)
            let decoder = JSONLineDecoder()
            return { (try? decoder.decodeRecord(from: bytes).get()) != nil }
        },
    ]

    func all() -> [ScenarioEntry] {
        Self.entryPoints.map { entry in
            ScenarioEntry(name: "oversized input: \(entry.name)") { Self.scenario(entry) }
        }
    }

    private static func scenario(_ entry: EntryPoint) -> Scenario {
        var contenders: [Contender] = []
        let sizes = entry.sizes
        for (index, size) in sizes.enumerated() {
            let fill = size.bytes - entry.prefix.utf8.count - entry.suffix.utf8.count
            let input =
                entry.prefix + String(repeating: entry.filler, count: fill / entry.filler.utf8.count) + entry.suffix
            let check = entry.prepare(input)
            contenders.append(
                Contender(
                    name: "\(entry.name), \(size.label) input",
                    role: index == sizes.count - 1 ? .engine : .baseline
                ) { _ in check() }
            )
        }
        // The engine row first, as in every other scenario.
        contenders.insert(contenders.removeLast(), at: 0)
        return Scenario(
            name: "oversized input: \(entry.name)",
            summary: "one input of each size (\(sizes.map(\.label).joined(separator: ", "))) of allowed bytes only, "
                + "rejected as too long",
            inputCount: 1,
            contenders: contenders
        )
    }
}
