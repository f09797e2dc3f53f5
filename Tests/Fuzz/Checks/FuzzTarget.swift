#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One fuzzing entry family and the properties every input must keep.
///
/// Each fuzz executable under `Tests/Fuzz/<Name>` hands its bytes to ``violations(for:)``:
/// libFuzzer builds (`-DFUZZING`) trap on the first broken property, normal builds replay
/// files, and `FuzzCorpusReplayTests` replays every corpus in `Fixtures/fuzz/<Name>`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Every field rule; the first byte picks the rule.
    case fieldRules = "FieldRules"
    /// The four phone forms and `isValid(international:)`; the first bytes pick form, country, policy.
    case phoneForms = "PhoneForms"
    /// Login identifier classification, plain and qualified.
    case classification = "Classification"
    /// Registration records.
    case registration = "Registration"
    /// The CLI's JSON Lines line handling.
    case jsonLines = "JSONLines"
    /// The compiled phone engine on both metadata sources against their oracles (libphonenumber, PyPI phonenumbers).
    case phoneDifferential = "PhoneDifferential"
    /// Display names under the nickname policy against precis-i18n, and the properties every
    /// enforced name keeps.
    case displayNames = "DisplayNames"

    /// The properties `input` breaks; empty when it keeps them all.
    public func violations(for input: [UInt8]) -> [String] {
        var reader = FuzzInput(input)
        var violations = Violations()
        switch self {
        case .fieldRules: FieldRuleChecks.check(&reader, &violations)
        case .phoneForms: PhoneFormChecks.check(&reader, &violations)
        case .classification: ClassificationChecks.check(&reader, &violations)
        case .registration: RegistrationChecks.check(&reader, &violations)
        case .jsonLines: JSONLineChecks.check(&reader, &violations)
        case .phoneDifferential: PhoneDifferentialChecks.check(&reader, &violations)
        case .displayNames: DisplayNameChecks.check(&reader, &violations)
        }
        return violations.messages
    }

    /// The libFuzzer entry: checks one input and aborts, listing the broken properties, if any.
    ///
    /// - Returns: 0, as `LLVMFuzzerTestOneInput` must.
    public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let broken = violations(for: input)
        if !broken.isEmpty {
            standardError("\(rawValue): \(broken.count) broken properties:")
            for message in broken { standardError("  - \(message)") }
            abort()
        }
        return 0
    }

    /// The normal build's entry: checks each file named in `paths`; exits 1 if any breaks a property.
    public func replay(_ paths: some Sequence<String>) -> Never {
        var failed = 0
        var checked = 0
        for path in paths {
            guard let input = Self.read(path) else {
                standardError("\(path): cannot read")
                failed += 1
                continue
            }
            checked += 1
            let broken = violations(for: input)
            for message in broken { standardError("\(path): \(message)") }
            if !broken.isEmpty { failed += 1 }
        }
        print("\(rawValue): \(checked) inputs checked, \(failed) failed")
        exit(failed == 0 ? 0 : 1)
    }

    private func standardError(_ line: String) {
        var line = line + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = fread(&buffer, 1, buffer.count, file)
            if read == 0 { break }
            bytes += buffer[..<read]
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
