package import KiiIdentity

/// The compiled engine and libphonenumber side by side, for the differential test, the
/// `PhoneDifferential` fuzz target and the benchmark. It lives in a target of its own that only
/// they depend on, over the library's `package` API: nothing of it ships in the library.
package enum PhoneEngineProbe {
    /// What one engine makes of an input: every fact the phone rules read.
    package struct Verdict: Equatable, Sendable, CustomStringConvertible {
        package var status: ParseStatus
        package var countryCallingCode: Int
        package var countryCodeSource: CallingCodeSource
        package var type: PhoneNumberType
        package var isValid: Bool
        package var region: String
        package var nationalNumber: String

        package init(_ analysis: PhoneAnalysis) {
            status = analysis.status
            countryCallingCode = analysis.countryCallingCode
            countryCodeSource = analysis.countryCodeSource
            type = analysis.type
            isValid = analysis.isValid
            region = analysis.regionCode
            nationalNumber = analysis.nationalNumber
        }

        package var description: String {
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
    package static func compiled(_ text: String, region: String?, source: PhoneMetadataSource = .system) -> Verdict? {
        withInput(text, region: region, source: source) {
            PhoneEngine.analyze($0, source: source.kind).map(Verdict.init)
        }
            ?? nil
    }

    /// libphonenumber's verdict on the same input, through the shim; `nil` for input the
    /// syntax step would not hand on.
    package static func library(_ text: String, region: String?) -> Verdict? {
        withInput(text, region: region) { Verdict(PhoneNumberLibrary.analyze($0)) }
    }

    /// The compiled engine's national and international formats of national significant number
    /// `national` behind calling code `code`, with `source`'s number formats; `nil` when the
    /// code's formats did not compile.
    package static func formats(
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
    package static func libraryFormats(
        _ text: String,
        region: String? = nil
    ) -> (national: String, international: String)? {
        guard let national = PhoneNumberLibrary.format(input: text, region: region, .national),
            let international = PhoneNumberLibrary.format(input: text, region: region, .international)
        else { return nil }
        return (national, international)
    }

    /// libphonenumber's example number of `type` for `region`, in E.164, through the shim.
    package static func libraryExample(_ region: String, _ type: PhoneNumberType) -> String? {
        PhoneNumberLibrary.exampleNumber(region: region, type: type)
    }

    /// The four forms of ``PhoneNumber``'s initialisers.
    package enum Form: Sendable, CaseIterable {
        case international, local, rest, userInput
    }

    /// What `PhoneNumber(<form>:)` answers for `text` (and `country`, for the local and typed
    /// forms), its verdict taken from the compiled engine with the policy's metadata, or from
    /// libphonenumber.
    package static func validate(
        _ form: Form,
        _ text: String,
        country: String?,
        policy: PhonePolicy,
        libphonenumber: Bool
    ) -> Result<PhoneNumber, ValidationError> {
        let engine: PhoneResolver.Engine = libphonenumber ? .libphonenumber : .compiled(policy.metadata.kind)
        return validate(form, text, country: country, policy: policy, verdicts: engine)
    }

    /// What `PhoneNumber(<form>:)` answers for `text` when `verdicts` (an oracle's, say) decide
    /// every input the form hands on: the library's rules on someone else's facts.
    package static func validate(
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
    package static func compileAll(_ source: PhoneMetadataSource) -> Bool {
        PhoneTerritories.of(source.kind).compileAll()
    }

    /// How many metadata entries `source` has, and how many are regions (not `001`).
    package static func metadataCounts(_ source: PhoneMetadataSource) -> (entries: Int, regions: Int) {
        PhoneMetadataIndex.of(source.kind).counts
    }

    /// Per calling code of `source`, the states of its territories' automata together (compiles
    /// them all).
    package static func automatonStates(_ source: PhoneMetadataSource) -> [Int: Int] {
        var states: [Int: Int] = [:]
        for code in callingCodes(source) {
            states[code] = PhoneTerritories.of(source.kind).stateCount(of: code)
        }
        return states
    }

    /// Compiles the tables of `codes` of `source` afresh (not cached), as their first use does;
    /// the states built, so that the work cannot be skipped. For the benchmark's first-use figures.
    package static func compileAfresh(_ codes: [Int], source: PhoneMetadataSource = .bundled) -> Int {
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
    package static func readMetadata(_ source: PhoneMetadataSource) -> Int {
        source == .bundled ? BundledMetadata.entries().count : PhoneNumberLibrary.metadataCollection().count
    }

    /// A warm-up from nothing: reads `source`'s metadata afresh and compiles every calling code,
    /// formats included, as a process's first `PhoneNumber.warmUp()` does; the states built.
    package static func warmUpAfresh(_ source: PhoneMetadataSource) -> Int {
        let entries = source == .bundled ? BundledMetadata.entries() : PhoneNumberLibrary.metadataCollection()
        let index = PhoneMetadataIndex(entries)
        return (1..<PhoneTerritories.codeLimit).reduce(0) { total, code in
            guard !index.regionLists[code].isEmpty else { return total }
            let tables = CallingCodeTables(countryCallingCode: code, metadata: index.metadata(of: code))
            return total + tables.stateCount + (tables.formats == nil ? 0 : 1)
        }
    }

    /// The bytes of `source`'s compiled tables, every calling code compiled.
    package static func tableBytes(_ source: PhoneMetadataSource) -> Int {
        callingCodes(source).reduce(0) { $0 + PhoneTerritories.of(source.kind).tableBytes(of: $1) }
    }

    /// `policy`, with its verdicts taken from libphonenumber itself (on the system metadata)
    /// instead of the compiled engine: the system source's oracle and the benchmark's "previous
    /// engine" rows.
    package static func libphonenumber(_ policy: PhonePolicy) -> PhonePolicy {
        var policy = policy
        policy.metadata = .system
        policy.verdictsFromLibphonenumber = true
        return policy
    }

    /// `policy`, with its phone verdicts taken from libphonenumber itself: registration and lint
    /// as they were before the compiled engine, for the benchmark's "previous engine" rows.
    package static func libphonenumber(_ policy: RegistrationPolicy) -> RegistrationPolicy {
        var policy = policy
        policy.phoneMetadata = .system
        policy.phoneVerdictsFromLibphonenumber = true
        return policy
    }

    /// The calling codes `source` knows, ascending.
    package static func callingCodes(_ source: PhoneMetadataSource = .bundled) -> [Int] {
        (1..<PhoneTerritories.codeLimit).filter { PhoneTerritories.of(source.kind).knows($0) }
    }
}
