@_spi(Probes) import KiiIdentity

/// The bundled metadata's engine against PyPI `phonenumbers` of the same libphonenumber release
/// (``PhoneOracle``): the oracle differential, `make differential`'s bundled half, and the
/// `PhoneDifferential` fuzz target share these.
package enum PhoneOracleChecks {
    /// The policies every form is checked under: Kii's (mobile only, 10 to 15 digits) and any
    /// valid number.
    static let policies = [PhonePolicy.default, .anyValidNumber]

    /// What the checks saw: how much of the space was valid, so that a run shows it compared
    /// real numbers and not only rejects.
    package struct Tally: CustomStringConvertible {
        /// Engine inputs, those that parsed, and those valid for their region.
        package var engineInputs = 0
        package var parsed = 0
        package var valid = 0
        /// Form inputs, and the (form, policy) pairs accepted, whose formats were compared.
        package var formInputs = 0
        package var accepted = 0

        package init() {}

        package var description: String {
            "engine inputs \(engineInputs) (parsed \(parsed), valid \(valid)), form inputs \(formInputs) "
                + "(accepted under a policy \(accepted))"
        }
    }

    /// How the bundled engine and the oracle differ on `probe`; `nil` when they agree on every
    /// fact: the engine's analysis and its formats, or a form's whole outcome (E.164, region,
    /// calling code, national number, type, REST form, national and international format, or
    /// every problem with its reason) under both policies.
    package static func disagreement(
        _ probe: PhoneDifferentialChecks.Probe,
        oracle: PhoneOracle,
        tally: inout Tally
    ) -> String? {
        guard let form = probe.form else { return engineDisagreement(probe, oracle: oracle, tally: &tally) }
        tally.formInputs += 1
        let verdicts = OracleVerdicts(oracle: oracle)
        return PhoneDifferentialChecks.formDisagreement(
            probe,
            form,
            policies: policies,
            oracle: "phonenumbers",
            expected: { policy in
                PhoneEngineProbe.validate(form, probe.text, country: probe.region, policy: policy, oracle: verdicts)
            },
            oracleFormats: { number in
                tally.accepted += 1
                return oracle.ask(["F", number.e164])
            }
        )
    }

    /// The engine alone on `+digits` or digits in a region: every fact, and the formats of
    /// every number that parses (valid or not).
    static func engineDisagreement(
        _ probe: PhoneDifferentialChecks.Probe,
        oracle: PhoneOracle,
        tally: inout Tally
    ) -> String? {
        tally.engineInputs += 1
        let reply = oracle.ask(["A", probe.text, probe.region ?? "-"])
        guard let expected = OracleVerdicts.verdict(reply) else {
            return "\(probe): the oracle answered \(reply)"
        }
        guard let actual = PhoneEngineProbe.compiled(probe.text, region: probe.region, source: .bundled) else {
            return "\(probe): the bundled engine gave no verdict (phonenumbers: \(expected))"
        }
        if actual != expected { return "\(probe): phonenumbers \(expected); bundled engine \(actual)" }
        guard expected.status == .parsed, reply.count >= 9 else { return nil }
        tally.parsed += 1
        if expected.isValid { tally.valid += 1 }
        guard
            let formats = PhoneEngineProbe.formats(
                national: actual.nationalNumber,
                callingCode: actual.countryCallingCode,
                source: .bundled
            )
        else { return "\(probe): the bundled engine has no formats for +\(actual.countryCallingCode)" }
        let written = [formats.national, formats.international]
        return written == Array(reply[7...8])
            ? nil : "\(probe): phonenumbers writes \(Array(reply[7...8])); bundled engine \(written)"
    }
}

/// The oracle's answers as the verdicts the library's phone rules read: the rules after the
/// parse run on `phonenumbers`' facts, exactly as they run on the engine's.
struct OracleVerdicts: PhoneEngineProbe.Oracle {
    let oracle: PhoneOracle

    var source: PhoneMetadataSource { .bundled }

    func verdict(_ text: String, region: String?) -> PhoneEngineProbe.Verdict {
        Self.verdict(oracle.ask(["A", text, region ?? "-"])) ?? PhoneEngineProbe.Verdict(status: .failed)
    }

    /// The verdict of an `A` reply; `nil` for a reply that is not one.
    static func verdict(_ reply: [String]) -> PhoneEngineProbe.Verdict? {
        guard let first = reply.first, let status = Int(first) else { return nil }
        guard status == 0 else {
            let parse: ParseStatus =
                switch status {
                case 1: .invalidCountryCode
                case 2: .notANumber
                case 3: .tooShortAfterInternationalPrefix
                case 4: .tooShortNationalNumber
                case 5: .tooLongNationalNumber
                default: .failed
                }
            return PhoneEngineProbe.Verdict(status: parse)
        }
        guard reply.count >= 7, let code = Int(reply[1]), let sourceValue = Int(reply[2]),
            let type = PhoneNumberType(rawValue: reply[3])
        else { return nil }
        let source: CallingCodeSource =
            switch sourceValue {
            case 1: .plusSign
            case 5: .internationalPrefix
            case 10: .withoutPlusSign
            case 20: .defaultCountry
            default: .unspecified
            }
        return PhoneEngineProbe.Verdict(
            status: .parsed,
            countryCallingCode: code,
            countryCodeSource: source,
            type: type,
            isValid: reply[4] == "1",
            region: reply[5],
            nationalNumber: reply[6]
        )
    }
}
