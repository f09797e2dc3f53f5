/// The compiled engine and libphonenumber side by side, for the differential tests, the
/// `PhoneDifferential` fuzz target and the benchmark, which live in packages of their own
/// (Tests/Fuzz, Benchmarks) or in this one's tests: they reach it with
/// `@_spi(Probes) import KiiIdentity`. A client without that import sees none of it, and no
/// policy value carries a switch to it: libphonenumber's verdicts are asked for here, by name.
@_spi(Probes)
public enum PhoneEngineProbe {
    /// What one engine makes of an input: every fact the phone rules read.
    public struct Verdict: Equatable, Sendable, CustomStringConvertible {
        /// How the parse ended; the other facts count only when it is ``ParseStatus/parsed``.
        public var status: ParseStatus
        /// The calling code.
        public var countryCallingCode: Int
        /// Where the calling code came from.
        public var countryCodeSource: CallingCodeSource
        /// The number's type.
        public var type: PhoneNumberType
        /// Whether the number is valid.
        public var isValid: Bool
        /// `JP`, `001` or `ZZ`.
        public var region: String
        /// The national significant number.
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

        /// A verdict reported by an outside oracle: the other facts are read only when `status`
        /// is ``ParseStatus/parsed``; `region` is `JP`, `001` or `ZZ`, `nationalNumber` ASCII
        /// digits.
        public init(
            status: ParseStatus,
            countryCallingCode: Int = 0,
            countryCodeSource: CallingCodeSource = .unspecified,
            type: PhoneNumberType = .unknown,
            isValid: Bool = false,
            region: String = "",
            nationalNumber: String = ""
        ) {
            self.status = status
            self.countryCallingCode = countryCallingCode
            self.countryCodeSource = countryCodeSource
            self.type = type
            self.isValid = isValid
            self.region = region
            self.nationalNumber = nationalNumber
            // As the rules will read it: a failure's other facts dropped, the text normalised.
            self = Verdict(analysis)
        }

        /// The verdict as the phone rules read it.
        var analysis: PhoneAnalysis {
            status == .parsed
                ? PhoneAnalysis(
                    reportedStatus: status,
                    countryCallingCode: countryCallingCode,
                    countryCodeSource: countryCodeSource,
                    type: type,
                    isValid: isValid,
                    region: region,
                    nationalNumber: nationalNumber
                )
                : PhoneAnalysis(reportedStatus: status)
        }

        /// Every fact, on one line.
        public var description: String {
            "status \(status) +\(countryCallingCode) source \(countryCodeSource) \(type.rawValue) valid \(isValid) region \(region) NSN \(nationalNumber)"
        }
    }

    /// `text` as the syntax step hands it on: `+` and ASCII digits with no region, or ASCII
    /// digits read in a `region` of `source`; `nil` for anything else.
    static func withInput<Result>(
        _ text: String,
        region: String?,
        source: PhoneMetadataSource = .system,
        _ body: (CheckedPhoneInput) -> Result
    ) -> Result? {
        var bytes = Array(text.utf8)
        let hasPlus = bytes.first == UInt8(ascii: "+")
        guard hasPlus == (region == nil), bytes.dropFirst(hasPlus ? 1 : 0).allSatisfy({ $0 &- 0x30 < 10 }) else {
            return nil
        }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            guard let region else { return body(.international(bytes)) }
            guard let found = RegionTable.of(source.kind).region(region) else { return nil }
            return body(.local(bytes, found))
        }
    }

    /// The compiled engine's verdict on `text` (`+` and digits with no region, or digits read in
    /// `region`) with `source`'s metadata; `nil` when the engine leaves the input to libphonenumber.
    public static func compiled(_ text: String, region: String?, source: PhoneMetadataSource = .system) -> Verdict? {
        withInput(text, region: region, source: source) {
            PhoneEngine.analyze($0, source: source.kind).map(Verdict.init)
        }
            ?? nil
    }

    /// libphonenumber's verdict on the same input, through the shim; `nil` for input the
    /// syntax step would not hand on.
    public static func library(_ text: String, region: String?) -> Verdict? {
        withInput(text, region: region) { Verdict(PhoneNumberLibrary.analyze($0)) }
    }

    /// The compiled engine's national and international formats of national significant number
    /// `national` behind calling code `code`, with `source`'s number formats; `nil` when the
    /// code's formats did not compile.
    public static func formats(
        national: String,
        callingCode code: Int,
        source: PhoneMetadataSource
    ) -> (national: String, international: String)? {
        let digits = Array(national.utf8)
        return digits.withUnsafeBufferPointer { digits in
            guard let national = PhoneEngine.format(digits, countryCallingCode: code, .national, source: source.kind),
                let international = PhoneEngine.format(
                    digits,
                    countryCallingCode: code,
                    .international,
                    source: source.kind
                )
            else { return nil }
            return (national, international)
        }
    }

    /// libphonenumber's national and international formats of the number it parses from `text`
    /// (in `region`; an E.164 number without one), through the shim (the system source's
    /// oracle); `nil` when it does not parse.
    public static func libraryFormats(
        _ text: String,
        region: String? = nil
    ) -> (national: String, international: String)? {
        guard let national = PhoneNumberLibrary.format(input: text, region: region, .national),
            let international = PhoneNumberLibrary.format(input: text, region: region, .international)
        else { return nil }
        return (national, international)
    }

    /// libphonenumber's example number of `type` for `region`, in E.164, through the shim.
    public static func libraryExample(_ region: String, _ type: PhoneNumberType) -> String? {
        PhoneNumberLibrary.exampleNumber(region: region, type: type)
    }

    /// The four forms of ``PhoneNumber``'s initialisers.
    public enum Form: Sendable, CaseIterable {
        case international, local, rest, userInput
    }

    /// What `PhoneNumber(<form>:)` answers for `text` (and `country`, for the local and typed
    /// forms), its verdict taken from the compiled engine with the policy's metadata, or from
    /// libphonenumber.
    public static func validate(
        _ form: Form,
        _ text: String,
        country: String?,
        policy: PhonePolicy,
        libphonenumber: Bool
    ) -> Result<PhoneNumber, ValidationError> {
        let engine: PhoneResolver.Engine = libphonenumber ? .libphonenumber : .compiled(policy.metadata.kind)
        return validate(form, text, country: country, policy: policy, verdicts: engine)
    }

    /// Someone else's verdicts on the inputs the syntax step hands on: an oracle's, such as
    /// PyPI `phonenumbers` of the bundled metadata's release.
    public protocol Oracle {
        /// Whose metadata the oracle follows, and so whose regions the rules read.
        var source: PhoneMetadataSource { get }
        /// The verdict on `text`: `+` and ASCII digits with no region, or ASCII digits read in
        /// `region`.
        func verdict(_ text: String, region: String?) -> Verdict
    }

    /// What `PhoneNumber(<form>:)` answers for `text` when `oracle` decides every input the
    /// form hands on: the library's rules on someone else's facts.
    public static func validate(
        _ form: Form,
        _ text: String,
        country: String?,
        policy: PhonePolicy,
        oracle: some Oracle
    ) -> Result<PhoneNumber, ValidationError> {
        validate(form, text, country: country, policy: policy, verdicts: OracleVerdicts(oracle: oracle))
    }

    /// What `PhoneNumber(<form>:)` answers for `text` when `engine` decides every input the form
    /// hands on.
    static func validate(
        _ form: Form,
        _ text: String,
        country: String?,
        policy: PhonePolicy,
        verdicts engine: some PhoneVerdicts
    ) -> Result<PhoneNumber, ValidationError> {
        Result { () throws(ValidationError) in
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

    /// Compiles every calling code of `source`, formats included; whether all compiled (none is
    /// left to libphonenumber).
    public static func compileAll(_ source: PhoneMetadataSource) -> Bool {
        PhoneTerritories.of(source.kind).compileAll()
    }

    /// How many metadata entries `source` has, and how many are regions (not `001`).
    public static func metadataCounts(_ source: PhoneMetadataSource) -> (entries: Int, regions: Int) {
        PhoneMetadataIndex.of(source.kind).counts
    }

    /// Per calling code of `source`, the states of its territories' automata together (compiles
    /// them all).
    public static func automatonStates(_ source: PhoneMetadataSource) -> [Int: Int] {
        var states: [Int: Int] = [:]
        for code in callingCodes(source) {
            states[code] = PhoneTerritories.of(source.kind).stateCount(of: code)
        }
        return states
    }

    /// Compiles the tables of `codes` of `source` afresh (not cached), as their first use does;
    /// the states built, so that the work cannot be skipped. For the benchmark's first-use figures.
    public static func compileAfresh(_ codes: [Int], source: PhoneMetadataSource = .bundled) -> Int {
        codes.reduce(0) { total, code in
            let tables = CallingCodeTables(
                countryCallingCode: code,
                metadata: PhoneMetadataIndex.of(source.kind).metadata(of: code)
            )
            return total + tables.stateCount
        }
    }

    /// Reads `source`'s metadata afresh (the bundled JSON text, or the system library's
    /// protobuf through the shim): how many entries.
    public static func readMetadata(_ source: PhoneMetadataSource) -> Int {
        source == .bundled ? BundledMetadata.entries().count : PhoneNumberLibrary.metadataCollection().count
    }

    /// A warm-up from nothing: reads `source`'s metadata afresh and compiles every calling code,
    /// formats included, as a process's first `PhoneNumber.warmUp()` does; the states built.
    public static func warmUpAfresh(_ source: PhoneMetadataSource) -> Int {
        let entries = source == .bundled ? BundledMetadata.entries() : PhoneNumberLibrary.metadataCollection()
        let index = PhoneMetadataIndex(entries)
        return (1..<PhoneTerritories.codeLimit).reduce(0) { total, code in
            guard !index.regionLists[code].isEmpty else { return total }
            let tables = CallingCodeTables(countryCallingCode: code, metadata: index.metadata(of: code))
            return total + tables.stateCount + (tables.formats == nil ? 0 : 1)
        }
    }

    /// The bytes of `source`'s compiled tables, every calling code compiled.
    public static func tableBytes(_ source: PhoneMetadataSource) -> Int {
        callingCodes(source).reduce(0) { $0 + PhoneTerritories.of(source.kind).tableBytes(of: $1) }
    }

    /// Where the phone verdicts of a sign-up or a lint line come from (the SPI initialisers of
    /// ``Registration`` and `RecordCheck`).
    public enum Engine: Sendable, Hashable {
        /// The compiled engine on the policy's metadata: what the public initialisers use.
        case compiled
        /// libphonenumber itself, on its own (the system) metadata: registration and lint as they
        /// were before the compiled engine, for the engine-selection tests and the benchmark's
        /// "previous engine" rows.
        case libphonenumber
    }

    /// libphonenumber's calling code of `region` (0 for one it does not know), through the shim.
    public static func libraryCallingCode(_ region: String) -> Int {
        PhoneNumberLibrary.callingCode(region: region)
    }

    /// libphonenumber's national prefix of `region` (empty when it has none), through the shim.
    public static func libraryNationalPrefix(_ region: String) -> String {
        PhoneNumberLibrary.nationalPrefix(region: region)
    }

    /// The calling codes `source` knows, ascending.
    public static func callingCodes(_ source: PhoneMetadataSource = .bundled) -> [Int] {
        (1..<PhoneTerritories.codeLimit).filter { PhoneTerritories.of(source.kind).knows($0) }
    }
}

/// An oracle's answers as the verdicts the library's phone rules read: the rules after the parse
/// run on its facts, exactly as they run on the engine's.
private struct OracleVerdicts<Oracle: PhoneEngineProbe.Oracle>: PhoneVerdicts {
    let oracle: Oracle

    var source: PhoneMetadataSource.Kind { oracle.source.kind }
    /// The oracle answers every input in full: no shortcut.
    var takesShortcuts: Bool { false }

    func analyze(_ input: CheckedPhoneInput) -> PhoneAnalysis {
        switch input {
        case .international(let bytes):
            oracle.verdict(String(decoding: bytes, as: UTF8.self), region: nil).analysis
        case .local(let digits, let region):
            oracle.verdict(String(decoding: digits, as: UTF8.self), region: region.code).analysis
        }
    }
}
