internal import CPhoneNumberShims
import KiiIdentity
package import KiiIdentityProbes

/// The compiled phone engine against libphonenumber, in the same process: the
/// differential test, `make differential` and the `PhoneDifferential` fuzz target share these.
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

    /// The policies every form is checked under.
    static let policies = [PhonePolicy.default, .anyValidNumber]

    /// How the two engines differ on `probe`; `nil` when they agree on every fact.
    package static func disagreement(_ probe: Probe) -> String? {
        guard let form = probe.form else {
            guard let library = PhoneEngineProbe.library(probe.text, region: probe.region) else {
                return "\(probe): not an input the syntax step hands on"
            }
            guard let compiled = PhoneEngineProbe.compiled(probe.text, region: probe.region) else {
                return "\(probe): the compiled engine gave no verdict (libphonenumber: \(library))"
            }
            return compiled == library ? nil : "\(probe): libphonenumber \(library); compiled \(compiled)"
        }
        for policy in policies {
            let library = PhoneEngineProbe.validate(
                form,
                probe.text,
                country: probe.region,
                policy: policy,
                libphonenumber: true
            )
            let compiled = PhoneEngineProbe.validate(
                form,
                probe.text,
                country: probe.region,
                policy: policy,
                libphonenumber: false
            )
            let expected = outcome(library)
            let actual = outcome(compiled)
            if expected != actual { return "\(probe) \(policy): libphonenumber \(expected); compiled \(actual)" }
            if form == .international,
                PhoneNumber.isValid(international: probe.text, policy: policy) != ((try? library.get()) != nil)
            {
                return "\(probe) \(policy): isValid(international:) disagrees with libphonenumber (\(expected))"
            }
        }
        return nil
    }

    /// Everything a result says: the number's facts, or every problem with its reason.
    static func outcome(_ result: Result<PhoneNumber, ValidationError>) -> String {
        switch result {
        case .success(let number):
            "\(number.e164) \(number.region.rawValue) +\(number.countryCallingCode) \(number.nationalNumber) \(number.type.rawValue)"
        case .failure(let error):
            error.problems.map { "\($0.field) \($0.code): \($0.reason)" }.joined(separator: "; ")
        }
    }

    /// For the fuzz target: a probe from bytes (form, region, then the text).
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
    }
}
