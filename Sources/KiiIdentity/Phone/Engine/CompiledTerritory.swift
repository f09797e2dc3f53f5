/// One region's (or non-geographic entity's) metadata compiled for the engine: one automaton for
/// the general description and every number type, the possible lengths as bit masks, and the
/// prefix matchers of the parse steps.
final class CompiledTerritory: Sendable {
    /// `JP`, or `001`.
    let id: String
    /// The id's bytes, for comparisons that allocate nothing.
    let idBytes: (UInt8, UInt8, UInt8)
    let idLength: Int
    let countryCallingCode: Int
    let sameMobileAndFixedLinePattern: Bool
    /// Labelled with ``PhoneMetadata/Kind/bit``.
    let automaton: DigitAutomaton
    /// Per ``PhoneMetadata/Kind``: bit `n` for each possible length `n`, and bit 31 when the
    /// description lists any (then a length it does not list fails before its pattern is tried).
    let lengthMasks: [UInt32]
    /// Per national-number length 0...31, the descriptions (``PhoneMetadata/Kind/bit``) whose
    /// possible lengths allow it: the length half of every `IsNumberMatchingDesc` in one load.
    let kindsAllowingLength: [UInt16]
    /// The general description's possible and local-only lengths, for `TestNumberLength`.
    let generalLengths: [Int]
    let generalLocalOnlyLengths: [Int]
    /// `nil` when the metadata sets no leading digits.
    let leadingDigits: DigitAutomaton?
    /// `nil` when the region has no national prefix for parsing.
    let nationalPrefixForParsing: PrefixMatcher?
    /// The digits the national prefix for parsing can start with; all, with the bit 15, when it
    /// can match nothing at all (then no quick answer); 0 when the territory has none.
    let nationalPrefixStarts: UInt16
    /// The same for the international prefix.
    let internationalPrefixStarts: UInt16
    /// Empty when there is no transform rule.
    let transformRule: [TransformPart]
    /// An empty pattern (as in the non-geographic entities) matches the empty prefix, as ICU's does.
    let internationalPrefix: PrefixMatcher

    /// A piece of a transform rule: literal digits or a group's capture.
    enum TransformPart: Sendable {
        case digits([UInt8])
        case group(Int)
    }

    /// The bit that marks a non-empty list of possible lengths.
    static let listedLengths: UInt32 = 1 << 31

    /// Compiles `metadata`; `nil` when a pattern is outside the dialect the engine reads.
    init?(_ metadata: PhoneMetadata) {
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
        guard let automaton = DigitAutomaton(patterns) else { return nil }
        var leadingDigits: DigitAutomaton?
        if let text = metadata.leadingDigits {
            guard let (pattern, _) = DigitPattern.parse(text), let compiled = DigitAutomaton([(pattern, 1)]) else {
                return nil
            }
            leadingDigits = compiled
        }
        var nationalPrefixForParsing: PrefixMatcher?
        var nationalPrefixStarts: UInt16 = 0
        if !metadata.nationalPrefixForParsing.isEmpty {
            guard let matcher = PrefixMatcher(metadata.nationalPrefixForParsing),
                let (pattern, _) = DigitPattern.parse(metadata.nationalPrefixForParsing)
            else { return nil }
            nationalPrefixForParsing = matcher
            let first = pattern.firstDigits
            nationalPrefixStarts = first.mayBeEmpty ? 0xFFFF : first.mask
        }
        guard let transformRule = Self.transformParts(metadata.nationalPrefixTransformRule),
            let internationalPrefix = PrefixMatcher(metadata.internationalPrefix),
            let (iddPattern, _) = DigitPattern.parse(metadata.internationalPrefix)
        else { return nil }
        let iddFirst = iddPattern.firstDigits
        let idBytes = Array(metadata.id.utf8)
        guard (2...3).contains(idBytes.count), !metadata.descriptions[0].possibleLengths.isEmpty else { return nil }
        self.id = metadata.id
        self.idBytes = (idBytes[0], idBytes[1], idBytes.count > 2 ? idBytes[2] : 0)
        self.idLength = idBytes.count
        self.countryCallingCode = metadata.countryCallingCode
        self.sameMobileAndFixedLinePattern = metadata.sameMobileAndFixedLinePattern
        self.automaton = automaton
        self.lengthMasks = masks
        self.kindsAllowingLength = (0..<32).map { length in
            PhoneMetadata.Kind.allCases.reduce(0) { kinds, kind in
                let mask = masks[kind.rawValue]
                return mask == 0 || (length < 31 && mask & (1 << UInt32(length)) != 0) ? kinds | kind.bit : kinds
            }
        }
        self.generalLengths = metadata.descriptions[0].possibleLengths
        self.generalLocalOnlyLengths = metadata.descriptions[0].localOnlyLengths
        self.leadingDigits = leadingDigits
        self.nationalPrefixForParsing = nationalPrefixForParsing
        self.nationalPrefixStarts = nationalPrefixStarts
        self.transformRule = transformRule
        self.internationalPrefix = internationalPrefix
        self.internationalPrefixStarts = iddFirst.mayBeEmpty ? 0xFFFF : iddFirst.mask
    }

    /// `9$1` as literal digits and group references; `nil` for anything but digits and `$n`.
    private static func transformParts(_ rule: String) -> [TransformPart]? {
        var parts: [TransformPart] = []
        var bytes = rule.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "$") {
                guard let digit = bytes.next(), digit &- 0x30 < 10 else { return nil }
                parts.append(.group(Int(digit - 0x30)))
            } else if byte &- 0x30 < 10 {
                if case .digits(let digits) = parts.last {
                    parts[parts.count - 1] = .digits(digits + [byte])
                } else {
                    parts.append(.digits([byte]))
                }
            } else {
                return nil
            }
        }
        return parts
    }

    /// libphonenumber's `GetNumberTypeHelper`: the type of a national significant number, in
    /// its order of precedence; `.unknown` when the number is not valid here. A description
    /// matches when its possible lengths allow the length and its pattern accepts the digits
    /// (`IsNumberMatchingDesc`): both are bit masks here, one walk and one load.
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
    func lengthVerdict(_ length: Int) -> LengthVerdict {
        guard let minimum = generalLengths.first, minimum != -1 else { return .invalidLength }
        if generalLocalOnlyLengths.contains(length) { return .possibleLocalOnly }
        if minimum == length { return .possible }
        if minimum > length { return .tooShort }
        if generalLengths[generalLengths.count - 1] < length { return .tooLong }
        return generalLengths.dropFirst().contains(length) ? .possible : .invalidLength
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

    /// Whether this territory's id is `bytes` (two or three ASCII bytes).
    @inline(__always)
    func hasID(_ first: UInt8, _ second: UInt8, _ third: UInt8, length: Int) -> Bool {
        idLength == length && idBytes.0 == first && idBytes.1 == second && idBytes.2 == third
    }
}
