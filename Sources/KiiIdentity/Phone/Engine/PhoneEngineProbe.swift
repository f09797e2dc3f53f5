/// The compiled engine and libphonenumber side by side, for the differential test, the
/// `PhoneDifferential` fuzz target and the benchmark: not part of the library's API.
@_spi(PhoneEngine)
public enum PhoneEngineProbe {
    /// What one engine makes of an input: every fact the phone rules read.
    public struct Verdict: Equatable, Sendable, CustomStringConvertible {
        /// `CPhoneNumberShims_OK` (0) or libphonenumber's parse error.
        public var status: Int32
        public var countryCallingCode: Int
        public var countryCodeSource: Int32
        public var type: PhoneNumberType
        public var isValid: Bool
        public var region: String
        public var nationalNumber: String

        init(_ analysis: PhoneAnalysis) {
            status = analysis.status
            countryCallingCode = analysis.countryCallingCode
            countryCodeSource = analysis.countryCodeSource
            type = analysis.type
            isValid = analysis.isValid
            region = analysis.regionCode
            nationalNumber = analysis.nationalNumber
        }

        public var description: String {
            "status \(status) +\(countryCallingCode) source \(countryCodeSource) \(type.rawValue) valid \(isValid) region \(region) NSN \(nationalNumber)"
        }
    }

    /// The compiled engine's verdict on `text` (`+` and digits with no region, or digits read in
    /// `region`); `nil` when the engine leaves the input to libphonenumber.
    public static func compiled(_ text: String, region: String?) -> Verdict? {
        text.withUTF8Bytes { text in
            guard let region else { return PhoneEngine.analyze(text, region: nil).map(Verdict.init) }
            return region.withUTF8Bytes { PhoneEngine.analyze(text, region: $0).map(Verdict.init) }
        }
    }

    /// libphonenumber's verdict on the same input, through the shim.
    public static func library(_ text: String, region: String?) -> Verdict {
        text.withUTF8Bytes { text in
            guard let region else { return Verdict(PhoneNumberLibrary.analyze(text, region: nil)) }
            return region.withUTF8Bytes { Verdict(PhoneNumberLibrary.analyze(text, region: $0)) }
        }
    }

    /// The four forms of ``PhoneNumber``'s initialisers.
    public enum Form: Sendable, CaseIterable {
        case international, local, rest, userInput
    }

    /// What `PhoneNumber(<form>:)` answers for `text` (and `country`, for the local and typed
    /// forms), its verdict taken from the compiled engine or from libphonenumber.
    public static func validate(
        _ form: Form,
        _ text: String,
        country: String?,
        policy: PhonePolicy,
        libphonenumber: Bool
    ) -> Result<PhoneNumber, ValidationError> {
        let engine: PhoneResolver.Engine = libphonenumber ? .libphonenumber : .compiled
        return Result { () throws(ValidationError) in
            try text.withUTF8Bytes { (bytes) throws(ValidationError) in
                switch form {
                case .international:
                    try PhoneResolver.international(text, bytes, policy: policy, engine: engine)
                case .local:
                    try PhoneResolver.local(
                        bytes,
                        country: country ?? "",
                        countryField: .country,
                        policy: policy,
                        engine: engine
                    )
                case .rest:
                    try PhoneResolver.rest(bytes, policy: policy, engine: engine)
                case .userInput:
                    try PhoneResolver.userInput(bytes, country: country, policy: policy, engine: engine)
                }
            }
        }
    }

    /// Compiles every calling code; whether all compiled (none is left to libphonenumber).
    public static func compileAll() -> Bool {
        PhoneTerritories.shared.compileAll()
    }

    /// How many metadata entries libphonenumber has, and how many are regions (not `001`).
    public static var metadataCounts: (entries: Int, regions: Int) {
        let all = PhoneMetadata.all
        return (all.count, all.filter { $0.id != "001" }.count)
    }

    /// Per calling code, the states of its territories' automata together (compiles them all).
    public static var automatonStates: [Int: Int] {
        var states: [Int: Int] = [:]
        for code in callingCodes {
            states[code] = PhoneTerritories.shared.territories(code)?.reduce(0) { $0 + $1.automaton.stateCount }
        }
        return states
    }

    /// `pattern` matched at the start of `digits` as the engine matches prefixes: the length
    /// consumed and each group's capture; `nil` when it does not match or does not parse.
    public static func consume(_ pattern: String, _ digits: String) -> (length: Int, groups: [String?])? {
        let arena = TableArena()
        guard let matcher = PrefixMatcher(pattern, in: arena) else { return nil }
        return withExtendedLifetime(arena) {
            digits.withUTF8Bytes { bytes in
                matcher.consume(bytes).map { match in
                    (
                        match.length,
                        (1...max(matcher.groupCount, 1)).prefix(matcher.groupCount).map {
                            match.group($0).map { String(decoding: bytes[$0], as: UTF8.self) }
                        }
                    )
                }
            }
        }
    }

    /// Whether `pattern`'s automaton accepts all of `digits`; `nil` when it does not compile.
    public static func fullMatch(_ pattern: String, _ digits: String) -> Bool? {
        let arena = TableArena()
        guard let (parsed, _) = DigitPattern.parse(pattern), let automaton = DigitAutomaton([(parsed, 1)], in: arena)
        else { return nil }
        return withExtendedLifetime(arena) { digits.withUTF8Bytes { automaton.labels(fullMatching: $0) != 0 } }
    }

    /// Compiles the tables of `codes` afresh (not cached), as their first use does; the states
    /// built, so that the work cannot be skipped. For the benchmark's first-use figures.
    public static func compileAfresh(_ codes: [Int]) -> Int {
        codes.reduce(0) { total, code in
            let tables = CallingCodeTables(
                countryCallingCode: code,
                metadata: PhoneMetadataIndex.shared.metadata(of: code)
            )
            return withExtendedLifetime(tables) {
                total + tables.territories.reduce(0) { $0 + $1.automaton.stateCount }
            }
        }
    }

    /// `policy`, with its verdicts taken from libphonenumber itself instead of the compiled
    /// engine: the benchmark's "previous engine" rows.
    public static func libphonenumber(_ policy: PhonePolicy) -> PhonePolicy {
        var policy = policy
        policy.engine = .libphonenumber
        return policy
    }

    /// `policy`, with its phone verdicts taken from libphonenumber itself: registration and lint
    /// as they were before the compiled engine, for the benchmark's "previous engine" rows.
    public static func libphonenumber(_ policy: RegistrationPolicy) -> RegistrationPolicy {
        var policy = policy
        policy.phoneEngine = .libphonenumber
        return policy
    }

    /// The calling codes libphonenumber knows, ascending.
    public static var callingCodes: [Int] {
        (1..<PhoneTerritories.codeLimit).filter { PhoneTerritories.shared.knows($0) }
    }
}
