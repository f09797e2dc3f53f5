@_spi(Probes) package import KiiIdentity

/// The compiled phone engine on the system metadata against libphonenumber, in the same process:
/// the differential test, `make differential` and the `PhoneDifferential` fuzz target share these.
package enum PhoneDifferentialChecks {
    /// One input: for the engine alone (`form == nil`: `text` read in `region`) or for one of
    /// `PhoneNumber`'s forms.
    package struct Probe: Sendable, CustomStringConvertible {
        package var text: String
        package var region: String?
        package var form: PhoneEngineProbe.Form?

        package var description: String {
            "\(form.map { "\($0)" } ?? "engine") \"\(text)\" in \(region ?? "-")"
        }
    }

    /// The policies every form is checked under, on the system metadata (libphonenumber's own).
    static let policies = [
        PhonePolicy(metadata: .system), PhonePolicy(mobileOnly: false, digitCount: 1...15, metadata: .system),
    ]

    /// How the two engines differ on `probe`; `nil` when they agree on every fact.
    package static func disagreement(_ probe: Probe) -> String? {
        guard let form = probe.form else {
            guard let library = PhoneEngineProbe.library(probe.text, region: probe.region) else {
                return "\(probe): not an input the syntax step hands on"
            }
            guard let compiled = PhoneEngineProbe.compiled(probe.text, region: probe.region, source: .system) else {
                return "\(probe): the compiled engine gave no verdict (libphonenumber: \(library))"
            }
            if compiled != library { return "\(probe): libphonenumber \(library); compiled \(compiled)" }
            guard library.status == .parsed else { return nil }
            return formatDisagreement(
                probe,
                library: PhoneEngineProbe.libraryFormats(probe.text, region: probe.region),
                compiled: PhoneEngineProbe.formats(
                    national: compiled.nationalNumber,
                    callingCode: compiled.countryCallingCode,
                    source: .system
                )
            )
        }
        return formDisagreement(
            probe,
            form,
            policies: policies,
            oracle: "libphonenumber",
            expected: { policy in
                PhoneEngineProbe.validate(form, probe.text, country: probe.region, policy: policy, libphonenumber: true)
            },
            oracleFormats: { number in
                PhoneEngineProbe.libraryFormats(number.e164).map { [$0.national, $0.international] }
            }
        )
    }

    /// How `form`'s answers on `probe` under each of `policies` differ from an oracle's; `nil`
    /// when they agree. `expected` is the form's result on the oracle's verdicts, and
    /// `oracleFormats` the oracle's national and international format of a number the form
    /// accepted. Compared: the outcome (the number's facts and REST form, or every problem with
    /// its reason), the formats, and `isValid(international:)` for international input.
    static func formDisagreement(
        _ probe: Probe,
        _ form: PhoneEngineProbe.Form,
        policies: [PhonePolicy],
        oracle name: String,
        expected: (PhonePolicy) -> Result<PhoneNumber, ValidationError>,
        oracleFormats: (PhoneNumber) -> [String]?
    ) -> String? {
        for policy in policies {
            let oracle = expected(policy)
            let compiled = PhoneEngineProbe.validate(
                form,
                probe.text,
                country: probe.region,
                policy: policy,
                libphonenumber: false
            )
            let expectedOutcome = outcome(oracle)
            let actualOutcome = outcome(compiled)
            if expectedOutcome != actualOutcome {
                return "\(probe) \(policy): \(name) \(expectedOutcome); compiled \(actualOutcome)"
            }
            if case .success(let number) = compiled {
                let written = oracleFormats(number)
                let formats = [number.nationalFormat, number.internationalFormat]
                if written != formats {
                    return "\(probe): \(name) writes \(written ?? []); compiled \(formats)"
                }
            }
            if form == .international,
                PhoneNumber.isValid(international: probe.text, policy: policy) != ((try? oracle.get()) != nil)
            {
                return "\(probe) \(policy): isValid(international:) disagrees with \(name) (\(expectedOutcome))"
            }
        }
        return nil
    }

    /// How the compiled engine's formats differ from libphonenumber's `Format` of the same
    /// number; `nil` when they are the same.
    static func formatDisagreement(
        _ probe: Probe,
        library: (national: String, international: String)?,
        compiled: (national: String, international: String)?
    ) -> String? {
        guard let compiled, let library else {
            return library == nil && compiled == nil
                ? nil
                : "\(probe): formats: libphonenumber \(String(describing: library)); compiled \(String(describing: compiled))"
        }
        return compiled == library ? nil : "\(probe): formats: libphonenumber \(library); compiled \(compiled)"
    }

    /// Everything a result says: the number's facts and REST form, or every problem with its reason.
    static func outcome(_ result: Result<PhoneNumber, ValidationError>) -> String {
        switch result {
        case .success(let number):
            "\(number.e164) \(number.region.rawValue) +\(number.countryCallingCode) \(number.nationalNumber) "
                + "\(number.type.rawValue) \(number.restForm)"
        case .failure(let error):
            error.problems.map { "\($0.field) \($0.code): \($0.reason)" }.joined(separator: "; ")
        }
    }

    /// For the fuzz target: probes from bytes (form, region, then the text), each checked on both
    /// sources: the system metadata against libphonenumber in this process, the bundled metadata
    /// against PyPI phonenumbers (``PhoneOracle``; its absence is a violation, not a pass).
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let selector = input.byte()
        let regionByte = input.byte()
        let text = input.rest()
        let regions = PhoneDifferentialCases.regions
        let region = regions[Int(regionByte) % regions.count]
        let forms = PhoneEngineProbe.Form.allCases
        var probes: [Probe] = []
        // The engine alone, on exactly what the rules hand it: `+digits`, or digits in a region.
        let digits = String(decoding: text.utf8.filter { $0 &- 0x30 < 10 }.prefix(20), as: UTF8.self)
        probes.append(Probe(text: "+" + digits, region: nil, form: nil))
        probes.append(Probe(text: digits, region: region, form: nil))
        let form = forms[Int(selector) % forms.count]
        probes.append(Probe(text: text, region: form == .international || form == .rest ? nil : region, form: form))
        for probe in probes {
            if let difference = disagreement(probe) { violations.expect(false, difference) }
        }
        switch PhoneOracle.shared {
        case .success(let oracle):
            var tally = PhoneOracleChecks.Tally()
            for probe in probes {
                if let difference = PhoneOracleChecks.disagreement(probe, oracle: oracle, tally: &tally) {
                    violations.expect(false, difference)
                }
            }
        case .failure(let unavailable):
            violations.expect(false, "\(unavailable)")
        }
    }
}
