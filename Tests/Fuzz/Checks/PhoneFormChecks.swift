@_spi(Probes) import KiiIdentity

/// Properties of the four phone forms.
enum PhoneFormChecks {
    static let regions = CountryCode.allSupported
    static let oddCountries = ["", "jp", "XX", "J", "JPN", "001", "ZZ", "UK", "us", "Jp", "\u{FF2A}\u{FF30}"]

    /// A country for a selector byte: most bytes name a supported region, the rest odd strings.
    static func country(_ selector: UInt8) -> String {
        let index = Int(selector)
        return index < regions.count ? regions[index] : oddCountries[(index - regions.count) % oddCountries.count]
    }

    /// A policy for a selector byte and two bound bytes.
    static func policy(_ selector: UInt8, _ low: UInt8, _ high: UInt8) -> PhonePolicy {
        switch selector % 4 {
        case 0: .default
        case 1: .anyValidNumber
        case 2: PhonePolicy(mobileOnly: false, digitCount: 7...15)
        default:
            PhonePolicy(
                mobileOnly: low & 1 == 0,
                digitCount: Int(min(low % 20, high % 20))...Int(max(low % 20, high % 20) + 1)
            )
        }
    }

    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let form = input.byte()
        let countryByte = input.byte()
        let policyByte = input.byte()
        let policy = policy(policyByte, input.byte(), input.byte())
        let country = country(countryByte)
        let raw = input.rest()
        switch form % 5 {
        case 0:
            let number = attempt(raw, policy, maximumBytes: 64, &violations) {
                (raw) throws(ValidationError) in try PhoneNumber(international: raw, policy: policy)
            }
            violations.expect(
                PhoneNumber.isValid(international: raw, policy: policy) == (number != nil),
                "isValid(international:) disagrees with init(international:)"
            )
            if let number {
                violations.expect(number.e164 == raw, "a strict international number is not its own E.164 form")
            } else if let first = raw.utf8.first, first != UInt8(ascii: "+"), raw.utf8.count <= 64,
                let error = failure({ (raw) throws(ValidationError) in try PhoneNumber(international: raw) }, raw)
            {
                violations.expect(
                    error.contains(.missingPlus),
                    "an international number without '+' is not missing_plus"
                )
            }
        case 1:
            let number = attempt(raw, policy, maximumBytes: 64, &violations) { (raw) throws(ValidationError) in
                try PhoneNumber(local: raw, country: country, policy: policy)
            }
            if let number { violations.expect(number.region.rawValue == country, "a local number changed region") }
        case 2:
            let number = attempt(raw, policy, maximumBytes: 64, &violations) { (raw) throws(ValidationError) in
                try PhoneNumber(rest: raw, policy: policy)
            }
            if let number {
                violations.expect(raw.utf8.starts(with: number.region.rawValue.utf8), "a REST number changed region")
            }
        default:
            let given = form % 5 == 3 ? country : nil
            let number = attempt(raw, policy, maximumBytes: 128, &violations) { (raw) throws(ValidationError) in
                try PhoneNumber(userInput: raw, country: given, policy: policy)
            }
            if number != nil {
                let typed = raw.unicodeScalars.filter {
                    (0x30...0x39).contains($0.value) || (0xFF10...0xFF19).contains($0.value)
                }
                violations.expect(typed.count <= 15, "user input with more than 15 digits was accepted")
                violations.expect(
                    !raw.utf8.contains(where: { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }),
                    "user input with letters was accepted"
                )
            }
        }
    }

    static func failure(
        _ make: (String) throws(ValidationError) -> PhoneNumber,
        _ raw: String
    ) -> ValidationError? {
        do {
            _ = try make(raw)
            return nil
        } catch {
            return error
        }
    }

    /// Runs one form; checks the invariants of its outcome.
    static func attempt(
        _ raw: String,
        _ policy: PhonePolicy,
        maximumBytes: Int,
        _ violations: inout Violations,
        _ make: (String) throws(ValidationError) -> PhoneNumber
    ) -> PhoneNumber? {
        do {
            let number = try make(raw)
            valid(number, policy, &violations)
            return number
        } catch {
            violations.expect(!error.problems.isEmpty, "a phone error is empty")
            ProblemChecks.catalogued(error, "a phone form", &violations)
            for problem in error.problems {
                violations.expect(!problem.reason.isEmpty, "a phone problem has no reason")
                violations.expect(
                    problem.field == .phoneNumber || problem.field == .country,
                    "a phone problem is about \(problem.field)"
                )
            }
            let phoneCodes = error.problems.filter { $0.field == .phoneNumber }.map(\.code)
            if raw.isEmpty {
                violations.expect(phoneCodes == [.missing] || phoneCodes.isEmpty, "empty phone input is not missing")
            }
            if raw.utf8.count > maximumBytes {
                violations.expect(
                    phoneCodes == [.tooLong],
                    "phone input past \(maximumBytes) bytes is not too_long only: \(phoneCodes)"
                )
            }
            return nil
        }
    }

    /// Every output of a valid number agrees with the others, with the policy and with the shim.
    static func valid(_ number: PhoneNumber, _ policy: PhonePolicy, _ violations: inout Violations) {
        let e164 = number.e164
        let digits = e164.utf8.dropFirst()
        violations.expect(e164.utf8.first == UInt8(ascii: "+"), "E.164 \(e164) does not start with '+'")
        violations.expect(digits.allSatisfy { (0x30...0x39).contains($0) }, "E.164 \(e164) is not all digits")
        violations.expect(policy.digitCount.contains(digits.count), "E.164 \(e164) breaks the policy's digit count")
        violations.expect((1...15).contains(digits.count), "E.164 \(e164) has more than 15 digits")
        if policy == .default {
            violations.expect((10...15).contains(digits.count), "E.164 \(e164) is not 10-15 digits by default")
        }
        violations.expect(
            e164 == "+\(number.countryCallingCode)\(number.nationalNumber)",
            "E.164 \(e164) is not +\(number.countryCallingCode) and \(number.nationalNumber)"
        )
        violations.expect(
            number.region.countryCallingCode == number.countryCallingCode,
            "\(e164): region \(number.region) has another calling code"
        )
        violations.expect(number.type != .unknown, "\(e164) is valid but of unknown type")
        if policy.mobileOnly { violations.expect(number.type.isMobile, "\(e164) is \(number.type) under mobileOnly") }
        violations.expect(number.restForm == "\(number.region)-\(number.nationalNumber)", "\(e164): restForm")
        violations.expect(number.internationalFormat.utf8.first == UInt8(ascii: "+"), "\(e164): internationalFormat")
        violations.expect(!number.nationalFormat.isEmpty, "\(e164): empty nationalFormat")

        // The strict forms of the value give the value back.
        let asInternational = try? PhoneNumber(international: e164, policy: .anyValidNumber)
        violations.expect(asInternational == number, "\(e164) does not re-validate as international")
        violations.expect(
            PhoneNumber.isValid(international: e164, policy: .anyValidNumber),
            "isValid(international: \(e164)) is false"
        )
        let asRest = try? PhoneNumber(rest: number.restForm, policy: .anyValidNumber)
        violations.expect(asRest == number, "\(e164): restForm \(number.restForm) does not re-validate to it")
        violations.expect(asRest?.region == number.region, "\(e164): restForm \(number.restForm) changes region")
        let asLocal = try? PhoneNumber(local: number.nationalNumber, country: number.region, policy: .anyValidNumber)
        violations.expect(asLocal == number, "\(e164): national number does not re-validate in \(number.region)")
        let asTyped = try? PhoneNumber(userInput: number.internationalFormat, policy: .anyValidNumber)
        violations.expect(asTyped == number, "\(e164): internationalFormat is not valid user input for it")

        // libphonenumber, asked directly through the shim, agrees wherever its own metadata (the
        // system source's) takes the number: the bundled metadata is a newer release, with
        // numbers the installed library does not know (`+1 382`, say), which the bundled
        // differential compares with PyPI phonenumbers of the same release instead.
        let systemPolicy = PhonePolicy(mobileOnly: false, digitCount: PhonePolicy.e164DigitCount, metadata: .system)
        guard (try? PhoneNumber(international: e164, policy: systemPolicy)) != nil else { return }
        let library = PhoneEngineProbe.library(e164, region: nil)
        violations.expect(library?.status == .parsed, "the shim cannot parse \(e164)")
        violations.expect(library?.isValid == true, "the shim says \(e164) is not valid")
        violations.expect(library?.countryCallingCode == number.countryCallingCode, "the shim: \(e164) code")
        let national = library?.nationalNumber ?? ""
        violations.expect(national == number.nationalNumber, "the shim: \(e164) national number \(national)")
    }
}
