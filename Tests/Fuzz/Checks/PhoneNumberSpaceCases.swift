@_spi(Probes) package import KiiIdentity

/// Inputs drawn from the whole number space of a metadata source, deterministic for a count:
/// every territory in turn, a national number drawn from one of its type patterns (a number in a
/// range the plan assigns), from one of its formats' leading digits padded to one of its lengths,
/// or random digits of one of its lengths; a fifth of them edited by one digit; each written in
/// the engine's two inputs and in `PhoneNumber`'s four forms, in its own region and in a
/// neighbour's.
package enum PhoneNumberSpaceCases {
    /// At least `count` probes of `source`'s space, handed to `body` one by one.
    package static func forEach(
        count: Int,
        source: PhoneMetadataSource,
        seed: UInt64 = 0x5EED,
        _ body: (PhoneDifferentialChecks.Probe) -> Void
    ) {
        let space = PhoneNumberSpace(source)
        let territories = space.territories
        let regions = space.regions
        var generator = SplitMix64(seed: seed)
        var produced = 0
        var round = 0
        func emit(_ text: String, _ region: String?, _ form: PhoneEngineProbe.Form? = nil) {
            body(PhoneDifferentialChecks.Probe(text: text, region: region, form: form))
            produced += 1
        }
        while produced < count {
            let territory = territories[round % territories.count]
            let national = draw(territory, &generator)
            let code = territory.callingCode
            let isRegion = territory.id != "001"
            // The engine's inputs: `+digits`, and digits read in a region.
            emit("+\(code)\(national)", nil)
            let home = isRegion ? territory.id : regions[Int(generator.next() % UInt64(regions.count))].id
            emit(national, home)
            if !territory.nationalPrefix.isEmpty { emit(territory.nationalPrefix + national, home) }
            switch round % 3 {
            case 0: emit("\(code)\(national)", home)
            case 1: emit("00\(code)\(national)", home)
            default: emit(national, regions[(round / 3) % regions.count].id)
            }
            // The forms, under both policies (the checks run each form under each).
            emit("+\(code)\(national)", nil, .international)
            emit(round % 2 == 0 ? national : territory.nationalPrefix + national, home, .local)
            emit("\(home)-\(national)", nil, .rest)
            let typed = PhoneDifferentialCases.typed(
                round % 2 == 0 ? "\(code) \(national)" : territory.nationalPrefix + national,
                plus: round % 2 == 0
            )
            emit(typed, home, .userInput)
            round += 1
        }
    }

    /// A national number of `territory`: from a type's pattern, from a format's leading digits,
    /// or random, at one of its lengths; a fifth of them edited by one digit.
    static func draw(_ territory: PhoneNumberSpace.Territory, _ generator: inout SplitMix64) -> String {
        let lengths = territory.lengths.isEmpty ? [8] : territory.lengths
        var length = lengths[Int(generator.next() % UInt64(lengths.count))]
        var digits: [Character]
        let way = generator.next() % 4
        if way < 2, !territory.typePatterns.isEmpty {
            let pattern = territory.typePatterns[Int(generator.next() % UInt64(territory.typePatterns.count))]
            digits = Array(pattern.sample(&generator))
        } else if way == 2, !territory.leadingDigits.isEmpty {
            let pattern = territory.leadingDigits[Int(generator.next() % UInt64(territory.leadingDigits.count))]
            digits = Array(pattern.sample(&generator))
            if digits.count > length { length = digits.count }
            while digits.count < length { digits.append(Character(String(generator.next() % 10))) }
        } else {
            digits = (0..<length).map { _ in Character(String(generator.next() % 10)) }
        }
        if generator.next() % 5 == 0 {
            let position = Int(generator.next() % UInt64(digits.count + 1))
            let digit = Character(String(generator.next() % 10))
            switch generator.next() % 3 {
            case 0 where position < digits.count: digits[position] = digit
            case 1 where position < digits.count: digits.remove(at: position)
            default: digits.insert(digit, at: position)
            }
        }
        return String(digits.prefix(20))
    }
}
