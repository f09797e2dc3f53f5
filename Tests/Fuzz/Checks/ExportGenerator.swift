/// Generated user exports (JSON Lines) for the lint tests and `make bench-lint`: records of the
/// usual shape, invalid lines, and conflicts planted in every form a key can be written in.
///
/// Deterministic: the same seed and index give the same line. Valid records hold distinct keys
/// (`user<i>`, `user<i>@example.com`, a phone number of its own on every fourth record) unless a
/// conflict is planted on purpose.
public struct ExportGenerator: Sendable {
    /// What an export holds.
    public enum Mix: String, Sendable, CaseIterable {
        /// `{"username","password","email"}`, a phone on every fourth: all valid, no conflicts.
        case valid
        /// As `valid`, with one line in ten invalid in one of many ways.
        case invalid
        /// As `valid`, with one record in ten sharing a key with an earlier one, written another
        /// way (username case, email domain case, phone as +E.164, `US-...`, local digits with
        /// a country).
        case conflicts
    }

    /// A planted conflict: the key the two records share and their lines.
    public struct PlantedConflict: Sendable, Hashable {
        /// `username`, `email` or `phone`.
        public let kind: String
        /// The normalised key: lowercased username, email with its domain lowercased, E.164.
        public let value: String
        /// The line of the earlier record (from 1) and of the later one.
        public let firstLine: Int
        public let line: Int
    }

    public let mix: Mix
    private var random: SplitMix64
    /// The indices of lines that are not the valid record of their index.
    private var altered: Set<Int> = []

    public init(mix: Mix, seed: UInt64 = 24) {
        self.mix = mix
        random = SplitMix64(seed: seed)
    }

    /// The phone number of record `index` (every fourth record has one): US numbers for even
    /// quarters, Japanese mobile numbers for odd ones, as (E.164, region, national digits).
    public static func phone(of index: Int) -> (e164: String, region: String, national: String)? {
        guard index % 4 == 3 else { return nil }
        let serial = index / 4
        if serial % 2 == 0 {
            let areas = [201, 202, 212, 213, 310, 415, 646, 718]
            let number = serial / 2
            let area = areas[number % areas.count]
            let rest = number / areas.count
            let exchange = 200 + rest / 10_000 % 800
            let national = "\(area)\(exchange)\(pad(rest % 10_000, 4))"
            return ("+1" + national, "US", national)
        }
        let national = "90" + String(10_000_000 + serial / 2 % 90_000_000)
        return ("+81" + national, "JP", national)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Record `index`'s line (line `index + 1` of the export), without its `\n`, and the
    /// conflict it plants, if any.
    public mutating func line(_ index: Int) -> (text: String, planted: PlantedConflict?) {
        let roll = random.next() % 10
        if index >= 10 && roll == 0 {
            switch mix {
            case .valid: break
            case .invalid:
                altered.insert(index)
                return (invalidLine(index), nil)
            case .conflicts:
                altered.insert(index)
                return plantedLine(index)
            }
        }
        return (validLine(index), nil)
    }

    private func validLine(_ index: Int) -> String {
        var text = #"{"username":"user\#(index)","password":"pw-\#(index)-secret","email":"user\#(index)@example.com""#
        if let phone = Self.phone(of: index) { text += #","phone":"\#(phone.e164)""# }
        return text + "}"
    }

    private mutating func invalidLine(_ index: Int) -> String {
        switch random.next() % 8 {
        case 0: return #"{"username":"user\#(index)","password":"pw","email":"user\#(index)@example.com"}"#
        case 1: return #"{"username":"user\#(index)","password":"pw-secret","email":"user\#(index)-example.com"}"#
        case 2: return #"{"username":"user\#(index)","password":"pw-secret","phone":"+1415"}"#
        case 3: return #"{"username":"user\#(index)","password":"pw-secret","email":"user\#(index)@example.com""#
        case 4: return #"{"username":"u","password":"pw-secret"}"#
        case 5: return #"{"username":"user\#(index)","password":"pw-secret","nickname":"n"}"#
        case 6: return #"{"username":\#(index),"password":"pw-secret"}"#
        default: return #"{"email":"user\#(index)@example.com","password":"pw-secret","phone":"09012345678"}"#
        }
    }

    /// A record that shares one key with an earlier record `earlier`, written another way.
    private mutating func plantedLine(_ index: Int) -> (text: String, planted: PlantedConflict?) {
        let password = #""password":"pw-\#(index)-secret""#
        let own = "user\(index)"
        // The earlier record is one written as `validLine` (the first ten always are).
        func unaltered(_ start: Int, step: Int) -> Int {
            var earlier = start
            while altered.contains(earlier) { earlier -= step }
            return earlier
        }
        switch random.next() % 5 {
        case 0:
            let earlier = unaltered(Int(random.next() % UInt64(index - 1)), step: 1)
            let shouted = "USER\(earlier)"
            let planted = PlantedConflict(
                kind: "username",
                value: "user\(earlier)",
                firstLine: earlier + 1,
                line: index + 1
            )
            return (#"{"username":"\#(shouted)",\#(password),"email":"\#(own)@example.com"}"#, planted)
        case 1:
            let earlier = unaltered(Int(random.next() % UInt64(index - 1)), step: 1)
            let planted = PlantedConflict(
                kind: "email",
                value: "user\(earlier)@example.com",
                firstLine: earlier + 1,
                line: index + 1
            )
            return (#"{"username":"\#(own)",\#(password),"email":"user\#(earlier)@EXAMPLE.Com"}"#, planted)
        default:
            let quarter = Int(random.next() % UInt64(max(1, (index - 4) / 4)))
            let earlier = unaltered(quarter * 4 + 3, step: 4)
            guard earlier >= 0, earlier < index, let phone = Self.phone(of: earlier) else {
                altered.remove(index)
                return (validLine(index), nil)
            }
            let written: String
            switch random.next() % 3 {
            case 0: written = #""phone":"\#(phone.e164)""#
            case 1: written = #""phone":"\#(phone.region)-\#(phone.national)""#
            default:
                let local = phone.region == "JP" ? "0" + phone.national : phone.national
                written = #""phone":"\#(local)","country":"\#(phone.region)""#
            }
            let planted = PlantedConflict(kind: "phone", value: phone.e164, firstLine: earlier + 1, line: index + 1)
            return (#"{"username":"\#(own)",\#(password),"email":"\#(own)@example.com",\#(written)}"#, planted)
        }
    }
}
