import Foundation
import KiiIdentity

/// Writes the deterministic input mixes of `Fixtures/bench/` (`--generate-fixtures`).
///
/// About 80 % of each mix is valid, at realistic lengths; the rest is invalid in varied ways.
/// Phone inputs start from libphonenumber's example numbers of every region, then mutate.
/// The same seed and the same libphonenumber give the same files.
struct FixtureGenerator {
    private var random = SplitMix64(seed: 0x4B11_1D3E_A7B5_0001)

    static let firstNames = [
        "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory",
        "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter", "yuki", "taro",
        "hanako", "sakura", "kenji", "li", "wei", "fatima", "omar", "priya", "arjun", "sofia", "mateo",
    ]
    static let lastNames = [
        "smith", "jones", "tanaka", "suzuki", "yamada", "garcia", "muller", "rossi", "dubois", "kim",
        "nguyen", "patel", "silva", "ivanova", "kowalski", "johansson", "obrien", "van-der-berg",
    ]
    static let domains = [
        "example.com", "gmail.com", "yahoo.co.jp", "outlook.com", "kii.com", "mail.example.org",
        "docomo.ne.jp", "ezweb.ne.jp", "icloud.com", "proton.me", "my-company.co.uk", "uni-mainz.de",
        "students.example.edu", "a.io",
    ]
    static let displayNames = [
        "Alice Smith", "山田 太郎", "Taro", "José Álvarez", "Zoë", "李小龙", "Мария Иванова",
        "محمد علي", "Dr. Grace Hopper", "👍🏽 fan", "e\u{301}cole", "Kim Min-jun 김민준", "O'Brien", "X",
    ]

    /// Writes every mix into `directory`.
    mutating func writeAll(to directory: URL) throws {
        let files: [(String, [String])] = [
            ("username.txt", usernames()),
            ("email.txt", emails()),
            ("password.txt", passwords()),
            ("display-name.txt", displayNamesMix()),
            ("country.txt", countries()),
            ("locale.txt", locales()),
            ("identifier.txt", identifiers()),
            ("phone-international.txt", internationalPhones()),
            ("phone-local.txt", localPhones()),
            ("phone-user-input.txt", userInputPhones()),
            ("phone-rest.txt", restPhones()),
            ("phone-syntax-rejects.txt", syntaxRejects()),
        ]
        for (name, lines) in files {
            try FixtureFiles.write(lines, to: name, in: directory)
            print("wrote \(directory.appendingPathComponent(name).path): \(lines.count) lines")
        }
    }

    // MARK: Field mixes

    mutating func usernames() -> [String] {
        mix(valid: 800, invalid: 200) { generator in
            generator.username()
        } makeInvalid: { generator in
            switch generator.random.next(9) {
            case 0: String(generator.username().prefix(2))  // too short
            case 1: String(repeating: generator.username(), count: 8).padding(toLength: 70, withPad: "x", startingAt: 0)
            case 2: generator.pick(Self.firstNames) + " " + generator.pick(Self.lastNames)  // space
            case 3: generator.username() + "@"  // '@' in a username field
            case 4: generator.pick(Self.firstNames) + "é" + generator.pick(Self.lastNames)
            case 5: "山田太郎"
            case 6: generator.username() + "\u{01}"
            case 7: generator.username() + "!"
            default: ""
            }
        }
    }

    mutating func emails() -> [String] {
        mix(valid: 800, invalid: 200) { generator in
            generator.email()
        } makeInvalid: { generator in
            let email = generator.email()
            let at = email.firstIndex(of: "@")!
            switch generator.random.next(12) {
            case 0: return email.replacingOccurrences(of: "@", with: "")  // missing_at
            case 1: return email.replacingOccurrences(of: "@", with: "@@")  // multiple_at
            case 2: return "." + email  // local part dot at edge
            case 3: return email.replacingOccurrences(of: "@", with: "..x@")  // consecutive dots
            case 4: return String(email[...at]) + "localhost"  // one label
            case 5: return String(email[...at]) + "-bad.example.com"  // hyphen at label edge
            case 6: return String(email[...at]) + "example.123"  // numeric top-level domain
            case 7: return "jos\u{E9}" + String(email[at...])  // non-ASCII
            case 8: return generator.pick(Self.firstNames) + " " + String(email[at...])  // space
            case 9: return String(repeating: "a", count: 65) + String(email[at...])  // local part too long
            case 10: return String(repeating: "long.", count: 42) + String(email[at...])  // over 200
            default: return String(email[...at])  // empty domain
            }
        }
    }

    mutating func passwords() -> [String] {
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        return mix(valid: 800, invalid: 200) { generator in
            String((0..<generator.realisticLength(4...50, typical: 8...16)).map { _ in generator.pick(printable) })
        } makeInvalid: { generator in
            let base = String((0..<10).map { _ in generator.pick(printable) })
            switch generator.random.next(6) {
            case 0: return String(base.prefix(3))  // too short
            case 1: return String(repeating: base, count: 6)  // too long (60)
            case 2: return base + "\t"  // control character
            case 3: return base + "ü"  // non-ASCII
            case 4: return "パスワード" + base
            default: return ""
            }
        }
    }

    mutating func displayNamesMix() -> [String] {
        mix(valid: 800, invalid: 200) { generator in
            generator.random.next(3) == 0
                ? generator.pick(Self.firstNames).capitalized + " " + generator.pick(Self.lastNames).capitalized
                : generator.pick(Self.displayNames)
        } makeInvalid: { generator in
            generator.random.next(2) == 0 ? "" : String(repeating: generator.pick(Self.displayNames) + " ", count: 12)
        }
    }

    mutating func countries() -> [String] {
        let supported = CountryCode.allSupported
        return mix(valid: 800, invalid: 200) { generator in
            generator.pick(supported)
        } makeInvalid: { generator in
            switch generator.random.next(6) {
            case 0: generator.pick(supported).lowercased()  // not_uppercase
            case 1: generator.pick(["XX", "UK", "EU", "ZZ", "QQ"])  // unknown
            case 2: generator.pick(["JPN", "USA", "J", "GBR"])  // wrong length
            case 3: generator.pick(["81", "J1", "-J"])
            case 4: "Jp"
            default: ""
            }
        }
    }

    mutating func locales() -> [String] {
        let valid = [
            "en", "en-US", "ja", "ja-JP", "zh-Hant-TW", "zh-Hans-CN", "de-CH-1901", "sr-Latn-RS", "es-419",
            "pt-BR", "fr-CA", "en-GB-oed", "i-klingon", "en-a-bbb-x-priv", "x-private", "ko-KR", "hy-Latn-IT-arevela",
        ]
        return mix(valid: 800, invalid: 200) { generator in
            generator.pick(valid)
        } makeInvalid: { generator in
            generator.pick(["en_US", "english", "", "e", "en--US", "en-", "ja-JP-", "zh-Hant-TW-x", "日本語", "en US"])
        }
    }

    /// `region<TAB>identifier`: usernames, emails, international and local phone numbers.
    mutating func identifiers() -> [String] {
        let examples = Self.exampleNumbers(type: .mobile)
        let international = examples.map(\.e164)
        return (0..<1000).map { _ in
            switch random.next(10) {
            case 0, 1, 2: return "\t" + username()
            case 3, 4, 5: return "\t" + email()
            case 6, 7: return "\t" + pick(international)
            case 8:
                let example = pick(examples)
                return "\(example.region)\t\(example.nationalDigits)"
            default: return random.next(4) == 0 ? "\t" : "JP\t" + username()
            }
        }
    }

    // MARK: Phone mixes

    /// International mobile numbers: libphonenumber's examples, digit variants, and mutations.
    mutating func internationalPhones() -> [String] {
        let examples = Self.exampleNumbers(type: .mobile)
        let landlines = Self.exampleNumbers(type: .fixedLine).map(\.e164)
        var valid: [String] = []
        var invalidPool: [String] = landlines
        for example in examples {
            for variant in [example.e164] + (0..<4).map({ _ in varyLastDigits(example.e164) }) {
                if PhoneNumber.isValid(international: variant) {
                    valid.append(variant)
                } else {
                    invalidPool.append(variant)
                }
            }
        }
        return mix(valid: 800, invalid: 200) { generator in
            generator.pick(valid)
        } makeInvalid: { generator in
            let number = generator.pick(valid)
            switch generator.random.next(8) {
            case 0, 1: return generator.pick(invalidPool)  // not mobile, or not a valid number
            case 2: return "00" + number.dropFirst()  // international prefix instead of '+'
            case 3: return String(number.prefix(6))  // too few digits
            case 4: return number + "12345"  // too many digits
            case 5: return String(number.prefix(4)) + " " + number.dropFirst(4)  // a space
            case 6: return number.replacingOccurrences(of: "9", with: "W")  // a letter, maybe
            default: return String(number.dropFirst())  // no '+'
            }
        }
    }

    /// `region<TAB>national digits`, with and without the trunk prefix.
    mutating func localPhones() -> [String] {
        let examples = Self.exampleNumbers(type: .mobile)
        let landlines = Self.exampleNumbers(type: .fixedLine)
        return mix(valid: 800, invalid: 200) { generator in
            let example = generator.pick(examples)
            let digits = generator.random.next(2) == 0 ? example.nationalDigits : example.nationalNumber
            return "\(example.region)\t\(digits)"
        } makeInvalid: { generator in
            let example = generator.pick(examples)
            switch generator.random.next(7) {
            case 0: return "\(example.region)\t\(example.nationalNumber.prefix(3))"  // too short
            case 1:
                let landline = generator.pick(landlines)
                return "\(landline.region)\t\(landline.nationalDigits)"  // not mobile
            case 2: return "\(example.region)\t\(example.e164.dropFirst())"  // calling code without '+'
            case 3: return "\(example.region)\t\(example.nationalNumber)5555555555"  // too many digits
            case 4: return "XX\t\(example.nationalNumber)"  // unknown region
            case 5: return "\(example.region.lowercased())\t\(example.nationalNumber)"  // lower-case region
            default:
                return "\(example.region)\t\(example.nationalNumber.prefix(3))-\(example.nationalNumber.dropFirst(3))"
            }
        }
    }

    /// `region<TAB>what a person typed`: national and international formats, full-width digits.
    mutating func userInputPhones() -> [String] {
        let examples = Self.exampleNumbers(type: .mobile)
        return mix(valid: 800, invalid: 200) { generator in
            let example = generator.pick(examples)
            switch generator.random.next(4) {
            case 0: return "\(example.region)\t\(example.nationalFormat)"
            case 1: return "\t\(example.internationalFormat)"
            case 2: return "\(example.region)\t\(example.internationalFormat)"
            default: return "\(example.region)\t\(Self.fullWidth(example.nationalFormat))"
            }
        } makeInvalid: { generator in
            let example = generator.pick(examples)
            switch generator.random.next(6) {
            case 0: return "\t\(example.nationalFormat)"  // needs a country
            case 1: return "\(example.region)\ttel:\(example.e164)"
            case 2: return "\(example.region)\t\(example.nationalFormat) ext. 123"
            case 3: return "US\t1-800-FLOWERS"
            case 4: return "\(example.region)\t\(example.internationalFormat) 0000000"
            default: return "\(example.region)\t(\(example.nationalFormat)"
            }
        }
    }

    /// REST local forms, `CC-digits`.
    mutating func restPhones() -> [String] {
        let examples = Self.exampleNumbers(type: .mobile)
        return mix(valid: 800, invalid: 200) { generator in
            let example = generator.pick(examples)
            let digits = generator.random.next(4) == 0 ? example.nationalDigits : example.nationalNumber
            return "\(example.region)-\(digits)"
        } makeInvalid: { generator in
            let example = generator.pick(examples)
            switch generator.random.next(5) {
            case 0: return "\(example.region.lowercased())-\(example.nationalNumber)"
            case 1: return "\(example.region)\(example.nationalNumber)"  // no '-'
            case 2: return "XX-\(example.nationalNumber)"
            case 3: return "\(example.region)-\(example.nationalNumber)x"
            default: return "\(example.region)-\(example.nationalNumber.prefix(2))"
            }
        }
    }

    /// International inputs that fail the syntax check (all of them): what the cheap Swift
    /// check turns away before libphonenumber.
    mutating func syntaxRejects() -> [String] {
        let numbers = Self.exampleNumbers(type: .mobile).map(\.e164)
        var lines: [String] = []
        while lines.count < 1000 {
            let number = pick(numbers)
            let candidate: String
            switch random.next(9) {
            case 0: candidate = String(number.dropFirst())  // no '+'
            case 1: candidate = String(number.prefix(5))  // too few digits
            case 2: candidate = number + "0123456"  // too many digits
            case 3: candidate = String(number.prefix(3)) + " " + number.dropFirst(3)
            case 4: candidate = String(number.prefix(3)) + "-" + number.dropFirst(3)
            case 5: candidate = pick(["hello", "+1-800-FLOWERS", "call me", "n/a", "+", "tel:+81"])
            case 6: candidate = "+" + String(repeating: "1234567890", count: 7)  // past 64 bytes
            case 7: candidate = Self.fullWidth(number)
            default: candidate = pick(["", "+81 (90) 1234", "0090-1234-5678"])
            }
            // Kii's default rule is `+` and 10 to 15 digits: the byte loop decides the syntax.
            if !ByteLoops.phoneSyntax(candidate) { lines.append(candidate) }
        }
        return lines
    }

    // MARK: Pieces

    /// `valid` lines from `valid` and `invalid` from `invalid`, shuffled deterministically.
    mutating func mix(
        valid: Int,
        invalid: Int,
        makeValid: (inout FixtureGenerator) -> String,
        makeInvalid: (inout FixtureGenerator) -> String
    ) -> [String] {
        var lines = (0..<valid).map { _ in makeValid(&self) } + (0..<invalid).map { _ in makeInvalid(&self) }
        for index in stride(from: lines.count - 1, to: 0, by: -1) {
            lines.swapAt(index, random.next(index + 1))
        }
        return lines
    }

    mutating func username() -> String {
        let first = pick(Self.firstNames)
        let last = pick(Self.lastNames)
        switch random.next(6) {
        case 0: return first + "_" + last
        case 1: return first + "." + last + String(random.next(100))
        case 2: return first + String(1950 + random.next(60))
        case 3: return first.capitalized + last.capitalized
        case 4: return first + "-" + last + "-" + String(repeating: "x", count: random.next(40))
        default: return first
        }
    }

    mutating func email() -> String {
        let first = pick(Self.firstNames)
        let last = pick(Self.lastNames).replacingOccurrences(of: "-", with: "")
        let local: String
        switch random.next(5) {
        case 0: local = first + "." + last
        case 1: local = first + "+news"
        case 2: local = first + "_" + String(random.next(10000))
        case 3: local = first.capitalized + last.capitalized
        default: local = first
        }
        return local + "@" + pick(Self.domains)
    }

    /// A length in `range`, usually in `typical`.
    mutating func realisticLength(_ range: ClosedRange<Int>, typical: ClosedRange<Int>) -> Int {
        let chosen = random.next(5) == 0 ? range : typical
        return chosen.lowerBound + random.next(chosen.count)
    }

    mutating func varyLastDigits(_ number: String) -> String {
        var digits = Array(number)
        for offset in 1...2 {
            digits[digits.count - offset] = Character(String(random.next(10)))
        }
        return String(digits)
    }

    mutating func pick<T>(_ values: [T]) -> T { values[random.next(values.count)] }

    /// Digits and `+` as their full-width forms (U+FF10 ...).
    static func fullWidth(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar {
                    case "0"..."9": Unicode.Scalar(scalar.value - 0x30 + 0xFF10)!
                    case "+": "\u{FF0B}"
                    default: scalar
                    }
                }
            )
        )
    }

    /// One example number of a region, in the forms the mixes need.
    struct Example {
        let region: String
        let e164: String
        let nationalNumber: String
        /// The national format's digits: the national number with its trunk prefix.
        let nationalDigits: String
        let nationalFormat: String
        let internationalFormat: String
    }

    /// libphonenumber's example of `type` for every supported region that has one.
    static func exampleNumbers(type: PhoneNumberType) -> [Example] {
        CountryCode.allSupported.compactMap { code -> Example? in
            guard let country = try? CountryCode(code),
                let e164 = PhoneNumber.example(for: country, type: type),
                let number = try? PhoneNumber(international: e164, policy: .anyValidNumber)
            else { return nil }
            return Example(
                region: code,
                e164: e164,
                nationalNumber: number.nationalNumber,
                nationalDigits: String(number.nationalFormat.filter(\.isASCII).filter(\.isNumber)),
                nationalFormat: number.nationalFormat,
                internationalFormat: number.internationalFormat
            )
        }
    }
}

/// A small deterministic generator (SplitMix64), so the mixes never change between runs.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`.
    mutating func next(_ bound: Int) -> Int { Int(nextWord() % UInt64(bound)) }
}
