/// Reads a phone number as a person typed it, refusing what libphonenumber would swallow.
///
/// Accepted: ASCII and full-width digits; a leading `+` or `＋`; between digits, spaces (also
/// no-break and ideographic), `-`, `.`, `/`, `(`, `)` (also full-width), and the Unicode dashes
/// U+2010...U+2015, U+2212, U+FE58, U+FE63 and U+FF0D. A number may open with `(`; it ends with
/// a digit. Nothing is trimmed.
enum PhoneTyping {
    /// At most this many bytes of typed input are inspected.
    static let maximumBytes = 128
    /// E.164's maximum, applied to the digits typed.
    static let maximumDigits = 15

    struct Typed {
        var hasPlus = false
        var digits: [UInt8] = []
    }

    private static func problem(_ detail: ValidationError.FieldDetail) -> ValidationError.Problem {
        ValidationError.Problem(field: .phoneNumber, detail)
    }

    private static func problem(_ detail: ValidationError.PhoneDetail) -> ValidationError.Problem {
        ValidationError.Problem(field: .phoneNumber, detail)
    }

    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0xA0, 0x3000,  // spaces
            0x2D, 0x2E, 0x2F, 0x28, 0x29, 0xFF08, 0xFF09,  // - . / ( ) （ ）
            0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D:  // dashes
            true
        default:
            false
        }
    }

    /// The value of an ASCII or full-width digit.
    static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: UInt8(scalar.value - 0x30)
        case 0xFF10...0xFF19: UInt8(scalar.value - 0xFF10)
        default: nil
        }
    }

    /// ASCII and full-width letters, lowercased to ASCII.
    static func letter(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x41...0x5A: UInt8(scalar.value) | 0x20
        case 0x61...0x7A: UInt8(scalar.value)
        case 0xFF21...0xFF3A: UInt8(scalar.value - 0xFF21 + 0x61)
        case 0xFF41...0xFF5A: UInt8(scalar.value - 0xFF41 + 0x61)
        default: nil
        }
    }

    static func clean(_ bytes: UnsafeBufferPointer<UInt8>) throws(ValidationError) -> Typed {
        let length = FieldChecks.length(bytes.count, 1...maximumBytes, field: .phoneNumber, unit: .bytes)
        if length.stop { throw ValidationError([length.problem!]) }

        var typed = Typed()
        var letters: [UInt8] = []
        var lettersFollowDigits = false
        var digitsAfterLetters = false
        var hasExtensionMark = false
        var firstBad: (position: Int, scalar: Unicode.Scalar)?
        var badCount = 0
        var position = 0
        var lastScalar: Unicode.Scalar = " "

        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                position += 1
                lastScalar = scalar
                if let digit = digitValue(scalar) {
                    typed.digits.append(UInt8(ascii: "0") + digit)
                    if !letters.isEmpty { digitsAfterLetters = true }
                } else if scalar == "+" || scalar == "＋" {
                    if position == 1 {
                        typed.hasPlus = true
                    } else {
                        badCount += 1
                        if firstBad == nil { firstBad = (position, scalar) }
                    }
                } else if let letter = letter(scalar) {
                    if letters.isEmpty { lettersFollowDigits = !typed.digits.isEmpty }
                    letters.append(letter)
                } else if scalar == "#" || scalar == ";" {
                    hasExtensionMark = true
                } else if isSeparator(scalar) && (position > 1 || scalar == "(" || scalar == "（") {
                    continue
                } else {
                    badCount += 1
                    if firstBad == nil { firstBad = (position, scalar) }
                }
            case .emptyInput:
                break decoding
            case .error:
                position += 1
                badCount += 1
                if firstBad == nil { firstBad = (position, "\u{FFFD}") }
            }
        }

        if letters.starts(with: Array("tel".utf8)), let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon == 3 {
            throw ValidationError([problem(.telURI)])
        }
        var problems: [ValidationError.Problem] = []
        let extensionWords: [[UInt8]] = ["x", "ext", "extn", "extension"].map { Array($0.utf8) }
        if hasExtensionMark || (lettersFollowDigits && digitsAfterLetters && extensionWords.contains(letters)) {
            problems.append(problem(.hasExtension))
        } else if !letters.isEmpty {
            problems.append(problem(.containsLetters))
        }
        if let firstBad {
            problems.append(
                problem(
                    .invalidCharacter(
                        .scalar(firstBad.scalar),
                        position: firstBad.position,
                        count: badCount,
                        allowed: .typedPhoneNumber
                    )
                )
            )
        } else if !typed.digits.isEmpty && digitValue(lastScalar) == nil && lastScalar != ")" && lastScalar != "）"
            && letters.isEmpty && !hasExtensionMark
        {
            problems.append(problem(.endsWithSeparator))
        }
        if typed.digits.isEmpty && problems.isEmpty {
            problems.append(problem(.noDigits))
        }
        if typed.digits.count > maximumDigits {
            problems.append(problem(.tooManyTypedDigits(digits: typed.digits.count, maximum: maximumDigits)))
        }
        if !problems.isEmpty { throw ValidationError(problems) }
        return typed
    }
}
