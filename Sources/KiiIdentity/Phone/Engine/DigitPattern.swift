/// A regular expression of libphonenumber's metadata, parsed: the dialect its patterns use over
/// the ten digits (`|`, character classes, `\d`, `(...)`, `(?:...)`, `{n}`, `{n,m}`, `?` and a
/// final `$`). Anything else makes ``parse(_:)`` answer `nil`, and the engine then leaves that
/// calling code to libphonenumber rather than guess.
package indirect enum DigitPattern: Equatable, Sendable {
    /// One digit out of a set: bit `d` of the mask stands for digit `d`.
    case digit(UInt16)
    /// The parts one after the other.
    case sequence([DigitPattern])
    /// The first alternative that leads to a match wins (Perl and ICU order).
    case alternation([DigitPattern])
    /// `pattern{minimum,maximum}`, greedy (`?` is `{0,1}`).
    case repetition(DigitPattern, minimum: Int, maximum: Int)
    /// A capturing group, numbered from 1 in the order of its `(`.
    case capture(DigitPattern, group: Int)
    /// `$`: the end of the input.
    case end

    /// The digits a match can start with, and whether the pattern can match without consuming
    /// one (`$` counts as possibly empty): what a prefix check can rule out before matching.
    var firstDigits: (mask: UInt16, mayBeEmpty: Bool) {
        switch self {
        case .digit(let mask):
            return (mask, false)
        case .sequence(let parts):
            var mask: UInt16 = 0
            for part in parts {
                let first = part.firstDigits
                mask |= first.mask
                if !first.mayBeEmpty { return (mask, false) }
            }
            return (mask, true)
        case .alternation(let choices):
            return choices.reduce((0, false)) { ($0.0 | $1.firstDigits.mask, $0.1 || $1.firstDigits.mayBeEmpty) }
        case .repetition(let inner, let minimum, let maximum):
            guard maximum > 0 else { return (0, true) }
            let first = inner.firstDigits
            return (first.mask, minimum == 0 || first.mayBeEmpty)
        case .capture(let inner, _):
            return inner.firstDigits
        case .end:
            return (0, true)
        }
    }

    /// All ten digits, `\d`.
    static let anyDigit: UInt16 = 0x3FF

    /// Parses `text`; `nil` when it uses a construct outside the metadata's dialect.
    package static func parse(_ text: String) -> (pattern: DigitPattern, groups: Int)? {
        var parser = DigitPatternParser(bytes: Array(text.utf8))
        guard let pattern = parser.alternation(), parser.position == parser.bytes.count else { return nil }
        return (pattern, parser.groups)
    }
}

/// The recursive-descent reader behind ``DigitPattern/parse(_:)``.
private struct DigitPatternParser {
    let bytes: [UInt8]
    var position = 0
    var groups = 0

    /// Repetitions past this bound are refused (the metadata's largest is a few dozen).
    static let maximumRepetition = 64

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        position += 1
        return true
    }

    mutating func alternation() -> DigitPattern? {
        var choices: [DigitPattern] = []
        repeat {
            guard let choice = sequence() else { return nil }
            choices.append(choice)
        } while take(UInt8(ascii: "|"))
        return choices.count == 1 ? choices[0] : .alternation(choices)
    }

    private mutating func sequence() -> DigitPattern? {
        var parts: [DigitPattern] = []
        while let byte = next, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
            guard let atom = atom(), let quantified = quantifier(atom) else { return nil }
            parts.append(quantified)
        }
        return parts.count == 1 ? parts[0] : .sequence(parts)
    }

    private mutating func atom() -> DigitPattern? {
        guard let byte = next else { return nil }
        position += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .digit(1 << UInt16(byte - UInt8(ascii: "0")))
        case UInt8(ascii: "\\"):
            return take(UInt8(ascii: "d")) ? .digit(DigitPattern.anyDigit) : nil
        case UInt8(ascii: "["):
            return characterClass()
        case UInt8(ascii: "$"):
            return .end
        case UInt8(ascii: "("):
            var group = 0
            if take(UInt8(ascii: "?")) {
                guard take(UInt8(ascii: ":")) else { return nil }
            } else {
                groups += 1
                group = groups
            }
            guard let inner = alternation(), take(UInt8(ascii: ")")) else { return nil }
            return group == 0 ? inner : .capture(inner, group: group)
        default:
            return nil
        }
    }

    /// `[...]` of digits, `\d` and ranges `a-b`; no negation.
    private mutating func characterClass() -> DigitPattern? {
        var mask: UInt16 = 0
        var first = true
        while let byte = next, byte != UInt8(ascii: "]") || first {
            first = false
            position += 1
            if byte == UInt8(ascii: "\\") {
                guard take(UInt8(ascii: "d")) else { return nil }
                mask |= DigitPattern.anyDigit
                continue
            }
            guard let low = digitValue(byte) else { return nil }
            var high = low
            if next == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "]") {
                position += 1
                guard let end = next.flatMap(digitValue), end >= low else { return nil }
                position += 1
                high = end
            }
            for digit in low...high { mask |= 1 << UInt16(digit) }
        }
        guard take(UInt8(ascii: "]")), mask != 0 else { return nil }
        return .digit(mask)
    }

    private func digitValue(_ byte: UInt8) -> UInt8? {
        byte &- UInt8(ascii: "0") < 10 ? byte - UInt8(ascii: "0") : nil
    }

    private mutating func quantifier(_ atom: DigitPattern) -> DigitPattern? {
        if take(UInt8(ascii: "?")) {
            return next == UInt8(ascii: "?") || next == UInt8(ascii: "+")
                ? nil : .repetition(atom, minimum: 0, maximum: 1)
        }
        guard take(UInt8(ascii: "{")) else {
            return next == UInt8(ascii: "*") || next == UInt8(ascii: "+") ? nil : atom
        }
        guard let minimum = number() else { return nil }
        var maximum = minimum
        if take(UInt8(ascii: ",")) {
            guard let bound = number() else { return nil }
            maximum = bound
        }
        guard take(UInt8(ascii: "}")), minimum <= maximum, maximum <= Self.maximumRepetition else { return nil }
        if next == UInt8(ascii: "?") || next == UInt8(ascii: "+") { return nil }
        return .repetition(atom, minimum: minimum, maximum: maximum)
    }

    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let byte = next, let digit = digitValue(byte) {
            value = value * 10 + Int(digit)
            digits += 1
            position += 1
            if digits > 3 { return nil }
        }
        return digits == 0 ? nil : value
    }
}
