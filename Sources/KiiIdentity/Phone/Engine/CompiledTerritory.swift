/// One region's (or non-geographic entity's) metadata compiled for the engine: one automaton for
/// the general description and every number type, the possible lengths as bit masks, and the
/// prefix matchers of the parse steps.
///
/// A plain value: its tables live in the ``TableArena`` of the ``CallingCodeTables`` that
/// compiled it, so a number's checks read them without any reference counting.
struct CompiledTerritory: @unchecked Sendable {
    // `@unchecked`: every property is a constant; the pointers point into an arena written
    // before the territory exists.
    /// The id's bytes (`JP`, or `001` with `idLength` 3), for comparisons that allocate nothing.
    let idBytes: (UInt8, UInt8, UInt8)
    let idLength: Int
    let countryCallingCode: Int
    let sameMobileAndFixedLinePattern: Bool
    /// Labelled with ``PhoneMetadata/Kind/bit``.
    let automaton: DigitAutomaton
    /// Per national-number length 0...31, the descriptions (``PhoneMetadata/Kind/bit``) whose
    /// possible lengths allow it: the length half of every `IsNumberMatchingDesc` in one load.
    /// (Per description, its possible lengths are a mask: bit `n` for length `n`, and bit 31
    /// when it lists any, so that a length it does not list fails before its pattern is tried.)
    private let kindsAllowingLength: UnsafePointer<UInt16>
    /// The general description's possible lengths (bit `n` for length `n`), the shortest and
    /// the longest (`minimumLength` is -1 when it lists none), and its local-only lengths: what
    /// `TestNumberLength` reads.
    private let generalLengthMask: UInt32
    private let minimumLength: Int
    private let maximumLength: Int
    private let localOnlyLengthMask: UInt32
    /// `nil` when the metadata sets no leading digits.
    let leadingDigits: DigitAutomaton?
    /// `nil` when the region has no national prefix for parsing.
    let nationalPrefixForParsing: PrefixMatcher?
    /// The digits the national prefix for parsing can start with; all, with the bit 15, when it
    /// can match nothing at all (then no quick answer); 0 when the territory has none.
    let nationalPrefixStarts: UInt16
    /// The same for the international prefix.
    let internationalPrefixStarts: UInt16
    /// Empty when there is no transform rule; literal parts are digits.
    let transformRule: UnsafeBufferPointer<RewritePart>
    /// An empty pattern (as in the non-geographic entities) matches the empty prefix, as ICU's does.
    let internationalPrefix: PrefixMatcher

    /// The bit that marks a non-empty list of possible lengths.
    static let listedLengths: UInt32 = 1 << 31

    /// Compiles `metadata` into `arena`; `nil` when a pattern is outside the dialect the engine reads.
    init?(_ metadata: PhoneMetadata, in arena: TableArena) {
        var patterns: [(pattern: DigitPattern, label: UInt16)] = []
        var masks: [UInt32] = []
        for kind in PhoneMetadata.Kind.allCases {
            let description = metadata.descriptions[kind.rawValue]
            if !description.pattern.isEmpty {
                guard let (pattern, _) = DigitPattern.parse(description.pattern) else { return nil }
                patterns.append((pattern, kind.bit))
            }
            masks.append(
                description.possibleLengths.reduce(description.possibleLengths.isEmpty ? 0 : Self.listedLengths) {
                    (1...30).contains($1) ? $0 | 1 << UInt32($1) : $0
                }
            )
        }
        guard let automaton = DigitAutomaton(patterns, in: arena) else { return nil }
        var leadingDigits: DigitAutomaton?
        if let text = metadata.leadingDigits {
            guard let (pattern, _) = DigitPattern.parse(text), let compiled = DigitAutomaton([(pattern, 1)], in: arena)
            else { return nil }
            leadingDigits = compiled
        }
        var nationalPrefixForParsing: PrefixMatcher?
        var nationalPrefixStarts: UInt16 = 0
        if !metadata.nationalPrefixForParsing.isEmpty {
            guard let matcher = PrefixMatcher(metadata.nationalPrefixForParsing, in: arena),
                let (pattern, _) = DigitPattern.parse(metadata.nationalPrefixForParsing)
            else { return nil }
            nationalPrefixForParsing = matcher
            let first = pattern.firstDigits
            nationalPrefixStarts = first.mayBeEmpty ? 0xFFFF : first.mask
        }
        guard
            let transformRule = RewritePart.parse(metadata.nationalPrefixTransformRule, literals: { $0 &- 0x30 < 10 }),
            let internationalPrefix = PrefixMatcher(metadata.internationalPrefix, in: arena),
            let (iddPattern, _) = DigitPattern.parse(metadata.internationalPrefix)
        else { return nil }
        let iddFirst = iddPattern.firstDigits
        let idBytes = Array(metadata.id.utf8)
        let general = metadata.descriptions[0]
        guard (2...3).contains(idBytes.count), !general.possibleLengths.isEmpty,
            (general.possibleLengths + general.localOnlyLengths).allSatisfy({ $0 == -1 || (0..<32).contains($0) })
        else { return nil }
        self.idBytes = (idBytes[0], idBytes[1], idBytes.count > 2 ? idBytes[2] : 0)
        self.idLength = idBytes.count
        self.countryCallingCode = metadata.countryCallingCode
        self.sameMobileAndFixedLinePattern = metadata.sameMobileAndFixedLinePattern
        self.automaton = automaton
        self.kindsAllowingLength = arena.store(
            (0..<32).map { length in
                PhoneMetadata.Kind.allCases.reduce(0) { kinds, kind in
                    let mask = masks[kind.rawValue]
                    return mask == 0 || (length < 31 && mask & (1 << UInt32(length)) != 0) ? kinds | kind.bit : kinds
                }
            }
        )
        let lengths = general.possibleLengths
        self.minimumLength = lengths[0] == -1 ? -1 : lengths[0]
        self.maximumLength = lengths[lengths.count - 1]
        self.generalLengthMask = lengths.reduce(0) { $1 >= 0 ? $0 | 1 << UInt32($1) : $0 }
        self.localOnlyLengthMask = general.localOnlyLengths.reduce(0) { $1 >= 0 ? $0 | 1 << UInt32($1) : $0 }
        self.leadingDigits = leadingDigits
        self.nationalPrefixForParsing = nationalPrefixForParsing
        self.nationalPrefixStarts = nationalPrefixStarts
        self.transformRule = UnsafeBufferPointer(start: arena.store(transformRule), count: transformRule.count)
        self.internationalPrefix = internationalPrefix
        self.internationalPrefixStarts = iddFirst.mayBeEmpty ? 0xFFFF : iddFirst.mask
    }

    /// libphonenumber's `GetNumberTypeHelper`: the type of a national significant number, in
    /// its order of precedence; `.unknown` when the number is not valid here. A description
    /// matches when its possible lengths allow the length and its pattern accepts the digits
    /// (`IsNumberMatchingDesc`): both are bit masks here, one walk and one load.
    @inline(__always)
    func type(of digits: UnsafeBufferPointer<UInt8>) -> PhoneNumberType {
        guard digits.count < 32 else { return .unknown }
        let matching = automaton.labels(fullMatching: digits) & kindsAllowingLength[digits.count]
        func matches(_ kind: PhoneMetadata.Kind) -> Bool { matching & kind.bit != 0 }
        guard matches(.general) else { return .unknown }
        if matches(.premiumRate) { return .premiumRate }
        if matches(.tollFree) { return .tollFree }
        if matches(.sharedCost) { return .sharedCost }
        if matches(.voip) { return .voip }
        if matches(.personalNumber) { return .personalNumber }
        if matches(.pager) { return .pager }
        if matches(.uan) { return .uan }
        if matches(.voicemail) { return .voicemail }
        if matches(.fixedLine) {
            return sameMobileAndFixedLinePattern || matches(.mobile) ? .fixedLineOrMobile : .fixedLine
        }
        if !sameMobileAndFixedLinePattern && matches(.mobile) { return .mobile }
        return .unknown
    }

    /// Whether the general description's pattern matches all of `digits` (no length check),
    /// libphonenumber's `IsMatch(..., general_desc)`.
    @inline(__always)
    func matchesGeneralPattern(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        automaton.labels(fullMatching: digits) & PhoneMetadata.Kind.general.bit != 0
    }

    /// libphonenumber's `TestNumberLength` for the general description.
    @inline(__always)
    func lengthVerdict(_ length: Int) -> LengthVerdict {
        guard minimumLength != -1 else { return .invalidLength }
        if length < 32 && localOnlyLengthMask & (1 << UInt32(length)) != 0 { return .possibleLocalOnly }
        if minimumLength == length { return .possible }
        if minimumLength > length { return .tooShort }
        if maximumLength < length { return .tooLong }
        return generalLengthMask & (1 << UInt32(length)) != 0 ? .possible : .invalidLength
    }

    /// The answers of `TestNumberLength`.
    enum LengthVerdict {
        case possible, possibleLocalOnly, tooShort, tooLong, invalidLength
    }

    /// Whether a prefix whose possible first digits are `starts` may match at the start of
    /// `digits` (false: the matcher need not run).
    @inline(__always)
    static func mayStart(_ starts: UInt16, _ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        starts == 0xFFFF || (!digits.isEmpty && starts & (1 << UInt16(digits[0] &- 0x30)) != 0)
    }
}
