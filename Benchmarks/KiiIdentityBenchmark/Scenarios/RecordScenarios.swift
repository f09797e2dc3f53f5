import Foundation
import KiiIdentity

/// Registration of records, and lint throughput on `Fixtures/sample-users.jsonl`.
///
/// The CLI's lint (`kii-identity lint`) keeps its record reading in the executable target, which
/// the benchmark cannot import, so "lint" here is what it does per record through the library:
/// decode the JSON line, validate the registration (or pseudo-user registration), and take the
/// uniqueness keys.
struct RecordScenarios {
    /// One record of the sample export (the members the CLI documents).
    struct SampleRecord: Decodable {
        var username: String?
        var email: String?
        var phone: String?
        var country: String?
        var password: String?
        var displayName: String?
        var locale: String?
        var custom: [String: JSONValue]?
        var pseudo: Bool?
    }

    let sample: URL

    func all() -> [ScenarioEntry] {
        guard FileManager.default.fileExists(atPath: sample.path) else { return [] }
        return [
            ScenarioEntry(name: "registration of a record") { registration(decoded(lines())) },
            ScenarioEntry(name: "lint (records/s)") { lint(lines()) },
        ]
    }

    private func lines() -> [String] {
        FixtureFiles.lines(sample.lastPathComponent, in: sample.deletingLastPathComponent())
    }

    private func decoded(_ lines: [String]) -> [SampleRecord?] {
        let decoder = JSONDecoder()
        return lines.map { try? decoder.decode(SampleRecord.self, from: Data($0.utf8)) }
    }

    /// Validates one decoded record; returns its uniqueness keys' count, or `nil` when invalid.
    static func check(_ record: SampleRecord) -> Int? {
        let fields = UserFields(
            displayName: record.displayName,
            country: record.country,
            locale: record.locale,
            custom: record.custom ?? [:]
        )
        let identity = IdentityData(username: record.username, email: record.email, phone: record.phone)
        if record.pseudo == true {
            return (try? PseudoUserRegistration(fields: fields, identity: identity, password: record.password)) != nil
                ? 0 : nil
        }
        guard
            let registration = try? Registration(
                identity: identity,
                password: record.password ?? "",
                fields: fields
            )
        else { return nil }
        return registration.uniquenessKeys.all.count
    }

    func registration(_ records: [SampleRecord?]) -> Scenario {
        Scenario(
            name: "registration of a record",
            summary: "\(records.count) decoded records of sample-users.jsonl: Registration + uniqueness keys",
            inputCount: records.count,
            contenders: [
                Contender(name: "Registration(identity:password:fields:)", role: .engine) { index in
                    guard let record = records[index], let keys = Self.check(record) else { return false }
                    Sink.value &+= keys
                    return true
                }
            ]
        )
    }

    func lint(_ lines: [String]) -> Scenario {
        let decoder = JSONDecoder()
        return Scenario(
            name: "lint (records/s)",
            summary: "\(lines.count) JSON lines of sample-users.jsonl: JSONDecoder + Registration + keys",
            inputCount: lines.count,
            contenders: [
                Contender(name: "decode + Registration + keys", role: .engine) { index in
                    guard let record = try? decoder.decode(SampleRecord.self, from: Data(lines[index].utf8)),
                        let keys = Self.check(record)
                    else { return false }
                    Sink.value &+= keys
                    return true
                },
                Contender(name: "JSONDecoder alone (for scale)", role: .variant) { index in
                    (try? decoder.decode(SampleRecord.self, from: Data(lines[index].utf8))) != nil
                },
            ]
        )
    }
}
