import Foundation
@_spi(Probes) import KiiIdentity
@_spi(Probes) @_spi(ToolInternals) import KiiIdentityExport

/// Registration of records, and lint throughput on `Fixtures/sample-users.jsonl`.
///
/// "lint" here is what `kii-identity lint` does per record, through the export reader it uses
/// (`KiiIdentityExport`): decode the JSON line (``JSONLineDecoder/decodeRecord(from:)``), then
/// ``RecordCheck``: the registration (or pseudo-user registration), its keys and its body.
struct RecordScenarios {
    let sample: URL

    func all() -> [ScenarioEntry] {
        guard FileManager.default.fileExists(atPath: sample.path) else { return [] }
        return [
            ScenarioEntry(name: "registration of a record") { registration(decoded(lines())) },
            ScenarioEntry(name: "lint (records/s)") { lint(lines()) },
            ScenarioEntry(name: "stored record read back") { storedRead(decoded(lines())) },
        ]
    }

    private func lines() -> [[UInt8]] {
        FixtureFiles.lines(sample.lastPathComponent, in: sample.deletingLastPathComponent()).map { Array($0.utf8) }
    }

    /// The records the reader reads without a problem of their own (as `lint` counts them).
    private func decoded(_ lines: [[UInt8]]) -> [ExportRecord?] {
        let decoder = JSONLineDecoder()
        return lines.map { line in
            (try? decoder.decodeRecord(from: line).get()).flatMap { $0.inputProblems.isEmpty ? $0 : nil }
        }
    }

    /// What a registration of one decoded record takes, built from the record before the clock
    /// runs, as the field checks get their strings: the timed rows measure the initialisers,
    /// not the export reader's conversions (`ExportRecord.identity` and `.fields` build new
    /// values on every read).
    struct RegistrationInput {
        let pseudo: Bool
        let identity: IdentityData
        let password: String?
        let fields: UserFields

        init(_ record: ExportRecord) {
            pseudo = record.pseudo == true
            identity = record.identity
            password = record.password
            fields = record.fields
        }
    }

    /// Validates one record's input under the default policy; returns its uniqueness keys'
    /// count, or `nil` when invalid.
    static func check(_ input: RegistrationInput) -> Int? {
        register(input) { identity, password, fields throws(ValidationError) in
            try Registration(identity: identity, password: password, fields: fields)
        }
    }

    /// As ``check(_:)``, with phone verdicts from libphonenumber itself: the rows of the engine
    /// before the compiled one, in the same run.
    static func checkWithPreviousEngine(_ input: RegistrationInput) -> Int? {
        register(input) { identity, password, fields throws(ValidationError) in
            try Registration(identity: identity, password: password, fields: fields, phoneVerdicts: .libphonenumber)
        }
    }

    /// A pseudo user's registration, or `registration` of a user's identity, password and fields.
    @inline(__always)
    private static func register(
        _ input: RegistrationInput,
        _ registration: (IdentityData, String, UserFields) throws(ValidationError) -> Registration
    ) -> Int? {
        if input.pseudo {
            let pseudo = try? PseudoUserRegistration(
                fields: input.fields,
                identity: input.identity,
                password: input.password
            )
            return pseudo != nil ? 0 : nil
        }
        guard let registration = try? registration(input.identity, input.password ?? "", input.fields) else {
            return nil
        }
        return registration.uniquenessKeys.all.count
    }

    /// Every field check a registration of `record` runs, each field's own initialiser (value or
    /// error) on its own, nothing else: what the record costs at least. `true` when all pass.
    static func fieldChecks(_ record: ExportRecord, policy: PhonePolicy = .default) -> Bool {
        var valid = true
        func run<Field: IdentityField>(_ type: Field.Type, _ raw: String?) {
            guard let raw else { return }
            if (try? Field(raw)) == nil { valid = false }
        }
        run(Username.self, record.username)
        run(EmailAddress.self, record.email)
        run(Password.self, record.password ?? "")
        run(DisplayName.self, record.displayName)
        run(CountryCode.self, record.country)
        run(LocaleTag.self, record.locale)
        if let phone = record.phone {
            let number: PhoneNumber?
            if phone.utf8.first == UInt8(ascii: "+") {
                number = try? PhoneNumber(international: phone, policy: policy)
            } else if phone.utf8.count > 2, phone.utf8.dropFirst(2).first == UInt8(ascii: "-") {
                number = try? PhoneNumber(rest: phone, policy: policy)
            } else if let country = record.country {
                number = try? PhoneNumber(local: phone, country: country, policy: policy)
            } else {
                number = nil
            }
            if number == nil { valid = false }
        }
        return valid
    }

    func registration(_ records: [ExportRecord?]) -> Scenario {
        let inputs = records.map { $0.map(RegistrationInput.init) }
        return Scenario(
            name: "registration of a record",
            summary: "\(records.count) decoded records of sample-users.jsonl: Registration + uniqueness keys",
            inputCount: records.count,
            contenders: [
                Contender(name: "Registration(identity:password:fields:)", role: .engine) { index in
                    guard let input = inputs[index], let keys = Self.check(input) else { return false }
                    Sink.value &+= keys
                    return true
                },
                Contender(name: "sum of its field checks", role: .variant) { index in
                    guard let record = records[index] else { return false }
                    return Self.fieldChecks(record)
                },
                Contender(name: "previous engine (libphonenumber phones)", role: .baseline) { index in
                    guard let input = inputs[index], let keys = Self.checkWithPreviousEngine(input)
                    else { return false }
                    Sink.value &+= keys
                    return true
                },
            ]
        )
    }

    /// The `record` column a service stores for each valid record (`JSONValue.object(record.json)`),
    /// read back by its shape and, as before, by the rules.
    func storedRead(_ records: [ExportRecord?]) -> Scenario {
        let texts: [String] = records.compactMap { record in
            guard let record else { return nil }
            let stored: UserRecord?
            if record.pseudo == true {
                stored =
                    (try? PseudoUserRegistration(
                        fields: record.fields,
                        identity: record.identity,
                        password: record.password
                    ))?.body
            } else {
                stored =
                    (try? Registration(
                        identity: record.identity,
                        password: record.password ?? "",
                        fields: record.fields
                    ))?.record
            }
            return stored.map { JSONValue.object($0.json).description }
        }
        return Scenario(
            name: "stored record read back",
            summary: "the \(texts.count) record columns of the valid records of sample-users.jsonl",
            inputCount: texts.count,
            contenders: [
                Contender(name: "UserRecord(storedJSON:) (shape)", role: .engine) { index in
                    guard let record = try? UserRecord(storedJSON: texts[index]) else { return false }
                    Sink.value &+= record.custom.count
                    return true
                },
                Contender(name: "UserRecord(json:) (every rule)", role: .baseline) { index in
                    guard let record = try? UserRecord(json: texts[index]) else { return false }
                    Sink.value &+= record.custom.count
                    return true
                },
                Contender(name: "floor: strict JSON reader alone", role: .variant) { index in
                    (try? JSONValue(parsing: texts[index])) != nil
                },
            ]
        )
    }

    func lint(_ lines: [[UInt8]]) -> Scenario {
        let decoder = JSONLineDecoder()
        let policy = RegistrationPolicy()
        let records = lines.map { (try? decoder.decodeRecord(from: $0).get()) ?? ExportRecord() }
        return Scenario(
            name: "lint (records/s)",
            summary: "\(lines.count) JSON lines of sample-users.jsonl: what kii-identity lint does per line",
            inputCount: lines.count,
            contenders: [
                Contender(name: "lint line (decode in place, check, key fingerprints)", role: .engine) { index in
                    lines[index].withUnsafeBufferPointer { bytes in
                        guard case .valid = LintLine.check(bytes, policy: policy) else { return false }
                        return true
                    }
                },
                Contender(name: "previous lint line (decodeRecord + RecordCheck)", role: .baseline) { index in
                    guard case .success(let record) = decoder.decodeRecord(from: lines[index]) else { return false }
                    let check = RecordCheck(record, policy: policy)
                    Sink.value &+= check.keys?.all.count ?? 0
                    return check.isValid
                },
                Contender(name: "previous engine (libphonenumber phones)", role: .baseline) { index in
                    guard case .success(let record) = decoder.decodeRecord(from: lines[index]) else { return false }
                    let check = RecordCheck(record, policy: policy, phoneVerdicts: .libphonenumber)
                    Sink.value &+= check.keys?.all.count ?? 0
                    return check.isValid
                },
                Contender(name: "sum of its field checks", role: .variant) { index in
                    Self.fieldChecks(records[index])
                },
                Contender(name: "floor: strict JSON reader alone", role: .variant) { index in
                    (try? JSONValue(parsing: lines[index])) != nil
                },
                Contender(name: "decodeRecord alone", role: .variant) { index in
                    if case .success = decoder.decodeRecord(from: lines[index]) { return true }
                    return false
                },
            ]
        )
    }
}
