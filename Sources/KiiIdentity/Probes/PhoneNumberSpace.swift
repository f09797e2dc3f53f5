/// Where a source's numbers are, for generators that draw inputs from the whole number space: each
/// territory's possible lengths, the patterns of its number types, and the leading digits of its
/// number formats. Read from the same metadata the engine compiles.
@_spi(Probes)
public struct PhoneNumberSpace: Sendable {
    /// One territory (a region, or a non-geographic entity `001`).
    public struct Territory: Sendable {
        /// `JP`, or `001`.
        public let id: String
        /// Its calling code.
        public let callingCode: Int
        /// Digits only; empty when the territory has none.
        public let nationalPrefix: String
        /// The general description's possible lengths.
        public let lengths: [Int]
        /// The national-number patterns of its number types (fixed line, mobile, ...).
        public let typePatterns: [Pattern]
        /// The most detailed leading digits pattern of each of its number formats, and its own.
        public let leadingDigits: [Pattern]
    }

    /// A pattern of the metadata, to draw digits from.
    public struct Pattern: Sendable {
        let pattern: DigitPattern

        /// `text` parsed; `nil` for a pattern the engine does not read.
        init?(_ text: String) {
            guard let parsed = DigitPattern.parse(text) else { return nil }
            pattern = parsed.pattern
        }

        /// Random digits this pattern matches from the start (a final `$` ignored): a number
        /// drawn from the range the pattern describes.
        public func sample(_ generator: inout some RandomNumberGenerator) -> String {
            pattern.sample(&generator)
        }
    }

    /// Every territory of the source, in metadata order.
    public let territories: [Territory]

    /// The space of `source`'s metadata.
    public init(_ source: PhoneMetadataSource) {
        territories = PhoneMetadataIndex.of(source.kind).metadata.map { entry in
            let patterns = entry.descriptions.dropFirst().compactMap { description in
                description.pattern.isEmpty ? nil : Pattern(description.pattern)
            }
            let leading =
                (entry.numberFormats.compactMap(\.leadingDigitsPatterns.last) + [entry.leadingDigits].compactMap { $0 })
                .compactMap(Pattern.init)
            return Territory(
                id: entry.id,
                callingCode: entry.countryCallingCode,
                nationalPrefix: String(entry.nationalPrefix.filter(\.isASCII).filter(\.isNumber)),
                lengths: entry.descriptions[0].possibleLengths.filter { $0 > 0 },
                typePatterns: patterns,
                leadingDigits: leading
            )
        }
    }

    /// The regions (not `001`), in metadata order.
    public var regions: [Territory] { territories.filter { $0.id != "001" } }
}

extension DigitPattern {
    /// Random digits this pattern matches from the start (a final `$` ignored): a number drawn
    /// from the range the pattern describes.
    func sample(_ generator: inout some RandomNumberGenerator) -> String {
        var digits: [UInt8] = []
        append(to: &digits, &generator)
        return String(decoding: digits, as: UTF8.self)
    }

    private func append(to digits: inout [UInt8], _ generator: inout some RandomNumberGenerator) {
        switch self {
        case .digit(let mask):
            let allowed = (0..<10).filter { mask & (1 << UInt16($0)) != 0 }
            digits.append(UInt8(ascii: "0") + UInt8(allowed[Int(generator.next() % UInt64(allowed.count))]))
        case .sequence(let parts):
            for part in parts { part.append(to: &digits, &generator) }
        case .alternation(let choices):
            choices[Int(generator.next() % UInt64(choices.count))].append(to: &digits, &generator)
        case .repetition(let inner, let minimum, let maximum):
            let count = minimum + Int(generator.next() % UInt64(maximum - minimum + 1))
            for _ in 0..<count { inner.append(to: &digits, &generator) }
        case .capture(let inner, _):
            inner.append(to: &digits, &generator)
        case .end:
            break
        }
    }
}
