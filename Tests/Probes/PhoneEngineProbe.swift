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

        init(_ analysis: PhoneAnalysis) {
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
    /// digits read in a supported `region`; `nil` for anything else.
    static func withInput<Result>(
        _ text: String,
        region: String?,
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
            guard let found = RegionTable.shared.region(region) else { return nil }
            return body(.local(bytes, found))
        }
    }

    /// The compiled engine's verdict on `text` (`+` and digits with no region, or digits read in
    /// `region`); `nil` when the engine leaves the input to libphonenumber.
    package static func compiled(_ text: String, region: String?) -> Verdict? {
        withInput(text, region: region) { PhoneEngine.analyze($0).map(Verdict.init) } ?? nil
    }

    /// libphonenumber's verdict on the same input, through the shim; `nil` for input the
    /// syntax step would not hand on.
    package static func library(_ text: String, region: String?) -> Verdict? {
        withInput(text, region: region) { Verdict(PhoneNumberLibrary.analyze($0)) }
    }

    /// The four forms of ``PhoneNumber``'s initialisers.
    package enum Form: Sendable, CaseIterable {
        case international, local, rest, userInput
    }

    /// What `PhoneNumber(<form>:)` answers for `text` (and `country`, for the local and typed
    /// forms), its verdict taken from the compiled engine or from libphonenumber.
    package static func validate(
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
    package static func compileAll() -> Bool {
        PhoneTerritories.shared.compileAll()
    }

    /// How many metadata entries libphonenumber has, and how many are regions (not `001`).
    package static var metadataCounts: (entries: Int, regions: Int) {
        let all = PhoneMetadata.all
        return (all.count, all.filter { $0.id != "001" }.count)
    }

    /// Per calling code, the states of its territories' automata together (compiles them all).
    package static var automatonStates: [Int: Int] {
        var states: [Int: Int] = [:]
        for code in callingCodes {
            states[code] = PhoneTerritories.shared.stateCount(of: code)
        }
        return states
    }

    /// Compiles the tables of `codes` afresh (not cached), as their first use does; the states
    /// built, so that the work cannot be skipped. For the benchmark's first-use figures.
    package static func compileAfresh(_ codes: [Int]) -> Int {
        codes.reduce(0) { total, code in
            let tables = CallingCodeTables(
                countryCallingCode: code,
                metadata: PhoneMetadataIndex.shared.metadata(of: code)
            )
            return total + tables.stateCount
        }
    }

    /// `policy`, with its verdicts taken from libphonenumber itself instead of the compiled
    /// engine: the benchmark's "previous engine" rows.
    package static func libphonenumber(_ policy: PhonePolicy) -> PhonePolicy {
        var policy = policy
        policy.engine = .libphonenumber
        return policy
    }

    /// `policy`, with its phone verdicts taken from libphonenumber itself: registration and lint
    /// as they were before the compiled engine, for the benchmark's "previous engine" rows.
    package static func libphonenumber(_ policy: RegistrationPolicy) -> RegistrationPolicy {
        var policy = policy
        policy.phoneEngine = .libphonenumber
        return policy
    }

    /// The calling codes libphonenumber knows, ascending.
    package static var callingCodes: [Int] {
        (1..<PhoneTerritories.codeLimit).filter { PhoneTerritories.shared.knows($0) }
    }
}
