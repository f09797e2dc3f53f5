@_spi(Probes) import KiiIdentity

/// The inputs of the phone differential, generated from libphonenumber's own example
/// numbers and calling codes, deterministic for a given count.
///
/// Every region's example number of every type in every form comes first; then, sharing what the
/// count leaves, single-digit substitutions, deletions and insertions of the examples, random
/// digits of every length behind every calling code, local digits behind international and
/// calling-code prefixes, and every region with its neighbours' numbers.
package enum PhoneDifferentialCases {
    static let regions = CountryCode.allSupported

    /// An example number: its region, calling code, national number and national prefix.
    struct Example {
        var region: String
        var callingCode: Int
        var national: String
        var nationalPrefix: String
        var e164: String { "+\(callingCode)\(national)" }
    }

    static let examples: [Example] = regions.flatMap { region in
        let code = PhoneEngineProbe.libraryCallingCode(region)
        let prefix = PhoneEngineProbe.libraryNationalPrefix(region)
        var seen = Set<String>()
        return PhoneNumberType.allCases.compactMap { type -> Example? in
            guard let e164 = PhoneEngineProbe.libraryExample(region, type), seen.insert(e164).inserted else {
                return nil
            }
            return Example(
                region: region,
                callingCode: code,
                national: String(e164.dropFirst(1 + "\(code)".count)),
                nationalPrefix: prefix
            )
        }
    }

    /// At least `count` probes (fewer only if the generators run dry), handed to `body` one by one.
    package static func forEach(count: Int, _ body: (PhoneDifferentialChecks.Probe) -> Void) {
        var generator = SplitMix64(seed: 0x11)
        var produced = 0
        func emit(_ text: String, _ region: String?, _ form: PhoneEngineProbe.Form? = nil) {
            body(PhoneDifferentialChecks.Probe(text: text, region: region, form: form))
            produced += 1
        }
        // 1. Every example in every form.
        for example in examples {
            emitForms(example, emit)
        }
        // 2-5. The rest, in rounds, until the count is reached.
        let codes = PhoneEngineProbe.callingCodes(.system)
        var round = 0
        while produced < count {
            let example = examples[Int(generator.next() % UInt64(examples.count))]
            let digits = Array(round % 2 == 0 ? example.national : example.nationalPrefix + example.national)
            // Single-digit edits of the national digits, read locally and behind the calling code.
            let position = Int(generator.next() % UInt64(digits.count + 1))
            let digit = Character(String(generator.next() % 10))
            var edited = digits
            switch generator.next() % 3 {
            case 0 where position < digits.count: edited[position] = digit
            case 1 where position < digits.count: edited.remove(at: position)
            default: edited.insert(digit, at: position)
            }
            let editedText = String(edited)
            emit("+\(example.callingCode)\(editedText)", nil)
            emit(editedText, example.region)
            // Random digits of a random length behind a random calling code, and in a region of it.
            let code = codes[Int(generator.next() % UInt64(codes.count))]
            let length = Int(generator.next() % 18)
            let random = String((0..<length).map { _ in Character(String(generator.next() % 10)) })
            emit("+\(code)\(random)", nil)
            let region = regions[Int(generator.next() % UInt64(regions.count))]
            emit(random.isEmpty ? "00" : random, region)
            // International and calling-code prefixes before local digits.
            let prefixes = [
                "00", "011", "010", "0011", "810", "\(example.callingCode)", "0\(example.callingCode)", "1",
            ]
            let prefix = prefixes[Int(generator.next() % UInt64(prefixes.count))]
            emit(prefix + "\(example.callingCode)" + example.national, example.region)
            emit(prefix + example.national, region)
            // A neighbour's number (next region in order, or one sharing the calling code).
            let index = regions.firstIndex(of: example.region) ?? 0
            let neighbour = regions[(index + 1 + Int(generator.next() % 2)) % regions.count]
            emit(example.national, neighbour)
            emit(example.nationalPrefix + example.national, neighbour)
            if round % 4 == 0 {
                let form = PhoneEngineProbe.Form.allCases[round / 4 % 4]
                switch form {
                case .international: emit("+\(example.callingCode)\(editedText)", nil, form)
                case .local: emit(editedText, neighbour, form)
                case .rest: emit("\(neighbour)-\(editedText)", nil, form)
                case .userInput:
                    emit(typed("\(example.callingCode) \(editedText)", plus: round % 8 == 0), neighbour, form)
                }
            }
            round += 1
        }
    }

    /// One example in every form, for the engine and for each `PhoneNumber` form.
    static func emitForms(_ example: Example, _ emit: (String, String?, PhoneEngineProbe.Form?) -> Void) {
        let national = example.national
        let trunk = example.nationalPrefix + national
        emit(example.e164, nil, nil)
        emit(national, example.region, nil)
        emit(trunk, example.region, nil)
        emit("\(example.callingCode)\(national)", example.region, nil)
        emit("00\(example.callingCode)\(national)", example.region, nil)
        emit(example.e164, nil, .international)
        emit(national, example.region, .local)
        emit(trunk, example.region, .local)
        emit("\(example.region)-\(national)", nil, .rest)
        emit("\(example.region)-\(trunk)", nil, .rest)
        emit(typed(trunk, plus: false), example.region, .userInput)
        emit(typed("\(example.callingCode) \(national)", plus: true), nil, .userInput)
        emit(typed("\(example.callingCode) \(national)", plus: true), example.region, .userInput)
    }

    /// `digits` as a person types them: groups of three or four with spaces, dashes and a bracket.
    static func typed(_ digits: String, plus: Bool) -> String {
        let groups = digits.split(separator: " ").map { group in
            group.enumerated().map { index, character in
                index > 0 && index % 4 == 0 ? (index % 8 == 0 ? "-" : " ") + String(character) : String(character)
            }.joined()
        }
        return (plus ? "+" : "") + groups.joined(separator: " ")
    }
}

/// A small deterministic generator (SplitMix64), so that a count always gives the same cases and
/// a failure can be replayed; the test suites draw from it too.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
